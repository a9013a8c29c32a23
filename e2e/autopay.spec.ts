import { expect, test, type Page } from '@playwright/test';
import { TEST_BANK_ACCOUNTS } from '../apps/server/src/processor/sandbox/test-numbers';
import { expectNoViolations } from './support/axe';
import { freshMember, type FreshMember } from './support/members';
import { HOSTED, saveCardInWallet, t, typeBankAccount } from './support/payments';
import { newPortalPage, type Language } from './support/portal';
import { chooseOption } from './support/select';

// Issue 10, autopay (SPEC §2 /payments/autopay, §3 Subscription, §4 Autopay "create, update, cancel,
// replace"): a member of its own saves a card and a bank account in the wallet (the sandbox processor's
// hosted fields), then sets up autopay with the authorisation the server requires, sees the next payment,
// changes the days before the due date, skips the next payment once and undoes it, pays from the bank
// account instead (replace), and turns autopay off after confirming. Against the real server.

const unique = () => Math.random().toString(36).slice(2, 7);

/** Saves a Visa card and a checking account in the member's wallet, the way the wallet page does it. */
async function saveMethods(page: Page, language: Language, checking: string) {
  await saveCardInWallet(page, language);

  await page.getByRole('button', { name: t('wallet.addBankAccount', language) }).click();
  const bankDialog = page.getByRole('dialog', { name: t('wallet.addDialog.bankTitle', language) });
  const bankFrame = page.frameLocator(`iframe[title="${t('wallet.addDialog.bankFrameTitle', language)}"]`);
  await expect(bankFrame.getByLabel(HOSTED[language].routing)).toBeVisible();
  await typeBankAccount(bankFrame, TEST_BANK_ACCOUNTS.settles.accountNumber, language);
  await bankDialog.getByRole('textbox', { name: t('fields.nickname.label', language) }).fill(checking);
  await bankDialog.getByRole('button', { name: t('wallet.addDialog.saveBank', language) }).click();
  await expect(bankDialog).toBeHidden();
}

/** Opens the autopay page on the member's own policy (chosen in the policy selector when there are several). */
async function openAutopay(page: Page, member: FreshMember, language: Language = 'en') {
  await page.goto('/payments/autopay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('autopay.title', language), {
    timeout: 20_000,
  });
  const selector = page.getByRole('combobox', { name: t('policySelector.label', language) });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
}

/** A labelled value of the page's description lists. */
const fact = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

