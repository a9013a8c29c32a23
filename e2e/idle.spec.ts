import { expect, test } from '@playwright/test';
import { IDLE_COUNTDOWN_SECONDS, IDLE_SECONDS } from './playwright.config';
import { locateAccount, signIn, text } from './support/portal';

// SPEC §4 idle session against a server whose configuration waits IDLE_SECONDS and counts down
// IDLE_COUNTDOWN_SECONDS (the "idle" project of playwright.config.ts).

test.describe.configure({ timeout: 90_000 });

test('the idle warning appears after the idle period, keeps the session on request, and signs out at zero', async ({
  page,
}) => {
  await signIn(page, 'consumer', 'linda.nguyen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('overview.heading'));
  const dialog = page.getByRole('dialog', { name: text('idle.title') });
  await expect(dialog).toBeVisible({ timeout: (IDLE_SECONDS + 3) * 1000 });
  await expect(dialog.getByRole('timer')).toHaveText(/^00:0[0-5]$/);
  // Focus is inside the dialog, on "stay signed in"; the dialog is at most 500×500.
  await expect(dialog.getByRole('button', { name: text('idle.stay') })).toBeFocused();
  const box = await page.getByTestId('idle-dialog').boundingBox();
  expect(box?.width).toBeLessThanOrEqual(500);
  expect(box?.height).toBeLessThanOrEqual(500);
  // Escape and a click outside do not close it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text('idle.stay') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('overview.heading'));

  // Left alone again: the warning returns and, at zero, the session ends.
  await expect(dialog).toBeVisible({ timeout: (IDLE_SECONDS + 3) * 1000 });
  await expect(page).toHaveURL(/\/auth\/signed-out\?reason=timeout$/, {
    timeout: (IDLE_COUNTDOWN_SECONDS + 5) * 1000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('account.timeOut.title'));
  await expect(page.getByText(text('account.timeOut.subtext'))).toBeVisible();
  // The grant was revoked: going back to the overview asks for sign-in.
  await page.goto('/account-overview');
  await expect(page).toHaveURL(/\/home$/);
});

test('a guest session times out too, and “sign out” in the warning ends it at once', async ({ page }) => {
  await locateAccount(page, { policyNumber: 'LHP-1000005-01', dateOfBirth: '1992-06-12', zipCode: '02301' });
  const dialog = page.getByRole('dialog', { name: text('idle.title') });
  await expect(dialog).toBeVisible({ timeout: (IDLE_SECONDS + 3) * 1000 });
  await dialog.getByRole('button', { name: text('idle.signOut') }).click();
  await expect(page).toHaveURL(/\/auth\/signed-out$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('account.signedOut.title'));
});

// Issue 35 (docs/decisions/050): the server ends an idle session by itself, whatever the browser keeps.
test('a session left idle ends on the server even though the browser kept its cookie', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'consumer', 'joao.silva');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('overview.heading'));
  const cookie = (await page.context().cookies()).find((one) => one.name === 'portal-session');
  expect(cookie?.value).toBeTruthy();
  // The browser is closed with its cookie kept: no page calls the server any more.
  await page.close();
  const kept = await browser.newContext({ baseURL: baseURL ?? '' });
  await kept.addCookies([{ name: 'portal-session', value: cookie?.value ?? '', url: baseURL ?? '' }]);
  await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + IDLE_COUNTDOWN_SECONDS + 2) * 1000));
  const after = await kept.request.get('/api/v1/session');
  expect(after.status()).toBe(401);
  const view = await kept.request.get('/auth/session');
  expect(await view.json()).toEqual({ signedIn: false });
  await kept.close();
});
