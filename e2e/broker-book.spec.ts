import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember } from './support/members';
import { newPortalPage, signIn, text } from './support/portal';
import { CSRF } from './support/session';

/**
 * Issue 13: `broker.hughes` works his book of business — filters it to clients in a grace period, exports
 * what he sees as CSV, opens a client (mouse and keyboard) — and cannot open a client who is not his.
 */

test('broker.hughes filters his book to clients in a grace period, exports them and opens one', async ({
  page,
}) => {
  await signIn(page, 'workforce', 'broker.hughes');
  // The menu leads to the whole book.
  await page
    .getByRole('link', { name: text('nav.bookOfBusiness') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/broker$/);
  await expect(page.getByRole('heading', { level: 1, name: text('broker.book.heading') })).toBeVisible();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  // A controlled checkbox: its state follows the address bar, which the click changes.
  const graceFilter = page.getByRole('checkbox', { name: text('broker.filters.gracePeriod') });
  await graceFilter.click();
  await expect(graceFilter).toBeChecked();
  await expect(page).toHaveURL(/gracePeriod=true/);
  // Every row left is in a grace period (the demo seed gives him at least one such client).
  await expect(page.getByRole('status').filter({ hasText: /polic(y|ies) match/ })).toBeVisible();
  const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) await expect(rows.nth(i)).toContainText('Grace period');
  await expectNoViolationsAtEachWidth(page, 'book of business filtered to grace periods', async () => {
    await expect(rows.first()).toBeVisible();
  });

  // CSV export downloads the filtered rows (and only those).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export \d+ rows? as CSV/ }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'policy_number,holder_last_name,holder_first_name,issuer_subscriber_id,exchange_subscriber_id,line,market,enrollment_status,finance_status,amount_due,past_due,paid_through,grace_period_ends,autopay,renewal_starts',
  );
  expect(lines).toHaveLength(count + 1);
  for (const line of lines.slice(1)) expect(line).toMatch(/,GracePeriod,|,\d{4}-\d{2}-\d{2},(yes|no),/);

  // Keyboard: a focused cell opens its client with Enter.
  const firstHolder = (await rows.first().getByRole('link').textContent()) ?? '';
  await rows.first().getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/broker\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: firstHolder.trim() })).toBeVisible();
  // The client detail shows the policy with its grace period.
  await expect(page.getByTestId('policy-card')).toBeVisible();
  await expect(page.getByRole('heading', { name: text('broker.client.requests') })).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'broker client detail', async () => {
    await expect(page.getByTestId('policy-card')).toBeVisible();
  });
  // Back to the book keeps the filter.
  await page.getByRole('link', { name: text('broker.client.back') }).click();
  await expect(page).toHaveURL(/\/broker$/);
});

test('a broker cannot open a client who is not his: refused, and said so', async ({ browser }) => {
  const { context, page } = await newPortalPage(browser);
  await signIn(page, 'workforce', 'broker.hughes');
  // Somebody's policy that is not in broker.hughes's book (a generated member may be his client: take another).
  const { context: memberContext, page: memberPage } = await newPortalPage(browser);
  let policyId = '';
  for (let attempt = 0; attempt < 4 && policyId === ''; attempt += 1) {
    await memberPage.goto('/home');
    await memberContext.clearCookies();
    await freshMember(memberPage);
    const answer = await memberPage.request.post('/api/v1/Household/user', { headers: CSRF, data: {} });
    const body = (await answer.json()) as {
      households: { policies: { id: string; policyNumber: string }[] }[];
    };
    const policy = body.households[0]?.policies[0];
    if (!policy) continue;
    const book = await page.request.get(`/api/v1/Broker/book?q=${encodeURIComponent(policy.policyNumber)}`, {
      headers: CSRF,
    });
    if (((await book.json()) as { total: number }).total === 0) policyId = policy.id;
  }
  await memberContext.close();
  expect(policyId).not.toBe('');

  const refusal = page.waitForResponse((response) => response.url().endsWith(`/api/v1/Policy/${policyId}`));
  await page.goto(`/broker/clients/${policyId}`);
  // Refused by the API (which audits it: apps/server/src/modules/broker-book/broker-book.int.test.ts reads the row).
  expect((await refusal).status()).toBe(403);
  await expect(page.getByTestId('client-refused')).toHaveText(text('broker.client.notYours'));
  await expect(page.getByTestId('policy-card')).toHaveCount(0);
  await expectNoViolationsAtEachWidth(page, 'broker client refused');
  await context.close();
});
