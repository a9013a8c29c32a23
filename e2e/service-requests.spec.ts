import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { minimalPdf } from '../apps/server/test/files';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { freshMember } from './support/members';
import { newPortalPage, text, type Language } from './support/portal';
import { CSRF } from './support/session';

// Issue 11, service requests (SPEC §2 /admin/policy-selection/service-requests, /admin/service-requests-alt):
// a member of their own sends a general request with a document, is told what is wrong with a file that is
// not one, sees the request with its reference and history, opens the file, cancels the request after
// confirming, and finds it cancelled on the household's page and in their notifications.

/** A small real PDF and a text file pretending to be one, written for the run. */
function files() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-files-'));
  const pdf = path.join(folder, 'referral letter.pdf');
  fs.writeFileSync(pdf, minimalPdf('Referral letter'));
  const fake = path.join(folder, 'notes.png');
  fs.writeFileSync(fake, 'not an image at all');
  return { pdf, fake };
}

const t = (key: string, language: Language = 'en', values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, String(value)),
    text(key, language),
  );

async function openRequests(page: Page, language: Language) {
  await page.goto('/admin/policy-selection/service-requests');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('serviceRequests.title', language), {
    timeout: 20_000,
  });
  await expect(
    page.getByRole('heading', { level: 2, name: t('serviceRequests.heading', language) }),
  ).toBeVisible();
}

