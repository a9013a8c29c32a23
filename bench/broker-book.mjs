// Book of business (issue 13): `GET /api/v1/Broker/book` for a broker of 5,000 policies on the 100,000-household
// seed — the first page, a deep page, each filter, each sort both ways and a search — through the built server on
// PostgreSQL, one request at a time (what one broker clicking through the grid waits for). Prints the median and
// p95 per case, the commit and the machine's load.
//
//   npx tsx bench/seed.ts --database portal_bench_broker      # once: 100,000 households, kept
//   npm run build
//   node bench/broker-book.mjs [--database-url postgres://…/portal_bench_broker] [--policies 5000] [--requests 25]
//
// It makes `broker.hughes` broker of record of `--policies` individual-market policies (his own first, then others
// taken in id order — the same ones on every run) and analyses the table, then measures.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_CLIENT_SECRET, signIn } from './lib/sign-in.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench_broker' },
    policies: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '25' },
    port: { type: 'string', default: '3231' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Lighthouse-Demo-2026' },
  },
});
const wanted = Number(values.policies);
const requests = Number(values.requests);
const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadBefore = uptime();

if (!fs.existsSync(path.join(repoRoot, 'apps/server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

// The server runs the migrations (and so any index they add) before listening.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-broker-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    OIDC_CLIENT_SECRET: BENCH_CLIENT_SECRET,
    DATABASE_URL: values['database-url'],
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '10',
    // Production needs a processor; the book never calls it (nothing listens there).
    PROCESSOR_URL: 'http://127.0.0.1:9',
    PROCESSOR_API_KEY: 'bench-not-a-real-key-0000',
    PROCESSOR_WEBHOOK_SECRET: 'bench-not-a-real-secret-00',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
let up = false;
for (let i = 0; i < 240 && !up; i += 1) {
  try {
    up = (await fetch(`${baseUrl}/api/health`)).ok;
  } catch {
    // not listening yet
  }
  if (!up) await new Promise((r) => setTimeout(r, 500));
}
if (!up) {
  console.error('The server did not start.');
  process.exit(1);
}

const db = new pg.Client({ connectionString: values['database-url'] });
await db.connect();
const { rows: brokerRows } = await db.query(
  `select broker_id from accounts where username = 'broker.hughes'`,
);
const brokerId = brokerRows[0]?.broker_id;
if (!brokerId) {
  console.error('No broker.hughes in this database: seed it first (see bench/README.md).');
  process.exit(1);
}
await db.query(
  `update policies set broker_id = $1 where id in (
     select id from policies where broker_id is distinct from $1 and market_coverage = 1 order by id
     limit greatest(0, $2 - (select count(*) from policies where broker_id = $1)))`,
  [brokerId, wanted],
);
// Fresh statistics for the changed rows and the book's kept rows (docs/decisions/036).
await db.query('analyze policies');
await db.query('analyze broker_book_rows');
const { rows: counts } = await db.query(
  `select (select count(*) from households)::int as households, (select count(*) from policies)::int as policies,
          (select count(*) from policies where broker_id = $1)::int as book`,
  [brokerId],
);
await db.end();

let token = await signIn(baseUrl, 'workforce', 'broker.hughes', values.password);

async function timed(query) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/Broker/book?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${query}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return { ms, total: body.total, rows: body.items.length };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

const CASES = [
  ['first page (25, by policyholder)', ''],
  ['deep page (page 100 of 50)', 'page=100&pageSize=50'],
  ['filter: in a grace period', 'gracePeriod=true'],
  ['filter: renewal pending', 'renewalPending=true'],
  ['filter: past due', 'pastDue=true'],
  ['filter: autopay off', 'autopayOff=true'],
  ['filter: status Terminated', 'status=Terminated'],
  ['filter: dental line', 'line=Dental'],
  ['filter: group market', 'market=group'],
  ['search: name part', 'q=silva'],
  ['filters combined + sort', 'pastDue=true&autopayOff=true&sort=amountDue&order=desc'],
  ...[
    'policyNumber',
    'status',
    'financeStatus',
    'amountDue',
    'paidThrough',
    'graceEnds',
    'renewal',
    'line',
  ].map((sort) => [`sort: ${sort} desc, page 40`, `sort=${sort}&order=desc&page=40`]),
];

const results = [];
for (const [title, query] of CASES) {
  // A fresh token per case: on a loaded machine a run outlasts one.
  token = await signIn(baseUrl, 'workforce', 'broker.hughes', values.password);
  for (let i = 0; i < 5; i += 1) await timed(query); // warm-up
  const samples = [];
  let last;
  for (let i = 0; i < requests; i += 1) {
    last = await timed(query);
    samples.push(last.ms);
  }
  samples.sort((a, b) => a - b);
  results.push({
    title,
    query,
    total: last.total,
    rows: last.rows,
    median: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
  });
  console.error(
    `${title}: median ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms`,
  );
}
const loadAfter = uptime();
stop();
fs.rmSync(dataDir, { recursive: true, force: true });

let commit = 'unknown';
let dirty = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim()
    ? ' (uncommitted changes)'
    : '';
} catch {
  // not a git checkout
}
const machine = `${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`Commit ${commit}${dirty}; machine: ${machine}`);
console.log(
  `Data: ${counts[0].households} households, ${counts[0].policies} policies; broker.hughes's book: ${counts[0].book} policies`,
);
console.log(`Load before: ${loadBefore}`);
console.log(`Load after:  ${loadAfter}`);
console.log(
  `${requests} sequential requests per case after 5 warm-ups, HTTP through the built server (auth, audit row included).\n`,
);
console.log('| case | query | rows matching | median ms | p95 ms |');
console.log('|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.title} | \`${r.query || '(none)'}\` | ${r.total} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`,
  );
const worst = Math.max(...results.map((r) => r.p95));
console.log(`\nWorst p95: ${worst.toFixed(1)} ms (target < 100 ms).`);
