// `npm ci && npm start` on a fresh clone, to a usable portal (issue 16: under 60 s). Clones this repository's
// committed state into a temporary folder, runs the README's two commands there and times each stage until a
// browser shows the signed-out home page with its sign-in buttons:
//
//   install   `npm ci`, from the npm cache this machine already has; with `npm_config_cache=$(mktemp -d)` in
//             the environment it downloads every package as a new machine would (its network then counts)
//   web       `npm start` until the web app is built (apps/web/dist/index.html written)
//   server    until the server bundle is built (apps/server/dist/server.js written)
//   listening until GET /api/health answers: the embedded database created and migrated, the demo data seeded
//   usable    until Debian's Chromium has drawn /home's sign-in buttons
//
//   node bench/fresh-start.mjs [--repo .] [--keep]
//
// The server gets free ports (PORT, PROCESSOR_PORT) so that another server on this machine cannot be in the
// way; everything else is the default `npm start`. `--keep` leaves the clone in place (its path is printed).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { freePort } from './lib/portal-server.mjs';

const TARGET_SECONDS = 60;
const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    keep: { type: 'boolean', default: false },
  },
});

const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fresh-start-'));
const commit = execFileSync('git', ['-C', values.repo, 'rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).trim();
execFileSync('git', ['clone', '--quiet', values.repo, clone]);
const loadBefore = os.loadavg();

const seconds = (ms) => (ms / 1000).toFixed(1);
const run = (command, args, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: clone,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
const waitFor = async (check, what, timeoutMs = 300_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const marks = {};
let server = null;
let browser = null;
const t0 = Date.now();
try {
  await run('npm', ['ci', '--no-audit', '--no-fund']);
  marks.install = Date.now();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Its own process group, so that stopping it stops npm, the build and the server under it.
  server = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    env: { ...process.env, PORT: String(port), PROCESSOR_PORT: String(await freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = () => server.exitCode !== null || server.signalCode !== null;
  const exists = (file) => () => {
    if (exited()) throw new Error(`npm start exited with ${server.exitCode ?? server.signalCode}`);
    return fs.existsSync(path.join(clone, file));
  };
  await waitFor(exists('apps/web/dist/index.html'), 'the web build');
  marks.web = Date.now();
  await waitFor(exists('apps/server/dist/server.js'), 'the server build');
  marks.server = Date.now();
  await waitFor(async () => {
    if (exited()) throw new Error(`npm start exited with ${server.exitCode ?? server.signalCode}`);
    try {
      return (await fetch(`${baseUrl}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 'GET /api/health');
  marks.listening = Date.now();

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/home`);
  await page.locator('main button').first().waitFor({ timeout: 120_000 });
  marks.usable = Date.now();
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve();
      else server.once('exit', resolve);
    });
  }
  if (values.keep) console.log(`Clone kept in ${clone}`);
  else fs.rmSync(clone, { recursive: true, force: true });
}

const stages = [
  ['npm ci', t0, marks.install],
  ['npm start: web app built', marks.install, marks.web],
  ['npm start: server bundle built', marks.web, marks.server],
  ['npm start: database ready, listening', marks.server, marks.listening],
  ['first page drawn in Chromium', marks.listening, marks.usable],
];
console.log(`Fresh clone of ${commit}: npm ci && npm start to a usable portal`);
for (const [name, from, to] of stages)
  console.log(`  ${name.padEnd(38)} ${seconds(to - from).padStart(6)} s`);
const total = marks.usable - t0;
console.log(`  ${'total'.padEnd(38)} ${seconds(total).padStart(6)} s (target: under ${TARGET_SECONDS} s)`);
const load = (values) => values.map((n) => n.toFixed(2)).join(' ');
console.log(
  `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${load(loadBefore)} before, ${load(os.loadavg())} after`,
);
if (total > TARGET_SECONDS * 1000) process.exitCode = 1;