test('a member sends a general request with a document, follows it and cancels it (Portuguese)', async ({
  browser,
}) => {
  const language: Language = 'pt';
  const { context, page } = await newPortalPage(browser, { language });
  await freshMember(page, { language, exchange: false });
  await openRequests(page, language);
  await expectNoViolations(page, 'the service requests page');
  const { pdf, fake } = files();

  await page.getByRole('button', { name: t('serviceRequests.new', language) }).click();
  const dialog = page.getByRole('dialog', { name: t('serviceRequests.form.title', language) });
  // Sent empty: each required field says so, in Portuguese.
  await dialog.getByRole('button', { name: t('serviceRequests.form.send', language) }).click();
  await expect(dialog.locator('p').filter({ hasText: 'Assunto é obrigatório.' })).toBeVisible();
  await dialog.getByRole('textbox', { name: /Assunto/ }).fill('Carta de encaminhamento');
  await dialog
    .getByRole('textbox', { name: /Mensagem/ })
    .fill('Meu médico mandou esta carta. Para quem devo enviá-la?');
  // A file that is not what its name says is refused on its field; what was typed stays.
  await dialog
    .getByLabel(/Documento/)
    .setInputFiles({ name: 'notes.png', mimeType: 'application/pdf', buffer: fs.readFileSync(fake) });
  await dialog.getByRole('button', { name: t('serviceRequests.form.send', language) }).click();
  await expect(
    dialog.locator('p').filter({ hasText: 'só é possível anexar arquivos PDF, JPEG e PNG' }),
  ).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Assunto/ })).toHaveValue('Carta de encaminhamento');
  // The refused file stays named beside its message until it is removed and another chosen.
  await dialog.getByRole('button', { name: t('serviceRequests.form.removeFile', language) }).click();
  await dialog.getByLabel(/Documento/).setInputFiles(pdf);
  await expect(dialog.getByText(/Arquivo escolhido: referral letter\.pdf/)).toBeVisible();
  await expectNoViolations(page, 'the general request form with a file chosen');
  await dialog.getByRole('button', { name: t('serviceRequests.form.send', language) }).click();
  await expect(dialog).toBeHidden();
  const received = page.getByRole('status').filter({ hasText: /Recebemos sua solicitação SR-/ });
  await expect(received).toBeVisible();
  const reference = /SR-[2-9A-HJ-NP-Z]{8}/.exec((await received.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');

  const card = page.getByRole('article', { name: 'Carta de encaminhamento' });
  await expect(
    card.getByText(t('serviceRequests.status.Submitted', language), { exact: true }),
  ).toBeVisible();
  await expect(card.getByText(t('serviceRequests.reference', language, { reference }))).toBeVisible();
  await expect(page.getByText('1 solicitação aberta')).toBeVisible();
  await card.getByRole('button', { name: t('serviceRequests.details', language, { reference }) }).click();
  await expect(card.getByText('Meu médico mandou esta carta. Para quem devo enviá-la?')).toBeVisible();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /Baixar referral letter\.pdf/ }).click();
  const saved = await (await download).path();
  expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoViolations(page, 'a request opened with its history and file');

  // Cancelled after confirming (the safe choice is focused first).
  await card.getByRole('button', { name: t('serviceRequests.cancel', language) }).click();
  const confirm = page.getByRole('dialog', {
    name: t('serviceRequests.cancelTitle', language, { reference }),
  });
  await expect(
    confirm.getByRole('button', { name: t('serviceRequests.cancelKeep', language) }),
  ).toBeFocused();
  await confirm.getByRole('button', { name: t('serviceRequests.cancelConfirm', language) }).click();
  await expect(confirm).toBeHidden();
  await expect(
    card.getByText(t('serviceRequests.status.Cancelled', language), { exact: true }),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: t('serviceRequests.cancel', language) })).toHaveCount(0);

  // The household's page shows it too, with its policy; the notifications tell both steps.
  await page.goto('/admin/service-requests-alt');
  const everywhere = page.getByRole('article', { name: 'Carta de encaminhamento' });
  await expect(
    everywhere.getByText(t('serviceRequests.status.Cancelled', language), { exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  await page.goto('/notification/view-notifications');
  await expect(
    page.getByText(t('notification.serviceRequestSubmitted', language, { referenceNumber: reference })),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(t('notification.serviceRequestCancelled', language, { referenceNumber: reference })),
  ).toBeVisible();
  await context.close();
});

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

for (const language of ['en', 'es', 'pt'] as const) {
  test(`issue 33 item 7: a household over its attachment limit is told so on the file, in its language, and keeps what it typed (${language}, phone width)`, async ({
    browser,
  }) => {
    const { context, page } = await newPortalPage(browser, { language, width: 375 });
    const member = await freshMember(page, { language, exchange: false });
    // The household's twenty files of the month, sent through the API as the member (the portal's own calls).
    for (let i = 0; i < 20; i++) {
      const sent = await page.request.post(`/api/v1/Household/${member.householdId}/service-requests`, {
        headers: { ...CSRF, 'idempotency-key': `e2e-limit-${member.householdId}-${i}` },
        data: {
          subject: `Page ${i + 1}`,
          message: 'One page of my appeal.',
          attachment: {
            fileName: `page-${i + 1}.png`,
            contentType: 'image/png',
            contentBase64: PNG_1X1.toString('base64'),
          },
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await openRequests(page, language);
    await page.getByRole('button', { name: t('serviceRequests.new', language) }).click();
    const dialog = page.getByRole('dialog', { name: t('serviceRequests.form.title', language) });
    const subject = dialog.getByRole('textbox', { name: new RegExp(t('fields.subject.label', language)) });
    const message = dialog.getByRole('textbox', { name: new RegExp(t('fields.message.label', language)) });
    await subject.fill('One page more');
    await message.fill('The last page of my appeal.');
    await dialog
      .getByLabel(/Document/)
      .setInputFiles({ name: 'page-21.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await dialog.getByRole('button', { name: t('serviceRequests.form.send', language) }).click();
    const said = t('validation.rule.too-many-files-household', language, {
      field: t('fields.attachment.label', language),
      maximum: 20,
      days: 30,
    });
    await expect(dialog.locator('p').filter({ hasText: said })).toBeVisible();
    await expect(subject).toHaveValue('One page more');
    await expect(message).toHaveValue('The last page of my appeal.');
    await page.screenshot({
      path: test.info().outputPath(`attachment-limit-${language}.png`),
      fullPage: true,
    });
    await expectNoViolations(page, 'the general request form refusing a file over the household limit');
    // Without the file the request goes.
    await dialog.getByRole('button', { name: t('serviceRequests.form.removeFile', language) }).click();
    await dialog.getByRole('button', { name: t('serviceRequests.form.send', language) }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'One page more' })).toBeVisible();
    await context.close();
  });
}

test('the request list and its form work by keyboard alone', async ({ page }) => {
  await freshMember(page, { exchange: false });
  await openRequests(page, 'en');
  const newRequest = page.getByRole('button', { name: t('serviceRequests.new') });
  await newRequest.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t('serviceRequests.form.title') });
  await expect(dialog).toBeVisible();
  // Tab through the policy choice to the subject and message, then send with the keyboard.
  await dialog.getByRole('textbox', { name: /Subject/ }).focus();
  await page.keyboard.type('New ID card');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Please mail me a new card.');
  for (let step = 0; step < 6; step += 1) {
    if (
      await dialog
        .getByRole('button', { name: t('serviceRequests.form.send') })
        .evaluate((button) => button === document.activeElement)
    )
      break;
    await page.keyboard.press('Tab');
  }
  await expect(dialog.getByRole('button', { name: t('serviceRequests.form.send') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'New ID card' })).toBeVisible();
  await page.keyboard.press('Escape');
});
