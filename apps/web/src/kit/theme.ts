import { alpha, contrastText, darken, lighten } from './color';

/**
 * The kit's theme (docs/decisions/059): SPEC §7 `theme` keeps its shape (MUI-style theme options, so a
 * tenant's config/theme.json is unchanged) but becomes CSS custom properties on `:root` that the kit's
 * static stylesheet (kit.css) reads. Nothing is computed per component at run time: a page's look costs a
 * class name. Read here: `palette` (primary, secondary, error, warning, info, success: main/light/dark/
 * contrastText; background; text; divider), `shape.borderRadius`, `typography.fontFamily` and
 * `typography.button` (textTransform, fontWeight). Other MUI options (component overrides, transitions,
 * CSS-variables modes) do not apply: a tenant restyles further with css-overrides.css (SPEC §7).
 */
type ToneOptions = { main?: string; light?: string; dark?: string; contrastText?: string };
export type ThemeOptions = {
  palette?: Record<string, ToneOptions | Record<string, string> | string | undefined>;
  shape?: { borderRadius?: number };
  typography?: { fontFamily?: string; button?: { textTransform?: string; fontWeight?: number | string } };
} & Record<string, unknown>;

export const TONES = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
export type Tone = (typeof TONES)[number];

/** Product defaults, chosen for WCAG 2.2 AA contrast on white (primary 7.6:1, secondary 7.1:1; warning and
 * info about 5.0 and 7.4 either way, where MUI's defaults gave 3.0 and 4.1). */
export const DEFAULT_TONES: Record<Tone, string> = {
  primary: '#0d5c63',
  secondary: '#5b3a8c',
  error: '#d32f2f',
  warning: '#b45309',
  info: '#01579b',
  success: '#2e7d32',
};
/** The product's page background, corner radius and font, under a tenant's theme. */
export const DEFAULT_BACKGROUND = '#f6f8f9';
export const DEFAULT_RADIUS = 8;
export const DEFAULT_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function tone(name: Tone, given: ToneOptions | undefined): Required<ToneOptions> {
  const main = given?.main ?? DEFAULT_TONES[name];
  return {
    main,
    light: given?.light ?? lighten(main, 0.2),
    dark: given?.dark ?? darken(main, 0.3),
    contrastText: given?.contrastText ?? contrastText(main),
  };
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/** The custom properties for a tenant's theme options (the kit's defaults where a value is missing). */
export function themeVariables(options: ThemeOptions = {}): Record<string, string> {
  const palette = options.palette ?? {};
  const vars: Record<string, string> = {};
  for (const name of TONES) {
    const t = tone(name, palette[name] as ToneOptions | undefined);
    vars[`--kit-${name}-main`] = t.main;
    vars[`--kit-${name}-light`] = t.light;
    vars[`--kit-${name}-dark`] = t.dark;
    vars[`--kit-${name}-contrast`] = t.contrastText;
    // Standard alerts and chips: a light tint behind dark text of the same hue (MUI's sums).
    vars[`--kit-${name}-tint`] = lighten(t.light, 0.9);
    vars[`--kit-${name}-ink`] = darken(t.light, 0.6);
    vars[`--kit-${name}-hover`] = alpha(t.main, 0.04);
    vars[`--kit-${name}-edge`] = alpha(t.main, 0.5);
  }
  const background = (palette.background ?? {}) as Record<string, string>;
  const text = (palette.text ?? {}) as Record<string, string>;
  vars['--kit-background-default'] = str(background.default, DEFAULT_BACKGROUND);
  vars['--kit-background-paper'] = str(background.paper, '#ffffff');
  vars['--kit-text-primary'] = str(text.primary, 'rgba(0, 0, 0, 0.87)');
  vars['--kit-text-secondary'] = str(text.secondary, 'rgba(0, 0, 0, 0.6)');
  vars['--kit-text-disabled'] = str(text.disabled, 'rgba(0, 0, 0, 0.38)');
  vars['--kit-divider'] = str(palette.divider, 'rgba(0, 0, 0, 0.12)');
  vars['--kit-radius'] = `${options.shape?.borderRadius ?? DEFAULT_RADIUS}px`;
  vars['--kit-font'] = str(options.typography?.fontFamily, DEFAULT_FONT);
  vars['--kit-button-transform'] = str(options.typography?.button?.textTransform, 'none');
  vars['--kit-button-weight'] = String(options.typography?.button?.fontWeight ?? 600);
  return vars;
}

/** The `:root` rule for a tenant's theme (rendered in a <style> by ThemeStyle, on the server too). */
export function themeCss(options: ThemeOptions = {}): string {
  const body = Object.entries(themeVariables(options))
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, '')}`)
    .join(';');
  return `:root{${body}}`;
}

const paletteRef = (name: string, part: string) => `var(--kit-${name}-${part})`;

/**
 * What `sx` functions and a few components read (`(theme) => theme.palette.primary.main`): references to
 * the custom properties, so a value follows the tenant's theme without rebuilding anything.
 */
export const theme = {
  palette: Object.fromEntries([
    ...TONES.map((name) => [
      name,
      {
        main: paletteRef(name, 'main'),
        light: paletteRef(name, 'light'),
        dark: paletteRef(name, 'dark'),
        contrastText: paletteRef(name, 'contrast'),
      },
    ]),
    ['background', { default: 'var(--kit-background-default)', paper: 'var(--kit-background-paper)' }],
    [
      'text',
      {
        primary: 'var(--kit-text-primary)',
        secondary: 'var(--kit-text-secondary)',
        disabled: 'var(--kit-text-disabled)',
      },
    ],
    ['divider', 'var(--kit-divider)'],
    [
      'action',
      { hover: 'rgba(0, 0, 0, 0.04)', selected: 'rgba(0, 0, 0, 0.08)', active: 'rgba(0, 0, 0, 0.54)' },
    ],
    ['common', { white: '#fff', black: '#000' }],
    [
      'grey',
      {
        50: '#fafafa',
        100: '#f5f5f5',
        200: '#eeeeee',
        300: '#e0e0e0',
        400: '#bdbdbd',
        500: '#9e9e9e',
        600: '#757575',
        700: '#616161',
        800: '#424242',
        900: '#212121',
      },
    ],
  ]) as Record<string, Record<string, string>> & { divider: string },
  spacing: (...units: number[]) => units.map((unit) => `${unit * 8}px`).join(' '),
  shape: { borderRadius: 8 },
  zIndex: { appBar: 1100, drawer: 1200, modal: 1300, snackbar: 1400, tooltip: 1500 },
  breakpoints: {
    values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
    up: (key: Breakpoint) => `@media (min-width:${BREAKPOINTS[key]}px)`,
    down: (key: Breakpoint) => `@media (max-width:${BREAKPOINTS[key] - 0.05}px)`,
  },
};
export type Theme = typeof theme;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
