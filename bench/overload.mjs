// Overload (issue 16, docs/decisions/034): the portal at twice the rate it sustains sheds load cleanly —
// 503 problem+json with Retry-After at once, not requests queueing until they time out — and recovers
// as soon as the load falls. Against the server on PostgreSQL holding the bench seed (run bench/seed
// first, and `npm run build`), load from autocannon on the same machine:
//   1. capacity: policy reads unthrottled at 10 connections for --capacity-seconds: the sustainable rate R;
//   2. overload: 2R offered at --connections for --duration seconds, a probe request every 250 ms;
//   3. recovery: R/2 for --recovery-seconds right after: nothing shed, latency back to normal.
// The shed counter comes from the server's own metrics (METRICS_PORT).
//
//   node bench/overload.mjs [--database-url postgres://…/portal_bench] [--duration 20] [--connections 200]
//        [--max-delay-ms 500] [--max-elu 0] [--max-in-flight 100]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_CLIENT_SECRET, signIn } from './lib/sign-in.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench' },
    duration: { type: 'string', default: '20' },
    'capacity-seconds': { type: 'string', default: '10' },
    'recovery-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '200' },
    port: { type: 'string' },
    'metrics-port': { type: 'string' },
    'max-delay-ms': { type: 'string' },
    'max-elu': { type: 'string' },
    'max-in-flight': { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Lighthouse-Demo-2026' },
  },
});
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
const metricsPort = Number(values['metrics-port'] ?? (await freePort()));
const baseUrl = `http://127.0.0.1:${port}`;
const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
const repoRoot = path.resolve(import.meta.dirname, '..');

const db = new pg.Client({ connectionString: values['database-url'] });
await db.connect();
const { rows: sample } = await db.query('select id from policies tablesample system (5) limit 5000');
await db.end();
if (sample.length === 0) {
  console.error(`No policies in ${values['database-url']}: seed it first (see bench/README.md).`);
  process.exit(1);
}
const policyIds = sample.map((row) => row.id);
if (!fs.existsSync(path.join(repoRoot, 'apps/server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-overload-'));
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
    DATABASE_POOL_SIZE: '20',
    JOBS: 'false',
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    // Production needs a processor; reads never call it.
    PROCESSOR_URL: 'http://127.0.0.1:9',
    PROCESSOR_API_KEY: 'sk_bench_unused_0123456789',
    PROCESSOR_WEBHOOK_SECRET: 'whsec_bench_unused_0123456789',
    ...(values['max-delay-ms'] ? { LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: values['max-delay-ms'] } : {}),
    ...(values['max-elu'] ? { LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: values['max-elu'] } : {}),
    ...(values['max-in-flight'] ? { LOAD_SHED_MAX_IN_FLIGHT: values['max-in-flight'] } : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; i < 120; i += 1) {
  try {
    if ((await fetch(`${baseUrl}/api/health/ready`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const staffToken = await signIn(baseUrl, 'workforce', 'cs.agent', values.password);
const pick = () => policyIds[Math.floor(Math.random() * policyIds.length)];
const read = () => ({
  method: 'GET',
  path: `/api/v1/Policy/${pick()}`,
  headers: { authorization: `Bearer ${staffToken}` },
});

async function shedSoFar() {
  const text = await (await fetch(metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('portal_requests_shed_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

async function run(title, options) {
  const loadBefore = os.loadavg()[0];
  const shedBefore = await shedSoFar();
  const result = await autocannon({
    url: baseUrl,
    timeout: 10,
    requests: [{ setupRequest: (request) => ({ ...request, ...read() }) }],
    ...options,
  });
  const codes = result.statusCodeStats ?? {};
  const count = (code) => codes[code]?.count ?? 0;
  const summary = {
    title,
    offered: options.overallRate ?? 'unthrottled',
    connections: options.connections,
    seconds: options.duration,
    ok: count(200),
    okPerSecond: Math.round(count(200) / options.duration),
    shed503: count(503),
    otherNon2xx: result.non2xx - count(503),
    errors: result.errors,
    timeouts: result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    shedCounted: (await shedSoFar()) - shedBefore,
    load: `${loadBefore.toFixed(1)}→${os.loadavg()[0].toFixed(1)}`,
  };
  console.log(JSON.stringify(summary));
  return summary;
}

// Warm-up (JIT, pool, caches), then the rate this machine sustains.
await autocannon({ url: baseUrl, connections: 10, duration: 3, requests: [read()] });
const capacity = await run('capacity (unthrottled)', {
  connections: 10,
  duration: Number(values['capacity-seconds']),
});
const sustainable = Math.max(10, capacity.okPerSecond);

// Overload at twice that, with a probe that looks at what a shed caller really gets.
const probes = [];
let probing = true;
const probe = (async () => {
  while (probing) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${read().path}`, {
        headers: { authorization: `Bearer ${staffToken}` },
      });
      const body = await response.text();
      probes.push({
        status: response.status,
        ms: Math.round(performance.now() - started),
        retryAfter: response.headers.get('retry-after'),
        problem:
          response.status === 503
            ? response.headers.get('content-type')?.startsWith('application/problem+json') === true &&
              JSON.parse(body).status === 503
            : null,
      });
    } catch (error) {
      probes.push({ status: 'error', ms: Math.round(performance.now() - started), error: String(error) });
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();
const overload = await run('overload (2× sustainable)', {
  connections: Number(values.connections),
  overallRate: sustainable * 2,
  duration: Number(values.duration),
});
probing = false;
await probe;
const recovery = await run('recovery (½ sustainable)', {
  connections: 10,
  overallRate: Math.round(sustainable / 2),
  duration: Number(values['recovery-seconds']),
});
stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const shedProbes = probes.filter((p) => p.status === 503);
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\nMachine: ${machine}. Sustainable: ${sustainable} reads/s (policy read, customer service).`);
console.log(
  `Probes during overload: ${probes.length}, ${shedProbes.length} shed (503) in at most ${Math.max(0, ...shedProbes.map((p) => p.ms))} ms, all problem+json: ${shedProbes.every((p) => p.problem)}, Retry-After: ${[...new Set(shedProbes.map((p) => p.retryAfter))].join(', ') || '-'}; answered 200 in p50 ${median(probes.filter((p) => p.status === 200).map((p) => p.ms))} ms; errors ${probes.filter((p) => p.status === 'error').length}.`,
);
console.log(
  '\n| phase | offered req/s | conns | 200/s | 503 (shed) | other non-2xx | errors+timeouts | p50 ms | p99 ms | max ms | shed counted | load |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of [capacity, overload, recovery]) {
  console.log(
    `| ${r.title} | ${r.offered} | ${r.connections} | ${r.okPerSecond} | ${r.shed503} | ${r.otherNon2xx} | ${r.errors + r.timeouts} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.shedCounted} | ${r.load} |`,
  );
}

function median(numbers) {
  if (numbers.length === 0) return '-';
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
