import { expect, test, type Page } from '@playwright/test';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../apps/server/src/processor/sandbox/test-numbers';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { reinstatableMember } from './support/members';
import { chooseNew, review, saveCardInWallet, t, typeBankAccount, typeCard } from './support/payments';
import {
  expectedMenu,
  locateAccount,
  menuShown,
  newPortalPage,
  signIn,
  text,
  type Language,
} from './support/portal';

// Issue 11, reinstating coverage (SPEC §2 /admin/policy-selection/span-selection/reactivate-plan, §3
// Reinstatement eligibility, §4 GuestPaymentTermedReinstateOnlyPages): "aisha.johnson reinstates and
// pays", played by a generated member of the same shape (a policy terminated for non-payment, Eligible) so
// that the named account stays as the demo shows it and no journey depends on another's writes.

test.describe.configure({ timeout: 150_000 });

const PATH = '/admin/policy-selection/span-selection/reactivate-plan';

/** The value of a fact (dt/dd) on the page. */
const fact = (page: Page, label: string) => page.locator(`main dt:text-is("${label}") + dd`);

async function openFromMenu(page: Page, language: Language) {
  await page
    .getByRole('navigation', { name: text('nav.label', language) })
    .getByRole('link', { name: text('nav.reactivatePlan', language) })
    .click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('reinstatement.heading', language), {
    timeout: 20_000,
  });
  await expect(
    page.getByRole('heading', { level: 2, name: t('reinstatement.offer.heading', language) }),
  ).toBeVisible({ timeout: 20_000 });
}

