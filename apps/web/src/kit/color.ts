/**
 * The few colour sums the kit needs to turn a tenant's palette (SPEC §7 `theme`) into the tones its CSS
 * uses: a darker shade for hover, a light tint for alerts, a translucent one for outlines, and the text
 * colour that reads on a colour. Hex (#rgb, #rrggbb) and rgb()/rgba() inputs; other CSS colours pass
 * through unchanged where a sum is not possible.
 */
type Rgb = [number, number, number];

export function parseColor(color: string): Rgb | null {
  const value = color.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex !== undefined) {
    const digits = hex.length === 3 ? hex.replace(/./g, (d) => d + d) : hex;
    return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

const toHex = ([r, g, b]: Rgb) =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Towards black by `amount` (0-1). */
export function darken(color: string, amount: number): string {
  const rgb = parseColor(color);
  return rgb ? toHex(rgb.map((c) => c * (1 - amount)) as Rgb) : color;
}

/** Towards white by `amount` (0-1). */
export function lighten(color: string, amount: number): string {
  const rgb = parseColor(color);
  return rgb ? toHex(rgb.map((c) => c + (255 - c) * amount) as Rgb) : color;
}

/** The colour at `opacity` (0-1). */
export function alpha(color: string, opacity: number): string {
  const rgb = parseColor(color);
  return rgb ? `rgba(${rgb.join(', ')}, ${opacity})` : color;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1-21). */
export function contrastRatio(a: string, b: string): number {
  const x = parseColor(a);
  const y = parseColor(b);
  if (!x || !y) return 21;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black text on `background`, whichever contrasts more (as MUI chooses, threshold 3). */
export function contrastText(background: string): string {
  return contrastRatio(background, '#ffffff') >= 3 ? '#ffffff' : 'rgba(0, 0, 0, 0.87)';
}
