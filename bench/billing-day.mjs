// The billing day on the 100,000-household seed (issue 10): `npm run jobs -- --once --today D` against a
// throw-away copy of the seeded PostgreSQL database (run bench/seed.ts --database portal_bench first),
// with the built-in sandbox processor in the process, as the embedded default runs it. Reports the wall
// time split into start-up, each daily step (the runner's own per-step times, so a step added to the
// billing day shows up by its name) and the outbox drain before exit; the CPU seconds (user + system) the
// jobs process used in each step and in all (bench/lib/cpu-usage.mjs), which judge a run on a busy machine
// better than its wall time; what each step did; the payments it made; and the machine's load before,
// during (sampled every 5 s) and after.
//
//   node bench/billing-day.mjs [--database portal_bench] [--day YYYY-MM-DD] [--keep] [--cpu-prof DIR]
//
// --cpu-prof DIR writes a V8 CPU profile of the jobs process into DIR (open it in Chrome DevTools).
// The sandbox listens on PROCESSOR_PORT (3001 by default): give another port to run two at once.
//
// The default day is the first of next month: the due day of the demo tenant, when autopay charges
// most subscriptions (and, on a first run, catches up the month before) and scheduled payments fall due.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    'server-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    database: { type: 'string', default: 'portal_bench' },
    day: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const repoRoot = path.resolve(import.meta.dirname, '..');
const now = new Date();
const day =
  values.day ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
const copy = `${values.database}_day_${Date.now().toString(36)}`;
const urlOf = (name) => {
  const url = new URL(values['server-url']);
  url.pathname = `/${name}`;
  return url.toString();
};

