import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * A PostgreSQL server of a test's own (issue 40): a fresh cluster in a temporary folder on a free port,
 * which the test may stop, kill and start again — never the machine's shared server. Fault tests (an
 * outage under load, two instances starting at once) and, later, the fleet harness use it.
 *
 * The server runs as the `postgres` user when the tests run as root (PostgreSQL refuses root), as the
 * current user otherwise. Durability is traded for speed (fsync off): a killed cluster may lose its
 * last commits, which no test here relies on.
 */
export interface ThrowawayPostgres {
  port: number;
  /** A connection string to `database` (default `postgres`) as the superuser. */
  url(database?: string): string;
  /** Makes an empty database and answers its connection string. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server: `fast` (SIGINT: sessions end with 57P01 admin_shutdown) or `immediate` (SIGQUIT). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and folder (after `stop`). */
  start(): Promise<void>;
  /** Whether the server process runs. */
  readonly running: boolean;
  /** Stops it (if running) and removes its folder. */
  dispose(): Promise<void>;
}

const BIN_CANDIDATES = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
];

function binDir(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) return fromEnv;
  for (const candidate of BIN_CANDIDATES) if (fs.existsSync(path.join(candidate, 'initdb'))) return candidate;
  try {
    return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('initdb not found: install PostgreSQL server binaries or set PG_BIN_DIR');
  }
}

/** A client program of the same PostgreSQL as the throw-away servers (pg_dump, pg_restore): dumps match the server. */
export function postgresTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  return path.join(binDir(), name);
}

/** The uid/gid the server runs as: `postgres` when we are root. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const user = serverUser();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const dataDir = path.join(folder, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (user) fs.chownSync(folder, user.uid, user.gid);
  if (user) fs.chownSync(dataDir, user.uid, user.gid);
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    {
      stdio: 'ignore',
      ...(user ?? {}),
    },
  );
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${String(port)}/${database}`;

  async function start(): Promise<void> {
    if (child) return;
    const started = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${folder}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=100',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) },
    );
    child = started;
    started.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    exited = new Promise((resolve) => {
      started.once('exit', () => {
        if (child === started) child = null;
        resolve();
      });
    });
    // Ready when it accepts a query (it listens a moment before it accepts sessions).
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (child !== started) throw new Error(`PostgreSQL exited while starting:\n${log}`);
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in 30 s:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const running = child;
    if (!running) return;
    running.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    await exited;
  }

  await start();
  return {
    port,
    url,
    createDatabase: async (name) => {
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    stop,
    start,
    get running() {
      return child !== null;
    },
    dispose: async () => {
      await stop('immediate');
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