test('a member reinstates and pays in Spanish: the offer, translated field errors that keep what was typed, a confirmation, the receipt; axe at 375 and 1280 px', async ({
  page,
}) => {
  const es: Language = 'es';
  const member = await reinstatableMember(page, { language: es });
  await signIn(page, 'consumer', member.username, es);
  await openFromMenu(page, es);
  // When and why coverage ended, what reinstating costs and which months that pays for, the deadline.
  await expect(fact(page, t('reinstatement.offer.reason', es))).toHaveText(
    t('reinstatement.offer.reasons.non-payment', es),
  );
  await expect(fact(page, t('reinstatement.offer.amount', es))).toContainText(/\$[\d,]+\.\d\d/);
  await expect(fact(page, t('reinstatement.offer.amount', es))).toContainText(
    'el mes vencido y los 3 meses desde que terminó su cobertura',
  );
  await expect(fact(page, t('reinstatement.offer.deadline', es))).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'reinstatement page (es)');
  const amount = await page.getByRole('textbox', { name: t('fields.amount.label', es) }).inputValue();
  expect(Number(amount)).toBeGreaterThan(0);

  // Bad input: the name emptied and a ZIP code that is not one. Field-level messages in Spanish, nothing lost.
  const zip = page.getByRole('textbox', { name: t('fields.zip.label', es) });
  await page.getByRole('textbox', { name: t('fields.billingName.label', es) }).fill('');
  await zip.fill('12ab');
  await page.getByRole('textbox', { name: t('fields.street.label', es) }).fill('77 Calle Nueva');
  await page.getByRole('button', { name: t('payments.makePayment.continue', es) }).click();
  await expect(page.getByRole('textbox', { name: t('fields.billingName.label', es) })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/es obligatorio|es obligatoria/).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('fields.street.label', es) })).toHaveValue(
    '77 Calle Nueva',
  );
  await expect(zip).toHaveValue('12ab');
  await expectNoViolationsAtEachWidth(page, 'reinstatement page with field errors (es)');
  await page.getByRole('textbox', { name: t('fields.billingName.label', es) }).fill('Titular de Prueba');
  await zip.fill('02150');

  // A new card in the processor's hosted fields, then the confirmation: the amount, the months, the method.
  const frame = await chooseNew(page, 'card', es);
  await typeCard(frame, TEST_CARDS.visa.number, es);
  await review(page, es);
  const confirmation = page.getByRole('region', { name: t('payments.makePayment.reviewHeading', es) });
  await expect(confirmation).toContainText(
    `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await expect(confirmation).toContainText(/por los meses de \w+ de \d{4} a \w+ de \d{4}/);
  await expect(confirmation).toContainText('Visa terminada en 4242');
  await expect(confirmation).toContainText(/nos pide restablecer la póliza/);
  await expectNoViolationsAtEachWidth(page, 'reinstatement confirmation (es)');
  await page.getByRole('button', { name: /^Pagar / }).click();

  // Reinstated at once: the outcome has the focus, then the receipt.
  const done = page.getByRole('heading', { level: 2, name: t('reinstatement.done.heading.reinstated', es) });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done).toBeFocused();
  await expect(fact(page, t('reinstatement.done.reference', es))).toHaveText(/^SR-/);
  await expect(fact(page, t('reinstatement.done.method', es))).toHaveText('Visa terminada en 4242');
  await expectNoViolationsAtEachWidth(page, 'reinstatement receipt (es)');

  // The request is on the member's list, completed; the overview shows the policy in force.
  await page.getByRole('link', { name: t('reinstatement.links.requests', es) }).click();
  await expect(page.getByRole('main')).toContainText(t('serviceRequests.type.reinstatement', es), {
    timeout: 20_000,
  });
  await expect(page.getByRole('main')).toContainText(t('serviceRequests.status.Completed', es));
  // Nothing is left to reinstate.
  await page.goto(PATH);
  await expect(page.getByRole('main')).toContainText(t('reinstatement.noPolicies', es), { timeout: 20_000 });
});

test('a located guest whose account has only the terminated policy reinstates it with a bank payment, sees no one’s name, and is reinstated when it clears', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser);
  const member = await reinstatableMember(page);
  await locateAccount(page, {
    policyNumber: member.policyNumber,
    dateOfBirth: member.dateOfBirth,
    zipCode: member.zipCode ?? '',
  });
  // SPEC §4: the reinstate-only pages.
  expect(await menuShown(page)).toEqual(expectedMenu(['guest'], ['GuestPaymentTermedReinstateOnlyPages']));
  expect(await menuShown(page)).toContain(text('nav.reactivatePlan'));
  await openFromMenu(page, 'en');
  await expect(page.getByText(t('reinstatement.offer.members'))).toHaveCount(0);
  await expect(page.getByText(t('payments.makePayment.guestMethods'))).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'reinstatement page (guest)');

  const frame = await chooseNew(page, 'bank');
  await typeBankAccount(frame, TEST_BANK_ACCOUNTS.settles.accountNumber);
  await review(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  // A bank payment has not cleared yet: the page says what happens next.
  await expect(
    page.getByRole('heading', { level: 2, name: t('reinstatement.done.heading.awaiting-payment') }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main')).toContainText('Bank payments take a few business days to clear');
  await expect(page.getByRole('link', { name: t('reinstatement.links.requests') })).toHaveCount(0);
  await expectNoViolationsAtEachWidth(page, 'reinstatement awaiting the bank (guest)');
  // The printable receipt is the guest's to open.
  await expect(page.getByRole('link', { name: t('reinstatement.links.receipt') })).toHaveAttribute(
    'href',
    /\/payments\/make-payment\/receipt\/[0-9a-f-]{36}$/,
  );

  // The sandbox settles it 12 s later (PROCESSOR_SETTLE_DELAY_MS): then the coverage is back, and nothing has ended.
  await expect(async () => {
    await page.goto(PATH);
    await expect(page.getByText(t('reinstatement.noPolicies'))).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await context.close();
});

test('a member reinstates by keyboard alone with a saved card, and asks once', async ({ page }) => {
  const member = await reinstatableMember(page);
  await signIn(page, 'consumer', member.username);
  // Setup (with the mouse): a card in the wallet. The rest is done with the keyboard.
  await saveCardInWallet(page);
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 2, name: t('reinstatement.offer.heading') })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: t('payments.makePayment.continue') })).toBeVisible();
  // From the skip link to the form's button by Tab alone: every stop visible; the saved method is chosen.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: text('app.skipToMain') })).toBeFocused();
  await page.keyboard.press('Enter');
  let reached = false;
  for (let step = 0; step < 40 && !reached; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const rect = element?.getBoundingClientRect();
      return {
        text: element?.textContent.trim() ?? '',
        visible: (rect?.width ?? 0) > 0 && (rect?.height ?? 0) > 0,
        tag: element?.tagName ?? '',
      };
    });
    if (focused.tag === 'IFRAME') continue;
    expect(focused.visible, `focus stop ${focused.text} is visible`).toBe(true);
    // The method: moved with the arrow keys from the default bank account to the saved card.
    if (
      focused.tag === 'INPUT' &&
      (await page.evaluate(() => (document.activeElement as HTMLInputElement).name)) === 'methodChoice'
    ) {
      const card = page.getByRole('radio', { name: /Visa ending in 4242/ });
      for (let move = 0; move < 4 && !(await card.isChecked()); move += 1)
        await page.keyboard.press('ArrowUp');
      await expect(card).toBeChecked();
    }
    reached = focused.text === t('payments.makePayment.continue');
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: t('payments.makePayment.reviewHeading') }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: t('payments.makePayment.reviewHeading') })).toContainText(
    'Visa ending in 4242',
  );
  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: t('reinstatement.done.heading.reinstated') }),
  ).toBeFocused({ timeout: 30_000 });
  // The receipt's link is reached with Tab and opens with Enter.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: t('reinstatement.links.receipt') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payments\/payment-history\/[0-9a-f-]{36}$/);

  // A second visit: nothing is left to reinstate, nothing more to pay.
  await page.goto(PATH);
  await expect(page.getByText(t('reinstatement.noPolicies'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: t('payments.makePayment.continue') })).toHaveCount(0);
});
