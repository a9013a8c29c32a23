import { expect, test } from '@playwright/test';
import { pageAnswers, signIn } from './support/portal';

// Keyboard-only use (WCAG 2.1.1): the overview, its menus and sign-out without a mouse. axe on every page
// is e2e/axe-sweep.spec.ts.

test('the account overview works with the keyboard alone', async ({ page }) => {
  await signIn(page, 'consumer', 'kevin.oconnor');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account overview');
  // A fresh load: keyboard focus starts at the top of the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Billing' }).first()).toBeVisible();
  // Shown is not yet answering: the server's markup stays inert until the browser has hydrated it (in
  // the whole suite a Tab pressed before that went nowhere and the walk found no stops at all).
  await pageAnswers(page);

  // Tab through the whole page: every stop is visible, focus never gets stuck, and the stops a member
  // needs are all on the way.
  const stops: string[] = [];
  // The menu grows as pages are built: room for all of it.
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const rect = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent;
      return {
        name: name.trim().replace(/\s+/g, ' '),
        visible: rect.width > 0 && rect.height > 0,
        id: element.id,
      };
    });
    if (!stop) break;
    expect(stop.visible, `focus stop ${stop.name} is visible`).toBe(true);
    stops.push(stop.id || stop.name);
    if (stop.id === 'footer-button-languageAssistance') break;
  }
  expect(stops[0]).toBe('Skip to main content');
  for (const expected of [
    'Lighthouse Health Plan home',
    'Account overview',
    'Account menu',
    'footer-button-privacyPolicy',
    'footer-button-languageAssistance',
  ]) {
    expect(
      stops.some((stop) => stop.includes(expected)),
      `${expected} in ${stops.join(' | ')}`,
    ).toBe(true);
  }

  // The skip link jumps over the header and menu.
  await page.keyboard.press('Shift+Tab');
  await page.goto('/account-overview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account overview');
  await pageAnswers(page);
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
