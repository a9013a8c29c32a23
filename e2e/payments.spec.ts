import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../apps/server/src/processor/sandbox/test-numbers';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { addDays, api, freshMember, newMember, type FreshMember } from './support/members';
import {
  amountFilledIn,
  chooseNew,
  money,
  openPayment,
  payButton,
  review,
  t,
  typeBankAccount,
  typeCard,
} from './support/payments';
import {
  assertScenario,
  BINDER_LANDING,
  locateAccount,
  menuShown,
  newPortalPage,
  scenariosShown,
  text,
} from './support/portal';
import { actForResult, freshStaff, searchByExchangeId } from './support/staff';
import { chooseOption } from './support/select';

// Issue 9, paying premiums (SPEC §2 /payments/make-payment, /payments/binding-payment,
// /payments/payment-history, §4 Payment, §7 make-payment call) against the real server and its sandbox
// processor. Each journey that pays uses a member of its own (demo mode's fresh member) so that no
// journey sees another's payments; the card and bank numbers are typed in the processor's hosted
// fields, on the processor's own origin.

// A payment journey signs in, waits for the processor's frame, pays and checks several pages.
test.describe.configure({ timeout: 120_000 });

const atEachWidth = (page: Page, what: string) => expectNoViolationsAtEachWidth(page, what);

/** The overview's card of the member's policy. */
const policyCard = (page: Page, member: Pick<FreshMember, 'policyNumber'>) =>
  page.getByTestId('policy-card').filter({ hasText: member.policyNumber });

/** The value of a fact (dt/dd) in a part of the page. */
const fact = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.locator(`dt:text-is("${label}") + dd`);
/**
 * An amount as a fact shows it: the money, then the months it is for when something is owed ("for May 2027"),
 * then its parts when there are any (issue 33 item 11: "Past due for December 2026: $225.30", "Current bill for …").
 */
const amountFact = (value: string) =>
  new RegExp(
    `^${value.replace(/[.$]/g, '\\$&')}( for [A-Z][a-z]+ \\d{4}( to [A-Z][a-z]+ \\d{4})?)?((Past due|Current bill) for [^$]+: \\$[\\d,]+\\.\\d{2})*$`,
  );

