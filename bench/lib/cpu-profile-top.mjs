// Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time per function and per package
// (node_modules/<package>; `portal` is our bundle, `node` Node's own JavaScript, `(native)` functions
// without a script such as writev), as shares of the time the process was not idle.
//
//   node bench/lib/cpu-profile-top.mjs <file.cpuprofile> [--top 25] [--skip-seconds N]
//
// `--skip-seconds` leaves out the first N seconds of the profile (start-up and sign-in; bench/read-latency.mjs
// prints how long they took).
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, 'skip-seconds': { type: 'string', default: '0' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: node bench/lib/cpu-profile-top.mjs <file.cpuprofile> [--top 25]');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const top = Number(values.top);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
const skipUs = Number(values['skip-seconds']) * 1e6;
let elapsedUs = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  elapsedUs += profile.timeDeltas[i] ?? 0;
  if (elapsedUs < skipUs) continue;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

function packageOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/apps/server/dist/')) return 'portal';
  return url;
}

const functions = new Map();
const packages = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (name === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  const pkg = packageOf(url, name);
  const key = `${name} ${pkg}${url && pkg !== url ? `:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}

const share = (us) => `${((100 * us) / total).toFixed(1)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle\n`);
console.log('| package | self time |');
console.log('|---|---:|');
for (const [pkg, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`| ${pkg} | ${share(us)} |`);
console.log('\n| function | self time |');
console.log('|---|---:|');
for (const [key, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`| ${key} | ${share(us)} |`);