test('a member sets up autopay with consent, changes it, skips the next payment once, pays from another method and turns it off', async ({
  page,
}) => {
  const checking = `Checking ${unique()}`;
  const member = await freshMember(page, { owing: true });
  await saveMethods(page, 'en', checking);
  await openAutopay(page, member);

  // Nothing yet: the set-up form, no active autopay.
  const setUp = page.getByRole('region', { name: 'Set up autopay' });
  await expect(setUp).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your autopay' })).toHaveCount(0);
  await expect(page.getByText('No earlier autopay on this policy.')).toBeVisible();
  await expectNoViolations(page, 'autopay set-up form');

  // A bad fixed amount and no authorisation: each field says what is wrong, nothing is sent.
  await setUp.getByRole('radio', { name: 'Visa ending in 4242' }).check();
  await setUp.getByRole('radio', { name: 'A fixed amount each month' }).check();
  const fixed = setUp.getByRole('textbox', { name: 'Fixed amount' });
  await fixed.fill('12.345');
  await setUp.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(fixed).toHaveAccessibleDescription('Fixed amount can have at most two decimal places.');
  await expect(setUp.locator('p', { hasText: 'Tick the box to authorise the debits.' })).toBeVisible();
  await expect(fixed).toHaveValue('12.345');
  await fixed.fill('100000');
  await setUp.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(fixed).toHaveAccessibleDescription(
    /^Fixed amount can be at most \$[0-9,.]+ in one payment\.$/,
  );

  // The amount due, 3 days before the due date: the authorisation says exactly that.
  await setUp.getByRole('radio', { name: 'The amount due each month' }).check();
  await chooseOption(setUp.getByRole('combobox', { name: 'When to charge' }), '3 days before the due date');
  const consent = setUp.getByRole('checkbox', {
    name: `I authorise automatic debits of the amount due from Visa ending in 4242, 3 days before the due date, for policy ${member.policyNumber}, every month until I turn autopay off.`,
  });
  await consent.check();
  await setUp.getByRole('button', { name: 'Turn on autopay' }).click();

  const active = page.getByRole('region', { name: 'Your autopay' });
  await expect(active).toBeVisible();
  await expect(fact(page, 'Charges')).toHaveText('The amount due each month');
  await expect(fact(page, 'Pays from')).toHaveText('Visa ending in 4242');
  await expect(fact(page, 'When')).toHaveText('3 days before the due date');
  const next = active.getByRole('region', { name: 'Next payment' });
  await expect(next).toBeVisible();
  await expect(fact(page, 'Billed month')).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  await expect(fact(page, 'Charged on')).not.toBeEmpty();
  await expect(fact(page, 'State')).toHaveText(/Scheduled/);
  await expect(page.getByRole('region', { name: 'Set up autopay' })).toHaveCount(0);
  await expect(page.getByText('A policy can have 1 autopay at a time.', { exact: false })).toBeVisible();
  await expectNoViolations(page, 'autopay with an active subscription');

  // Change the terms: 5 days before the due date, authorised again.
  await active.getByRole('button', { name: 'Change terms' }).click();
  const change = page.getByRole('dialog', { name: 'Change autopay terms' });
  await chooseOption(change.getByRole('combobox', { name: 'When to charge' }), '5 days before the due date');
  await change.getByRole('button', { name: 'Save the new terms' }).click();
  await expect(change.locator('p', { hasText: 'Tick the box to authorise the debits.' })).toBeVisible();
  await change.getByRole('checkbox', { name: /5 days before the due date/ }).check();
  await change.getByRole('button', { name: 'Save the new terms' }).click();
  await expect(change).toBeHidden();
  await expect(fact(page, 'When')).toHaveText('5 days before the due date');

  // Skip the next payment once, then change our mind.
  await active.getByRole('button', { name: 'Skip the next payment' }).click();
  await expect(fact(page, 'State')).toHaveText('Skipped at your request');
  await expect(next.getByText(/You chose to skip this payment/)).toBeVisible();
  await active.getByRole('button', { name: 'Charge the next payment after all' }).click();
  await expect(fact(page, 'State')).toHaveText(/Scheduled/);
  await active.getByRole('button', { name: 'Skip the next payment' }).click();
  await expect(fact(page, 'State')).toHaveText('Skipped at your request');

  // Pay from the bank account instead (SPEC §4 replace): the same terms, the old one in the past list.
  await active.getByRole('button', { name: 'Pay from another method' }).click();
  const replace = page.getByRole('dialog', { name: 'Pay autopay from another method' });
  const bankName = `${checking} (Checking ending in 789)`;
  await replace.getByRole('radio', { name: bankName }).check();
  await replace
    .getByRole('checkbox', { name: new RegExp(`from ${bankName.replace(/[()]/g, '\\$&')} instead`) })
    .check();
  await replace.getByRole('button', { name: 'Pay from this method' }).click();
  await expect(replace).toBeHidden();
  await expect(fact(page, 'Pays from')).toHaveText(bankName);
  await expect(fact(page, 'When')).toHaveText('5 days before the due date');
  const past = page.getByRole('region', { name: 'Past autopay' });
  await expect(past.getByRole('listitem')).toHaveCount(1);
  await expect(past.getByRole('listitem')).toContainText('Visa ending in 4242');
  await expect(past.getByRole('listitem')).toContainText('Replaced when you chose another payment method');

  // Turn it off, after saying no once.
  await active.getByRole('button', { name: 'Turn off autopay' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off autopay?' });
  await off.getByRole('button', { name: 'Keep autopay on' }).click();
  await expect(off).toBeHidden();
  await expect(active).toBeVisible();
  await active.getByRole('button', { name: 'Turn off autopay' }).click();
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your autopay' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Set up autopay' })).toBeVisible();
  await expect(past.getByRole('listitem')).toHaveCount(2);
  await expect(past.getByRole('listitem').filter({ hasText: 'Turned off' })).toContainText(checking);

  // What the member saw is the server's: it survives a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Set up autopay' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Past autopay' }).getByRole('listitem')).toHaveCount(2);
});

test('pt: o membro configura o pagamento automático em português e a autorização é exigida', async ({
  browser,
}) => {
  const language = 'pt';
  const { context, page } = await newPortalPage(browser, { language, width: 375 });
  const member = await freshMember(page, { owing: true, language });
  await saveMethods(page, language, `Conta ${unique()}`);
  await openAutopay(page, member, language);
  const setUp = page.getByRole('region', { name: 'Configurar o pagamento automático' });
  await setUp.getByRole('radio', { name: 'Visa com final 4242' }).check();
  await setUp.getByRole('button', { name: 'Ativar o pagamento automático' }).click();
  await expect(setUp.locator('p', { hasText: 'Marque a caixa para autorizar os débitos.' })).toBeVisible();
  await setUp
    .getByRole('checkbox', {
      name: /^Autorizo que seja cobrado automaticamente o valor devido, com Visa com final 4242/,
    })
    .check();
  await setUp.getByRole('button', { name: 'Ativar o pagamento automático' }).click();
  await expect(page.getByRole('region', { name: 'Seu pagamento automático' })).toBeVisible();
  await expect(fact(page, 'Quando')).toHaveText('Na data de vencimento');
  await expectNoViolations(page, 'autopay at 375 px in Portuguese');
  if (process.env.AUTOPAY_SCREENSHOTS) {
    for (const [lang, width] of [
      ['pt', 375],
      ['pt', 1280],
      ['es', 375],
      ['es', 1280],
      ['en', 375],
      ['en', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((chosen) => {
        localStorage.setItem('language', chosen);
      }, lang);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('autopay.title', lang), {
        timeout: 20_000,
      });
      await expect(page.getByRole('region', { name: t('autopay.active.heading', lang) })).toBeVisible();
      await page.screenshot({ path: `/tmp/autopay-${lang}-${width}.png`, fullPage: true });
    }
  }
  await context.close();
});
