import { expect, test } from '@playwright/test';
import { addDays, api, freshMember } from './support/members';
import { money, saveCardInWallet, t } from './support/payments';
import { chooseOption } from './support/select';

// Issue 10, Done when: moving the server's day forward runs the scheduled payment and autopay, and the
// member sees them in their payment history and notifications. A member of its own saves a card, has a
// payment scheduled for tomorrow and autopay on the amount due (set up through the API: the pages that
// do it have journeys of their own), then the demo's day moves (POST /api/v1/demo/day, demo mode only:
// the billing day for the member's household, as the hourly job runs it for every household).

test('moving the day forward charges the scheduled payment and autopay, and the member sees both', async ({
  page,
}) => {
  // Paid beyond today with no dental: autopay's run then has the next month's premium to charge,
  // whichever member the journey gets.
  const member = await freshMember(page, { paidUp: true, noDental: true });
  await saveCardInWallet(page);
  const call = api(page);

  type Policy = { id: string; policyNumber: string };
  const household = (await call('POST', '/api/v1/Household/user')) as {
    today: string;
    policies: Policy[];
    households: { policies: Policy[] }[];
  };
  const policies = [...household.policies, ...household.households.flatMap((entry) => entry.policies)];
  const policyId = policies.find((policy) => policy.policyNumber === member.policyNumber)?.id ?? '';
  expect(policyId).not.toBe('');
  const opened = (await call('POST', `/api/v1/Wallet/household/${member.householdId}`)) as {
    referenceId: string;
  };
  const wallet = (await call('POST', `/api/v1/Wallet/${opened.referenceId}`)) as {
    creditCards: { id: string; last4?: string }[];
  };
  const cardId = wallet.creditCards[0]?.id ?? '';

  // The server's today (the portal's, where the issuer is), and the first day a payment can be scheduled.
  const tomorrow = addDays(household.today, 1);
  // A generated member may have autopay already (at most one per policy): this journey sets up its own.
  const existing = (await call('GET', `/api/v1/Policy/${policyId}/autopay`)) as {
    items: { id: string; state: string }[];
  };
  for (const subscription of existing.items.filter((item) => item.state === 'Active'))
    await call('PUT', `/api/v1/Autopay/${subscription.id}/cancel`);
  const scheduled = await call('POST', `/api/v1/Policy/${policyId}/scheduled-payments`, {
    walletItemId: cardId,
    paymentAmount: '12.34',
    paymentDate: tomorrow,
  });
  const autopay = (await call('POST', `/api/v1/Policy/${policyId}/autopay`, {
    walletItemId: cardId,
    amountType: 'AmountDue',
    daysBeforeDue: 0,
    consent: true,
  })) as {
    items: { nextRun: { runDate: string } | null }[];
  };
  const runDate = autopay.items[0]?.nextRun?.runDate ?? '';
  expect(runDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The days go by: each billing day from tomorrow through the autopay's run date (or the other way round;
  // up to a month of days, within the demo route's limit of 62 calls a minute).
  const last = runDate > tomorrow ? runDate : tomorrow;
  for (let day = runDate < tomorrow ? runDate : tomorrow; day <= last; day = addDays(day, 1))
    await call('POST', '/api/v1/demo/day', { day });

  // The scheduled payment was charged; autopay too, and it says so.
  // (A generated member may have scheduled payments of their own, paid and waiting: this one is the journey's.)
  const after = (await call('GET', `/api/v1/Policy/${policyId}/scheduled-payments`)) as {
    items: { id: string; status: string }[];
  };
  expect(after.items.filter((item) => item.id === scheduled.id).map((item) => item.status)).toEqual(['Paid']);
  const charged = (await call('GET', `/api/v1/Policy/${policyId}/autopay`)) as {
    items: { lastRun: { status: string } | null }[];
  };
  expect(charged.items[0]?.lastRun?.status).toBe('Paid');

  // Both are in the payment history…
  await page.goto('/payments/payment-history');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.history.title'), {
    timeout: 20_000,
  });
  const selector = page.getByRole('combobox', { name: t('policySelector.label') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  await expect(page.getByText(money('12.34')).first()).toBeVisible();
  // …and the member was told of each.
  await page.goto('/notification/view-notifications');
  const received = page.getByTestId('notification-item').filter({ hasText: `We received your payment of` });
  await expect(received.filter({ hasText: money('12.34') })).toHaveCount(1);
  await expect.poll(() => received.count()).toBeGreaterThanOrEqual(2);
});

/** "December 15, 2026": a calendar date as the English page says it. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

test('time passes without a payment: the member is told, the overview shows the grace period, then the coverage ends', async ({
  page,
}) => {
  // Paid beyond today and nothing else in the household (a dental policy would go unpaid too): the next
  // due date passes unpaid on the day the journey moves to, whatever today's date is.
  const member = await freshMember(page, { paidUp: true, noDental: true });
  const call = api(page);
  type Policy = { id: string; policyNumber: string };
  const household = (await call('POST', '/api/v1/Household/user')) as {
    policies: Policy[];
    households: { policies: Policy[] }[];
  };
  const policyId =
    [...household.policies, ...household.households.flatMap((entry) => entry.policies)].find(
      (policy) => policy.policyNumber === member.policyNumber,
    )?.id ?? '';
  expect(policyId).not.toBe('');
  // Nothing pays on its own: autopay off, scheduled payments cancelled (a generated member may have either).
  const autopay = (await call('GET', `/api/v1/Policy/${policyId}/autopay`)) as {
    items: { id: string; state: string }[];
  };
  for (const subscription of autopay.items.filter((item) => item.state === 'Active'))
    await call('PUT', `/api/v1/Autopay/${subscription.id}/cancel`);
  const scheduled = (await call('GET', `/api/v1/Policy/${policyId}/scheduled-payments`)) as {
    items: { id: string; status: string }[];
  };
  for (const payment of scheduled.items.filter((item) => item.status === 'Scheduled'))
    await call('PUT', `/api/v1/ScheduledPayment/${payment.id}/cancel`);

  type Finance = {
    status: string;
    paymentDueDate: string | null;
    paidThroughDate: string | null;
    gracePeriod: { kind: string; endDate: string; coverageEndsOn: string } | null;
  };
  const policy = async () =>
    (await call('GET', `/api/v1/Policy/${policyId}`)) as {
      finance: Finance | null;
      reinstatementEligibility: { reinstatementStatus: string } | null;
    };
  const before = (await policy()).finance;
  const paidThrough = before?.paidThroughDate ?? '';
  expect(paidThrough).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The first unpaid month's due date: the one the policy states, or the day after the paid-through date.
  const dueDate =
    before?.paymentDueDate && before.paymentDueDate > paidThrough
      ? before.paymentDueDate
      : addDays(paidThrough, 1);

  // The day after the due date: past due, in a grace period (APTC's three months or the state's).
  await call('POST', '/api/v1/demo/day', { day: addDays(dueDate, 1) });
  const behind = (await policy()).finance;
  expect(['GracePeriod', 'PastDue', 'Delinquent']).toContain(behind?.status);
  const grace = behind?.gracePeriod;
  expect(grace).not.toBeNull();
  await page.goto('/account-overview');
  // This policy's banner (another policy of the household, e.g. a vision plan, may be in a grace period too).
  const bannerOfPolicy = () =>
    page
      .getByRole('region', { name: new RegExp(t('overview.grace.heading')) })
      .filter({ has: page.locator(`[id="policy-${policyId}-grace"]`) });
  const banner = bannerOfPolicy();
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText(longDate(grace?.coverageEndsOn ?? ''));
  await page.goto('/notification/view-notifications');
  const told = grace?.kind === 'aptc' ? /is in a grace period/ : /is past due/;
  await expect(
    page.getByTestId('notification-item').filter({ hasText: told }).filter({ hasText: member.policyNumber }),
  ).toHaveCount(1, { timeout: 20_000 });

  // The grace period runs out unpaid: the coverage ends (back to the end of month 1 with APTC, else the
  // paid-through date) and reinstating it is offered.
  await call('POST', '/api/v1/demo/day', { day: addDays(grace?.endDate ?? '', 1) });
  const after = await policy();
  expect(after.finance?.status).toBe('Terminated');
  expect(after.reinstatementEligibility?.reinstatementStatus).toBe('Eligible');
  await page.goto('/notification/view-notifications');
  await expect(
    page
      .getByTestId('notification-item')
      .filter({ hasText: `Coverage under policy ${member.policyNumber} has ended.` }),
  ).toHaveCount(1, { timeout: 20_000 });
  await page.goto('/account-overview');
  await expect(bannerOfPolicy()).toHaveCount(0, { timeout: 20_000 });
});
