// The first load of a page in Chromium (issue 16): every script the browser requested before the page's
// content arrived, with its size as our server sends it to a client that accepts gzip only. Used by
// bench/first-load.mjs (the per-file table) and e2e/first-load.spec.ts (the budget, in CI).
/* global window, document, MutationObserver -- used inside functions that run in the browser */
import { request } from 'node:http';

/**
 * Loads `url` again in `page` (signed in already; the session stays in the tab) with the browser cache
 * cleared and off, and returns the scripts whose request started before an element matching `ready` was
 * in the document (seen by a MutationObserver inside the page), largest first, and the paths of those
 * requested later.
 */
export async function measureFirstLoad(page, url, ready) {
  await page.addInitScript((selector) => {
    const seen = () => {
      if (document.querySelector(selector)) {
        window.__rendered = performance.now();
        return true;
      }
      return false;
    };
    const observer = new MutationObserver(() => {
      if (seen()) observer.disconnect();
    });
    // Attributes too: a server-rendered page becomes the portal's when its root loses `inert` (decision 058).
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  }, ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  await page.goto(url);
  await page.waitForFunction(() => typeof window.__rendered === 'number', undefined, { timeout: 60_000 });
  const { rendered, entries } = await page.evaluate(() => ({
    rendered: window.__rendered,
    entries: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        url: entry.name,
        startTime: entry.startTime,
        transferred: entry.encodedBodySize,
        raw: entry.decodedBodySize,
      })),
  }));
  await cdp.detach();

  const chunks = [];
  for (const entry of entries.filter((candidate) => candidate.startTime < rendered)) {
    chunks.push({
      file: new URL(entry.url).pathname,
      gzip: await gzipBytes(entry.url),
      transferred: entry.transferred,
      raw: entry.raw,
      startMs: Math.round(entry.startTime),
    });
  }
  chunks.sort((a, b) => b.gzip - a.gzip);
  const later = entries
    .filter((entry) => entry.startTime >= rendered)
    .map((entry) => new URL(entry.url).pathname);
  return { renderedMs: Math.round(rendered), chunks, later };
}

/** The bytes on the wire when our server sends `url` to a client that accepts gzip only (Node's fetch would decompress them). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let length = 0;
      response.on('data', (chunk) => (length += chunk.length));
      response.on('end', () =>
        response.headers['content-encoding'] === 'gzip'
          ? resolve(length)
          : reject(new Error(`${url} was not sent gzip-compressed`)),
      );
    })
      .on('error', reject)
      .end();
  });
}
