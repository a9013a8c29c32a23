import type { CSSProperties } from 'react';
import { BREAKPOINTS, theme, type Breakpoint, type Theme } from './theme';
import { ruleClass } from './rules';

/**
 * `sx`: the style shorthands the portal's pages were written with (MUI's system: spacing in units of
 * 8 px, palette paths such as 'text.secondary', `typography: 'body2'`, responsive `{ xs, sm, md }`
 * values, nested selectors such as '&:hover'). Plain values become an inline style: no rule is made,
 * inserted or hashed for them, which is most of what made MUI's start slow (docs/decisions/059).
 * Responsive values and nested selectors become one class whose rule is made once (rules.ts); a page
 * uses a few dozen of them.
 */
type SxFunction = (theme: Theme) => unknown;
export type SxValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | SxFunction
  | Partial<Record<Breakpoint, string | number | null>>;
export type SxObject = { [key: string]: SxValue | SxObject };
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- MUI's SxProps<Theme> spelling at call sites
export type SxProps<_T = unknown> =
  | SxObject
  | SxFunction
  | ReadonlyArray<SxObject | SxFunction | false | null | undefined>
  | false
  | null
  | undefined;

const SPACING: Record<string, string[]> = {
  m: ['margin'],
  mt: ['marginTop'],
  mr: ['marginRight'],
  mb: ['marginBottom'],
  ml: ['marginLeft'],
  mx: ['marginLeft', 'marginRight'],
  my: ['marginTop', 'marginBottom'],
  p: ['padding'],
  pt: ['paddingTop'],
  pr: ['paddingRight'],
  pb: ['paddingBottom'],
  pl: ['paddingLeft'],
  px: ['paddingLeft', 'paddingRight'],
  py: ['paddingTop', 'paddingBottom'],
  margin: ['margin'],
  marginTop: ['marginTop'],
  marginRight: ['marginRight'],
  marginBottom: ['marginBottom'],
  marginLeft: ['marginLeft'],
  marginX: ['marginLeft', 'marginRight'],
  marginY: ['marginTop', 'marginBottom'],
  padding: ['padding'],
  paddingTop: ['paddingTop'],
  paddingRight: ['paddingRight'],
  paddingBottom: ['paddingBottom'],
  paddingLeft: ['paddingLeft'],
  paddingX: ['paddingLeft', 'paddingRight'],
  paddingY: ['paddingTop', 'paddingBottom'],
  gap: ['gap'],
  rowGap: ['rowGap'],
  columnGap: ['columnGap'],
};
const SIZING = new Set(['width', 'maxWidth', 'minWidth', 'height', 'maxHeight', 'minHeight']);
const BORDERS = new Set(['border', 'borderTop', 'borderRight', 'borderBottom', 'borderLeft', 'outline']);
const COLORS = new Set([
  'color',
  'bgcolor',
  'backgroundColor',
  'borderColor',
  'outlineColor',
  'fill',
  'stroke',
  'borderTopColor',
  'borderBottomColor',
  'borderLeftColor',
  'borderRightColor',
  'textDecorationColor',
]);
/** Properties whose numbers have no unit (as React and Preact treat inline styles). */
const UNITLESS = new Set([
  'flex',
  'flexGrow',
  'flexShrink',
  'fontWeight',
  'lineHeight',
  'opacity',
  'order',
  'zIndex',
  'zoom',
  'gridRow',
  'gridColumn',
  'columnCount',
  'fillOpacity',
  'strokeWidth',
  'tabSize',
  'orphans',
  'widows',
]);
export const TYPOGRAPHY: Record<string, CSSProperties> = {
  h1: { fontSize: '6rem', fontWeight: 300, lineHeight: 1.167, letterSpacing: '-0.01562em' },
  h2: { fontSize: '3.75rem', fontWeight: 300, lineHeight: 1.2, letterSpacing: '-0.00833em' },
  h3: { fontSize: '3rem', fontWeight: 400, lineHeight: 1.167, letterSpacing: '0em' },
  h4: { fontSize: '2.125rem', fontWeight: 400, lineHeight: 1.235, letterSpacing: '0.00735em' },
  h5: { fontSize: '1.5rem', fontWeight: 400, lineHeight: 1.334, letterSpacing: '0em' },
  h6: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.6, letterSpacing: '0.0075em' },
  subtitle1: { fontSize: '1rem', fontWeight: 400, lineHeight: 1.75, letterSpacing: '0.00938em' },
  subtitle2: { fontSize: '0.875rem', fontWeight: 500, lineHeight: 1.57, letterSpacing: '0.00714em' },
  body1: { fontSize: '1rem', fontWeight: 400, lineHeight: 1.5, letterSpacing: '0.00938em' },
  body2: { fontSize: '0.875rem', fontWeight: 400, lineHeight: 1.43, letterSpacing: '0.01071em' },
  caption: { fontSize: '0.75rem', fontWeight: 400, lineHeight: 1.66, letterSpacing: '0.03333em' },
  overline: {
    fontSize: '0.75rem',
    fontWeight: 400,
    lineHeight: 2.66,
    letterSpacing: '0.08333em',
    textTransform: 'uppercase',
  },
  button: { fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.75, letterSpacing: '0.02857em' },
};
const FONT_WEIGHTS: Record<string, number> = {
  fontWeightLight: 300,
  fontWeightRegular: 400,
  fontWeightMedium: 500,
  fontWeightBold: 700,
};

