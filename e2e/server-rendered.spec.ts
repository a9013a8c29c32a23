import { expect, test, type Page } from '@playwright/test';
import { freshMember } from './support/members';
import { t } from './support/payments';
import { newPortalPage, pageAnswers, text } from './support/portal';

// Issue 35, docs/decisions/058: the overview, make-payment and the guest's locate-account page come from the
// server as markup (their heading is in the document before any script runs), and the browser hydrates
// that markup in place: no startup spinner, no hydration complaints, and the portal works on from there.

test.describe.configure({ timeout: 120_000 });

/** Console errors and warnings of the page (hydration problems are reported there). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const hydrationProblems = (messages: string[]) => messages.filter((line) => /hydrat|mismatch/i.test(line));

/**
 * Loads `path` with the page's scripts held back until the markup has been checked: what is on the screen
 * then came from the server. Returns once the scripts ran and the page is hydrated.
 */
async function loadServerRendered(page: Page, path: string, heading: string): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // No script has run yet: the startup spinner never showed, the root holds the server's markup.
  expect(await page.evaluate(() => document.querySelector('#portal-server-state') !== null)).toBe(true);
  const serverHeading = await page.getByRole('heading', { level: 1 }).elementHandle();
  release();
  // Hydrated: the page's title is set by its code once it runs (the document's own is the portal's name).
  await expect(page).not.toHaveTitle('Member portal');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Hydrated in place: the server's heading element is the one on the screen, not a copy rendered anew.
  expect(await serverHeading.evaluate((node) => node.isConnected)).toBe(true);
}

test('the overview and make-payment come from the server with the member’s data and hydrate', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser, { width: 1280 });
  const problems = watchConsole(page);
  const member = await freshMember(page, { owing: true });

  // The document itself carries the page and its data, before any script.
  const overview = await page.request.get('/account-overview');
  expect(overview.headers()['content-type']).toMatch(/^text\/html/);
  const overviewHtml = await overview.text();
  expect(overviewHtml).toContain('id="glance-heading"');
  expect(overviewHtml).toContain(member.policyNumber);
  expect(overviewHtml).toContain('id="portal-server-state"');
  const payment = await page.request.get('/payments/make-payment');
  const paymentHtml = await payment.text();
  expect(paymentHtml).toContain(t('payments.makePayment.heading'));
  expect(paymentHtml).toContain(t('fields.amount.label'));

  await loadServerRendered(page, '/account-overview', text('overview.heading'));
  await expect(page.locator('#glance-heading')).toBeVisible();
  // The portal works on: the menu leads to make-payment (a client-side navigation).
  await page
    .getByRole('complementary')
    .getByRole('link', { name: text('nav.makePayment') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/payments\/make-payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.makePayment.heading'));

  await loadServerRendered(page, '/payments/make-payment', t('payments.makePayment.heading'));
  // The hydrated form responds.
  const amount = page.getByRole('textbox', { name: t('fields.amount.label') });
  await amount.fill('12.34');
  await expect(amount).toHaveValue('12.34');
  expect(hydrationProblems(problems)).toEqual([]);
  await context.close();
});

test('a phone the server took for a desktop gets the phone’s layout once hydrated: the menu button opens the menu', async ({
  browser,
}) => {
  // A narrow window with a desktop browser's User-Agent: the server lays the overview out for a desktop (side
  // navigation, no menu button). The page hydrates with that layout, every region of it, and only then
  // switches to the window's own (app/layout/shell.tsx, ui/use-layout.ts).
  const { context, page } = await newPortalPage(browser, { width: 390 });
  const problems = watchConsole(page);
  await freshMember(page, {});
  const html = await (await page.request.get('/account-overview')).text();
  expect(html).toContain('id="side-navigation"');
  await loadServerRendered(page, '/account-overview', text('overview.heading'));
  await pageAnswers(page);
  await expect(page.locator('#side-navigation')).toHaveCount(0);
  await page.getByRole('button', { name: text('nav.openMenu') }).click();
  await expect(page.getByRole('link', { name: text('nav.makePayment') }).first()).toBeVisible();
  expect(hydrationProblems(problems)).toEqual([]);
  await context.close();
});

test('make-payment from the server fetches no language file again: its words came with the page', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser);
  await freshMember(page, { owing: true });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/payments/make-payment');
  await pageAnswers(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.makePayment.heading'));
  // The page's own code did load (so the list below is of this load's scripts)...
  expect(scripts.some((path) => path.includes('/make-payment-page-'))).toBe(true);
  // ...and no language file: make-payment is beyond the startup pages, so the server sent every text of
  // the language. Loading them again meant two more scripts and a merge of every word while hydrating.
  expect(scripts.filter((path) => /\/(startup|rest)-(en|es|pt)-/.test(path))).toEqual([]);
  await context.close();
});

test('without a session the signed-in pages are the plain single-page app, which asks to sign in', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser);
  const html = await (await page.request.get('/account-overview')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('portal-server-state');
  await page.goto('/account-overview');
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});

test('a guest’s locate-account page comes from the server and works once hydrated', async ({ browser }) => {
  const { context, page } = await newPortalPage(browser, { width: 412 });
  const problems = watchConsole(page);
  const html = await (await page.request.get('/payments/locate-account')).text();
  expect(html).toContain(text('locate.heading'));
  await loadServerRendered(page, '/payments/locate-account', text('locate.heading'));
  const policyNumber = page.getByRole('radio', { name: text('locate.policyNumber') });
  await policyNumber.check();
  await expect(policyNumber).toBeChecked();
  const field = page.getByRole('textbox', { name: text('locate.policyNumber') });
  await field.fill('ABC123');
  await expect(field).toHaveValue('ABC123');
  expect(hydrationProblems(problems)).toEqual([]);
  await context.close();
});

test('a page from the server asks for its scripts only once its first paint is on the screen', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser, { width: 412 });
  await page.goto('/payments/locate-account');
  await expect(page).not.toHaveTitle('Member portal');
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { paint: paint ? paint.startTime : null, scripts };
  });
  // The paint's time is when it reached the screen; every script of the page was asked for after it (a
  // script's download before it would compete with the first paint, and Lighthouse counts it into the LCP).
  expect(timing.paint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(5);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
  await context.close();
});
