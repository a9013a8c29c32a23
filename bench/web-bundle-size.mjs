// Page weight of the web app (issue 6): builds it with a Vite manifest and reports the gzip size of the
// JavaScript a browser must load before /account-overview first renders — the entry chunk, everything
// it imports statically, the account-overview route chunk and its static imports, and any chunk that
// startup awaits — against the budget of 200 KB (1 KB = 1000 bytes).
//
//   node bench/web-bundle-size.mjs [--budget 200] [--json]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: { budget: { type: 'string', default: '200' }, json: { type: 'boolean', default: false } },
});
const budgetBytes = Number(values.budget) * 1000;
const repoRoot = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(repoRoot, 'apps/web');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bundle-'));

// The route module of /account-overview (app/router.tsx) and the modules startup awaits before the
// first render (none today: English ships in the entry; es/pt load only for those languages).
const ROUTE_MODULES = ['src/areas/account-overview/account-overview-page.tsx'];
const STARTUP_MODULES = [];

execFileSync(
  process.execPath,
  [
    path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'error',
    '--outDir',
    outDir,
    '--manifest',
    'manifest.json',
  ],
  {
    cwd: webRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'manifest.json'), 'utf8'));

/** The chunk and everything it imports statically (what the browser fetches with it). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const keys = new Set();
for (const key of [entryKey, ...ROUTE_MODULES, ...STARTUP_MODULES]) for (const k of closure(key)) keys.add(k);

const chunks = [...keys]
  .map((key) => {
    const file = manifest[key].file;
    const bytes = fs.readFileSync(path.join(outDir, file));
    return { key, file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .filter((chunk) => chunk.file.endsWith('.js'))
  .sort((a, b) => b.gzip - a.gzip);
const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
const rawTotal = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
fs.rmSync(outDir, { recursive: true, force: true });

const kb = (bytes) => (bytes / 1000).toFixed(1);
if (values.json) {
  console.log(
    JSON.stringify({ totalGzipBytes: total, totalRawBytes: rawTotal, budgetBytes, chunks }, null, 2),
  );
} else {
  console.log(`Initial JavaScript for /account-overview (${chunks.length} chunks):`);
  for (const chunk of chunks)
    console.log(
      `  ${kb(chunk.gzip).padStart(7)} KB gzip  ${kb(chunk.raw).padStart(7)} KB raw  ${chunk.file}`,
    );
  console.log(
    `  ${kb(total).padStart(7)} KB gzip  ${kb(rawTotal).padStart(7)} KB raw  total (budget ${kb(budgetBytes)} KB gzip)`,
  );
  console.log(
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`,
  );
}
if (total > budgetBytes) {
  console.error(`Over budget by ${kb(total - budgetBytes)} KB gzip.`);
  process.exit(1);
}