/** 'text.secondary', 'primary.main', 'divider', 'error' → the theme's custom property. */
export function paletteColor(value: string): string {
  const path = value.split('.');
  let node: unknown = theme.palette;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return value;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && 'main' in node) return (node as { main: string }).main;
  return value;
}

const spacing = (value: unknown) => (typeof value === 'number' ? `${value * 8}px` : value);

/** One sx entry as CSS declarations (camelCase keys, values with units). */
function declarations(key: string, raw: unknown): Array<[string, string | number]> {
  const value = typeof raw === 'function' ? (raw as SxFunction)(theme) : raw;
  if (value === undefined || value === null || value === false || value === '') return [];
  if (key === 'typography')
    return Object.entries(TYPOGRAPHY[value as string] ?? {}) as Array<[string, string | number]>;
  const spaced = SPACING[key];
  if (spaced) return spaced.map((property) => [property, spacing(value) as string]);
  if (SIZING.has(key) && typeof value === 'number')
    return [[key, value > 0 && value <= 1 ? `${value * 100}%` : `${value}px`]];
  if (BORDERS.has(key) && typeof value === 'number') return [[key, `${value}px solid`]];
  if (key === 'borderRadius' && typeof value === 'number')
    return [[key, `calc(var(--kit-radius) * ${value})`]];
  if (key === 'fontWeight' && typeof value === 'string') return [[key, FONT_WEIGHTS[value] ?? value]];
  if (COLORS.has(key) && typeof value === 'string')
    return [[key === 'bgcolor' ? 'backgroundColor' : key, paletteColor(value)]];
  if (key === 'boxShadow' && typeof value === 'number') return [[key, SHADOWS[value] ?? 'none']];
  return [[key, value as string | number]];
}

export const SHADOWS: Record<number, string> = {
  0: 'none',
  1: '0px 2px 1px -1px rgba(0,0,0,0.2),0px 1px 1px 0px rgba(0,0,0,0.14),0px 1px 3px 0px rgba(0,0,0,0.12)',
  2: '0px 3px 1px -2px rgba(0,0,0,0.2),0px 2px 2px 0px rgba(0,0,0,0.14),0px 1px 5px 0px rgba(0,0,0,0.12)',
  3: '0px 3px 3px -2px rgba(0,0,0,0.2),0px 3px 4px 0px rgba(0,0,0,0.14),0px 1px 8px 0px rgba(0,0,0,0.12)',
  4: '0px 2px 4px -1px rgba(0,0,0,0.2),0px 4px 5px 0px rgba(0,0,0,0.14),0px 1px 10px 0px rgba(0,0,0,0.12)',
  8: '0px 5px 5px -3px rgba(0,0,0,0.2),0px 8px 10px 1px rgba(0,0,0,0.14),0px 3px 14px 2px rgba(0,0,0,0.12)',
  16: '0px 8px 10px -5px rgba(0,0,0,0.2),0px 16px 24px 2px rgba(0,0,0,0.14),0px 6px 30px 5px rgba(0,0,0,0.12)',
  24: '0px 11px 15px -7px rgba(0,0,0,0.2),0px 24px 38px 3px rgba(0,0,0,0.14),0px 9px 46px 8px rgba(0,0,0,0.12)',
};

