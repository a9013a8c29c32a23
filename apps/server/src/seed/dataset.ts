import { buildDemoData, type DemoData } from './demo-accounts';
import { generateHouseholds } from './generate';
import { appendRows, emptyRows, type SeedRows } from './rows';
import { buildShared, type GenerateOptions, type Shared } from './shared';

export interface DatasetOptions extends GenerateOptions {
  /** Hashes the demo password for each account (see apps/server/src/lib/password.ts). */
  readonly hashPassword: (password: string) => string;
}

export interface Dataset {
  readonly shared: Shared;
  readonly demo: DemoData;
  /** Plans, brokers, employer groups, the named households and accounts, then the generated households. */
  readonly rows: SeedRows;
}

/**
 * The whole demo data set in memory, without I/O: the same options always give the same rows
 * (apart from password hashes, which are salted by the caller's hash function).
 */
export function generateDataset(options: DatasetOptions): Dataset {
  const shared = buildShared(options);
  const demo = buildDemoData(shared, options.hashPassword);
  const rows = appendRows(
    appendRows(appendRows(emptyRows(), shared.rows), demo.rows),
    generateHouseholds(shared, 0, options.households),
  );
  return { shared, demo, rows };
}
