import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const domain = path.join(root, 'packages/domain');

/**
 * Every name `@portal/domain` exports — values and types — as TypeScript sees its entry point, with the
 * package's own compiler settings: `export *` chains followed, nothing hand-listed. Only the binder and
 * the export table are used; nothing is type-checked.
 */
function domainExports(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(domain, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('packages/domain/tsconfig.json could not be read');
  const entry = path.join(domain, 'src/index.ts');
  const program = ts.createProgram([entry], config.options);
  const source = program.getSourceFile(entry);
  const module = source && program.getTypeChecker().getSymbolAtLocation(source);
  if (!module) throw new Error('packages/domain/src/index.ts is not a module');
  return program
    .getTypeChecker()
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
}

/**
 * The names the README documents: the backticked names in the first cell of each row of its export
 * tables, the tables whose first column is "Export" (a row may name several, as `BilledMonth`,
 * `LedgerPayment`, `LedgerState`). A name only mentioned in prose, or in another table, does not count:
 * every export gets a row saying what rule it is and where it comes from.
 */
function documentedNames(readme: string): Set<string> {
  const names = new Set<string>();
  let exportTable = false;
  let previous = '';
  for (const line of readme.split('\n')) {
    if (!line.startsWith('|')) {
      exportTable = false;
    } else {
      // Cells are split on pipes not escaped as `\|` (union types inside a cell).
      const firstCell = (line.slice(1).split(/(?<!\\)\|/)[0] ?? '').trim();
      if (!previous.startsWith('|')) exportTable = firstCell === 'Export';
      else if (exportTable)
        for (const match of firstCell.matchAll(/`([A-Za-z_$][\w$]*)`/g)) names.add(match[1] as string);
    }
    previous = line;
  }
  return names;
}

describe('packages/domain/README.md documents every export (issue 38)', () => {
  const exported = domainExports();
  const documented = documentedNames(fs.readFileSync(path.join(domain, 'README.md'), 'utf8'));

  it('reads the entry point as TypeScript does', () => {
    // Values, types and `export *` re-exports alike (a sample from different files and kinds).
    expect(exported).toEqual(
      expect.arrayContaining(['addDays', 'CalendarDate', 'billingDay', 'GracePeriod', 'LANGUAGES']),
    );
    expect(exported.length).toBeGreaterThan(300);
  });

  it('has a table row for each exported name', () => {
    const missing = exported.filter((name) => !documented.has(name));
    expect(
      missing,
      `exported by packages/domain but without a row in its README: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('documents no name the package does not export', () => {
    const exportedNames = new Set(exported);
    const stale = [...documented].filter((name) => !exportedNames.has(name)).sort();
    expect(
      stale,
      `rows in packages/domain/README.md for names it no longer exports: ${stale.join(', ')}`,
    ).toEqual([]);
  });
});
