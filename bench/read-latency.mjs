// Read latency and capacity (issues 4 and 16): policy and household reads against the built server on
// PostgreSQL holding the 100,000-household seed (run bench/seed first), beside `GET /api/health` measured
// in the same run — the ratio of a read's maximum to the health route's is the figure that travels
// between machines. Load comes from autocannon on the same machine. For each route: a warm-up, then the
// unthrottled maximum, then each fixed rate asked for; for every phase the achieved rate, median and p99
// latency, non-2xx answers, and the CPU milliseconds per request spent by the server process and by the
// PostgreSQL backends serving it (from /proc: process CPU time before and after the phase).
//
//   node bench/read-latency.mjs [--database-url postgres://…/portal_bench] [--rates 500,1000]
//        [--duration 30] [--connections 10] [--routes health,policy,household] [--log-level info]
//        [--cpu-prof DIR] [--json]
//
// `--log-level` is the server's LOG_LEVEL (production's default, info, logs every request). `--cpu-prof DIR`
// runs the server under `node --cpu-prof` and writes its profile to DIR when the run ends; summarise it
// with `node bench/lib/cpu-profile-top.mjs DIR/<file>.cpuprofile`.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_CLIENT_SECRET, signIn, signInWithSession } from './lib/sign-in.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench' },
    rates: { type: 'string', default: '500,1000' },
    // The old single-rate flag still works.
    rate: { type: 'string' },
    duration: { type: 'string', default: '30' },
    'max-duration': { type: 'string' },
    connections: { type: 'string', default: '10' },
    routes: { type: 'string', default: 'health,policy,household' },
    'no-max': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'cpu-prof': { type: 'string' },
    // Where the server's log lines go (its standard output); /dev/null by default.
    'server-log': { type: 'string', default: '/dev/null' },
    port: { type: 'string' },
    'pool-size': { type: 'string', default: '20' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Lighthouse-Demo-2026' },
    json: { type: 'boolean', default: false },
    // Keep the server's load shedding (decision 034) at its production thresholds.
    shedding: { type: 'boolean', default: false },
  },
});
const rates = (values.rate ?? values.rates)
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => value > 0);
const duration = Number(values.duration);
const maxDuration = Number(values['max-duration'] ?? values.duration);
const connections = Number(values.connections);
const routes = values.routes.split(',').map((route) => route.trim());
const repoRoot = path.resolve(import.meta.dirname, '..');
const databaseName = new URL(values['database-url']).pathname.slice(1);

/** A port free right now (another server on this machine may hold any fixed one). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
const port = Number(values.port ?? (await freePort()));
const baseUrl = `http://127.0.0.1:${port}`;

const db = new pg.Client({ connectionString: values['database-url'] });
await db.connect();
const { rows: counts } = await db.query(
  'select (select count(*) from households)::int as households, (select count(*) from policies)::int as policies',
);
const { rows: sample } = await db.query('select id from policies tablesample system (5) limit 5000');
if (sample.length === 0) {
  console.error(`No policies in ${values['database-url']}: seed it first (see bench/README.md).`);
  process.exit(1);
}
const policyIds = sample.map((row) => row.id);

if (!fs.existsSync(path.join(repoRoot, 'apps/server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const commit = (() => {
  try {
    const head = execSync('git rev-parse --short HEAD', { cwd: repoRoot }).toString().trim();
    const dirty =
      execSync('git status --porcelain --untracked-files=no', { cwd: repoRoot }).toString().trim() !== '';
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
})();
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadBefore = load();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const profileDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : null;
if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
const serverSpawnedAt = Date.now();
const server = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), 'apps/server/dist/server.js'],
  {
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
      LOG_LEVEL: values['log-level'],
      DATABASE_POOL_SIZE: values['pool-size'],
      // Capacity is what this measures: load shedding off (bench/overload.mjs measures shedding). On a busy
      // machine the event loop lags and the default thresholds would answer 503 to most of the load.
      ...(values.shedding
        ? {}
        : { LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '0' }),
      // The billing day would run at start on the seed (minutes of both cores): not what this measures.
      JOBS: 'false',
      // Production needs a processor; reads never call it.
      PROCESSOR_URL: 'http://127.0.0.1:9',
      PROCESSOR_API_KEY: 'sk_bench_unused_0123456789',
      PROCESSOR_WEBHOOK_SECRET: 'whsec_bench_unused_0123456789',
    },
    // The log lines go where a production process's would: a file descriptor the process writes to.
    stdio: ['ignore', fs.openSync(values['server-log'], 'a'), 'inherit'],
  },
);
let serverGone = false;
const serverExited = new Promise((resolve) => server.once('exit', resolve));
void serverExited.then(() => {
  serverGone = true;
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; i < 120; i += 1) {
  if (serverGone) {
    console.error('The server exited before it answered (see its output above).');
    process.exit(1);
  }
  try {
    if ((await fetch(`${baseUrl}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}

const staffToken = await signIn(baseUrl, 'workforce', 'cs.agent', values.password);
const memberToken = await signIn(baseUrl, 'consumer', 'maria.santos', values.password);
// The web app's way since issue 35: a session cookie, the tokens on the server (one more indexed lookup).
const memberCookie = routes.includes('household-cookie')
  ? await signInWithSession(baseUrl, 'consumer', 'maria.santos', values.password)
  : null;

// CPU time of a process in ms, from /proc (utime + stime, in clock ticks).
const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null; // gone
  }
}
/** The PostgreSQL backends serving the server (every client connection to the bench database but ours). */
async function backendPids() {
  const { rows } = await db.query(
    "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
    [databaseName],
  );
  return rows.map((row) => row.pid);
}
async function cpuSnapshot() {
  const backends = new Map();
  for (const pid of await backendPids()) backends.set(pid, cpuMs(pid) ?? 0);
  return { node: cpuMs(server.pid) ?? 0, backends };
}
async function cpuSince(before) {
  const node = (cpuMs(server.pid) ?? 0) - before.node;
  let postgres = 0;
  for (const pid of await backendPids()) {
    const now = cpuMs(pid);
    // A backend opened during the phase did all its work in it.
    if (now !== null) postgres += now - (before.backends.get(pid) ?? 0);
  }
  return { node, postgres };
}

