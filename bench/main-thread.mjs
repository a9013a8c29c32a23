// Where a page load's main-thread time goes, task by task (issue 16: Lighthouse's blocking time). Loads one
// page in Debian's Chromium with the CPU slowed as Lighthouse's mobile preset slows it (4×) and the cache
// off, under the DevTools protocol's sampling profiler; splits the samples into tasks (busy stretches
// separated by more than 1 ms idle) and, for every task of 50 ms or more (a long task), prints its
// self time by package and its heaviest functions, mapped to our sources and packages through the build's
// source maps. Lighthouse counts the part of each long task past 50 ms, after the first paint, as
// blocking time.
//
//   npm run build && node bench/main-thread.mjs [--page /payments/make-payment] [--throttle 4] [--top 6] [--desktop]
//
// Signed in as maria.santos (English) unless bench/lib/pages.mjs says the page is signed out. The load ends
// when the page's marker is drawn (`--marker`, else the table's) plus 3 s, so work
// started after the page is shown (the schemas, decision 033) is seen too. One load: run it a few times.
// Playwright's own checks for the marker (its injected `query` functions) appear as a few milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { BENCH_PAGES } from './lib/pages.mjs';
import { signInMember, startPortalServer } from './lib/portal-server.mjs';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: '/payments/make-payment' },
    marker: { type: 'string' },
    throttle: { type: 'string', default: '4' },
    top: { type: 'string', default: '6' },
    desktop: { type: 'boolean', default: false },
  },
});
// A phone, as Lighthouse's mobile preset emulates one (its Moto G Power: 412 × 823, a phone's User-Agent):
// the server lays a rendered page out for a phone by its User-Agent, without the side navigation.
// `--desktop` loads the page as a desktop browser (1280 × 720), side navigation and all.
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};
const known = BENCH_PAGES.find((page) => page.path === values.page);
const marker = values.marker ?? known?.rendered ?? 'main h1';
// A page the table does not name is loaded signed in (most pages are a member's).
const signedIn = known?.signedIn ?? true;
const assetsDir = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

