// Lighthouse on a phone (issue 16): the npm `lighthouse` package (12.8) driving Debian's Chromium through
// chrome-launcher, mobile preset with simulated throttling (Lighthouse's defaults), on
// /account-overview and /payments/make-payment signed in as a member and /payments/locate-account
// signed out. Prints the median of the runs per page (by performance score) against the targets:
// performance >= 95, accessibility 100, best practices >= 95, LCP <= 1.5 s, TBT <= 150 ms (issue 35), CLS <= 0.02.
//
//   npm run build && node bench/lighthouse.mjs [--runs 3] [--page /account-overview] [--out /tmp/lh] [--json]
//        [--prerendered with-scripts|scripts-after-paint|without-scripts]
//
// `--prerendered` measures what server rendering could buy at most, without building it: before a page's
// runs the page is rendered in another tab, its #root markup and every CSS rule it used are written into
// the document (a copy of the build the server is pointed at), and Lighthouse loads that document —
// `with-scripts` with the same scripts after it (the app then starts as it does today, which is no
// cheaper than hydrating the markup), `scripts-after-paint` with the same scripts requested only once the
// markup has been painted (a small script of ours starts them a frame later), `without-scripts` with none
// (the floor: the markup alone).
//
// Starts the built server (free port, fresh DATA_DIR with the demo data) and one browser. The member
// (maria.santos, English chosen as the language switcher stores it) signs in through /home and the
// built-in identity provider in the tab Lighthouse then audits: the session is the browser's session cookie,
// which Lighthouse's storage reset leaves alone (it clears the HTTP cache, service workers and cache
// storage before every run, so every run is a cold load). The guest's page is loaded in a context of its
// own, without that cookie. The load average is printed before the runs and after them.
/* global window, document -- used inside functions that run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { AUDITED_PATHS, BENCH_PAGES } from './lib/pages.mjs';
import { DEMO_PASSWORD, memberAction, startPortalServer } from './lib/portal-server.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
    prerendered: { type: 'string' },
  },
});
const PRERENDERED = ['with-scripts', 'scripts-after-paint', 'without-scripts'];
if (values.prerendered && !PRERENDERED.includes(values.prerendered))
  throw new Error(`--prerendered takes ${PRERENDERED.join(', ')}`);
const RUNS = Number(values.runs);
const PAGES = BENCH_PAGES.filter(
  (page) => AUDITED_PATHS.includes(page.path) && (!values.page || values.page.includes(page.path)),
);
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.02,
};

// With --prerendered the server serves a copy of the build whose index.html the runs rewrite.
const builtDir = path.resolve(import.meta.dirname, '../apps/web/dist');
const webDir = values.prerendered ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-web-')) : null;
if (webDir) {
  fs.cpSync(builtDir, webDir, { recursive: true });
  process.on('exit', () => fs.rmSync(webDir, { recursive: true, force: true }));
}
const builtIndex = fs.readFileSync(path.join(builtDir, 'index.html'), 'utf8');
const { baseUrl, stop } = await startPortalServer({ env: webDir ? { WEB_DIST_DIR: webDir } : {} });
console.error(
  `Load average at the start: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const browser = await puppeteer.connect({
  browserURL: `http://127.0.0.1:${chrome.port}`,
  defaultViewport: null,
});

/**
 * A tab with English chosen, signed in as the member when asked. A guest's tab is in a browser context of its
 * own (no cookies): in the shared one, the member's session cookie from an earlier page's runs would make
 * the guest's page a member's visit (until stop 48 locate-account was measured so). Closing the tab closes
 * its context.
 */
