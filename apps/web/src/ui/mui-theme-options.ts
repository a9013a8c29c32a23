import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { deepMerge } from '@portal/domain';
import { DEFAULT_BACKGROUND, DEFAULT_FONT, DEFAULT_RADIUS, DEFAULT_TONES } from '../kit/theme';

/**
 * A visitor who asks their system for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3) gets
 * none: MUI's transitions (dialogs, drawers, menus, collapses) take no time, and CSS animations (ripples,
 * skeletons) stop at once. MUI does neither by itself. Loading indicators keep turning: they say that
 * something is still happening, and an indeterminate bar stopped at its last frame shows nothing.
 */
const REDUCED_MOTION_CSS = {
  '@media (prefers-reduced-motion: reduce)': {
    '*:not(.MuiCircularProgress-root, .MuiCircularProgress-svg, .MuiCircularProgress-circle, .MuiLinearProgress-bar), *::before, *::after':
      {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
  },
};

const REDUCED_MOTION: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
};

const wantsReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// The product defaults the kit draws with (kit/theme.ts: contrast-checked palette, radius, font), for MUI's
// widgets. MUI's own error and success stay its defaults, as the kit's are.
const BASE_OPTIONS: ThemeOptions = {
  palette: {
    primary: { main: DEFAULT_TONES.primary },
    secondary: { main: DEFAULT_TONES.secondary },
    background: { default: DEFAULT_BACKGROUND },
    warning: { main: DEFAULT_TONES.warning },
    info: { main: DEFAULT_TONES.info },
  },
  shape: { borderRadius: DEFAULT_RADIUS },
  // Sentence-case buttons read more easily than capitals, in every language.
  typography: {
    fontFamily: DEFAULT_FONT,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: { styleOverrides: REDUCED_MOTION_CSS },
    // Visible keyboard focus everywhere (WCAG 2.4.7), not only where MUI draws a ripple.
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiLink: { defaultProps: { underline: 'always' } },
    // An alert's message wraps instead of scrolling: on a phone MUI's `overflow: auto` made a message a
    // scrollable region that keyboard users cannot reach (axe scrollable-region-focusable).
    MuiAlert: { styleOverrides: { message: { overflow: 'visible', minWidth: 0, overflowWrap: 'anywhere' } } },
  },
};

/** The product defaults, with no motion for a visitor who asks for less (read when a theme is built). */
const baseOptions = (): ThemeOptions =>
  wantsReducedMotion() ? { ...BASE_OPTIONS, ...REDUCED_MOTION } : BASE_OPTIONS;

/** SPEC §7 `theme`: the tenant's MUI theme options deep-merged over the product defaults. */
export function tenantTheme(options: Record<string, unknown>): Theme {
  return createTheme(deepMerge(baseOptions() as Record<string, unknown>, options));
}
