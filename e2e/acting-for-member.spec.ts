import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { newMember } from './support/members';
import { newPortalPage, text } from './support/portal';
import { freshStaff } from './support/staff';
import { CSRF } from './support/session';

// Issue 33 item 14: customer service could act for any household without an explicit "act for this
// member" step — audited, but nothing recorded why. Now staff find the member, must choose a reason
// before acting (field errors in place), see whom they act for and why on every page, act (the member's
// overview), and end it with the banner's button — by keyboard — back in the staff workspace; the server
// refuses the member's records before and after.

/** What the staff portal's own calls carry: the signed-in staff user's token. */

/** The member's household, asked for as the portal asks for it: refused unless staff act for them. */
async function openHousehold(page: Page, householdId: string): Promise<{ status: number; type?: string }> {
  const response = await page.request.post('/api/v1/Household/user', {
    headers: CSRF,
    data: { householdId },
  });
  const body = (await response.json()) as { type?: string };
  return { status: response.status(), ...(body.type ? { type: body.type } : {}) };
}

test('customer service must choose a member and a reason before acting for them, sees the banner on every page, and ends it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { context, page } = await newPortalPage(browser);
  const member = await newMember(page, { exchange: true });
  const name = `${member.firstName ?? ''} ${member.lastName ?? ''}`;
  await freshStaff(page, 'customer-service');

  // The staff workspace: nobody acted for, and the server refuses the member's records.
  await expect(page.getByRole('heading', { name: 'Find a member', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Member you are helping' })).toHaveCount(0);
  expect(await openHousehold(page, member.householdId)).toEqual({
    status: 403,
    type: 'urn:portal:problem:acting-session-required',
  });

  // Find the member (name and date of birth); the result offers to act for them.
  await page.getByRole('search').getByRole('link', { name: 'Find a member', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a member', { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Last name' }).fill(member.lastName ?? '');
  await page.getByRole('textbox', { name: 'First name' }).fill(member.firstName ?? '');
  const dob = page.getByRole('textbox', { name: 'Date of birth' });
  await dob.fill(member.dateOfBirth);
  await dob.press('Enter');
  const card = page.getByRole('listitem').filter({ hasText: member.policyNumber });
  await card.getByRole('button', { name: `Act for ${name}` }).click();

  // The reason is required: said on the field, in place; "Other" needs the details.
  const dialog = page.getByRole('dialog', { name: `Act for ${name}` });
  await expect(dialog).toContainText(text('staff.acting.intro'));
  await dialog.getByRole('button', { name: `Act for ${name}` }).click();
  await expect(dialog.getByRole('radiogroup')).toBeVisible();
  await expect(dialog).toContainText('Reason is required.');
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: `Act for ${name}` }).click();
  await expect(dialog.getByRole('textbox', { name: 'Details' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Details is required.');
  await expectNoViolationsAtEachWidth(page, 'the act-for dialog with its field errors');
  expect(await openHousehold(page, member.householdId)).toMatchObject({ status: 403 });

  await dialog.getByRole('radio', { name: 'The member called' }).check();
  await dialog.getByRole('textbox', { name: 'Details' }).fill('Asked about the invoice');
  await dialog.getByRole('button', { name: `Act for ${name}` }).click();
  await expect(dialog).toBeHidden();

  // Acting: the 360 under the banner, which names the member and why.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member 360', { timeout: 30_000 });
  const banner = page.getByRole('region', { name: 'Member you are helping' });
  await expect(banner).toContainText(`You are acting for ${name}`);
  await expect(banner).toContainText('Reason: the member called — Asked about the invoice');
  await expect(page.getByRole('region', { name: 'Contact history' })).toContainText('acted for the member', {
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Contact history' })).toContainText('why: the member called');
  await expect(page.locator('main [role=status]')).toHaveCount(0, { timeout: 30_000 });
  await expectNoViolationsAtEachWidth(page, 'member 360 under the acting banner');

  // Act: the member's own overview, the banner still there.
  await page.getByRole('link', { name: 'Open the account overview' }).first().click();
  await expect(page).toHaveURL(/\/account-overview$/);
  await expect(page.getByText(member.policyNumber).first()).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText(`You are acting for ${name}`);
  expect((await openHousehold(page, member.householdId)).status).toBe(200);

  // End it by keyboard: from the banner's link, Tab reaches "End acting for …"; Enter ends it.
  await banner.getByRole('link', { name: 'Member 360' }).focus();
  await page.keyboard.press('Tab');
  const end = banner.getByRole('button', { name: `End acting for ${name}` });
  await expect(end).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Find a member', level: 2 })).toBeVisible({
    timeout: 30_000,
  });
  expect(await openHousehold(page, member.householdId)).toEqual({
    status: 403,
    type: 'urn:portal:problem:acting-session-required',
  });
  await context.close();
});
