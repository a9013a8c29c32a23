import { expect, test, type Page } from '@playwright/test';
import { newPortalPage, text, type Language } from './support/portal';
import { freshMember } from './support/members';

// Issue "Documents, notifications and e-mail", Done when: a member turns on paperless, confirms the
// e-mail from the development mailbox, and the next document is e-mailed.

const subjects: Record<Language, { confirm: string; notice: string }> = {
  en: { confirm: 'Confirm your e-mail address for paperless delivery', notice: 'You have a new notice' },
  es: {
    confirm: 'Confirme su correo electrónico para recibir documentos electrónicos',
    notice: 'Tiene un aviso nuevo',
  },
  pt: { confirm: 'Confirme seu e-mail para receber documentos digitais', notice: 'Você tem um novo aviso' },
};

/**
 * Opens the development mailbox until it lists the e-mail to `address` whose subject is `subject`, and
 * returns its row. E-mail leaves after the commit (queue, SMTP, the catcher), so on a busy machine it
 * can arrive a few seconds after the page that caused it answered: the mailbox is read again until then.
 */
async function mailRow(page: Page, language: Language, address: string, subject: string) {
  const row = page.getByRole('row').filter({ hasText: address }).filter({ hasText: subject });
  await expect
    .poll(
      async () => {
        await page.goto(`/dev/mailbox?lang=${language}`);
        return row.count();
      },
      { timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(1);
  return row;
}

for (const language of ['en', 'pt'] as const) {
  test(`a member turns on paperless, confirms the address from the mailbox, and the next document is e-mailed (${language})`, async ({
    browser,
  }) => {
    const { context, page } = await newPortalPage(browser, { language });
    const member = await freshMember(page, { language, paperless: false });
    const address = `${member.username}.${language}@example.net`;
    // E-mails speak the household's language (its preference), whatever the page's.
    const mail = subjects[member.language];
    await page.goto('/admin/paperless-settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('paperless.title', language));
    const electronic = text('paperless.electronic', language);
    for (const kind of ['invoices', 'notices', 'taxForms'] as const) {
      await page
        .getByRole('group', { name: text(`fields.${kind}.label`, language) })
        .getByRole('radio', { name: electronic })
        .check();
    }
    // Electronic tax forms need the member's consent: refused without it, field by field.
    await page.getByRole('textbox', { name: text('fields.email.label', language) }).fill(address);
    await page.getByRole('button', { name: text('paperless.save', language) }).click();
    await expect(page.getByText(text('validation.rule.consent-required', language)).first()).toBeVisible();
    await page.getByRole('checkbox', { name: text('paperless.consent', language) }).check();
    await page.getByRole('button', { name: text('paperless.save', language) }).click();
    await expect(page.getByRole('status').filter({ hasText: address })).toBeVisible();
    await expect(page.getByTestId('current-invoices')).toHaveText(text('paperless.paper', language));

    // The development mailbox (demo mode) has the confirmation link.
    await (await mailRow(page, language, address, mail.confirm)).getByRole('link').first().click();
    const link = page.getByRole('link', { name: /\/admin\/email-confirmation\?token=/ });
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('emailConfirmation.title', language),
    );
    await expect(page.getByRole('status').filter({ hasText: address })).toBeVisible();
    // The token is not left in the address bar (SPEC §2).
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/admin/paperless-settings');
    await expect(page.getByTestId('current-invoices')).toHaveText(electronic);

    // The notice confirming the change is the next document, and it is e-mailed.
    await mailRow(page, language, address, mail.notice);
    // The link works once: opened again, it says it was used.
    await (await mailRow(page, language, address, mail.confirm)).getByRole('link').first().click();
    await page.getByRole('link', { name: /\/admin\/email-confirmation\?token=/ }).click();
    await expect(page.getByText(text('emailConfirmation.token-used', language))).toBeVisible();
    await context.close();
  });
}
