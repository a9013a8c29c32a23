import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isCalendarDate } from '@portal/domain';
import { buildApp } from '../app';
import { createProcessor } from '../processor';
import { openRuntime } from '../runtime';
import { loadSettings, repoRoot, SettingsError } from '../settings';
import { requireSupportedNode } from '../node-runtime';

const USAGE = `Usage: npm run jobs -- [--once [--today YYYY-MM-DD]]
       node apps/server/dist/jobs.js [--once [--today YYYY-MM-DD]]

Without --once: the job runner. Runs the job workers — the billing day (the billing clock, scheduled
payments and autopay) hourly and at start, the outbox and the mail queue — until SIGTERM or SIGINT,
then lets a running job finish and exits. Run it beside web instances started with JOBS=false.
With --once: runs every job that is due on that day once, prints what it did and exits.
Each piece of work is claimed in the database, so running either while servers run their own workers,
or twice at once, never charges twice. With the embedded database (PGlite) stop the server first: one
process at a time can open it (in demo mode a running portal offers POST /api/v1/demo/day instead).
  --once           run the due jobs once and exit
  --today D        with --once: the day to run (default: today where the issuer is; another day in demo mode only)`;

class UsageError extends Error {}

function parse(argv: string[]): { once: boolean; today: string | undefined } {
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
  if (values.today !== undefined && !values.once)
    throw new UsageError('--today goes with --once (the runner follows DEMO_TODAY)');
  if (values.today !== undefined && !isCalendarDate(values.today))
    throw new UsageError('--today must be a date YYYY-MM-DD');
  return { once: values.once, today: values.today };
}

const log = (line: string) => {
  console.log(line);
};

/** `--once`: the billing day, once, then exit. */
async function runOnce(today: string | undefined, version: string): Promise<void> {
  // Another day than today is the demo's "today" override: refused outside demo mode (settings.ts).
  const runtime = await openRuntime(
    loadSettings({ ...process.env, ...(today ? { DEMO_TODAY: today } : {}) }, version),
    'once',
    log,
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

/**
 * The job runner (issue 40): the workers of a server without its HTTP side, until told to stop. A stop
 * lets the running billing day finish (pg-boss's graceful stop), dispatches what the outbox holds and
 * closes the pools; a second signal exits at once.
 */
async function runWorkers(version: string): Promise<void> {
  const runtime = await openRuntime(loadSettings(process.env, version), 'runner', log);
  const app = await buildApp({
    settings: runtime.settings,
    database: runtime.database,
    closeDatabaseOnShutdown: true,
    processor: createProcessor(runtime.settings),
    jobs: true,
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'job runner stopping: letting a running job finish');
    const force = setTimeout(
      () => {
        app.log.error('the running job did not finish in time; exiting');
        process.exit(1);
      },
      Math.max(runtime.settings.shutdownTimeoutMs, 30_000),
    );
    force.unref();
    void (async () => {
      try {
        await app.outbox.drain();
        await app.close();
        await runtime.sandbox?.close();
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'error while stopping');
        process.exit(1);
      }
    })();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.ready();
  console.log(
    `Job runner ${version} is running on Node.js ${process.version} (billing day hourly and at start; stop with SIGTERM or Ctrl-C). Job queue: ${app.jobs.status}.`,
  );
}

async function main(): Promise<void> {
  requireSupportedNode();
  const options = parse(process.argv.slice(2));
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (options.once) await runOnce(options.today, version);
  else await runWorkers(version);
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