/** History rows of the selected policy (one per payment). */
const historyRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('a member pays the amount due with a new card kept in the wallet, sees the receipt, and the overview and history show it; axe finds nothing on the way at 375 and 1280 px', async ({
  page,
}) => {
  const member = await freshMember(page, { owing: true });
  // The overview offers to pay where the amount due is.
  await expect(policyCard(page, member).getByRole('link', { name: 'Make a payment' })).toBeVisible();
  await openPayment(page, member);
  await atEachWidth(page, 'make-payment page');
  const amount = await amountFilledIn(page);
  // A field error, then the amount due again.
  await page.getByRole('textbox', { name: t('fields.amount.label') }).fill('');
  await page.getByRole('button', { name: t('payments.makePayment.continue') }).click();
  await expect(page.getByRole('textbox', { name: t('fields.amount.label') })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await atEachWidth(page, 'make-payment page with a field error');
  await page.getByRole('textbox', { name: t('fields.amount.label') }).fill(amount);
  const frame = await chooseNew(page, 'card');
  await atEachWidth(page, 'make-payment page with the hosted card fields');
  await typeCard(frame, TEST_CARDS.visa.number);
  await page.getByRole('checkbox', { name: t('fields.saveToWallet.label') }).check();
  await review(page);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await atEachWidth(page, 'review step');
  await payButton(page).click();

  await expect(page).toHaveURL(/\/payments\/payment-history\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await expect(page.getByText('Thank you. Your payment was received.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(money(amount));
  await expect(page.getByRole('main')).toContainText('Visa ending in 4242');
  await expect(page.getByRole('main')).toContainText(member.policyNumber);
  await atEachWidth(page, 'receipt page');

  // History: the payment, newest first, with its receipt.
  await page.getByRole('link', { name: 'All payments' }).click();
  await expect(page).toHaveURL(/\/payments\/payment-history$/);
  // It opens on the policy just paid.
  await expect(historyRows(page).first()).toContainText(money(amount));
  await expect(historyRows(page).first()).toContainText('Paid');
  await atEachWidth(page, 'payment history page');

  // Wallet: the card was kept.
  await page.goto('/payments/wallet');
  await expect(page.getByRole('main')).toContainText('Visa ending in 4242');

  // Overview: nothing due on this policy any more.
  await page.goto('/account-overview');
  await expect(fact(policyCard(page, member), 'Amount due')).toHaveText(amountFact('$0.00'));
});

test('issue 33 item 2: paying with a card the wallet already holds and "save" ticked pays, keeps one entry, and says why it was not saved', async ({
  page,
}) => {
  const member = await freshMember(page, { owing: true });
  const payWithVisa = async (amount: string) => {
    await openPayment(page, member);
    await page.getByRole('textbox', { name: t('fields.amount.label') }).fill(amount);
    const frame = await chooseNew(page, 'card');
    await typeCard(frame, TEST_CARDS.visa.number);
    await page.getByRole('checkbox', { name: t('fields.saveToWallet.label') }).check();
    await review(page);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payments\/payment-history\/[0-9a-f-]{36}$/);
  };
  await payWithVisa('5.00');
  await payWithVisa('6.00');
  // The second payment went through; the snackbar (shared with live notifications, one at a time) says why the card was not kept.
  const reason = t('payments.makePayment.notSavedToWallet', 'en', {
    method: 'Visa ending in 4242',
    reason: t('wallet.errors.already-saved'),
  });
  await expect(page.getByText(reason)).toBeVisible({ timeout: 30_000 });
  await page.goto('/payments/wallet');
  await expect(
    page
      .getByRole('region', { name: 'Cards' })
      .getByRole('listitem')
      .filter({ hasText: 'Visa ending in 4242' }),
  ).toHaveCount(1);
});

test('a declined card says why in plain words, charges nothing and keeps what was typed; then a double click on Pay makes one payment', async ({
  page,
}) => {
  const member = await freshMember(page, { owing: true });
  await openPayment(page, member);
  const amount = await amountFilledIn(page);
  await page.getByRole('textbox', { name: t('fields.billingName.label') }).fill('Pat Declined');
  const frame = await chooseNew(page, 'card');
  await typeCard(frame, TEST_CARDS.insufficientFunds.number);
  await review(page);
  await payButton(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: t('payments.decline.insufficient_funds') }),
  ).toContainText(t('payments.decline.nothingCharged'));
  await expect(page).toHaveURL(/\/payments\/make-payment$/);
  // Back to the details: the amount and the name typed are still there.
  await page.getByRole('button', { name: t('payments.makePayment.back') }).click();
  await expect(page.getByRole('textbox', { name: t('fields.amount.label') })).toHaveValue(amount);
  await expect(page.getByRole('textbox', { name: t('fields.billingName.label') })).toHaveValue(
    'Pat Declined',
  );
  // Nothing charged: the overview still shows the same amount due.
  await page.goto('/account-overview');
  await expect(fact(policyCard(page, member), 'Amount due')).toHaveText(amountFact(money(amount)));

  // Another card, and an impatient double click: one payment.
  await openPayment(page, member);
  await page.getByRole('textbox', { name: t('fields.amount.label') }).fill('13.57');
  await typeCard(await chooseNew(page, 'card'), TEST_CARDS.mastercard.number);
  await review(page);
  await payButton(page).dblclick();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  // A fresh load of the history (the policy chosen before is kept only within the page's life).
  await page.goto('/payments/payment-history');
  await openHistoryFor(page, member);
  await expect(historyRows(page).first()).toContainText('$13.57');
  await expect(historyRows(page).filter({ hasText: '$13.57' })).toHaveCount(1);
});

test('a bank payment is pending, then settles when the processor’s webhook arrives', async ({ page }) => {
  const member = await freshMember(page, { owing: true });
  await openPayment(page, member);
  await page.getByRole('textbox', { name: t('fields.amount.label') }).fill('21.43');
  const frame = await chooseNew(page, 'bank');
  await typeBankAccount(frame, TEST_BANK_ACCOUNTS.settles.accountNumber);
  await review(page);
  await expect(page.getByText(t('payments.makePayment.reviewBankNote'))).toBeVisible();
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await expect(page.getByText(t('payments.receipt.pending'))).toBeVisible();
  // The sandbox settles it 12 s later (PROCESSOR_SETTLE_DELAY_MS in the e2e config).
  await expect(async () => {
    await page.reload();
    // A reload on a busy machine can take several seconds before the receipt asks for the payment again.
    await expect(page.getByText('Thank you. Your payment was received.')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 75_000 });
});

test('a guest finds an account, pays with a one-time card, sees the receipt, and can open nothing else', async ({
  page,
}) => {
  const member = await newMember(page, { owing: true });
  expect(member.zipCode).not.toBeNull();
  await locateAccount(page, {
    policyNumber: member.policyNumber,
    dateOfBirth: member.dateOfBirth,
    zipCode: member.zipCode ?? '',
  });
  // Paying, and the questions and answers every visitor may read (issue 12).
  expect(await menuShown(page)).toEqual(['Make a payment', t('nav.faq')]);
  await page
    .getByRole('navigation', { name: text('nav.label') })
    .getByRole('link', { name: 'Make a payment' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a payment');
  await openPayment(page, member);
  // A guest has no wallet: only a card or account for this payment, never kept.
  await expect(page.getByText(t('payments.makePayment.guestMethods'))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: t('fields.saveToWallet.label') })).toHaveCount(0);
  const amount = await amountFilledIn(page);
  const frame = await chooseNew(page, 'card');
  await typeCard(frame, TEST_CARDS.mastercardDebit.number);
  await review(page);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payments\/make-payment\/receipt\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Thank you. Your payment was received.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(money(amount));
  await expect(page.getByRole('main')).toContainText('Mastercard ending in 8210');
  // Nothing else: no history, no wallet.
  for (const path of ['/payments/wallet', '/payments/payment-history', '/documents/invoice']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('notFound.heading'));
  }
});

test('a new enrolment’s binder payment makes the coverage effective', async ({ page }) => {
  const member = await freshMember(page, { binder: true });
  // The overview says the coverage waits for the first premium, and offers to pay it.
  const card = policyCard(page, member);
  await expect(
    card.getByText(/Your coverage starts once we receive your first premium payment/),
  ).toBeVisible();
  await card.getByRole('link', { name: 'Pay your first premium' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.binder.heading'));
  await expect(page.getByText(/^Pay by .+ so your coverage can start on .+\.$/)).toBeVisible();
  // The first month, paid in full: the amount cannot be changed.
  await expect(page.getByRole('textbox', { name: t('fields.amount.label') })).toHaveAttribute('readonly', '');
  await atEachWidth(page, 'binding-payment page');
  const frame = await chooseNew(page, 'card');
  await typeCard(frame, TEST_CARDS.visa.number);
  await review(page);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await expect(page.getByText(t('payments.receipt.effectuated'))).toBeVisible();
  await page.goto('/account-overview');
  await expect(
    policyCard(page, member).getByText(/Your coverage starts once we receive your first premium payment/),
  ).toHaveCount(0);
  await expect(policyCard(page, member).getByRole('link', { name: 'Pay your first premium' })).toHaveCount(0);
});

test('ana.costa’s asserted binder session pays her first premium: the coverage is effectuated and the menu changes', async ({
  page,
}) => {
  // SPEC §2: the asserted binder session starts on the binding-payment page. Her household is the one
  // journey that pays it (the navigation journeys do not use this assertion).
  await assertScenario(page, /binder payment/i, BINDER_LANDING);
  expect(await scenariosShown(page)).toEqual(['HouseholdNonActivePolicies']);
  // The tenant's menu offers the first payment while it is due (config/navigation.json).
  expect(await menuShown(page)).toContain('Pay your first premium');
  await expect(page.getByText(/^First month's premium: \$/)).toBeVisible();
  await expect(page.getByText(/^Pay by .+ so your coverage can start on .+\.$/)).toBeVisible();
  const frame = await chooseNew(page, 'card');
  await typeCard(frame, TEST_CARDS.visa.number);
  await review(page);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await expect(page.getByText(t('payments.receipt.effectuated'))).toBeVisible();
  // SPEC §4: the binding-payment entry is pruned once paid; the overview no longer waits for it.
  await expect.poll(() => menuShown(page)).not.toContain('Pay your first premium');
  await page.getByRole('link', { name: t('payments.receipt.overview') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('overview.heading'));
  await expect(page.getByText(/Your coverage starts once we receive your first premium payment/)).toHaveCount(
    0,
  );
  expect(await menuShown(page)).not.toContain('Pay your first premium');
});

test('customer service pays for a member they are helping, who then sees the payment', async ({
  browser,
}) => {
  const { context: memberContext, page: memberPage } = await newPortalPage(browser);
  const member = await freshMember(memberPage, { owing: true, exchange: true });
  expect(member.exchangeSubscriberId).not.toBeNull();
  const { context, page } = await newPortalPage(browser);
  // A customer service user of its own, who acts for the member after saying why (decision 043).
  await freshStaff(page, 'customer-service');
  await searchByExchangeId(page, member.exchangeSubscriberId ?? '');
  await actForResult(
    page,
    page.getByRole('listitem').filter({ hasText: member.policyNumber }).first(),
    'The member called',
  );
  await expect(page.getByRole('region', { name: 'Member you are helping' })).toBeVisible();
  await openPayment(page, member);
  await expect(page.getByText(t('payments.makePayment.staffNote'))).toBeVisible();
  await page.getByRole('textbox', { name: t('fields.amount.label') }).fill('9.87');
  const frame = await chooseNew(page, 'card');
  await typeCard(frame, TEST_CARDS.discover.number);
  await review(page);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
  await expect(page.getByRole('main')).toContainText('Discover ending in 1117');
  await context.close();
  // The member sees it in their history.
  await memberPage.goto('/payments/payment-history');
  await openHistoryFor(memberPage, member);
  await expect(historyRows(memberPage).filter({ hasText: '$9.87' })).toHaveCount(1);
  await memberContext.close();
});

/** On the history page (just loaded), the member's policy: the selector is looked for once the page has rendered. */
async function openHistoryFor(page: Page, member: FreshMember) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.history.heading'), {
    timeout: 20_000,
  });
  const selector = page.getByRole('combobox', { name: t('policySelector.label') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
}

// Spanish goes through a decline first (its reason in Spanish); Portuguese pays at once.
for (const [language, declineFirst] of [
  ['es', true],
  ['pt', false],
] as const) {
  test(`a member pays in ${language}: the form${declineFirst ? ', a decline' : ''}, the review and the receipt speak ${language}`, async ({
    browser,
  }) => {
    const { context, page } = await newPortalPage(browser, { language });
    const member = await freshMember(page, { owing: true, language });
    await openPayment(page, member, language);
    await page.getByRole('textbox', { name: t('fields.amount.label', language) }).fill('0.99');
    await page.getByRole('button', { name: t('payments.makePayment.continue', language) }).click();
    // The field says what is wrong, in the language of the page.
    await expect(page.getByRole('textbox', { name: t('fields.amount.label', language) })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('textbox', { name: t('fields.amount.label', language) }).fill('11.11');
    if (declineFirst) {
      await typeCard(await chooseNew(page, 'card', language), TEST_CARDS.declined.number, language);
      await review(page, language);
      await payButton(page).click();
      await expect(
        page.getByRole('alert').filter({ hasText: t('payments.decline.card_declined', language) }),
      ).toBeVisible();
      // What was typed in the form is kept; the card is typed again (the processor's frame starts empty).
      await page.getByRole('button', { name: t('payments.makePayment.back', language) }).click();
      await expect(page.getByRole('textbox', { name: t('fields.amount.label', language) })).toHaveValue(
        '11.11',
      );
    }
    await typeCard(await chooseNew(page, 'card', language), TEST_CARDS.visa.number, language);
    await review(page, language);
    await payButton(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.receipt.heading', language));
    await expect(page.getByText(t('payments.receipt.thanks', language))).toBeVisible();
    await context.close();
  });
}

// Issue 33 item 13: the first "Review payment" right after typing in the hosted fields was sometimes
// ignored (the frame reported its height as the field lost focus and the button moved under the click,
// or the click came while the frame was still checking the field; in Chromium a press right after the
// page scrolled to the button was routed to the frame, which had been under that point a moment before).
// One click must be enough, at a phone's width and a desktop's; a few rounds make the race likely.
// In the whole suite it still failed now and then (stop 43: round 3 at 1280 px; stop 44: the binder journey):
// the cause, found from a trace, and its own test are below this one.
test.describe('issue 33 item 13', () => {
  for (const width of [390, 1280]) {
    test(`issue 33 item 13: one click on "Review payment" right after typing a card or bank account opens the review, every time (${width} px)`, async ({
      browser,
    }) => {
      const { context, page } = await newPortalPage(browser, { width });
      const member = await freshMember(page, { owing: true });
      await openPayment(page, member);
      const heading = page.getByRole('heading', { level: 2, name: t('payments.makePayment.reviewHeading') });
      for (let round = 1; round <= 4; round += 1) {
        // A card, then a bank account (a taller frame), twice.
        if (round % 2 === 1) await typeCard(await chooseNew(page, 'card'), TEST_CARDS.visa.number);
        else await typeBankAccount(await chooseNew(page, 'bank'), TEST_BANK_ACCOUNTS.settles.accountNumber);
        // Straight from the frame's last field to the button: one click, no retry.
        await page.getByRole('button', { name: t('payments.makePayment.continue') }).click();
        await expect(heading, `round ${round}: the review follows the first click`).toBeVisible({
          timeout: 10_000,
        });
        await page.getByRole('button', { name: t('payments.makePayment.back') }).click();
        await expect(heading).toHaveCount(0);
      }
      await context.close();
    });
  }
});

// Issue 33 item 13, what the whole suite found (stop 44): the page's scroll padding that kept focused fields
// clear of the sticky action bar made the bar's own button count as hidden behind it, so bringing the button
// into view — as a test driver does before its click, as a keyboard's focus does — scrolled the page to the
// end of the form just before the press; under load the press landed where the button had been, and the
// review did not open. The button in view stays put; every field reached by Tab is still clear of the bar.
test('issue 33 item 13: the sticky "Review payment" is in view as it is (nothing scrolls before the press), and every field reached by Tab is in view above it', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser, { width: 1280 });
  await page.setViewportSize({ width: 1280, height: 720 });
  const member = await freshMember(page, { owing: true });
  await openPayment(page, member);
  // A card typed in full: the frame does not grow with messages while the keyboard walks the form below it.
  await typeCard(await chooseNew(page, 'card'), TEST_CARDS.visa.number);
  const button = page.getByRole('button', { name: t('payments.makePayment.continue') });
  const bar = page.getByTestId('payment-details-action');
  // The processor's frame at the top of the screen: the bar is stuck to the bottom, the form goes on below it.
  const scrolledTo = await page.getByTestId('hosted-fields-card').evaluate((frame) => {
    window.scrollTo(0, window.scrollY + frame.getBoundingClientRect().top);
    return window.scrollY;
  });
  const barBox = await bar.boundingBox();
  expect(barBox && Math.round(barBox.y + barBox.height)).toBe(720);
  await button.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

  // From the amount on, by keyboard: each field of the page that takes focus is in view above the bar — at
  // least its upper half (WCAG 2.4.11 asks that it is not entirely hidden; a frame that grows above a field
  // after it took focus may push it a little under the bar, as one whole-suite run showed).
  await page.getByRole('textbox', { name: t('fields.amount.label') }).focus();
  const checked: string[] = [];
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      const action = document.querySelector('[data-testid="payment-details-action"]');
      if (!element || !action) return null;
      return {
        name: element.getAttribute('name') ?? element.tagName,
        inBar: action.contains(element),
        frame: element.tagName === 'IFRAME',
        middle: (element.getBoundingClientRect().top + element.getBoundingClientRect().bottom) / 2,
        barTop: action.getBoundingClientRect().top,
      };
    });
    if (!focused || focused.inBar) break;
    if (focused.frame) continue;
    expect(focused.middle, `${focused.name} is in view above the bar`).toBeLessThan(focused.barTop);
    checked.push(focused.name);
  }
  expect(checked).toEqual(
    expect.arrayContaining(['billingName', 'street', 'city', 'state', 'zip', 'emailAddress']),
  );
  await context.close();
});

// Issue 33 item 11: "Amount due" and "Past due" listed the same months side by side, so a member read it
// as owing twice. One amount due now shows the parts it is made of — past due and this bill — each month
// once, and the parts add up to it, on the overview and on the payment page.
const MONTH =
  /(January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})/g;
/** The months a text names, with "X to Y" ranges counted month by month ("for October 2026 to December 2026": three). */
function monthsNamed(line: string): string[] {
  const found = [...line.matchAll(MONTH)].map(
    (match) => new Date(`${match[1] ?? ''} 1, ${match[2] ?? ''} UTC`),
  );
  if (/ to /.test(line) && found.length === 2 && found[0] && found[1]) {
    const months: string[] = [];
    for (let month = new Date(found[0]); month <= found[1]; month.setUTCMonth(month.getUTCMonth() + 1))
      months.push(month.toISOString().slice(0, 7));
    return months;
  }
  return found.map((month) => month.toISOString().slice(0, 7));
}
const cents = (amount: string) => Math.round(Number(amount.replace(/[$,]/g, '')) * 100);

test('issue 33 item 11: a member with a month past due and a current bill sees one amount due that its parts add up to, and no month twice', async ({
  page,
}) => {
  const member = await freshMember(page, { owing: true, noDental: true });
  const call = api(page);
  type Policy = { id: string; policyNumber: string };
  const household = (await call('POST', '/api/v1/Household/user')) as {
    today: string;
    policies: Policy[];
    households: { policies: Policy[] }[];
  };
  const policyId =
    [...household.policies, ...household.households.flatMap((entry) => entry.policies)].find(
      (policy) => policy.policyNumber === member.policyNumber,
    )?.id ?? '';
  expect(policyId).not.toBe('');
  // The household's days go by (demo mode's billing day) until next month's bill is out while a month is
  // still unpaid: invoices come on the 10th, a month is past due from its 1st.
  type Finance = {
    pastAmountDueCents: number;
    currentAmountDueCents: number;
    pastDueMonths: string[];
    currentDueMonths: string[];
  };
  const finance = async () =>
    ((await call('GET', `/api/v1/Policy/${policyId}`)) as { finance: Finance }).finance;
  let owed = await finance();
  for (
    let day = addDays(household.today, 1);
    !(owed.pastAmountDueCents > 0 && owed.currentAmountDueCents > 0);
    day = addDays(day, 1)
  ) {
    expect(day <= addDays(household.today, 45), 'a month past due and a current bill within 45 days').toBe(
      true,
    );
    await call('POST', '/api/v1/demo/day', { day });
    owed = await finance();
  }
  const total = owed.pastAmountDueCents + owed.currentAmountDueCents;

  const expectOneAmountDue = async (scope: Locator, label: string, where: string) => {
    const due = fact(scope, label);
    await expect(due).toBeVisible();
    const parts = await due.getByRole('listitem').allInnerTexts();
    const shownTotal = (await due.innerText()).split('\n')[0] ?? '';
    expect(cents(shownTotal), `${where}: the amount due is everything owed`).toBe(total);
    expect(parts.length, `${where}: the amount due lists its parts`).toBe(2);
    expect(
      parts.reduce((sum, part) => sum + cents(part.split(': ').at(-1) ?? ''), 0),
      `${where}: the parts add up to the amount due (${parts.join(' | ')})`,
    ).toBe(total);
    // No other fact of the section names an amount for the same months again.
    const months = (await scope.locator('dd').allInnerTexts()).flatMap((value) =>
      value.split('\n').flatMap(monthsNamed),
    );
    expect(months.length, `${where}: months named`).toBe(
      owed.pastDueMonths.length + owed.currentDueMonths.length,
    );
    expect(new Set(months).size, `${where}: no month named twice (${months.join(', ')})`).toBe(months.length);
  };
  await page.goto('/account-overview');
  const billing = policyCard(page, member).getByRole('region', { name: 'Billing' });
  await expectOneAmountDue(billing, 'Amount due', 'overview');
  await expect(billing.locator('dt', { hasText: /^Past due$/ })).toHaveCount(0);
  await openPayment(page, member);
  await expectOneAmountDue(
    page.getByRole('region', { name: t('payments.makePayment.summaryHeading') }),
    t('payments.makePayment.amountDue'),
    'payment page',
  );
  // The amount filled in is that one amount.
  expect(cents(await amountFilledIn(page))).toBe(total);
});
