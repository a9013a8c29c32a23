import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../apps/server/src/processor/sandbox/test-numbers';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember, type FreshMember } from './support/members';
import { chooseNew, openPayment, payButton, review, t, typeCard } from './support/payments';
import { newPortalPage, signIn } from './support/portal';
import { actForResult, chooseReason, freshStaff, searchByExchangeId } from './support/staff';

// Issue 13, the payments desk and the audit trail: an administrator refunds part of a member's payment
// through the processor (the member then sees it in their history and notifications); a staff user
// reads a member's records, the member sees who in "Who has seen my information", and the audit trail
// finds it and downloads it as CSV. Each journey uses members — and staff users — of its own: staff act for
// one member at a time, after saying why (issue 33 item 14, decision 043).

test.describe.configure({ timeout: 240_000 });

/** A payment of 25.00 made by the member with a new card, through the processor's hosted fields. */
async function payByCard(page: Page, member: FreshMember): Promise<void> {
  await openPayment(page, member);
  await page.getByRole('textbox', { name: t('fields.amount.label') }).fill('25.00');
  const frame = await chooseNew(page, 'card');
  await typeCard(frame, TEST_CARDS.visa.number);
  await review(page);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt', { timeout: 30_000 });
}

test('an administrator refunds part of a member’s payment after a confirmation; the member sees it in their history and notifications', async ({
  browser,
}) => {
  const memberSide = await newPortalPage(browser);
  const member = await freshMember(memberSide.page, { owing: true });
  await payByCard(memberSide.page, member);

  const admin = await newPortalPage(browser);
  await freshStaff(admin.page, 'administrator');
  // The staff home offers the desk to a role that may refund.
  await admin.page.goto('/home');
  await admin.page.getByRole('link', { name: 'Payments desk' }).click();
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('Payments desk', {
    timeout: 20_000,
  });
  await admin.page
    .getByRole('textbox', { name: /^Policy number, Exchange Subscriber ID or confirmation number/ })
    .fill(member.policyNumber);
  await admin.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  const payment = admin.page.getByRole('article').filter({ hasText: '$25.00' }).first();
  await expect(payment).toContainText(member.policyNumber, { timeout: 20_000 });
  await expect(payment).toContainText('Visa ending in 4242');
  await expectNoViolationsAtEachWidth(admin.page, 'payments desk with a payment found');

  // Refunding is acting for the payment's member: the reason first, then the refund.
  await payment.getByRole('button', { name: /^Refund the payment of \$25\.00/ }).click();
  await chooseReason(admin.page, 'The member called');
  const dialog = admin.page.getByRole('dialog', { name: 'Refund a payment' });
  await dialog.getByRole('textbox', { name: 'Amount to refund' }).fill('30.00');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Charged for a month already paid');
  await dialog.getByRole('button', { name: 'Review' }).click();
  // More than the payment: the processor is never asked; the field says what is left.
  const confirm = admin.page.getByRole('dialog', { name: 'Refund $30.00?' });
  await confirm.getByRole('button', { name: 'Refund now' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Amount to refund' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(dialog).toContainText('$25.00');
  await dialog.getByRole('textbox', { name: 'Amount to refund' }).fill('10.00');
  await dialog.getByRole('button', { name: 'Review' }).click();
  const confirmTen = admin.page.getByRole('dialog', { name: 'Refund $10.00?' });
  await expect(confirmTen).toContainText('Visa ending in 4242');
  await expectNoViolationsAtEachWidth(admin.page, 'refund confirmation');
  await confirmTen.getByRole('button', { name: 'Refund now' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Refund of $10.00 recorded (done). The payment now has $15.00 left to refund.',
  );
  await expectNoViolationsAtEachWidth(admin.page, 'refund result');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(payment).toContainText('Refund of $10.00');
  // The desk stayed where it was, now under the banner of the member acted for.
  await expect(admin.page.getByRole('region', { name: 'Member you are helping' })).toContainText(
    'Reason: the member called',
  );
  await expect(payment).toContainText('Charged for a month already paid');
  await admin.context.close();

  // The member: the history says what was refunded, and a notification tells them.
  await memberSide.page.goto('/payments/payment-history');
  await expect(memberSide.page.getByRole('heading', { level: 1 })).toHaveText(t('payments.history.heading'), {
    timeout: 20_000,
  });
  await expect(memberSide.page.getByText('$10.00 refunded').first()).toBeVisible({ timeout: 20_000 });
  await memberSide.page.goto('/notification/view-notifications');
  await expect(
    memberSide.page
      .getByRole('heading', {
        level: 3,
        name: /A refund of \$10\.00 for your payment of .* is on its way back to your method ending in 4242\.$/,
      })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await memberSide.context.close();
});

test('a member sees that customer service read their records; the audit trail finds the read and downloads it as CSV', async ({
  browser,
}) => {
  const memberSide = await newPortalPage(browser);
  const member = await freshMember(memberSide.page, { exchange: true });
  expect(member.exchangeSubscriberId).not.toBeNull();

  // Customer service acts for the member, then opens their account (the overview reads their policies).
  const staff = await newPortalPage(browser);
  const agent = await freshStaff(staff.page, 'customer-service');
  await searchByExchangeId(staff.page, member.exchangeSubscriberId ?? '');
  await actForResult(
    staff.page,
    staff.page.getByRole('listitem').filter({ hasText: member.policyNumber }).first(),
    'The member called',
  );
  await expect(staff.page.getByRole('region', { name: 'Member you are helping' })).toBeVisible({
    timeout: 20_000,
  });
  await staff.page.getByRole('link', { name: 'Open the account overview' }).first().click();
  await expect(staff.page.getByText(member.policyNumber).first()).toBeVisible({ timeout: 20_000 });
  await staff.context.close();

  // The member's own page, from their menu.
  await memberSide.page.goto('/account-overview');
  await memberSide.page
    .getByRole('navigation', { name: t('nav.label') })
    .getByRole('link', { name: 'Who has seen my information' })
    .click();
  await expect(memberSide.page.getByRole('heading', { level: 1 })).toHaveText('Who has seen my information');
  const reads = memberSide.page.getByTestId('access-item');
  await expect(
    reads
      .filter({ hasText: 'Looked at: your policy' })
      .filter({ hasText: /^.*Customer service: / })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(memberSide.page.getByRole('main')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expectNoViolationsAtEachWidth(memberSide.page, 'who has seen my information');
  await memberSide.context.close();

  // The administrator searches the audit trail for the member and downloads what it found.
  const admin = await newPortalPage(browser);
  await signIn(admin.page, 'workforce', 'admin');
  await admin.page.goto('/admin/audit');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('Audit trail', { timeout: 20_000 });
  await admin.page.getByRole('textbox', { name: /^Member/ }).fill(member.policyNumber);
  await admin.page.getByRole('textbox', { name: /^Staff user or broker/ }).fill(agent);
  await admin.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  const rows = admin.page.getByTestId('audit-row');
  await expect(rows.first()).toContainText(agent, { timeout: 20_000 });
  await expect(
    rows.filter({ hasText: 'customer-service' }).filter({ hasText: 'read' }).first(),
  ).toBeVisible();
  await expectNoViolationsAtEachWidth(admin.page, 'audit trail with records found');
  const shown = await rows.count();
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe(
    'id,occurredAt,actorSubject,actorName,actorRole,actingForHouseholdId,action,route,recordType,recordIds,outcome,reason,ip,requestId,actingSessionId,actingReason',
  );
  expect(csv.length - 1).toBeGreaterThanOrEqual(shown);
  expect(csv.slice(1).every((line) => line.includes(`,${agent},customer-service,`))).toBe(true);
  // Every record of what the agent did for the member names the acting session and its reason.
  expect(
    csv
      .slice(1)
      .filter((line) => line.includes(',read,'))
      .every((line) => line.endsWith(',member-called')),
  ).toBe(true);
  await admin.context.close();
});
