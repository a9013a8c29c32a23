import { describe, expect, it, vi } from 'vitest';
import { tenantTheme } from './mui-theme-options';

/** The visitor's system setting, as the browser reports it to `matchMedia`. */
function prefersReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('the theme and a visitor who asks for less motion', () => {
  it('gives dialogs, drawers and menus no transition when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    const theme = tenantTheme({ palette: { primary: { main: '#123456' } } });
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    // The tenant's own options still apply.
    expect(theme.palette.primary.main).toBe('#123456');
  });

  it("keeps MUI's transitions otherwise", () => {
    prefersReducedMotion(false);
    const theme = tenantTheme({});
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.transitions.create('opacity')).toContain('opacity');
  });

  it('stops CSS animations under the media query, except the loading indicators', () => {
    prefersReducedMotion(false);
    const overrides = tenantTheme({}).components?.MuiCssBaseline?.styleOverrides as Record<
      string,
      Record<string, Record<string, string>>
    >;
    const rules = overrides['@media (prefers-reduced-motion: reduce)'];
    const [selector, declarations] = Object.entries(rules ?? {})[0] ?? [];
    expect(declarations).toMatchObject({
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    });
    expect(selector).toContain(':not(.MuiCircularProgress-root');
    expect(selector).toContain('.MuiLinearProgress-bar');
  });
});
