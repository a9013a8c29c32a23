import { expect, test } from '@playwright/test';
import { FIRST_PAGE_FALLBACK_MS } from '../apps/web/src/lib/first-page';
import { measureFirstLoad } from '../bench/lib/first-load.mjs';
import { freshMember } from './support/members';
import { newPortalPage, type Language } from './support/portal';

// Issue 16, first load: the JavaScript a signed-in member's browser really loads before /account-overview
// first renders stays within 150 KB gzip, in each language (each loads its own startup texts). Measured in
// Chromium as bench/first-load.mjs measures it (that script prints the per-file table): the tab that signed
// in loads the page again with the cache cleared, and every script requested before the overview's
// "At a glance" section is in the document counts, at the size our server sends it gzip-compressed. A page
// or a library that lands on the first load fails CI here, the day it is added (docs/decisions/033, 038).
// A load slower than FIRST_PAGE_FALLBACK_MS starts the deferred code (the schemas) before the overview on
// purpose — on a busy CI machine that happened once — so such a measurement is taken again (at most three).
// Since the overview comes from the server (docs/decisions/058) its heading is in the document before any
// script: what is measured is the JavaScript loaded before the page is the portal's (hydrated, its root no
// longer inert), which takes its words from the document instead of a startup-texts chunk.
const READY = '#root:not([inert]) #glance-heading';

const BUDGET_BYTES = 150_000;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

for (const language of ['en', 'es', 'pt'] as const satisfies readonly Language[]) {
  test(`first load (${language}): a signed-in member's browser loads at most 150 KB gzip of JavaScript before the overview renders`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPortalPage(browser, { language, width: 412 });
    await freshMember(page, { language });
    await expect(page.locator('#glance-heading')).toBeVisible({ timeout: 30_000 });

    let measured = await measureFirstLoad(page, `${baseURL}/account-overview`, READY);
    for (let attempt = 2; measured.renderedMs >= FIRST_PAGE_FALLBACK_MS && attempt <= 3; attempt += 1) {
      measured = await measureFirstLoad(page, `${baseURL}/account-overview`, READY);
    }
    const { chunks, renderedMs } = measured;
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
    const listing = chunks.map((chunk) => `${kb(chunk.gzip).padStart(9)}  ${chunk.file}`).join('\n');

    // The measurement saw the page's own code and the shared framework (the words came with the document).
    expect(
      chunks.some((chunk) => /\/account-overview-page-[\w-]+\.js$/.test(chunk.file)),
      listing,
    ).toBe(true);
    expect(
      chunks.some((chunk) => /\/framework-[\w-]+\.js$/.test(chunk.file)),
      listing,
    ).toBe(true);
    expect(
      total,
      `${kb(total)} of JavaScript before the overview rendered after ${renderedMs} ms (budget ${kb(BUDGET_BYTES)}):\n${listing}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
    await context.close();
  });
}