async function preparedTab(signedIn) {
  const context = signedIn ? null : await browser.createBrowserContext();
  const page = await (context ?? browser).newPage();
  if (context) page.once('close', () => context.close().catch(() => undefined));
  await page.evaluateOnNewDocument(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
  });
  if (!signedIn) return page;
  // Not networkidle0: the page's schemas load in idle pieces (docs/decisions/033), which can keep the network
  // from being idle for 500 ms; the entry buttons are what the sign-in needs.
  await page.goto(`${baseUrl}/home`, { waitUntil: 'load' });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 15_000 }).catch(() => undefined);
  await page.waitForSelector('main button, #glance-heading', { timeout: 60_000 });
  // Signed in already (an earlier run's session in this browser): the home area sends a member on.
  if (await page.$('#glance-heading')) return page;
  const action = memberAction();
  const buttons = await page.$$('main button');
  let clicked = false;
  for (const button of buttons) {
    if ((await button.evaluate((node) => node.textContent?.trim())) === action) {
      await Promise.all([page.waitForNavigation(), button.click()]);
      clicked = true;
      break;
    }
  }
  // Signed in already (an earlier run's session in this browser): the home page shows the member's shortcuts.
  if (!clicked && (await page.$('#glance-heading, a[href="/account-overview"]'))) return page;
  if (!clicked) {
    const seen = await page.$$eval('main button, main a', (nodes) =>
      nodes.map((node) => node.textContent?.trim()),
    );
    throw new Error(`no "${action}" button on ${page.url()} (saw: ${seen.join(' | ')})`);
  }
  await page.waitForSelector('#username');
  await page.type('#username', 'maria.santos');
  await page.type('#password', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')]);
  await page.waitForFunction(() => window.location.pathname === '/account-overview', { timeout: 60_000 });
  await page.waitForSelector('#glance-heading', { timeout: 60_000 });
  return page;
}

/**
 * --prerendered: the page as the app draws it (in a tab prepared like the audited one), as a document —
 * its #root markup and the CSS rules in use (emotion inserts them through the CSS object model, so they
 * are read from the style sheets, not the style elements): with the build's scripts, with them started after
 * the markup's paint, or without them.
 */
