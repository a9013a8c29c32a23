import { useMemo } from 'react';
import { compileGlobal, type SxObject } from './sx';

/** Page-wide rules while mounted (e.g. the receipt's print rules): `styles` maps selectors to sx objects. */
export default function GlobalStyles({ styles }: { styles: Record<string, SxObject> }) {
  const css = useMemo(() => compileGlobal(styles), [styles]);
  // As rules, not text (see ThemeStyle): compileGlobal keeps `</` out of them.
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
