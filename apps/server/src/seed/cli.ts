import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isCalendarDate } from '@portal/domain';
import { openDatabase } from '../db/client';
import { loadSettings, repoRoot, SettingsError } from '../settings';
import { MAX_GENERATED_HOUSEHOLDS } from './ids';
import { SEED_TABLE_ORDER } from './rows';
import { countHouseholds, DEFAULT_SEED, demoToday, resetDatabase, seedDatabase } from './seed';
import { requireSupportedNode } from '../node-runtime';

const USAGE = `Usage: npm run seed -- --households N [--seed S] [--today YYYY-MM-DD] [--reset]

Writes the named demo accounts and households plus N generated households into the database named
by DATABASE_URL, or into the embedded PGlite database in DATA_DIR (default ./.data). Demo mode only:
on by default for the embedded database; with DATABASE_URL set DEMO_MODE=true (never in production).
  --households N   generated households (0-${MAX_GENERATED_HOUSEHOLDS})
  --seed S         random seed (default "${DEFAULT_SEED}"); the same seed and day give the same data
  --today D        the day the data is made for (default: today in Massachusetts)
  --reset          empty every table first (otherwise the database must have no households)`;

class UsageError extends Error {}

function parse(argv: string[]): { households: number; seed: string; today: string; reset: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        households: { type: 'string' },
        seed: { type: 'string' },
        today: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) throw new UsageError('');
  const households = Number(values.households);
  if (
    values.households === undefined ||
    !Number.isInteger(households) ||
    households < 0 ||
    households > MAX_GENERATED_HOUSEHOLDS
  ) {
    throw new UsageError('--households must be a whole number');
  }
  const today = values.today ?? demoToday();
  if (!isCalendarDate(today)) throw new UsageError('--today must be a date YYYY-MM-DD');
  return { households, seed: values.seed ?? DEFAULT_SEED, today, reset: values.reset };
}

async function main(): Promise<void> {
  requireSupportedNode();
  const options = parse(process.argv.slice(2));
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const settings = loadSettings(process.env, version);
  // The demo accounts share a published password: only demo mode may write them (docs/decisions/012).
  if (!settings.demoMode) {
    throw new SettingsError(
      'npm run seed writes the demo accounts with their shared password, which only demo mode may do: set DEMO_MODE=true (never in production).',
    );
  }
  const database = await openDatabase(settings);
  try {
    await database.migrate();
    if (options.reset) {
      await resetDatabase(database.db);
    } else {
      const existing = await countHouseholds(database.db);
      if (existing > 0) {
        throw new UsageError(
          `The database already has ${existing} households. Add --reset to empty it first.`,
        );
      }
    }
    const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.dataDir}`;
    console.log(
      `Seeding ${where}: named demo households + ${options.households} generated (seed "${options.seed}", today ${options.today})`,
    );
    let reported = 0;
    const summary = await seedDatabase(database, {
      households: options.households,
      seed: options.seed,
      today: options.today,
      onProgress: (written, total) => {
        if (written - reported >= 10_000 || written === total) {
          reported = written;
          console.log(`  ${written.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} households`);
        }
      },
    });
    const rows = SEED_TABLE_ORDER.reduce((sum, table) => sum + summary.counts[table], 0);
    const width = Math.max(...SEED_TABLE_ORDER.map((table) => table.length));
    for (const table of SEED_TABLE_ORDER)
      console.log(`  ${table.padEnd(width)}  ${summary.counts[table].toLocaleString('en-US').padStart(11)}`);
    console.log(
      `Wrote ${rows.toLocaleString('en-US')} rows (${summary.households.toLocaleString('en-US')} households) in ${(summary.milliseconds / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    if (error.message) console.error(error.message);
    console.error(USAGE);
  } else {
    console.error(error instanceof SettingsError ? error.message : error);
  }
  process.exit(1);
});
