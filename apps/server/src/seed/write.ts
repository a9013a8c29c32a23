import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { SEED_TABLE_ORDER, SEED_TABLES, type SeedRows, type SeedTable } from './rows';

/**
 * Bulk inserts for the seed. Each batch is one statement with one parameter, the rows as a JSON
 * array: `insert into t (…) select … from json_to_recordset($1::json) as x("key" type, …)`.
 * JSON.stringify is native and fast, PostgreSQL converts every value with the column's own input
 * function (dates, timestamps, uuids, arrays, jsonb), there is no 65,535-parameter ceiling, and the
 * same SQL runs on PGlite and on a PostgreSQL server. Ids are made by the generator, so no row has
 * to be read back. A key missing from a row inserts NULL (the builders always set every key they use).
 */

export type Executor = Pick<Database, 'execute'>;

interface TablePlan {
  readonly name: string;
  /** Schema key → column name and type in the database. */
  readonly columns: ReadonlyMap<string, { readonly name: string; readonly type: string }>;
}

const plans = new Map<SeedTable, TablePlan>();

function tablePlan(table: SeedTable): TablePlan {
  let plan = plans.get(table);
  if (!plan) {
    const columns = new Map<string, { name: string; type: string }>();
    const tableColumns: Record<string, PgColumn> = getTableColumns(SEED_TABLES[table]);
    for (const [key, column] of Object.entries(tableColumns)) {
      // The schema names columns by their keys; the database client turns them into snake_case.
      const name = (column as { keyAsName?: boolean }).keyAsName ? toSnakeCase(key) : column.name;
      columns.set(key, { name, type: column.getSQLType() });
    }
    plan = { name: getTableName(SEED_TABLES[table]), columns };
    plans.set(table, plan);
  }
  return plan;
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** One multi-row insert of `rows` into `table`; the keys of the first row are the column list. */
export function insertStatement(table: SeedTable, rows: readonly object[]): SQL {
  const plan = tablePlan(table);
  const keys = Object.keys(rows[0] ?? {});
  const targets: string[] = [];
  const definitions: string[] = [];
  for (const key of keys) {
    const column = plan.columns.get(key);
    if (!column) throw new Error(`Seed rows for ${table} have a column the schema does not: ${key}`);
    targets.push(quote(column.name));
    definitions.push(`${quote(key)} ${column.type}`);
  }
  const selected = keys.map(quote).join(', ');
  // Dates become ISO 8601 text through Date.prototype.toJSON, which timestamptz accepts.
  return sql`insert into ${sql.identifier(plan.name)} (${sql.raw(targets.join(', '))}) select ${sql.raw(selected)} from json_to_recordset(${sql.param(
    JSON.stringify(rows),
  )}::json) as x(${sql.raw(definitions.join(', '))})`;
}

export interface InsertOptions {
  /** Rows per statement (default 5,000). */
  readonly batchSize?: number;
}

/** Inserts every table of `rows` in foreign-key order. Run it inside a transaction. */
export async function insertSeedRows(
  db: Executor,
  rows: SeedRows,
  options: InsertOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 5_000;
  for (const table of SEED_TABLE_ORDER) {
    const list: readonly object[] = rows[table];
    for (let start = 0; start < list.length; start += batchSize) {
      await db.execute(insertStatement(table, list.slice(start, start + batchSize)));
    }
  }
}
