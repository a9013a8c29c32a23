import { expect, type Locator, type Page } from '@playwright/test';
import { signIn, text, type Language } from './portal';
import { CSRF } from './session';

/**
 * Staff act for one member at a time (issue 33 item 14; docs/decisions/043): a journey that acts for
 * members takes a staff account of its own (demo mode: POST /api/v1/demo/staff), so that two journeys
 * running side by side never end each other's acting session. Signed in in `page`; the username.
 */
export async function freshStaff(
  page: Page,
  role: 'customer-service' | 'administrator',
  language: Language = 'en',
): Promise<string> {
  const response = await page.request.post('/api/v1/demo/staff', { headers: CSRF, data: { role } });
  expect(response.status(), await response.text()).toBe(201);
  const { username } = (await response.json()) as { username: string };
  await signIn(page, 'workforce', username, language);
  return username;
}

/** The header's member search by Exchange Subscriber ID: it runs on the find-a-member page (decision 043). */
export async function searchByExchangeId(page: Page, exchangeSubscriberId: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search for a member by Exchange Subscriber ID' });
  await search.fill(exchangeSubscriberId);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a member', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /members? found$/ })).toBeVisible({ timeout: 30_000 });
}

/**
 * Acts for a member: the dialog a result card's "Act for" button (or another page's) opens — a reason
 * chosen, then the button that starts acting (which also names an acting session it ends first).
 */
export async function chooseReason(
  page: Page,
  reason: string = text('staff.acting.reasonOption.member-called'),
  note?: string,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Act for / });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: reason }).check();
  if (note !== undefined)
    await dialog.getByRole('textbox', { name: text('fields.actingNote.label') }).fill(note);
  await dialog.getByRole('button', { name: /act for /i }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** On the find-a-member page: acts for the member of this result, with a reason; the member 360 opens. */
export async function actForResult(page: Page, card: Locator, reason?: string): Promise<void> {
  await card.getByRole('button', { name: /^Act for / }).click();
  await chooseReason(page, reason);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member 360', { timeout: 30_000 });
}

/** Ends the acting session with the banner's button; back in the staff workspace. */
export async function endActing(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Member you are helping' });
  await banner.getByRole('button', { name: /^End acting for / }).click();
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Find a member', level: 2 })).toBeVisible({
    timeout: 30_000,
  });
}
