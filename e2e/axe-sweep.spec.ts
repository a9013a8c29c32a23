import { expect, test, type Page } from '@playwright/test';
import { NOT_FOUND_ROUTE, ROUTE_TABLE, type RouteEntry } from '../apps/web/src/app/routes';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { newMember } from './support/members';
import { locateAccount, newPortalPage, signIn, text, type Language } from './support/portal';

// WCAG 2.2 A and AA (axe) on every page of the route table (apps/web/src/app/routes.ts), in every
// language, at a phone's (375 px) and a desktop's (1280 px) width: a page added to the table is swept the
// day it lands. Each page is opened the way its audience opens it — visitors, a signed-in member, a
// located guest — plus the states that are not routes: the identity providers' sign-in pages, the
// not-found page and the no-plans page. Pages that need an id (receipts) are swept by the journeys that
// make them (payments.spec.ts). Pages after the first are opened inside the app (its router), as a
// member moving through the portal would, rather than reloading it each time.

const LANGUAGES = ['en', 'es', 'pt'] as const satisfies readonly Language[];

const pages = (audience: (route: RouteEntry) => boolean): RouteEntry[] =>
  (ROUTE_TABLE as readonly RouteEntry[]).filter(
    (route) => !route.landing && !route.path.includes(':') && audience(route),
  );

const VISITOR_PAGES = pages((route) => route.access === 'public');
const MEMBER_PAGES = pages((route) => route.access === 'private' || route.access === 'guest');
const GUEST_PAGES = pages((route) => route.access === 'guest');
/** Issue 13: the staff pages (member-search), swept as customer service with no member open. */
const STAFF_PAGES = pages((route) => route.access === 'staff');

/** Moves to a path with the app's own router (a history entry and a popstate, as a link click does). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page named by its route data has rendered and finished loading what it shows. */
async function settled(page: Page, route: Pick<RouteEntry, 'titleKey'>, language: Language): Promise<void> {
  await expect(page).toHaveTitle(new RegExp(`^${escape(text(route.titleKey, language))} \\| `), {
    timeout: 20_000,
  });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main [role=status], main [role=progressbar], main .kit-skeleton')).toHaveCount(
    0,
    { timeout: 20_000 },
  );
}

async function sweep(
  page: Page,
  routes: readonly RouteEntry[],
  language: Language,
  who: string,
): Promise<void> {
  for (const route of routes) {
    await openInApp(page, route.path);
    await settled(page, route, language);
    await expectNoViolationsAtEachWidth(page, `${route.path} (${who}, ${language})`);
  }
}

for (const language of LANGUAGES) {
  test(`axe sweep (${language}): the visitor's pages, the sign-in pages, not-found and no-plans`, async ({
    browser,
  }) => {
    expect(VISITOR_PAGES.map((route) => route.path)).toContain('/home');
    const { context, page } = await newPortalPage(browser, { language });
    await page.goto('/home');
    await sweep(page, VISITOR_PAGES, language, 'visitor');
    await openInApp(page, '/no/such/page');
    await settled(page, NOT_FOUND_ROUTE, language);
    await expectNoViolationsAtEachWidth(page, `not-found page (${language})`);

    // The identity providers' own pages, in the visitor's language.
    for (const action of ['home.workforce.action', 'home.member.action'] as const) {
      await openInApp(page, '/home');
      await page.getByRole('button', { name: text(action, language) }).click();
      await expect(page.locator('#username')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoViolationsAtEachWidth(page, `${action} sign-in page (${language})`);
      if (action === 'home.workforce.action') await page.goto('/home');
    }
    // SPEC §2 root state: signed in with no plan (README: tomas.rivera).
    await page.locator('#username').fill('tomas.rivera');
    await page.locator('#password').fill('Lighthouse-Demo-2026');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('noPlans.heading', language));
    await expectNoViolationsAtEachWidth(page, `no-plans page (${language})`);
    await context.close();
  });

  test(`axe sweep (${language}): every page of a signed-in member, then of a located guest`, async ({
    browser,
  }) => {
    // About 30 member pages at two widths, then the guest's: 10 s a page on a busy 2-core machine.
    test.setTimeout(Math.max(180_000, MEMBER_PAGES.length * 12_000));
    expect(MEMBER_PAGES.length).toBeGreaterThan(10);
    const member = await test.step('a member of its own, owing, with notices', async () => {
      const { context, page } = await newPortalPage(browser, { language });
      const fresh = await newMember(page, { owing: true, requires: ['notice'] });
      await context.close();
      return fresh;
    });
    const signedIn = await newPortalPage(browser, { language });
    await signIn(signedIn.page, 'consumer', member.username, language);
    await sweep(signedIn.page, MEMBER_PAGES, language, 'member');
    await signedIn.context.close();

    const guest = await newPortalPage(browser, { language });
    await locateAccount(
      guest.page,
      { policyNumber: member.policyNumber, dateOfBirth: member.dateOfBirth, zipCode: member.zipCode ?? '' },
      language,
    );
    await sweep(guest.page, GUEST_PAGES, language, 'guest');
    await guest.context.close();
  });

  test(`axe sweep (${language}): the staff pages of customer service`, async ({ browser }) => {
    expect(STAFF_PAGES.map((route) => route.path)).toContain('/admin/members');
    const staff = await newPortalPage(browser, { language });
    await signIn(staff.page, 'workforce', 'cs.agent', language);
    await sweep(staff.page, STAFF_PAGES, language, 'customer service');
    await staff.context.close();
  });
}