const { baseUrl, stop } = await startPortalServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let profile;
let browserView = { longTasks: [], fcp: 0, shown: null, markerSeen: 0, hydration: [] };
try {
  const context = await browser.newContext(values.desktop ? {} : PHONE);
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    // The browser's own long tasks (its task boundaries, which the profile's idle gaps do not always show:
    // work that yields without an idle gap between its pieces looks like one task there).
    const seen = [];
    globalThis.__benchLongTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  if (signedIn) await signInMember(page, baseUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${baseUrl}${values.page}`, { waitUntil: 'load' });
  await page.locator(marker).first().waitFor({ timeout: 60_000 });
  // When the bench saw the page's marker (the same moment whatever the build marks itself).
  const markerSeen = await page.evaluate(() => performance.now());
  await page.waitForTimeout(3000);
  ({ profile } = await cdp.send('Profiler.stop'));
  browserView = await page.evaluate(() => ({
    longTasks: globalThis.__benchLongTasks ?? [],
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    shown: performance.getEntriesByName('portal:first-page-shown')[0]?.startTime ?? null,
    hydration: performance
      .getEntriesByType('mark')
      .filter((entry) => entry.name.startsWith('portal:hydrate:'))
      .map((entry) => [entry.name.slice('portal:hydrate:'.length), entry.startTime]),
  }));
  browserView.markerSeen = markerSeen;
} finally {
  await browser.close();
  stop();
}

// A sample's function as a reader knows it: the source map's original name and file for our build.
const sourceMaps = new Map();
function whereOf({ functionName, url, lineNumber, columnNumber }) {
  const file = url.split('/').pop();
  if (!url.includes('/assets/') || lineNumber < 0)
    return { name: functionName || (url ? '(anonymous)' : '(native)'), source: file || '' };
  if (!sourceMaps.has(file)) {
    const mapFile = path.join(assetsDir, `${file}.map`);
    sourceMaps.set(file, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null);
  }
  const map = sourceMaps.get(file);
  if (!map) return { name: functionName || '(anonymous)', source: file };
  const position = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  const source = (position.source ?? file).replace(/^(\.\.\/)+/, '');
  return {
    name: position.name ?? (functionName || '(anonymous)'),
    source: `${source}:${position.line ?? '?'}`,
  };
}
/** node_modules/<package> (scoped kept whole), `ours` for the portal's sources, else the frame as named. */
function packageOf(where) {
  const inModules = where.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (/^(apps|packages|src)\//.test(where.source)) return 'ours';
  return where.source ? where.source : where.name;
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const described = new Map();
const describe = (node) => {
  if (!described.has(node.id)) {
    const where = whereOf(node.callFrame);
    described.set(node.id, { label: `${where.name} ${where.source}`.trim(), pkg: packageOf(where) });
  }
  return described.get(node.id);
};
const tasks = [];
let task = null;
let time = profile.startTime;
for (let index = 0; index < profile.samples.length; index += 1) {
  time += profile.timeDeltas[index];
  const node = nodes.get(profile.samples[index]);
  if (node.callFrame.functionName === '(idle)') {
    if (task && time - task.end > 1000) {
      tasks.push(task);
      task = null;
    }
    continue;
  }
  const step = profile.timeDeltas[index + 1] ?? 200;
  task ??= { start: time, end: time, functions: new Map(), packages: new Map() };
  task.end = time + step;
  const { label, pkg } = describe(node);
  task.functions.set(label, (task.functions.get(label) ?? 0) + step);
  task.packages.set(pkg, (task.packages.get(pkg) ?? 0) + step);
}
if (task) tasks.push(task);

const ms = (microseconds) => (microseconds / 1000).toFixed(0);
const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
const longTasks = tasks.filter((one) => one.end - one.start >= 50_000);
const busy = tasks.reduce((sum, one) => sum + (one.end - one.start), 0);
console.log(`${values.page} at ${values.throttle}× CPU slowdown, cache off; marker ${marker}`);
console.log(
  `busy ${ms(busy)} ms in ${tasks.length} tasks; ${longTasks.length} long tasks, ${ms(longTasks.reduce((sum, one) => sum + one.end - one.start - 50_000, 0))} ms past their first 50 ms`,
);
for (const one of longTasks) {
  console.log(`\ntask at ${ms(one.start - profile.startTime)} ms: ${ms(one.end - one.start)} ms`);
  console.log(
    `  by package: ${top(one.packages, 8)
      .map(([name, value]) => `${name} ${ms(value)}`)
      .join(', ')}`,
  );
  for (const [label, value] of top(one.functions, Number(values.top)))
    console.log(`  ${ms(value).padStart(5)} ms  ${label}`);
}
const round = (value) => value.toFixed(0);
const blocking = (from) =>
  browserView.longTasks
    .filter(([start]) => start >= from)
    .reduce((sum, [, duration]) => sum + duration - 50, 0);
console.log(
  `\nThe browser's long tasks (PerformanceObserver 'longtask', ms from navigation; first paint ${round(browserView.fcp)}` +
    `, first page shown ${browserView.shown === null ? '?' : round(browserView.shown)}):`,
);
console.log(
  `  ${browserView.longTasks.map(([start, duration]) => `${round(duration)} at ${round(start)}`).join(', ')}`,
);
// A server-rendered page is hydrated in passes (apps/web/src/lib/hydrate-later.tsx): where each started.
if (browserView.hydration?.length)
  console.log(
    `  hydration passes started: ${browserView.hydration.map(([name, start]) => `${name} at ${round(start)}`).join(', ')}`,
  );
const afterMarker = browserView.longTasks.filter(([start]) => start >= browserView.markerSeen);
console.log(
  `  from the marker seen (${round(browserView.markerSeen)}) on: ${afterMarker.length} long tasks, ${round(blocking(browserView.markerSeen))} ms past 50 ms, longest ${round(Math.max(0, ...afterMarker.map(([, duration]) => duration)))} ms`,
);
console.log(
  `  past 50 ms after the first paint: ${round(blocking(browserView.fcp))} ms; of tasks from the first page shown on: ` +
    `${browserView.shown === null ? '?' : round(blocking(browserView.shown))} ms; longest from then on: ` +
    `${browserView.shown === null ? '?' : round(Math.max(0, ...browserView.longTasks.filter(([start]) => start >= browserView.shown).map(([, duration]) => duration)))} ms`,
);
const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')}`;
console.log(`\nMachine: ${machine}, Node ${process.version}`);
