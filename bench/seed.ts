/**
 * Seed benchmark: writes the demo data set with 100,000 generated households (plus the named demo
 * households) into a fresh PostgreSQL database and reports how long it took.
 *
 *   npx tsx bench/seed.ts [--households 100000] [--seed lighthouse] [--today YYYY-MM-DD] [--keep]
 *   npx tsx bench/seed.ts --database portal_bench     (re-created and kept, for bench/read-latency.mjs)
 *
 * The server is TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a database
 * named portal_seed_bench_<random> is created there, migrated, seeded and dropped (kept with --keep).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { SEED_TABLE_ORDER } from '../apps/server/src/seed/rows';
import { DEFAULT_SEED, demoToday, seedDatabase } from '../apps/server/src/seed/seed';

const { values } = parseArgs({
  options: {
    households: { type: 'string', default: '100000' },
    seed: { type: 'string', default: DEFAULT_SEED },
    today: { type: 'string' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
  },
});
const households = Number(values.households);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (values.database !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(values.database)) {
  console.error('--database must be a plain lower-case PostgreSQL name');
  process.exit(1);
}
const name = values.database ?? `portal_seed_bench_${randomBytes(4).toString('hex')}`;
const keep = values.keep || values.database !== undefined;

async function admin(statement: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query<Record<string, string>>(statement);
    const first = result.rows[0];
    return first ? Object.values(first)[0] : undefined;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const version = await admin('show server_version');
  console.log(
    `Machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, PostgreSQL ${version ?? '?'}`,
  );
  if (values.database !== undefined) await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres({ connectionString: url.toString(), poolSize: 4 });
  try {
    await handle.migrate();
    const today = values.today ?? demoToday();
    console.log(
      `Seeding ${households.toLocaleString('en-US')} generated households into ${name} (seed "${values.seed}", today ${today}) …`,
    );
    let reported = 0;
    const summary = await seedDatabase(handle, {
      households,
      seed: values.seed,
      today,
      onProgress: (written, total) => {
        if (written - reported >= 20_000 || written === total) {
          reported = written;
          console.log(
            `  ${written.toLocaleString('en-US')} households after ${(performance.now() / 1000).toFixed(0)} s`,
          );
        }
      },
    });
    const rows = SEED_TABLE_ORDER.reduce((sum, table) => sum + summary.counts[table], 0);
    const width = Math.max(...SEED_TABLE_ORDER.map((table) => table.length));
    for (const table of SEED_TABLE_ORDER)
      console.log(`  ${table.padEnd(width)} ${summary.counts[table].toLocaleString('en-US').padStart(11)}`);
    const seconds = summary.milliseconds / 1000;
    console.log(
      `Seeded ${summary.counts.households.toLocaleString('en-US')} households, ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s ` +
        `(${Math.round(rows / seconds).toLocaleString('en-US')} rows/s). Target: 100,000 households in under 180 s.`,
    );
  } finally {
    await handle.close();
    if (keep) console.log(`Kept database ${name}.`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
