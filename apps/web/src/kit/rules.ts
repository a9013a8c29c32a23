/**
 * The rules made for `sx` values that an inline style cannot express (responsive values, nested
 * selectors). Each is named by a hash of what it says, so the server and the browser name it alike; the
 * browser inserts a rule once, into one <style> element. On the server, `collectRulesAsync` gathers what a
 * render used, for the document's head (docs/decisions/059).
 */
type Compile = (selector: string, sx: never) => string;

const known = new Map<string, string>();
let sheet: HTMLStyleElement | null = null;
let collecting: Map<string, string> | null = null;
const STYLE_ID = 'kit-rules';

function hash(text: string): string {
  // FNV-1a, 32 bits: short names, stable across the server and the browser.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function insert(name: string, css: string): void {
  if (typeof document === 'undefined') return;
  if (!sheet) {
    sheet = document.getElementById(STYLE_ID) as HTMLStyleElement | null;
    if (!sheet) {
      sheet = document.createElement('style');
      sheet.id = STYLE_ID;
      document.head.appendChild(sheet);
    }
    // Rules the server already wrote into the document are not inserted again.
    for (const done of (sheet.dataset.names ?? '').split(' ')) if (done) known.set(done, '');
  }
  if (sheet.dataset.names?.split(' ').includes(name)) return;
  sheet.appendChild(document.createTextNode(css));
}

/** The class for an sx object that needs a rule; the rule is made and inserted the first time. */
export function ruleClass(sx: object, compile: Compile): string {
  const key = JSON.stringify(sx, (_, value: unknown) =>
    typeof value === 'function' ? String(value) : value,
  );
  const name = `kx-${hash(key)}`;
  let css = known.get(name);
  if (css === undefined) {
    css = (compile as (selector: string, sx: object) => string)(`.${name}`, sx);
    known.set(name, css);
    insert(name, css);
  }
  collecting?.set(name, css);
  return name;
}

/**
 * Runs `render` and returns what it rendered with the <style> element of the rules it used. The server renders
 * one page at a time (entry-server.tsx), so one collecting window serves an asynchronous render.
 */
export async function collectRulesAsync<T>(
  render: () => Promise<T>,
): Promise<{ result: T; styleTag: string }> {
  const previous = collecting;
  const mine = new Map<string, string>();
  collecting = mine;
  try {
    const result = await render();
    const names = [...mine.keys()].join(' ');
    const css = [...mine.values()].join('').replace(/<\//g, '<\\/');
    return { result, styleTag: `<style id="${STYLE_ID}" data-names="${names}">${css}</style>` };
  } finally {
    collecting = previous;
  }
}
