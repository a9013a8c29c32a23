import { calendarDateOf, type CalendarDate } from '@portal/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { hashPassword } from '../lib/password';
import { buildDemoData } from './demo-accounts';
import { generateHouseholds } from './generate';
import { appendRows, emptyRows, rowCounts, SEED_TABLE_ORDER, type SeedRows, type SeedTable } from './rows';
import { buildShared } from './shared';
import { insertSeedRows, type Executor } from './write';

/** The seed used by `npm start` and by `npm run seed` without `--seed`. */
export const DEFAULT_SEED = 'lighthouse';
/** Generated households that `npm start` adds to the named ones on first run. */
export const STARTUP_HOUSEHOLDS = 50;

/** Today in the tenant's time zone (Massachusetts). */
export function demoToday(now: Date = new Date()): CalendarDate {
  return calendarDateOf(now, 'America/New_York');
}

export interface SeedOptions {
  readonly households: number;
  readonly seed?: string | number;
  readonly today?: CalendarDate;
  /** Generated households per transaction (default 2,000). */
  readonly chunkSize?: number;
  /** Called after each committed chunk with the households written so far. */
  readonly onProgress?: (written: number, total: number) => void;
}

export interface SeedSummary {
  readonly households: number;
  readonly counts: Record<SeedTable, number>;
  readonly milliseconds: number;
}

function addCounts(total: Record<SeedTable, number>, rows: SeedRows): void {
  const counts = rowCounts(rows);
  for (const table of SEED_TABLE_ORDER) total[table] += counts[table];
}

/**
 * Writes the shared rows and the named demo households in one transaction, then the generated
 * households in chunks (each its own transaction). The next chunk is generated while the previous
 * one is being written, so the generator and the database work at the same time.
 */
export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const seed = String(options.seed ?? DEFAULT_SEED);
  const today = options.today ?? demoToday();
  const shared = buildShared({ households: options.households, seed, today });
  const demo = buildDemoData(shared, hashPassword);
  const first = appendRows(appendRows(emptyRows(), shared.rows), demo.rows);
  const counts = rowCounts(emptyRows());
  addCounts(counts, first);
  await handle.db.transaction(async (tx) => {
    await withoutBookTriggers(tx);
    await insertSeedRows(tx, first);
  });

  const chunkSize = Math.max(1, options.chunkSize ?? 2_000);
  // Two writers keep a PostgreSQL server busy while the next chunk is generated; PGlite has one connection.
  const writers = handle.driver === 'postgres' ? 2 : 1;
  const inFlight = new Set<Promise<void>>();
  let written = 0;
  for (let from = 0; from < options.households; from += chunkSize) {
    const count = Math.min(chunkSize, options.households - from);
    const rows = generateHouseholds(shared, from, count);
    addCounts(counts, rows);
    const write = handle.db
      .transaction(async (tx) => {
        await withoutBookTriggers(tx);
        await insertSeedRows(tx, rows);
      })
      .then(() => {
        written += count;
        options.onProgress?.(written, options.households);
      });
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write)).catch(() => undefined);
    if (inFlight.size >= writers) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await rebuildBrokerBook(handle.db);
  // Fresh planner statistics: right after a bulk load the planner still believes the tables are
  // nearly empty and picks sequential scans and hash joins where one index look-up would do.
  await handle.db.execute(sql`analyze`);
  return { households: counts.households, counts, milliseconds: performance.now() - started };
}

/**
 * The broker book's rows (docs/decisions/036) are kept by deferred triggers, one refresh per changed policy
 * at commit; the seed's transactions switch them off (for the transaction only: their WHEN then queues
 * nothing) and write the whole table once at the end, one INSERT … SELECT instead of a refresh per policy.
 */
async function withoutBookTriggers(tx: Executor): Promise<void> {
  await tx.execute(sql`set local portal.broker_book_off = 'on'`);
}

async function rebuildBrokerBook(db: Executor): Promise<void> {
  await db.execute(sql`select broker_book_rebuild()`);
}

/** Rows of a query, whichever driver ran it (both answer `{ rows }`). */
async function query<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

export async function countHouseholds(db: Executor): Promise<number> {
  const rows = await query<{ n: number }>(db, sql`select count(*)::int as n from households`);
  return rows[0]?.n ?? 0;
}

/** Empties every table of the portal's schema (the migration history is kept). */
export async function resetDatabase(db: Executor): Promise<void> {
  const rows = await query<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = rows.map((row) => row.tablename);
  if (tables.length === 0) return;
  await db.execute(
    sql`truncate table ${sql.join(
      tables.map((table) => sql.identifier(table)),
      sql`, `,
    )} restart identity cascade`,
  );
}

// Any fixed 64-bit number: concurrent instances starting on one empty database seed it once.
const SEED_LOCK_ID = 7_341_120_906;

/**
 * First run of `npm start`: when the database has no households and no plans yet, writes the named
 * demo accounts and households plus {@link STARTUP_HOUSEHOLDS} generated ones (or `households`), in one transaction
 * under an advisory lock. Demo usernames that already exist (made by someone else) are left alone.
 * Returns null when there was nothing to do.
 */
export async function seedDemoDataIfEmpty(
  handle: DatabaseHandle,
  options: { today?: CalendarDate; seed?: string; households?: number } = {},
): Promise<SeedSummary | null> {
  const started = performance.now();
  const generated = options.households ?? STARTUP_HOUSEHOLDS;
  const today = options.today ?? demoToday();
  const seed = options.seed ?? DEFAULT_SEED;
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const existing = await query<{ n: number }>(
      tx,
      sql`select (select count(*) from households)::int + (select count(*) from plans)::int as n`,
    );
    if ((existing[0]?.n ?? 0) > 0) return null;
    const shared = buildShared({ households: generated, seed, today });
    const taken = await query<{ realm: string; username: string }>(
      tx,
      sql`select realm, lower(username) as username from accounts`,
    );
    const takenNames = new Set(taken.map((row) => `${row.realm}:${row.username}`));
    const demo = buildDemoData(shared, hashPassword);
    const rows = appendRows(
      appendRows(appendRows(emptyRows(), shared.rows), demo.rows),
      generateHouseholds(shared, 0, generated),
    );
    if (takenNames.size > 0) {
      const kept = rows.accounts.filter(
        (account) => !takenNames.has(`${account.realm}:${account.username.toLowerCase()}`),
      );
      const keptIds = new Set(kept.map((account) => account.id));
      rows.accounts = kept;
      for (const request of rows.serviceRequests)
        if (request.submittedBy && !keptIds.has(request.submittedBy)) request.submittedBy = null;
    }
    await withoutBookTriggers(tx);
    await insertSeedRows(tx, rows);
    await rebuildBrokerBook(tx);
    return {
      households: rows.households.length,
      counts: rowCounts(rows),
      milliseconds: performance.now() - started,
    };
  });
}
