// Importing a 10,000-member X12 834 (issue 34: "a 10,000-member file imports in under 60 s here"). Generates
// a realistic file — households of 1 to 4 members, one transaction set each (subscriber, spouse, children),
// every set with its 2750 reporting loops (APTC, CSR, premium, responsibility, rating area, source exchange,
// request time) and one plan of a small catalogue — then imports it with the portal's own import service
// (`importEnrollment`, what the CLI, the API and the drop folder call) into a fresh, migrated embedded
// database on disk (PGlite, as `npm start` runs), and into a fresh database on PostgreSQL when DATABASE_URL
// names a server. Times the import alone (the file is parsed inside it), several runs, and reports the
// median, what the import did, the commit and the machine's load.
//
//   npx tsx bench/enrollment-834.mjs [--members 10000] [--runs 3] [--out FILE] [--cpu-prof]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/enrollment-834.mjs
//
// (tsx: the script imports the server's TypeScript.) --out keeps the generated file; --cpu-prof writes a
// V8 CPU profile of the first embedded run into bench/.profiles/.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dueDayRule } from '../packages/domain/src/index.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { plans } from '../apps/server/src/db/schema/index.ts';
import { importEnrollment } from '../apps/server/src/modules/enrollment/service.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const target = Number(values.members);
const runs = Number(values.runs);
const repoRoot = path.resolve(import.meta.dirname, '..');

// ----- the file ---------------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32): the same file every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(834);
const pick = (list) => list[Math.floor(rand() * list.length)];
const PLANS = [
  '77421MA0010001-01',
  '77421MA0010002-04',
  '77421MA0010003-05',
  '77421MA0010004-06',
  '77421MA0010005-01',
];
const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elena',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Isabel',
  'João',
  'Karen',
  'Luis',
  'Marta',
  'Nuno',
  'Olivia',
  'Pedro',
];
const LAST = [
  'Almeida',
  'Barbosa',
  'Costa',
  'Dias',
  'Ferreira',
  'Gomes',
  'Lopez',
  'Martins',
  'Nunes',
  'Oliveira',
  'Pereira',
  'Rocha',
  'Silva',
  'Torres',
];
const TOWNS = [
  ['Fall River', '02720', '25005'],
  ['New Bedford', '02740', '25005'],
  ['Worcester', '01608', '25027'],
  ['Springfield', '01103', '25013'],
  ['Lowell', '01852', '25017'],
];
const d8 = (year, month, day) =>
  `${String(year)}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
const money = (cents) => (cents / 100).toFixed(2);

function generate(memberCount) {
  const sets = [];
  let members = 0;
  let households = 0;
  while (members < memberCount) {
    const size = Math.min(memberCount - members, 1 + Math.floor(rand() * 4));
    households += 1;
    const id = String(3_000_000_000 + households);
    const last = pick(LAST);
    const [city, zip, county] = pick(TOWNS);
    const plan = pick(PLANS);
    const start = '20270101';
    const premiums = Array.from({ length: size }, () => 30_000 + Math.floor(rand() * 50_000));
    const total = premiums.reduce((sum, value) => sum + value, 0);
    const aptc = Math.floor(total * rand() * 0.6);
    const segments = [
      `ST*834*${String(households % 10_000).padStart(4, '0')}*005010X220A1`,
      `BGN*00*B${id}*20261201*0930****2`,
    ];
    for (let n = 0; n < size; n += 1) {
      const subscriber = n === 0;
      const relationship = subscriber ? '18' : n === 1 && size > 2 ? '01' : '19';
      const memberId = subscriber ? id : `${id}${String(n)}`;
      const birthYear =
        subscriber || relationship === '01' ? 1960 + Math.floor(rand() * 40) : 2008 + Math.floor(rand() * 17);
      segments.push(
        `INS*${subscriber ? 'Y' : 'N'}*${relationship}*021*28*A***AC`,
        `REF*0F*${id}`,
        `REF*17*${memberId}`,
        ...(subscriber ? [`REF*1L*BENCH-${id}`, `REF*3H*APP-${id}`] : []),
        `NM1*IL*1*${last}*${pick(FIRST)}${subscriber ? `****34*${String(100_000_000 + households)}` : ''}`,
        ...(subscriber
          ? [
              `PER*IP**TE*508555${String(households % 10_000).padStart(4, '0')}*EM*member${id}@example.org`,
              `N3*${String(1 + (households % 999))} Main St`,
              `N4*${city}*MA*${zip}**CY*${county}`,
            ]
          : []),
        `DMG*D8*${d8(birthYear, 1 + Math.floor(rand() * 12), 1 + Math.floor(rand() * 28))}*${rand() < 0.5 ? 'F' : 'M'}`,
        ...(subscriber ? [`LUI*LE*${pick(['eng', 'spa', 'por'])}**7`] : []),
        'HD*021**HLT**FAM',
        `DTP*348*D8*${start}`,
        `REF*CE*${plan}`,
        'LX*1',
        'N1*75*PRE AMT 1',
        `REF*9X*${money(premiums[n])}`,
        `DTP*007*D8*${start}`,
      );
      if (subscriber) {
        const categories = [
          ['APTC AMT', '9V', money(aptc)],
          ['CSR AMT', '9V', money(Math.floor(rand() * 5_000))],
          ['PRE AMT TOT', '9X', money(total)],
          ['TOT RES AMT', '9X', money(total - aptc)],
          ['RATING AREA', '9X', `R-MA00${String(1 + (households % 7))}`],
          ['SOURCE EXCHANGE ID', '17', 'MA0'],
          ['REQUEST SUBMIT TIMESTAMP', '17', '20261130101500'],
        ];
        categories.forEach(([name, qualifier, value], index) => {
          segments.push(
            `LX*${String(index + 2)}`,
            `N1*75*${name}`,
            `REF*${qualifier}*${value}`,
            `DTP*007*D8*${start}`,
          );
        });
      }
    }
    const control = String(households % 10_000).padStart(4, '0');
    segments.push(`SE*${String(segments.length + 1)}*${control}`);
    sets.push(segments.map((segment) => `${segment}~`).join('\n'));
    members += size;
  }
  const control = '000000834';
  const text = [
    `ISA*00*          *00*          *ZZ*BENCHEXCHANGE  *ZZ*77421MA        *261201*0930*^*00501*${control}*0*T*:~`,
    `GS*BE*BENCHEXCHANGE*77421MA*20261201*0930*1*X*005010X220A1~`,
    ...sets,
    `GE*${String(sets.length)}*1~`,
    `IEA*1*${control}~`,
  ].join('\n');
  return { text, members, households };
}

// ----- the runs -----------------------------------------------------------------------------------------

const CATALOGUE = PLANS.map((id, index) => ({
  id,
  lineOfCoverage: 'Medical',
  planName: `Bench Silver ${String(index + 1)} HMO`,
  metalLevel: 'Silver',
  planType: 'HMO',
  planYear: 2027,
  effectiveDate: '2027-01-01',
  effectiveEndDate: '2027-12-31',
  monthlyPremiumCents: 45_000,
  deductibleCents: 150_000,
  outOfPocketMaxCents: 300_000,
  drugsCovered: 'Generic and preferred brand',
}));
const settings = {
  today: '2026-12-06',
  dueRule: dueDayRule({ implementation: 'constant', day: 1, offsetDays: 0 }),
  actor: { subject: 'bench:enrollment-834', role: 'system' },
  demoPassword: null,
};

async function timedImport(handle, text, profile) {
  await handle.migrate();
  await handle.db.insert(plans).values(CATALOGUE);
  let session = null;
  if (profile) {
    session = new inspector.Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const outcome = await importEnrollment(handle.db, settings, { text, fileName: 'bench.edi', source: 'cli' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  if (session) {
    const { profile: cpuProfile } = await session.post('Profiler.stop');
    const dir = path.join(repoRoot, 'bench/.profiles');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `enrollment-834-${Date.now().toString(36)}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(cpuProfile));
    console.log(`CPU profile: ${path.relative(repoRoot, file)}`);
  }
  if (outcome.summary.status !== 'processed' || outcome.summary.rejected > 0) {
    throw new Error(
      `the import did not apply whole: ${JSON.stringify({ ...outcome.summary, rejections: outcome.summary.rejections.slice(0, 5) })}`,
    );
  }
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6, summary: outcome.summary };
}

