import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deepMerge } from '@portal/domain';
import { ROUTE_TABLE } from './routes';
import { STARTUP_TEXT_PAGES } from './router';
import { STARTUP_TEXT_FILES } from '../i18n';

// docs/decisions/033: the first page of a visit renders with the startup language files only. Every word
// the shell and the pages of STARTUP_TEXT_PAGES use must be in them, or the visitor would read a raw key.

const src = path.resolve(import.meta.dirname, '..');
const shell = path.join(src, 'app') + path.sep;
const startupTexts = (language: string) =>
  STARTUP_TEXT_FILES.map(
    (name) =>
      JSON.parse(fs.readFileSync(path.join(src, 'i18n/locales', language, `${name}.json`), 'utf8')) as Record<
        string,
        unknown
      >,
  ).reduce<Record<string, unknown>>((merged, tree) => deepMerge(merged, tree), {});

/** A key is there as a value, a subtree (a template's prefix) or with plural suffixes. */
function has(tree: Record<string, unknown>, key: string): boolean {
  const at = (dotted: string) =>
    dotted
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined,
        tree,
      );
  return at(key) !== undefined || at(`${key}_one`) !== undefined || at(`${key}_other`) !== undefined;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The modules a set of modules imports statically (not `import type`, not a page's `import()`: those load
 * later, with the other files), and the shell's own parts it loads on demand (`app/` importing `app/`:
 * the member search bar, the menu drawer… render with the startup files).
 */
function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
      const target = resolve(file, match[1] as string);
      if (target) queue.push(target);
    }
    if (file.startsWith(shell)) {
      for (const match of code.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
        const target = resolve(file, match[1] as string);
        if (target?.startsWith(shell)) queue.push(target);
      }
    }
  }
  return [...seen];
}

/** Literal keys (and the fixed start of template keys) given to t(). */
function keysUsedIn(code: string): string[] {
  return [...code.matchAll(/\bt\(\s*(['"`])([A-Za-z][\w.]*)(\$\{)?/g)].map((match) =>
    match[3] ? (match[2] as string).replace(/\.$/, '') : (match[2] as string),
  );
}

const PAGE_FILES: Record<string, string> = {
  '/account-overview': 'areas/account-overview/account-overview-page.tsx',
  '/payments/locate-account': 'areas/payments/locate-account/locate-account-page.tsx',
  '/auth/callback': 'app/auth/callback-page.tsx',
  '/auth/asserted': 'app/auth/asserted-page.tsx',
  '/auth/signed-out': 'app/auth/logged-out-page.tsx',
  '/error/500': 'areas/error/server-error-page.tsx',
  '/error/unavailable': 'areas/error/unavailable-page.tsx',
};

describe('the startup language files', () => {
  it('name a file for each page that renders with them', () => {
    expect([...STARTUP_TEXT_PAGES].sort()).toEqual(Object.keys(PAGE_FILES).sort());
  });

  const modules = staticClosure([
    path.join(src, 'main.tsx'),
    path.join(src, 'areas/error/not-found-page.tsx'),
    ...Object.values(PAGE_FILES).map((file) => path.join(src, file)),
  ])
    // The route table names every page's title; a page loading the other files shows its own title then.
    .filter((file) => !file.endsWith(`${path.sep}app${path.sep}routes.ts`));

  for (const language of ['en', 'es', 'pt']) {
    it(`hold every word the shell and the first pages use (${language})`, () => {
      const texts = startupTexts(language);
      const missing = modules.flatMap((file) => {
        const code = fs.readFileSync(file, 'utf8');
        // A component that waits for every language file itself (useAllTexts) may use any word.
        if (code.includes('useAllTexts()')) return [];
        return keysUsedIn(code)
          .filter((key) => !has(texts, key))
          .map((key) => `${path.relative(src, file)}: ${key}`);
      });
      expect(missing).toEqual([]);
      for (const route of ROUTE_TABLE.filter((entry) => STARTUP_TEXT_PAGES.includes(entry.path)))
        expect(has(texts, route.titleKey), route.titleKey).toBe(true);
    });
  }

  it('reach the pages of the first visit and the shell (the check above looks at real code)', () => {
    const names = modules.map((file) => path.relative(src, file));
    expect(names).toEqual(
      expect.arrayContaining([
        'app/layout/shell.tsx',
        'app/layout/footer.tsx',
        'app/layout/member-search.tsx',
        'areas/account-overview/policy-card.tsx',
        'areas/payments/locate-account/locate-account-page.tsx',
      ]),
    );
  });
});
