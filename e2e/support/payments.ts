import { expect, type FrameLocator, type Page } from '@playwright/test';
import { TEST_CARDS, TEST_CVCS } from '../../apps/server/src/processor/sandbox/test-numbers';
import type { FreshMember } from './members';
import { text, type Language } from './portal';
import { chooseOption } from './select';

// Paying in the portal the way a member does (SPEC §2 /payments/make-payment): the form, the processor's
// hosted fields on its own origin, the review step. Shared by the payment journeys and the live
// notification journey.

export const t = (key: string, language: Language = 'en', values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, value),
    text(key, language),
  );

export const HOSTED = {
  en: {
    number: 'Card number',
    expiry: 'Expiration date',
    cvc: 'Security code (CVC)',
    zip: 'Billing ZIP code',
    routing: 'Routing number',
    account: 'Account number',
    confirm: 'Confirm account number',
  },
  es: {
    number: 'Número de tarjeta',
    expiry: 'Fecha de vencimiento',
    cvc: 'Código de seguridad (CVC)',
    zip: 'Código postal de facturación',
    routing: 'Número de ruta',
    account: 'Número de cuenta',
    confirm: 'Confirme el número de cuenta',
  },
  pt: {
    number: 'Número do cartão',
    expiry: 'Data de validade',
    cvc: 'Código de segurança (CVC)',
    zip: 'Código postal (ZIP) de cobrança',
    routing: 'Número de roteamento (routing)',
    account: 'Número da conta',
    confirm: 'Confirme o número da conta',
  },
} as const;

/** Opens the payment page on the member's own policy (chosen in the policy selector when there are several). */
export async function openPayment(
  page: Page,
  member: Pick<FreshMember, 'policyNumber'>,
  language: Language = 'en',
) {
  await page.goto('/payments/make-payment');
  // A fresh load fetches the session and the household first (slow while other journeys pay).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('payments.makePayment.heading', language),
    { timeout: 20_000 },
  );
  const selector = page.getByRole('combobox', { name: t('policySelector.label', language) });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  await expect(page.getByRole('textbox', { name: t('fields.amount.label', language) })).toBeVisible();
}

/** The hosted fields for a new card or bank account, once the processor's page is in the frame. */
export async function chooseNew(
  page: Page,
  kind: 'card' | 'bank',
  language: Language = 'en',
): Promise<FrameLocator> {
  const label = t(kind === 'card' ? 'payments.method.newCard' : 'payments.method.newBankAccount', language);
  await page.getByRole('radio', { name: label }).check();
  const frame = page.frameLocator(`iframe[title="${label}"]`);
  await expect(
    frame.getByLabel(kind === 'card' ? HOSTED[language].number : HOSTED[language].routing),
  ).toBeVisible();
  // The portal shows a progress bar until the frame says it is ready.
  await expect(page.getByRole('progressbar', { name: t('hostedFields.loading', language) })).toHaveCount(0);
  return frame;
}

export async function typeCard(frame: FrameLocator, number: string, language: Language = 'en') {
  await frame.getByLabel(HOSTED[language].number).fill(number);
  await frame.getByLabel(HOSTED[language].expiry).fill('12/34');
  await frame.getByLabel(HOSTED[language].cvc).fill(TEST_CVCS.threeDigits);
  await frame.getByLabel(HOSTED[language].zip).fill('02720');
}

export async function typeBankAccount(frame: FrameLocator, accountNumber: string, language: Language = 'en') {
  await frame.getByLabel(HOSTED[language].routing).fill('110000000');
  await frame.getByLabel(HOSTED[language].account, { exact: true }).fill(accountNumber);
  await frame.getByLabel(HOSTED[language].confirm).fill(accountNumber);
}

/** The amount filled in (the amount due), as shown in money: "$60.03". */
export async function amountFilledIn(page: Page, language: Language = 'en'): Promise<string> {
  const value = await page.getByRole('textbox', { name: t('fields.amount.label', language) }).inputValue();
  expect(Number(value), 'the amount due is filled in').toBeGreaterThan(0);
  return value;
}

export const money = (amount: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** Goes on to the review step: one press of "Review payment" is enough (issue 33 item 13). */
export async function review(page: Page, language: Language = 'en') {
  await page.getByRole('button', { name: t('payments.makePayment.continue', language) }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: t('payments.makePayment.reviewHeading', language) }),
  ).toBeVisible();
}

export const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay|Pagar) / });

/** Saves a Visa in the member's wallet through the wallet page and the processor's hosted fields. */
export async function saveCardInWallet(page: Page, language: Language = 'en') {
  await page.goto('/payments/wallet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('wallet.title', language), {
    timeout: 20_000,
  });
  const add = page.getByRole('button', { name: t('wallet.addCard', language) });
  await expect(add).toBeEnabled();
  await add.click();
  const dialog = page.getByRole('dialog', { name: t('wallet.addDialog.cardTitle', language) });
  const frame = page.frameLocator(`iframe[title="${t('wallet.addDialog.cardFrameTitle', language)}"]`);
  await expect(frame.getByLabel(HOSTED[language].number)).toBeVisible();
  await typeCard(frame, TEST_CARDS.visa.number, language);
  await dialog.getByRole('textbox', { name: t('fields.street1.label', language) }).fill('12 Harbor St');
  await dialog.getByRole('textbox', { name: t('fields.city.label', language) }).fill('Fall River');
  await chooseOption(
    dialog.getByRole('combobox', { name: t('fields.state.label', language) }),
    'MA – Massachusetts',
  );
  await dialog.getByRole('button', { name: t('wallet.addDialog.saveCard', language) }).click();
  await expect(dialog).toBeHidden();
}
