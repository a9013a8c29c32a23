import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requireSupportedNode } from '../node-runtime';
import { loadDatabaseSettings, repoRoot, SettingsError } from '../settings';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * `npm run migrate` / `node apps/server/dist/migrate.js` (decision 048): applies the migrations this
 * build holds to DATABASE_URL (or the embedded database in DATA_DIR) and exits — what a release runs once
 * (a Kubernetes Job, a compose service that runs before the instances) when the instances start with
 * MIGRATE_AT_START=false. It needs DATABASE_URL alone (or DATA_DIR). Safe to run twice or beside a starting
 * instance: migrations are serialised by an advisory lock and each is applied once. Exit code 0 when the
 * schema is current, 1 otherwise.
 */
const USAGE = `Usage: npm run migrate
       node apps/server/dist/migrate.js
Applies pending database migrations to DATABASE_URL (or the embedded database in DATA_DIR) and exits.`;

async function applied(database: DatabaseHandle): Promise<number> {
  const { rows: table } = await database.executeSql(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    [],
  );
  if (!(table[0] as { present: boolean } | undefined)?.present) return 0;
  const { rows } = await database.executeSql(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
    [],
  );
  return (rows[0] as { n: number } | undefined)?.n ?? 0;
}

async function main(): Promise<void> {
  requireSupportedNode();
  const { values } = parseArgs({ options: { help: { type: 'boolean', default: false } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const settings = loadDatabaseSettings(process.env);
  const database = await openDatabase(settings);
  try {
    const before = await applied(database);
    const started = performance.now();
    await database.migrate();
    const after = await applied(database);
    console.log(
      `Portal ${version}: ${String(after - before)} migration${after - before === 1 ? '' : 's'} applied in ${((performance.now() - started) / 1000).toFixed(1)} s; the schema is current (${String(after)} in all, ${settings.databaseUrl ? 'PostgreSQL' : `embedded database in ${settings.dataDir}`}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});
