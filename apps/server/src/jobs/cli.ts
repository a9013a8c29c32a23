import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isCalendarDate } from '@portal/domain';
import { buildApp } from '../app';
import { createProcessor } from '../processor';
import { openRuntime } from '../runtime';
import { loadSettings, repoRoot, SettingsError } from '../settings';

const USAGE = `Usage: npm run jobs -- --once [--today YYYY-MM-DD]

Runs every job that is due on that day once — the billing day: scheduled payments and autopay charges
(their advance notices, retries of declined ones) — prints what it did and exits.
Each piece of work is claimed in the database, so running it while servers run their own workers, or
twice, never charges twice. With the embedded database (PGlite) stop the server first: one process at a
time can open it (in demo mode a running portal offers POST /api/v1/demo/day instead).
  --once           run the due jobs once and exit (the only mode: servers run the workers themselves)
  --today D        the day to run (default: today where the issuer is; another day in demo mode only)`;

class UsageError extends Error {}

function parse(argv: string[]): { today: string | undefined } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        once: { type: 'boolean', default: false },
        today: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) throw new UsageError('');
  if (!values.once) throw new UsageError('--once is required');
  if (values.today !== undefined && !isCalendarDate(values.today))
    throw new UsageError('--today must be a date YYYY-MM-DD');
  return { today: values.today };
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  // Another day than today is the demo's "today" override: refused outside demo mode (settings.ts).
  const runtime = await openRuntime(
    loadSettings({ ...process.env, ...(options.today ? { DEMO_TODAY: options.today } : {}) }, version),
  );
  const app = await buildApp({
    settings: runtime.settings,
    database: runtime.database,
    closeDatabaseOnShutdown: true,
    processor: createProcessor(runtime.settings),
    jobs: false,
  });
  try {
    await app.ready();
    const report = await app.jobs.runDay(app.today());
    console.log(`Billing day ${report.day}:`);
    for (const step of report.steps) {
      const counts = Object.entries(step.counts).map(([name, count]) => `${name} ${String(count)}`);
      console.log(
        `  ${step.name}: ${counts.length > 0 ? counts.join(', ') : 'nothing due'} (${(step.milliseconds / 1000).toFixed(1)} s, CPU ${(step.cpuMilliseconds / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    // Outbox events the run wrote (notifications, e-mails) are dispatched before the app closes.
    await app.outbox.drain();
    await app.close();
    await runtime.sandbox?.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    if (error.message) console.error(error.message);
    console.error(USAGE);
    process.exit(2);
  }
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});