async function query(name, text) {
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const [{ households }] = await query(values.database, 'select count(*)::int as households from households');
console.log(
  `Billing day ${day} on ${households.toLocaleString('en-US')} households (a copy of ${values.database}: ${copy})`,
);
const started = performance.now();
await query('postgres', `create database ${copy} template ${values.database}`);
console.log(`copy made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const dirty =
  execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim() !== '';
const commit = `${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim()}${dirty ? ' with uncommitted changes' : ''}`;
const loadBefore = os.loadavg();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-day-'));
const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : [];
const cpuFile = path.join(dataDir, 'cpu-usage.json');
const loadDuring = [];
const sampler = setInterval(() => loadDuring.push(os.loadavg()[0]), 5_000);
const t0 = performance.now();
const child = spawn(
  process.execPath,
  [
    ...profile,
    '--import',
    './bench/lib/cpu-usage.mjs',
    '--import',
    'tsx',
    'apps/server/src/jobs/cli.ts',
    '--once',
    '--today',
    day,
  ],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      DATABASE_URL: urlOf(copy),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BENCH_CPU_USAGE_FILE: cpuFile,
      // Bank payments stay pending through the run (their settlement is another day's business).
      PROCESSOR_SETTLE_DELAY_MS: '86400000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let report = '';
// The command prints its report when the last step ends, then drains the outbox and exits.
let reportAt = null;
child.stdout.on('data', (chunk) => {
  report += chunk.toString();
  if (reportAt === null && report.includes('Billing day')) reportAt = performance.now();
});
const code = await new Promise((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
const exitAt = performance.now();
clearInterval(sampler);
const seconds = (exitAt - t0) / 1000;
const loadAfter = os.loadavg();
const cpuUsage = fs.existsSync(cpuFile) ? JSON.parse(fs.readFileSync(cpuFile, 'utf8')) : null;
fs.rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) {
  console.error(report);
  console.error(`jobs --once exited with ${code}`);
  if (!values.keep) await query('postgres', `drop database ${copy} with (force)`);
  process.exit(1);
}

const paid = await query(
  copy,
  `select payment_source as source, transaction_status as status, count(*)::int as count from payments where transaction_date = '${day}' and payment_source in ('Scheduled', 'Autopay') group by 1, 2 order by 1, 2`,
);
const runs = await query(
  copy,
  `select status, coalesce(reason, '') as reason, count(*)::int as count from autopay_runs group by 1, 2 order by 3 desc`,
);
const scheduled = await query(
  copy,
  `select status, count(*)::int as count from scheduled_payments where payment_date <= '${day}' group by 1 order by 2 desc`,
);
// Inside the autopay step, from the rows' own timestamps: announcing (run rows inserted), then charging.
const [phases] = await query(
  copy,
  `select extract(epoch from max(r.created_at) - min(r.created_at))::float as announcing,
     (select extract(epoch from max(p.created_at) - min(p.created_at))::float from payments p
       where p.transaction_date = '${day}' and p.payment_source = 'Autopay') as charging
   from autopay_runs r where r.created_at >= now() - interval '1 day'`,
);
if (!values.keep) await query('postgres', `drop database ${copy} with (force)`);

console.log(report.trim());
// `  <step>: <counts> (<seconds> s, CPU <seconds> s)`, one line per step, as jobs/cli.ts prints the runner's DayReport.
const steps = [
  ...report.matchAll(/^ {2}([\w-]+): .* \((\d+(?:\.\d+)?) s(?:, CPU (\d+(?:\.\d+)?) s)?\)$/gm),
].map((match) => ({
  name: match[1],
  seconds: Number(match[2]),
  cpu: match[3] === undefined ? null : Number(match[3]),
}));
const stepCpu = steps.reduce((sum, step) => sum + (step.cpu ?? 0), 0);
const stepSeconds = steps.reduce((sum, step) => sum + step.seconds, 0);
const reportSeconds = ((reportAt ?? exitAt) - t0) / 1000;
console.log('\nWhere the time went:');
console.log(
  `  start-up (database, sandbox adopting the saved methods, app): ${(reportSeconds - stepSeconds).toFixed(1)} s`,
);
for (const step of steps)
  console.log(
    `  step ${step.name}: ${step.seconds.toFixed(1)} s${step.cpu === null ? '' : ` (CPU ${step.cpu.toFixed(1)} s)`}`,
  );
if (phases?.announcing != null)
  console.log(
    `    autopay: run rows inserted over ${phases.announcing.toFixed(1)} s, autopay payments over ${(phases.charging ?? 0).toFixed(1)} s`,
  );
console.log(
  `  outbox drain and close after the report: ${((exitAt - (reportAt ?? exitAt)) / 1000).toFixed(1)} s`,
);
console.log(`Wall time of jobs --once (start to exit): ${seconds.toFixed(1)} s`);
if (cpuUsage) {
  const total = (cpuUsage.user + cpuUsage.system) / 1e6;
  console.log(
    `CPU of the jobs process: ${total.toFixed(1)} s (user ${(cpuUsage.user / 1e6).toFixed(1)} s, system ${(cpuUsage.system / 1e6).toFixed(1)} s); in the steps ${stepCpu.toFixed(1)} s, start-up, outbox drain and close ${(total - stepCpu).toFixed(1)} s (PostgreSQL's own CPU is not counted)`,
  );
}
console.log(
  'Payments made that day:',
  paid.map((row) => `${row.source} ${row.status} ${row.count}`).join(', ') || 'none',
);
console.log(
  'Autopay runs:',
  runs.map((row) => `${row.status}${row.reason ? ` (${row.reason})` : ''} ${row.count}`).join(', ') || 'none',
);
console.log(
  'Scheduled payments due by then:',
  scheduled.map((row) => `${row.status} ${row.count}`).join(', ') || 'none',
);
const during =
  loadDuring.length > 0
    ? `${Math.min(...loadDuring).toFixed(2)}-${Math.max(...loadDuring).toFixed(2)}`
    : 'n/a';
console.log(
  `Commit ${commit}; ${os.cpus().length} cores; load average (1, 5, 15 min) before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' ')}; 1-min load during the run ${during}`,
);
