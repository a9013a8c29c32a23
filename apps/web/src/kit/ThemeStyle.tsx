import { useMemo } from 'react';
import { themeCss, type ThemeOptions } from './theme';

/**
 * The tenant's theme as custom properties on :root (rendered on the server too: no flash of defaults). The
 * rules go in as they are, not as text: rendered as text on the server, a font list's quotes became `&quot;`,
 * the font-family was invalid, the first paint fell back to a serif font and hydration swapped it — a layout
 * shift of 0.185 on make-payment (Lighthouse). themeCss keeps `<` and `>` out of the values.
 */
export function ThemeStyle({ options }: { options?: ThemeOptions }) {
  const css = useMemo(() => themeCss(options), [options]);
  return <style id="kit-theme" dangerouslySetInnerHTML={{ __html: css }} />;
}