const isResponsive = (value: unknown): value is Partial<Record<Breakpoint, unknown>> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).every((k) => k in BREAKPOINTS);

const kebab = (property: string) =>
  property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const cssValue = (property: string, value: string | number) =>
  typeof value === 'number' && !UNITLESS.has(property) && value !== 0 ? `${value}px` : String(value);
const block = (entries: Array<[string, string | number]>) =>
  entries.map(([property, value]) => `${kebab(property)}:${cssValue(property, value)}`).join(';');

/** An sx object that needs a rule (responsive values or nested selectors) as CSS text for `.${cls}`. */
function compile(selector: string, sx: SxObject, out: string[]): void {
  const flat: Array<[string, string | number]> = [];
  const media: Array<[number, Array<[string, string | number]>]> = [];
  for (const [key, raw] of Object.entries(sx)) {
    if (key.startsWith('&') || key.startsWith(':')) {
      const nested = key.startsWith(':') ? `${selector}${key}` : key.replaceAll('&', selector);
      compile(nested, raw as SxObject, out);
    } else if (key.startsWith('@media')) {
      const inner: string[] = [];
      compile(selector, raw as SxObject, inner);
      out.push(`${key}{${inner.join('')}}`);
    } else if (isResponsive(raw)) {
      for (const [breakpoint, value] of Object.entries(raw)) {
        const min = BREAKPOINTS[breakpoint as Breakpoint];
        const list = declarations(key, value);
        if (min === 0) flat.push(...list);
        else media.push([min, list]);
      }
    } else {
      flat.push(...declarations(key, raw));
    }
  }
  if (flat.length > 0) out.unshift(`${selector}{${block(flat)}}`);
  media
    .sort((a, b) => a[0] - b[0])
    .forEach(([min, list]) => out.push(`@media (min-width:${min}px){${selector}{${block(list)}}}`));
}

const needsRule = (key: string, value: unknown) =>
  key.startsWith('&') || key.startsWith(':') || key.startsWith('@') || isResponsive(value);

function flatten(sx: SxProps): SxObject[] {
  if (!sx) return [];
  if (typeof sx === 'function') return flatten(sx(theme) as SxProps);
  if (Array.isArray(sx)) return (sx as ReadonlyArray<SxProps>).flatMap((part) => flatten(part));
  return [sx as SxObject];
}

/**
 * The class and inline style for an sx value, merged after a component's own `className` and `style`.
 * Later entries (and array items) win, as in MUI.
 */
export function resolveSx(
  sx: SxProps,
  className?: string,
  style?: CSSProperties,
): { className?: string; style?: CSSProperties } {
  const parts = flatten(sx);
  if (parts.length === 0) return { className, style };
  const inline: Record<string, string | number> = {};
  const ruled: SxObject = {};
  let hasRule = false;
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (needsRule(key, value)) {
        ruled[key] = value;
        hasRule = true;
      } else {
        for (const [property, declared] of declarations(key, value)) inline[property] = declared;
      }
    }
  }
  const classes = [className];
  if (hasRule)
    classes.push(
      ruleClass(ruled, (selector, sxObject) => {
        const out: string[] = [];
        compile(selector, sxObject, out);
        return out.join('');
      }),
    );
  const merged = Object.keys(inline).length > 0 ? { ...style, ...(inline as CSSProperties) } : style;
  return { className: classes.filter(Boolean).join(' ') || undefined, style: merged };
}

/** Rules for whole-page selectors (GlobalStyles): `{ html: {...}, '@media print': { body: {...} } }`. */
export function compileGlobal(styles: Record<string, SxObject>): string {
  const out: string[] = [];
  for (const [selector, sx] of Object.entries(styles)) {
    if (selector.startsWith('@')) out.push(`${selector}{${compileGlobal(sx as Record<string, SxObject>)}}`);
    else compile(selector, sx, out);
  }
  return out.join('').replace(/<\//g, '<\\/');
}
