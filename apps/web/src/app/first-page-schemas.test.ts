import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/033: zod and the contract schemas are built in pieces after the first page is shown
// (lib/contract-pieces.ts). A value imported from the contracts' index by anything that loads before or at
// that moment — the entry, the first pages, the shell's parts that mount then (the live notifications, the
// idle watch) — would build every schema in one long task again (it did: the live notifications' message
// texts, 230-450 ms at Lighthouse's 4× slowdown). The zod-free parts have exports of their own.

const src = path.resolve(import.meta.dirname, '..');
const ZOD_FREE = new Set(['@portal/contracts/problem-type', '@portal/contracts/notification-templates']);

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

/** Files reached by static value imports (not `import type`), plus the shell's own `import()`s. */
function closure(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^import\s+(?!type\s)([^;]*?)from\s+'([^']+)'/gms)) {
      const [, names, specifier] = match as unknown as [string, string, string];
      // `import { type A, type B } from …` brings no value either.
      const values = /^\{([^}]*)\}\s*$/.exec(names.trim())?.[1];
      if (values !== undefined && values.split(',').every((name) => /^\s*(type\s|$)/.test(name))) continue;
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier);
        if (target) queue.push(target);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), path.relative(src, file)]);
      }
    }
    if (file.startsWith(path.join(src, 'app') + path.sep)) {
      for (const match of code.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
        const target = resolve(file, match[1] as string);
        if (target?.startsWith(path.join(src, 'app') + path.sep)) queue.push(target);
      }
    }
  }
  return packages;
}

describe('the schemas stay off the first page (docs/decisions/033)', () => {
  it('no module of the entry, the shell, the three measured pages or what mounts once they are shown imports zod or the contracts index', () => {
    const packages = closure([
      path.join(src, 'main.tsx'),
      path.join(src, 'areas/account-overview/account-overview-page.tsx'),
      path.join(src, 'areas/payments/make-payment/make-payment-page.tsx'),
      path.join(src, 'areas/payments/locate-account/locate-account-page.tsx'),
      path.join(src, 'app/layout/live-notifications.tsx'),
      path.join(src, 'app/idle/idle-watch.tsx'),
    ]);
    const offending = [...packages]
      .filter(([name]) => (name === 'zod' || name.startsWith('@portal/contracts')) && !ZOD_FREE.has(name))
      .map(([name, files]) => `${name} ← ${files.join(', ')}`);
    expect(offending).toEqual([]);
    // The walk did reach the parts that mount after the first page.
    expect(packages.has('@portal/contracts/notification-templates')).toBe(true);
  });
});