async function prerender(target) {
  fs.writeFileSync(path.join(webDir, 'index.html'), builtIndex);
  const page = await preparedTab(target.signedIn);
  await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'load' });
  await page.waitForSelector(target.rendered, { timeout: 60_000 });
  // What arrives just after the marker (the rest of the page's data) is drawn too.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { markup, css } = await page.evaluate(() => ({
    markup: document.getElementById('root').innerHTML,
    css: [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('\n'),
  }));
  await page.close();
  let index = builtIndex
    .replace('</head>', () => `<style>${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  if (values.prerendered === 'with-scripts') return index;
  const entry = builtIndex.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
  if (!entry) throw new Error('no entry script in the built index.html');
  index = index.replace(/^.*<(script|link rel="modulepreload")[^>]*>.*\n/gm, '');
  if (values.prerendered === 'without-scripts') return index;
  // A frame after the markup is painted, the entry script (which imports the rest) is requested.
  fs.writeFileSync(
    path.join(webDir, 'after-paint.js'),
    `requestAnimationFrame(() => setTimeout(() => { const s = document.createElement('script'); s.type = 'module'; s.crossOrigin = ''; s.src = ${JSON.stringify(entry)}; document.head.append(s); }, 0));\n`,
  );
  return index.replace('</body>', () => '  <script src="/after-paint.js"></script>\n  </body>');
}

const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;
function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id);
  const lcpElement =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null;
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? [])
    .slice(0, 3)
    .map((item) => `${item.score?.toFixed(3)} ${item.node?.snippet?.slice(0, 80) ?? ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(3)),
    siMs: Math.round(numeric(lhr, 'speed-index')),
    lcpElement,
    shifts,
    failingAccessibility: failing('accessibility'),
    failingBestPractices: failing('best-practices'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

const results = [];
try {
  for (const target of PAGES) {
    const runs = [];
    let failures = 0;
    const prerendered = webDir ? await prerender(target) : null;
    for (let run = 0; run < RUNS; run += 1) {
      // The member signs in through the app as built; only the audited load gets the prerendered document.
      if (webDir) fs.writeFileSync(path.join(webDir, 'index.html'), builtIndex);
      const page = await preparedTab(target.signedIn);
      if (webDir) fs.writeFileSync(path.join(webDir, 'index.html'), prerendered);
      const result = await lighthouse(
        `${baseUrl}${target.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`no Lighthouse result for ${target.path}`);
      // A run Lighthouse could not trace (NO_NAVSTART happens now and then, most often on the first run
      // after the server starts) has no metrics: it is said and run again, never counted in the median.
      if (result.lhr.runtimeError) {
        await page.close();
        failures += 1;
        console.error(`  ${target.path} run ${run + 1} failed (${result.lhr.runtimeError.code}): run again`);
        if (failures > RUNS)
          throw new Error(
            `${target.path}: ${failures} runs failed, the last with ${result.lhr.runtimeError.code}`,
          );
        run -= 1;
        continue;
      }
      if (values.out) {
        fs.mkdirSync(values.out, { recursive: true });
        fs.writeFileSync(
          path.join(values.out, `${target.path.replaceAll('/', '_')}-${run + 1}.json`),
          result.report,
        );
        // The trace the metrics were simulated from, for reading task by task (bench/trace-tasks.mjs).
        const trace = result.artifacts.Trace;
        if (trace)
          fs.writeFileSync(
            path.join(values.out, `${target.path.replaceAll('/', '_')}-${run + 1}.trace.json`),
            JSON.stringify(trace),
          );
      }
      const one = summary(result.lhr);
      if (!new URL(one.finalUrl).pathname.startsWith(target.path))
        throw new Error(`${target.path} ended on ${one.finalUrl}: not the page meant`);
      runs.push(one);
      if (!values.json)
        console.error(
          `  ${target.path} run ${run + 1}: performance ${one.performance}, LCP ${one.lcpMs} ms, TBT ${one.tbtMs} ms, CLS ${one.cls}`,
        );
      await page.close();
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    results.push({ path: target.path, median: sorted[Math.floor(sorted.length / 2)], runs });
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  stop();
}

const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')}, Node ${process.version}, ${await fs.promises
  .readFile('/proc/version', 'utf8')
  .then((v) => v.split(' ')[2])
  .catch(() => '')}`;
if (values.json) {
  console.log(
    JSON.stringify({ targets: TARGETS, prerendered: values.prerendered ?? null, results, machine }, null, 2),
  );
} else {
  if (values.prerendered)
    console.log(
      `Prerendered (${values.prerendered}): each page's own markup and CSS in the document, not the app as built.`,
    );
  console.log(`Lighthouse 12 mobile (simulated throttling), median of ${RUNS} by performance score:`);
  console.log(`  ${'page'.padEnd(26)} perf  a11y  b.p.   FCP ms  LCP ms  TBT ms    CLS`);
  for (const { path: pagePath, median: m } of results) {
    console.log(
      `  ${pagePath.padEnd(26)} ${String(m.performance).padStart(4)}  ${String(m.accessibility).padStart(4)}  ${String(m.bestPractices).padStart(4)}  ${String(m.fcpMs).padStart(7)} ${String(m.lcpMs).padStart(7)} ${String(m.tbtMs).padStart(7)} ${m.cls.toFixed(3).padStart(6)}`,
    );
    console.log(`      LCP element: ${m.lcpElement ?? '-'}`);
    if (m.shifts.length > 0) console.log(`      layout shifts: ${m.shifts.join(' | ')}`);
    if (m.failingAccessibility.length > 0)
      console.log(`      accessibility audits failing: ${m.failingAccessibility.join(', ')}`);
    if (m.failingBestPractices.length > 0)
      console.log(`      best-practice audits failing: ${m.failingBestPractices.join(', ')}`);
  }
  console.log(
    `Targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS['best-practices']}, LCP <= ${TARGETS.lcpMs} ms, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}`,
  );
  console.log(`Machine: ${machine}`);
}
const missed = results.filter(
  ({ median: m }) =>
    m.performance < TARGETS.performance ||
    m.accessibility < TARGETS.accessibility ||
    m.bestPractices < TARGETS['best-practices'] ||
    m.lcpMs > TARGETS.lcpMs ||
    m.tbtMs > TARGETS.tbtMs ||
    m.cls > TARGETS.cls,
);
if (missed.length > 0) process.exitCode = 1;
