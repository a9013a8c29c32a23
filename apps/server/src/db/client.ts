import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { repoRoot } from '../settings';
import { TransactionSafePool } from './pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it: one SQL dialect (PostgreSQL) everywhere. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of that database (what `db.transaction(async (tx) => …)` hands over). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a query runs: the database itself or an open transaction. */
export type Executor = Database | Transaction;

type Reads = readonly (() => unknown)[];
type ReadResults<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads: at once on the database (each takes a connection of the pool), one after the other
 * in a transaction — its one connection runs one statement at a time, and node-postgres, which queues a
 * second, warns that pg 9 will refuse it (vitest.setup.ts fails a test file that makes it warn).
 */
export async function readTogether<const T extends Reads>(db: Executor, reads: T): Promise<ReadResults<T>> {
  if (!(db instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as ReadResults<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as ReadResults<T>;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Runs pending migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** The embedded database's files as a tarball (PGlite only; `loadDataDir` starts a copy from it). */
  dump?(): Promise<Blob>;
  /**
   * Raw SQL on the same connection(s), for a library that brings its own SQL (the job queue, pg-boss):
   * with values a parameterised query; without, possibly several statements (PGlite's `exec`). A `name`
   * makes it a named prepared statement on PostgreSQL (parsed once per connection; the same text every time).
   */
  executeSql(text: string, values?: unknown[], name?: string): Promise<{ rows: unknown[] }>;
  /** The connection pool's use (PostgreSQL; the embedded database has one connection and no pool). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (in use or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export const migrationsFolder = path.join(repoRoot, 'apps/server/src/db/migrations');

// Any fixed 64-bit number: every instance takes the same advisory lock while migrating.
const MIGRATION_LOCK_ID = 7_341_120_905;

export interface PgliteOptions {
  /** Folder for the database files; in memory when omitted (tests). */
  dataDir?: string;
  /** A tarball of a database folder to start from (`DatabaseHandle.dump`): tests reuse one migrated database. */
  loadDataDir?: Blob;
}

/** The embedded database: PostgreSQL compiled to WebAssembly, persisted to a folder. */
export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  let releaseLock = (): void => undefined;
  if (options.dataDir !== undefined) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
  }
  try {
    const client =
      options.dataDir === undefined
        ? new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
        : new PGlite(
            path.join(options.dataDir, 'pgdata'),
            options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
          );
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    return {
      db,
      driver: 'pglite',
      ping: async () => {
        if (client.closed) throw new Error('The embedded database is closed');
        await client.query('select 1');
      },
      migrate: async () => {
        await migratePglite(db, { migrationsFolder });
      },
      dump: () => client.dumpDataDir('none'),
      // PGlite prepares every parameterised query, and a prepared statement holds one command: pg-boss's
      // parameterless multi-statement scripts (its schema, its maintenance, its claims) go through `exec`.
      // The rows of every statement come back, as node-postgres gives them: pg-boss 12 finds its advisory
      // lock's row and a batch's cursor among them, and without them logged "a custom db must return the
      // rows of every statement" every minute and skipped its maintenance.
      executeSql: async (text, values) =>
        values?.length
          ? await client.query(text, values)
          : { rows: (await client.exec(text)).flatMap((result) => result.rows) },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export interface PostgresOptions {
  connectionString: string;
  poolSize?: number;
}

/** A PostgreSQL server through a connection pool. */
export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const pool = new TransactionSafePool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client that loses its server (PostgreSQL stopped: 57P01 admin_shutdown, a dropped connection) emits
  // 'error'. pg-pool listens on idle clients only and forwards to the pool's 'error'; a checked-out client
  // (a transaction's, the migration's) has no listener while it is out, and an unhandled 'error' event
  // ends the process (issue 40: the other instance crashed while PostgreSQL was down). Every client gets a
  // listener of its own for its whole life: the query it runs, or the next one, fails instead (answered
  // 503 by plugins/errors.ts), and pg-pool discards the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    executeSql: (text, values, name) =>
      name === undefined ? pool.query(text, values) : pool.query({ name, text, values: values ?? [] }),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolSize ?? 10,
    }),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(settings: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return settings.databaseUrl
    ? openPostgres({ connectionString: settings.databaseUrl, poolSize: settings.databasePoolSize })
    : openPglite({ dataDir: settings.dataDir });
}

/**
 * Whether the database holds every migration this build knows (drizzle records each one it applied
 * with the journal's `when`): false while another instance is still migrating, or on an older schema.
 */
export async function schemaIsCurrent(handle: DatabaseHandle): Promise<boolean> {
  const latest = latestMigration();
  const { rows } = await handle.executeSql(
    'select coalesce(max(created_at), 0)::text as applied from drizzle.__drizzle_migrations',
  );
  const applied = Number((rows[0] as { applied?: string } | undefined)?.applied ?? 0);
  return applied >= latest;
}

let latestMigrationWhen: number | null = null;
/** The `when` of this build's last migration (meta/_journal.json), read once. */
function latestMigration(): number {
  if (latestMigrationWhen === null) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    latestMigrationWhen = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return latestMigrationWhen;
}

/** Reports whether the database answers; never throws. */
export async function databaseIsUp(handle: DatabaseHandle): Promise<boolean> {
  try {
    await handle.ping();
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite has one writer: two processes on one folder would corrupt it. A pid file refuses a second
 * server on the same DATA_DIR and is taken over when the process that wrote it is gone.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.pid');
  const tryCreate = (): boolean => {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  if (!tryCreate()) {
    const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
    fs.rmSync(lockPath, { force: true });
    if (!tryCreate()) throw new Error(`Could not lock ${dataDir}`);
  }
  return () => {
    fs.rmSync(lockPath, { force: true });
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
