import { expect, test, type Page } from '@playwright/test';
import { newPortalPage, text, type Language } from './support/portal';
import { freshMember, pdfText } from './support/members';

// Issue "Documents, notifications and e-mail", Done when: a member opens each kind of document and the
// PDF downloads and has the right figures, in en/es/pt.

async function downloadFirst(page: Page, language: Language): Promise<{ row: string; pdf: string }> {
  const row = page.getByTestId('document-row').first();
  await expect(row).toBeVisible();
  const shown = (await row.innerText()).replace(/[\u00a0\u202f]/g, ' ');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: text('documents.download', language), exact: false }).click(),
  ]);
  const file = await download.path();
  return { row: shown, pdf: pdfText(file) };
}

const money = (line: string): string => /(US)?\$ ?[\d.,]*\d/.exec(line)?.[0] ?? 'no amount';

for (const language of ['en', 'es', 'pt'] as const) {
  test(`a member opens an invoice, a notice and a 1095-A, and each PDF has the right figures (${language})`, async ({
    browser,
  }) => {
    const { context, page } = await newPortalPage(browser, { language });
    await freshMember(page, { exchange: true, requires: ['notice', '1095-A'], language });

    await page
      .getByRole('navigation', { name: text('nav.label', language) })
      .getByRole('link', { name: text('nav.invoices', language) })
      .click();
    await expect(page).toHaveURL(/\/documents\/invoice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('documents.invoice.title', language),
    );
    const invoice = await downloadFirst(page, language);
    // The amount due and the month the page shows are the PDF's.
    const name = invoice.row.split('\n')[0] ?? '';
    expect(money(invoice.row)).not.toBe('no amount');
    expect(invoice.pdf).toContain(money(invoice.row));
    expect(invoice.pdf.toLowerCase()).toContain(name.replace(/^[^ ]+ (de |for )?/i, '').toLowerCase());
    expect(invoice.pdf).toContain({ en: 'How to pay', es: 'Cómo pagar', pt: 'Como pagar' }[language]);

    await page.goto('/documents/notice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('documents.notice.title', language),
    );
    const notice = await downloadFirst(page, language);
    const title = notice.row.split('\n')[0] ?? '';
    expect(notice.pdf).toContain(title);
    expect(notice.pdf).toContain(
      { en: 'What you need to do', es: 'Qué debe hacer', pt: 'O que você precisa fazer' }[language],
    );

    await page.goto('/documents/tax');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('documents.tax.title', language));
    const form = page
      .getByTestId('document-row')
      .filter({ hasText: text('documents.form.1095-A', language) })
      .first();
    await expect(form).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: text('documents.download', language), exact: false }).click(),
    ]);
    const pdf = pdfText(await download.path());
    expect(pdf).toContain(
      {
        en: 'Part III: Coverage Information',
        es: 'Parte III: Información de la cobertura',
        pt: 'Parte III: Informações da cobertura',
      }[language],
    );
    expect(pdf).toContain(
      { en: '33 Annual totals', es: '33 Totales anuales', pt: '33 Totais anuais' }[language],
    );
    await context.close();
  });
}

test('an off-exchange member gets the issuer’s 1095-B, and the year filter narrows the list', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser);
  await freshMember(page, { exchange: false, requires: ['1095-B'] });
  await page.goto('/documents/tax');
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Form 1095-A' })).toHaveCount(0);
  const form = rows.filter({ hasText: 'Form 1095-B' }).first();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: /Download/ }).click(),
  ]);
  const pdf = pdfText(await download.path());
  expect(pdf).toContain('Part IV: Covered Individuals');
  expect(pdf).toContain('Part III: Issuer or Other Coverage Provider');

  await page.goto('/documents/invoice');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  const year = page.getByRole('combobox', { name: 'Year' });
  const years = year.locator('option').filter({ hasText: /^\d{4}$/ });
  const first = ((await years.first().textContent()) ?? '').trim();
  await year.selectOption(first);
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText(first);
  expect(await rows.count()).toBeLessThanOrEqual(all);
  await context.close();
});
