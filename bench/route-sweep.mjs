// Every page a member opens, loaded cold, in this build and in another checkout's (issue 35: "no page of SPEC
// §2 slower than today"). Starts both built servers (free ports, fresh DATA_DIRs with the demo data), signs
// maria.santos in to each through /home and the built-in identity provider, then, round after round, loads
// each page of the route table as a full navigation with the browser cache cleared, in the other build and
// in this one one right after the other. The CPU runs at a quarter of its speed (DevTools' throttling, as
// Lighthouse simulates a phone's); the network is the loopback.
//
//   npm run build && node bench/route-sweep.mjs --base /work/wt/base [--rounds 3] [--page /documents/notice]… [--json]
//
// The other checkout must be built (`npm ci && npm run build` in it). Pages: every page of the route table
// (apps/web/src/app/routes.ts) that a signed-in member or the public opens and that needs no id; the staff's
// pages (another sign-in) and the receipts (an id) are left out. Two moments of each load, from the
// navigation's start, each the beginning of 300 ms on end in which it holds:
// - shown: the main heading is there and nothing in <main> is loading (no status, progress bar or skeleton:
//   the axe sweep's test);
// - answers: shown, the title is the page's own, and the page is not inert (a server-rendered page is inert,
//   and keeps the document's title, until its code has taken it over: decision 058). Without server
//   rendering the two are one moment.
// Prints per page the medians of the rounds in each build, their ratios and in how many rounds this build
// answered first, and the median of the pages' ratios. The measure of "not slower" is `answers`.
/* global document, location, requestAnimationFrame -- used inside functions that run in the browser */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signInMember, startPortalServer, webText } from './lib/portal-server.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    page: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
  },
});
if (!values.base) throw new Error('--base <another built checkout> is required');
const ROUNDS = Number(values.rounds);
const here = path.resolve(import.meta.dirname, '..');
const base = path.resolve(values.base);

const { ROUTE_TABLE } = await import(path.join(here, 'apps/web/src/app/routes.ts'));
const PAGES = ROUTE_TABLE.filter(
  (route) =>
    !route.landing &&
    !route.path.includes(':') &&
    ['public', 'private', 'guest'].includes(route.access) &&
    !['/auth/signed-out', '/error/500'].includes(route.path) &&
    (!values.page || values.page.includes(route.path)),
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});

/**
 * A build's server, a tab signed in to it, the tab's DevTools session, and each page's English title as the
 * build has it (its own words: a page's may have changed since), read once before any load.
 */
async function open(root) {
  const titles = new Map(PAGES.map((route) => [route.path, `${webText(route.titleKey, { root })} | `]));
  const { baseUrl, stop } = await startPortalServer({ root });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
  const page = await context.newPage();
  await signInMember(page, baseUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
  return { titles, baseUrl, stop, page, cdp };
}

/**
 * Milliseconds from the navigation's start until `route` is shown, and until it answers (see above), in
 * `build`'s tab: `{ shown, answers }`.
 */
async function loadTimes(build, route) {
  const { page, cdp, baseUrl, titles } = build;
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'commit' });
  return page.evaluate(
    (expected) =>
      new Promise((resolve, reject) => {
        const LOADING =
          'main [role=status], main [role=progressbar], main .kit-skeleton, main .MuiSkeleton-root';
        let shownSince = null;
        let answersSince = null;
        const deadline = performance.now() + 60_000;
        const check = () => {
          const shown =
            document.querySelector('main h1') !== null && document.querySelector(LOADING) === null;
          const answers =
            shown &&
            document.title.startsWith(expected) &&
            // A server-rendered page is inert until its code has taken it over (decision 058).
            document.querySelector('#root[inert]') === null;
          const now = performance.now();
          shownSince = shown ? (shownSince ?? now) : null;
          answersSince = answers ? (answersSince ?? now) : null;
          if (answersSince !== null && now - answersSince >= 300)
            resolve({ shown: Math.round(shownSince), answers: Math.round(answersSince) });
          else if (now > deadline)
            reject(new Error(`not shown: "${document.title}" at ${location.pathname}`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    titles.get(route.path),
  );
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const loadBefore = os.loadavg();
const builds = { base: await open(base), head: await open(here) };
/** Per page and moment, each build's times, round by round. */
const times = new Map(
  PAGES.map((route) => [route.path, { shown: { base: [], head: [] }, answers: { base: [], head: [] } }]),
);
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const route of PAGES) {
      for (const which of ['base', 'head']) {
        const { shown, answers } = await loadTimes(builds[which], route);
        times.get(route.path).shown[which].push(shown);
        times.get(route.path).answers[which].push(answers);
      }
    }
    if (!values.json) console.error(`round ${round + 1} of ${ROUNDS} done`);
  }
} finally {
  await browser.close();
  builds.base.stop();
  builds.head.stop();
}

/** Per page: the medians in each build, their ratio, and in how many rounds this build was the faster. */
const rows = PAGES.map((route) => {
  const { shown, answers } = times.get(route.path);
  return {
    path: route.path,
    answers: { baseMs: median(answers.base), headMs: median(answers.head), ...answers },
    shown: { baseMs: median(shown.base), headMs: median(shown.head), ...shown },
    ratio: median(answers.head) / median(answers.base),
    shownRatio: median(shown.head) / median(shown.base),
    fasterIn: answers.head.filter((ms, round) => ms < (answers.base[round] ?? 0)).length,
  };
});
const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${loadBefore
  .map((n) => n.toFixed(2))
  .join(' ')} before, ${os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')} after, Node ${process.version}`;
if (values.json) {
  console.log(
    JSON.stringify({ base, rounds: ROUNDS, cpuSlowdown: Number(values.cpu), rows, machine }, null, 2),
  );
} else {
  console.log(
    `Each page loaded cold (ms from the navigation's start, median of ${ROUNDS}), CPU ${values.cpu}× slower; base ${base}:`,
  );
  console.log(
    `  ${'page'.padEnd(56)} ${'shown: base'.padStart(11)} ${'this'.padStart(5)} ${'ratio'.padStart(5)}   ${'answers: base'.padStart(13)} ${'this'.padStart(5)} ${'ratio'.padStart(5)}  faster`,
  );
  for (const row of rows)
    console.log(
      `  ${row.path.padEnd(56)} ${String(row.shown.baseMs).padStart(11)} ${String(row.shown.headMs).padStart(5)} ${row.shownRatio.toFixed(2).padStart(5)}   ${String(row.answers.baseMs).padStart(13)} ${String(row.answers.headMs).padStart(5)} ${row.ratio.toFixed(2).padStart(5)}  ${row.fasterIn}/${ROUNDS}`,
    );
  console.log(
    `  median ratio over ${rows.length} pages: shown ${median(rows.map((row) => row.shownRatio)).toFixed(2)}, answers ${median(rows.map((row) => row.ratio)).toFixed(2)}`,
  );
  console.log(`Machine: ${machine}`);
}
