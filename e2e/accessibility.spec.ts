import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newPortalPage, signIn, text, type Language } from './support/portal';

// WCAG 2.2 A and AA (axe) on the pages of issue 6, in every language, on a phone and a desktop, and the
// overview used with the keyboard alone.

const WIDTHS = [375, 1280] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(summary, `${what} (${page.viewportSize()?.width ?? 0}px)`).toEqual([]);
}

/** Checks the page as it is now at each width (the layout changes at 959 and 599 px). */
async function checkAtEachWidth(page: Page, what: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await expectNoViolations(page, what);
  }
}

for (const language of ['en', 'es', 'pt'] as const satisfies readonly Language[]) {
  test(`axe: account overview and the member sign-in page (${language})`, async ({ browser }) => {
    const { context, page } = await newPortalPage(browser, { language });
    await page.goto('/home');
    await page.getByRole('button', { name: text('home.member.action', language) }).click();
    await expect(page.locator('#username')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await checkAtEachWidth(page, 'consumer sign-in page', () => expect(page.locator('#username')).toBeVisible());
    await page.locator('#username').fill('maria.santos');
    await page.locator('#password').fill('Lighthouse-Demo-2026');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account-overview$/);
    await checkAtEachWidth(page, 'account overview', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('overview.heading', language));
      await expect(page.getByRole('heading', { level: 3, name: text('overview.members.heading', language) }).first()).toBeVisible();
      await expect(page.locator('[role=status]')).toHaveCount(0);
    });
    await context.close();
  });

  test(`axe: no-plans, logged-out, error and staff sign-in pages (${language})`, async ({ browser }) => {
    const { context, page } = await newPortalPage(browser, { language });
    await page.goto('/auth/signed-out?reason=timeout');
    await checkAtEachWidth(page, 'logged-out page', () => expect(page.getByRole('heading', { level: 1 })).toHaveText(text('account.timeOut.title', language)));
    await page.goto('/error/500');
    await checkAtEachWidth(page, 'error page', () => expect(page.getByRole('heading', { level: 1 })).toHaveText(text('serverError.heading', language)));
    await page.goto('/home');
    await page.getByRole('button', { name: text('home.workforce.action', language) }).click();
    await checkAtEachWidth(page, 'workforce sign-in page', () => expect(page.locator('#username')).toBeVisible());
    await page.goto('/home');
    await page.getByRole('button', { name: text('home.member.action', language) }).click();
    await page.locator('#username').fill('tomas.rivera');
    await page.locator('#password').fill('Lighthouse-Demo-2026');
    await page.locator('form button[type="submit"]').click();
    await checkAtEachWidth(page, 'no-plans page', () => expect(page.getByRole('heading', { level: 1 })).toHaveText(text('noPlans.heading', language)));
    await context.close();
  });
}

test('the account overview works with the keyboard alone', async ({ page }) => {
  await signIn(page, 'consumer', 'kevin.oconnor');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account overview');
  // A fresh load: keyboard focus starts at the top of the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Billing' }).first()).toBeVisible();

  // Tab through the whole page: every stop is visible, focus never gets stuck, and the stops a member
  // needs are all on the way.
  const stops: string[] = [];
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const rect = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent;
      return { name: name.trim().replace(/\s+/g, ' '), visible: rect.width > 0 && rect.height > 0, id: element.id };
    });
    if (!stop) break;
    expect(stop.visible, `focus stop ${stop.name} is visible`).toBe(true);
    stops.push(stop.id || stop.name);
    if (stop.id === 'footer-button-languageAssistance') break;
  }
  expect(stops[0]).toBe('Skip to main content');
  for (const expected of ['Lighthouse Health Plan home', 'Account overview', 'Account menu', 'footer-button-privacyPolicy', 'footer-button-languageAssistance']) {
    expect(stops.some((stop) => stop.includes(expected)), `${expected} in ${stops.join(' | ')}`).toBe(true);
  }

  // The skip link jumps over the header and menu.
  await page.keyboard.press('Shift+Tab');
  await page.goto('/account-overview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account overview');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The language menu and the account menu open, move and close with the keyboard; sign-out works.
  const languageButton = page.getByRole('button', { name: /Change language/ });
  await languageButton.focus();
  await page.keyboard.press('Enter');
  // The menu opens on the current language.
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resumen de la cuenta');
  await page.getByRole('button', { name: 'Menú de la cuenta' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Mi cuenta' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/idp\/consumer\/session\/end/);
  await expect(page.locator('button[name="logout"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cerró su sesión');
});