async function embedded(text, profile) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-834-'));
  const handle = await openPglite({ dataDir });
  try {
    return await timedImport(handle, text, profile);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres(serverUrl, text) {
  const name = `portal_bench834_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres({ connectionString: url.toString(), poolSize: 4 });
  try {
    return await timedImport(handle, text, false);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

const generatedAt = process.hrtime.bigint();
const file = generate(target);
const generateSeconds = Number(process.hrtime.bigint() - generatedAt) / 1e9;
if (values.out) fs.writeFileSync(values.out, file.text, 'latin1');
const dirty = git('status', '--porcelain').length > 0 ? ' + uncommitted changes' : '';
console.log(
  `834 of ${file.members.toLocaleString('en-US')} members in ${file.households.toLocaleString('en-US')} households (${(file.text.length / 1e6).toFixed(1)} MB, generated in ${generateSeconds.toFixed(1)} s)`,
);
console.log(
  `commit ${git('rev-parse', '--short', 'HEAD')}${dirty}; ${String(os.cpus().length)} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; load average before ${load()}`,
);

const results = [];
for (const [label, run] of [
  ['embedded (PGlite)', (index) => embedded(file.text, values['cpu-prof'] && index === 0)],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', () => postgres(process.env.DATABASE_URL, file.text)]] : []),
]) {
  const times = [];
  for (let index = 0; index < runs; index += 1) {
    const before = load();
    const result = await run(index);
    times.push(result.seconds);
    console.log(
      `${label} run ${String(index + 1)}: ${result.seconds.toFixed(1)} s (CPU of this process ${result.cpuSeconds.toFixed(1)} s); load ${before} → ${load()}; applied ${String(result.summary.applied)}, members created ${String(result.summary.members.created)}`,
    );
  }
  results.push({ label, median: median(times), times });
}
for (const { label, median: m, times } of results) {
  console.log(
    `${label}: median ${m.toFixed(1)} s of ${String(times.length)} runs (${times.map((t) => t.toFixed(1)).join(', ')}); target < 60 s: ${m < 60 ? 'met' : 'NOT met'}`,
  );
}
console.log(`load average after ${load()}`);
