import { expect, test, type Page } from '@playwright/test';
import { pageAnswers } from './support/portal';

async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(/1\.6\.\d+/);
}

test('a visitor who is not signed in lands on the sign-in page in the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expectShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to your member portal');
  await expect(page.getByRole('button', { name: 'Member sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Broker and staff sign-in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find my account' })).toBeVisible();
  // The home area's title (the same page greets a signed-in member, SPEC §2 account/home).
  await expect(page).toHaveTitle(/^Home \| /);
});

test('a deep link is answered by the app shell, not a server 404', async ({ page }) => {
  const response = await page.goto('/payments/no-such-page');
  expect(response?.status()).toBe(200);
  await expectShell(page);
  // A path no page answers: the shell shows its translated not-found page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can’t find that page');
});

test('paths keep working with a leading account segment and capitals', async ({ page }) => {
  await page.goto('/Account/Home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to your member portal');
});

test('the language switcher translates the shell and remembers the choice', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido a su portal para miembros');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido a su portal para miembros');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('pt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo ao seu portal do associado');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pageAnswers(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
