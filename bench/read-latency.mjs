// Read latency under load (issue 4): policy and household reads against a server on PostgreSQL seeded
// with the demo data set (run bench/seed first). Load comes from autocannon on the same machine at a
// fixed rate; we report the median and p99 latency, the achieved rate and any non-2xx answers.
//
//   node bench/read-latency.mjs [--database-url postgres://…/portal_bench] [--rate 500] [--duration 30]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { signIn } from './lib/sign-in.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/portal_bench' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3210' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Lighthouse-Demo-2026' },
  },
});
const rate = Number(values.rate);
const duration = Number(values.duration);
const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

const db = new pg.Client({ connectionString: values['database-url'] });
await db.connect();
const { rows: counts } = await db.query(
  'select (select count(*) from households)::int as households, (select count(*) from policies)::int as policies',
);
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATABASE_URL: values['database-url'],
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '20',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; i < 120; i += 1) {
  try {
    if ((await fetch(`${baseUrl}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}

const staffToken = await signIn(baseUrl, 'workforce', 'cs.agent', values.password);
const memberToken = await signIn(baseUrl, 'consumer', 'maria.santos', values.password);

async function load(title, requestFor) {
  // Warm up (JIT, connection pool, caches) before measuring.
  await autocannon({ url: baseUrl, connections: 10, duration: 3, requests: [requestFor()] });
  const result = await autocannon({
    url: baseUrl,
    connections: Number(values.connections),
    overallRate: rate,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, ...requestFor() }) }],
  });
  const summary = {
    title,
    requests: result.requests.total,
    achievedRate: Math.round(result.requests.average),
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.log(JSON.stringify(summary));
  return summary;
}

const pick = () => policyIds[Math.floor(Math.random() * policyIds.length)];
const results = [
  await load('GET /api/v1/Policy/{id} (customer service, random policies)', () => ({
    method: 'GET',
    path: `/api/v1/Policy/${pick()}`,
    headers: { authorization: `Bearer ${staffToken}` },
  })),
  await load('POST /api/v1/Household/user (member)', () => ({
    method: 'POST',
    path: '/api/v1/Household/user',
    headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
    body: '{}',
  })),
];
stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(
  `\nMachine: ${machine}; data: ${counts[0].households} households, ${counts[0].policies} policies`,
);
console.log(
  `Target rate ${rate}/s for ${duration} s, ${values.connections} connections, load generator on the same machine.\n`,
);
console.log('| read | achieved req/s | median ms | p99 ms | non-2xx | errors |');
console.log('|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.title} | ${r.achievedRate} | ${r.medianMs} | ${r.p99Ms} | ${r.non2xx} | ${r.errors + r.timeouts} |`,
  );