const pick = () => policyIds[Math.floor(Math.random() * policyIds.length)];
const ROUTES = {
  health: { title: 'GET /api/health', request: () => ({ method: 'GET', path: '/api/health' }) },
  policy: {
    title: 'GET /api/v1/Policy/{id} (customer service, random policies)',
    request: () => ({
      method: 'GET',
      path: `/api/v1/Policy/${pick()}`,
      headers: { authorization: `Bearer ${staffToken}` },
    }),
  },
  household: {
    title: 'POST /api/v1/Household/user (member)',
    request: () => ({
      method: 'POST',
      path: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
      body: '{}',
    }),
  },
  'household-cookie': {
    title: "POST /api/v1/Household/user (member, the web app's session cookie)",
    request: () => ({
      method: 'POST',
      path: '/api/v1/Household/user',
      headers: {
        cookie: memberCookie,
        'x-portal-csrf': '1',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      body: '{}',
    }),
  },
};

async function phase(route, rate) {
  const spec = ROUTES[route];
  const loadAtStart = load();
  const before = await cpuSnapshot();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: rate === null ? maxDuration : duration,
    ...(rate === null ? {} : { overallRate: rate }),
    requests: [{ setupRequest: (request) => ({ ...request, ...spec.request() }) }],
  });
  const cpu = await cpuSince(before);
  const requests = result.requests.total;
  const summary = {
    route,
    title: spec.title,
    rate: rate === null ? 'max' : rate,
    requests,
    // Answers with 2xx per second: a shed or failed request is not a read served.
    achievedRate: Math.round(result['2xx'] / result.duration),
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
    errors: result.errors + result.timeouts,
    nodeMsPerRequest: requests > 0 ? cpu.node / requests : null,
    postgresMsPerRequest: requests > 0 ? cpu.postgres / requests : null,
    load: `${loadAtStart} → ${load()}`,
  };
  if (!values.json) console.error(JSON.stringify(summary));
  return summary;
}

const results = [];
const measuringAfterSeconds = Math.floor((Date.now() - serverSpawnedAt) / 1000);
for (const route of routes) {
  if (!ROUTES[route]) throw new Error(`unknown route ${route} (health, policy, household)`);
  // Warm up (JIT, connection pool, caches) before measuring.
  await autocannon({
    url: baseUrl,
    connections,
    duration: 3,
    requests: [{ setupRequest: (request) => ({ ...request, ...ROUTES[route].request() }) }],
  });
  if (!values['no-max']) results.push(await phase(route, null));
  for (const rate of route === 'health' ? [] : rates) results.push(await phase(route, rate));
}
await db.end();
stop();
await serverExited;
fs.rmSync(dataDir, { recursive: true, force: true });

const healthMax = results.find((r) => r.route === 'health' && r.rate === 'max')?.achievedRate ?? null;
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
if (values.json) {
  console.log(
    JSON.stringify(
      { commit, machine, loadBefore, loadAfter: load(), counts: counts[0], connections, duration, results },
      null,
      2,
    ),
  );
} else {
  console.log(
    `\nCommit ${commit}; machine: ${machine}; data: ${counts[0].households} households, ${counts[0].policies} policies`,
  );
  console.log(
    `${profileDir ? `CPU profile in ${profileDir}: the first ${measuringAfterSeconds} s are start-up and sign-in (--skip-seconds ${measuringAfterSeconds}).\n` : ''}${connections} connections, ${duration} s per fixed rate (${maxDuration} s unthrottled), server LOG_LEVEL=${values['log-level']}, pool ${values['pool-size']}, load generator on the same machine; load average ${loadBefore} before, ${load()} after.\n`,
  );
  console.log(
    '| route | asked req/s | achieved req/s | ratio to health max | median ms | p99 ms | non-2xx | errors | Node CPU ms/req | PostgreSQL CPU ms/req | load (1/5/15 min) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const fixed = (value, digits) => (value === null ? '–' : value.toFixed(digits));
  for (const r of results) {
    const ratio = r.rate === 'max' && healthMax ? fixed(r.achievedRate / healthMax, 2) : '';
    console.log(
      `| ${r.title} | ${r.rate} | ${r.achievedRate} | ${ratio} | ${r.medianMs} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} | ${fixed(r.nodeMsPerRequest, 2)} | ${fixed(r.postgresMsPerRequest, 2)} | ${r.load} |`,
    );
  }
}
