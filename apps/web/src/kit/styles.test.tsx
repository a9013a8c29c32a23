import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import GlobalStyles from './GlobalStyles';
import { ThemeStyle } from './ThemeStyle';

// A server-rendered page (docs/decisions/058) paints with the style elements as the server wrote them: their
// rules must reach the browser as rules. As escaped text, a font list's quotes became `&quot;`, the font was
// invalid until hydration, and the page painted in a serif font and then moved (Lighthouse: CLS 0.185).
describe('style elements rendered on the server', () => {
  it('keep the theme’s quoted font names as they are', () => {
    const html = renderToString(
      <ThemeStyle options={{ typography: { fontFamily: 'system-ui, "Segoe UI", sans-serif' } }} />,
    );
    expect(html).toContain('--kit-font:system-ui, "Segoe UI", sans-serif');
    expect(html).not.toContain('&quot;');
  });

  it('keep quoted attribute selectors of page-wide rules as they are, and cannot close their element', () => {
    const html = renderToString(
      <GlobalStyles
        styles={{
          '[data-testid="payment-details-action"] button': { scrollMarginBottom: 88 },
          'p::after': { content: '"</style><script>"' },
        }}
      />,
    );
    expect(html).toContain('[data-testid="payment-details-action"] button{');
    expect(html).not.toContain('&quot;');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });
});
