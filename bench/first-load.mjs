// First load in a real browser (issue 16): the JavaScript a signed-in member's browser loads before
// /account-overview has rendered, measured in Debian's Chromium, against the budget of 150 KB gzip
// (1 KB = 1000 bytes).
//
//   npm run build && node bench/first-load.mjs [--budget 150] [--language en|es|pt] [--json]
//
// Starts the built server (free port, fresh DATA_DIR with the demo data), signs maria.santos in through
// /home and the built-in identity provider as a person does, then loads the page again in the same tab
// (the session stays in the tab's session storage) with the browser cache cleared. "Rendered" is the
// moment the page's content is in the document (for /account-overview: the "At a glance" section),
// seen by a MutationObserver inside the page. Every script whose request started before that moment
// counts — what the browser really fetched (resource timing), not what the manifest says — with its
// size as our server sends it gzip-compressed (Accept-Encoding: gzip; the build's level-9 .gz files),
// and beside it the body bytes the browser received (Chromium accepts Brotli on localhost, so the
// build's .br files: what a member's browser gets over HTTPS).
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { measureFirstLoad } from './lib/first-load.mjs';
import { signInMember, startPortalServer } from './lib/portal-server.mjs';

const { values } = parseArgs({
  options: {
    budget: { type: 'string', default: '150' },
    route: { type: 'string', default: '/account-overview' },
    ready: { type: 'string', default: '#glance-heading' },
    language: { type: 'string', default: 'en' },
    json: { type: 'boolean', default: false },
  },
});
const budgetBytes = Number(values.budget) * 1000;

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const { baseUrl, stop } = await startPortalServer();
const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // The visitor's language as the language switcher stores it (maria.santos's own is Spanish, which
  // would otherwise apply: SPEC §4).
  await context.addInitScript((language) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', language);
  }, values.language);
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'maria.santos', values.language);
  await page.locator(values.ready).waitFor({ timeout: 60_000 });

  const { renderedMs, chunks, later } = await measureFirstLoad(
    page,
    `${baseUrl}${values.route}`,
    values.ready,
  );
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const transferredTotal = chunks.reduce((sum, chunk) => sum + chunk.transferred, 0);
  const rawTotal = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, Node ${process.version}, ${browser.version()}`;
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          route: values.route,
          renderedMs,
          totalGzipBytes: total,
          transferredBytes: transferredTotal,
          rawBytes: rawTotal,
          budgetBytes,
          chunks,
          later,
          machine,
        },
        null,
        2,
      ),
    );
  } else {
    console.log(
      `JavaScript loaded before ${values.route} rendered, language ${values.language} (${chunks.length} scripts, rendered at ${renderedMs} ms):`,
    );
    console.log(`  ${'gzip'.padStart(8)}  ${'browser'.padStart(8)}  ${'raw'.padStart(8)}  start  file`);
    for (const chunk of chunks)
      console.log(
        `  ${kb(chunk.gzip).padStart(5)} KB  ${kb(chunk.transferred).padStart(5)} KB  ${kb(chunk.raw).padStart(5)} KB  ${String(chunk.startMs).padStart(5)}  ${chunk.file}`,
      );
    console.log(
      `  ${kb(total).padStart(5)} KB  ${kb(transferredTotal).padStart(5)} KB  ${kb(rawTotal).padStart(5)} KB         total (budget ${kb(budgetBytes)} KB gzip; "browser": the body bytes the browser received, Brotli)`,
    );
    if (later.length > 0)
      console.log(
        `Loaded after the first render: ${later.map((file) => file.replace('/assets/', '')).join(', ')}`,
      );
    console.log(`Machine: ${machine}`);
  }
  if (total > budgetBytes) {
    console.error(`Over budget by ${kb(total - budgetBytes)} KB gzip.`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  stop();
}
