import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations, expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember } from './support/members';
import { newPortalPage, tabTo, text, type Language } from './support/portal';

// Issue 11, coverage changes (SPEC §2 /admin/policy-selection/coverage-details, /change-plan; SPEC §5 end-coverage
// reasons per role): a member of their own changes plan and cancels the request, by keyboard alone; ends
// coverage in Spanish after a mistyped date (the field says why, in Spanish, and keeps what was typed) and a
// statement of what ends and when; asks for another start date in Portuguese, by keyboard. Each form's bad
// input is refused on its field, translated, and nothing typed is lost.

const t = (key: string, language: Language = 'en', values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, String(value)),
    text(key, language),
  );

const DETAILS = '/admin/policy-selection/coverage-details';
const REFERENCE = /SR-[2-9A-HJ-NP-Z]{8}/;

/** `YYYY-MM-DD` typed into a date input the way a keyboard does (Chromium's en-US fields: month, day, year). */
async function typeDate(page: Page, date: string): Promise<void> {
  const [year = '', month = '', day = ''] = date.split('-');
  await page.keyboard.type(`${month}${day}${year}`);
}

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function open(page: Page, path: string, titleKey: string, language: Language): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(titleKey, language), {
    timeout: 20_000,
  });
  await expect(page.locator('main [role=status]')).toHaveCount(0, { timeout: 20_000 });
}

test('a member changes plan and cancels the request, by keyboard alone', async ({ browser }) => {
  const { context, page } = await newPortalPage(browser, { language: 'en' });
  await freshMember(page, { exchange: false });
  await open(page, DETAILS, 'coverageDetails.heading', 'en');
  await expect(page.getByText(t('coverageDetails.current')).first()).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'coverage details (en)');

  await page
    .locator('#main-content')
    .getByRole('link', { name: t('coverageDetails.changes.changePlan') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('changePlan.heading'));
  await expect(page.getByRole('heading', { level: 2, name: t('changePlan.currentHeading') })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoViolationsAtEachWidth(page, 'change plan (en)');

  // A plan of this year when there is one (its life event is asked for outside open enrolment), else next year's.
  const chooseButtons = (scope: Page | Locator) =>
    scope.getByRole('button', { name: new RegExp(`^${t('changePlan.choose')}`) });
  const thisYear = page.getByRole('region', { name: t('changePlan.eligibleHeading') });
  const choose =
    (await chooseButtons(thisYear).count()) > 0
      ? chooseButtons(thisYear).first()
      : chooseButtons(page).first();
  await expect(choose).toBeVisible();
  const planName = ((await choose.textContent()) ?? '')
    .replace(t('changePlan.choose'), '')
    .replace(/^\s*–\s*/, '')
    .trim();
  await tabTo(page, choose, 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t('changePlan.confirm.title', 'en', { plan: planName }) });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: t('changePlan.confirm.send') });
  const eventDate = dialog.getByLabel(new RegExp(t('fields.eventDate.label')));
  if (await eventDate.isVisible()) {
    // This year's plan outside open enrolment: the life event and when it happened, checked on their fields.
    await tabTo(page, eventDate);
    await typeDate(page, isoDaysAgo(90));
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(dialog.locator('p').filter({ hasText: 'Life event is required.' }).first()).toBeVisible();
    const event = dialog.getByRole('combobox', { name: new RegExp(t('fields.qualifyingEvent.label')) });
    await tabTo(page, event);
    // The arrow key chooses its first option ("A move") on the native select.
    await page.keyboard.press('ArrowDown');
    await expect(event.locator('option:checked')).toHaveText(
      t('serviceRequests.value.qualifyingEvent.moved'),
    );
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(
      dialog
        .locator('p')
        .filter({ hasText: /Date of the event can be .* at the earliest\./ })
        .first(),
    ).toBeVisible();
    await expect(eventDate).toHaveValue(isoDaysAgo(90));
    await tabTo(page, eventDate);
    await typeDate(page, isoDaysAgo(10));
    await expectNoViolations(page, 'change plan dialog with errors (en)');
  }
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The form's confirmation, not the live notice of the same news under the header (issue 33 item 12).
  const received = page
    .getByRole('status')
    .filter({ hasText: /We received your request SR-/ })
    .filter({ hasNotText: /^New notification/ });
  await expect(received).toBeVisible();
  // The confirmation takes the focus (it shows above where the plans were).
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
    'We received your request',
  );
  const reference = REFERENCE.exec((await received.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');

  // The request is open on the page: no other plan can be chosen until it is settled; it can be cancelled.
  const openRequest = page.getByRole('region', {
    name: t('policyCoverage.open.heading', 'en', { reference }),
  });
  await expect(openRequest).toBeVisible();
  await expect(openRequest).toContainText(planName);
  await expect(page.getByRole('button', { name: new RegExp(`^${t('changePlan.choose')}`) })).toHaveCount(0);
  await tabTo(page, openRequest.getByRole('button', { name: t('policyCoverage.open.cancel') }), 80);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: t('serviceRequests.cancelTitle', 'en', { reference }) });
  await expect(confirm.getByRole('button', { name: t('serviceRequests.cancelKeep') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: t('serviceRequests.cancelConfirm') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText(t('serviceRequests.cancelled', 'en', { reference }), { exact: true }),
  ).toBeVisible();
  await expect(openRequest).toBeHidden();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${t('changePlan.choose')}`) }).first(),
  ).toBeVisible();

  // The household's requests show it cancelled.
  await page.goto('/admin/policy-selection/service-requests');
  const card = page.getByRole('article').filter({ hasText: reference });
  await expect(card.getByText(t('serviceRequests.status.Cancelled'), { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await context.close();
});

test('a member ends coverage in Spanish: a mistyped date is refused on its field, then what ends and when, then a confirmation', async ({
  browser,
}) => {
  const language: Language = 'es';
  const { context, page } = await newPortalPage(browser, { language });
  await freshMember(page, { language, exchange: false });
  await open(page, `${DETAILS}/end-coverage`, 'endCoverage.heading', language);
  const form = page.getByRole('form', { name: t('endCoverage.formTitle', language) });
  // In December a coverage that ends with its plan year on December 31 has no month end left to end on
  // (the earliest is this month's end, the end already set): the page says why for each reason instead.
  const noneApplies = page.getByRole('alert').filter({ hasText: t('endCoverage.noneApplies', language) });
  await expect(form.or(noneApplies)).toBeVisible({ timeout: 20_000 });
  if (await noneApplies.isVisible()) {
    // Only in December (the issuer's day, America/New_York), and then for every reason.
    const month = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'numeric' }).format(
      new Date(),
    );
    expect(month).toBe('12');
    await expect(noneApplies.getByRole('listitem')).toHaveCount(4);
    await expect(form).toHaveCount(0);
    await expectNoViolationsAtEachWidth(page, 'end coverage, no date left (es)');
    await context.close();
    return;
  }
  await expect(form).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'end coverage (es)');

  await form
    .getByRole('radio', { name: new RegExp(t('serviceRequests.value.endReason.other-coverage', language)) })
    .check();
  const date = form.getByLabel(new RegExp(t('fields.endDate.label', language)));
  const earliest = (await date.getAttribute('min')) ?? '';
  expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const note = form.getByRole('textbox', { name: new RegExp(t('fields.coverageNote.label', language)) });
  await note.fill('Empiezo un trabajo con seguro médico.');
  const midMonth = `${earliest.slice(0, 8)}15`;
  await date.fill(midMonth);
  await form.getByRole('button', { name: t('endCoverage.review', language) }).click();
  await expect(
    form
      .locator('p')
      .filter({ hasText: 'Último día de cobertura debe ser el último día de un mes.' })
      .first(),
  ).toBeVisible();
  await expect(date).toHaveValue(midMonth);
  await expect(note).toHaveValue('Empiezo un trabajo con seguro médico.');
  await expectNoViolationsAtEachWidth(page, 'end coverage with a field error (es)');

  await date.fill(earliest);
  const statement = form.getByRole('region', { name: t('endCoverage.statement.heading', language) });
  await expect(statement.getByText(/La cobertura termina al final del día/)).toBeVisible();
  await form.getByRole('button', { name: t('endCoverage.review', language) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(/La cobertura termina al final del día/)).toBeVisible();
  await expect(confirm.getByRole('button', { name: t('endCoverage.confirm.keep', language) })).toBeFocused();
  await expectNoViolations(page, 'end coverage confirmation (es)');
  await confirm.getByRole('button', { name: t('endCoverage.confirm.send', language) }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Recibimos su solicitud SR-/ })
      .filter({ hasNotText: /^Notificación nueva/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /La solicitud SR-[2-9A-HJ-NP-Z]{8} está abierta/ }),
  ).toBeVisible();
  await context.close();
});

test('a member asks for another start date in Portuguese, by keyboard alone, after a date outside the window', async ({
  browser,
}) => {
  const language: Language = 'pt';
  const { context, page } = await newPortalPage(browser, { language });
  // A new enrolment waiting for its first premium: its start may still move.
  await freshMember(page, { language, exchange: false, binder: true });
  await open(page, `${DETAILS}/change-dates`, 'coverageDates.heading', language);
  await expectNoViolationsAtEachWidth(page, 'change coverage dates (pt)');
  // An earlier start (back to a life event) where the plan year leaves room before it; a binder start on
  // 1 January (December's new enrolments) has none, and then the start moves later (first of a month).
  const earlier = page.getByRole('radio', {
    name: new RegExp(t('serviceRequests.value.dateReason.start-earlier', language)),
  });
  const later = page.getByRole('radio', {
    name: new RegExp(t('serviceRequests.value.dateReason.start-later', language)),
  });
  const movesEarlier = await earlier.isEnabled();
  const reason = movesEarlier ? earlier : later;
  await expect(reason).toBeEnabled();
  const form = page.getByRole('form', { name: t('coverageDates.formTitle', language) });

  const review = form.getByRole('button', { name: t('coverageDates.review', language) });
  const note = form.getByRole('textbox', { name: new RegExp(t('fields.coverageNote.label', language)) });
  await tabTo(page, note, 60);
  await page.keyboard.type('Nosso filho nasceu antes do início da cobertura.');
  await tabTo(page, review);
  await page.keyboard.press('Enter');
  await expect(form.locator('p').filter({ hasText: 'Motivo é obrigatório.' }).first()).toBeVisible();
  await expect(note).toHaveValue('Nosso filho nasceu antes do início da cobertura.');

  await tabTo(page, reason, 40, true);
  await page.keyboard.press('Space');
  await expect(reason).toBeChecked();
  const date = form.getByLabel(new RegExp(t('fields.newDate.label', language)));
  const earliest = (await date.getAttribute('min')) ?? '';
  // Before the window, in the reason's own shape: the day before, or the first of the month before.
  const day = new Date(`${earliest}T00:00:00Z`);
  const before = movesEarlier
    ? new Date(day.getTime() - 86_400_000).toISOString().slice(0, 10)
    : new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  await tabTo(page, date);
  await typeDate(page, before);
  await tabTo(page, review);
  await page.keyboard.press('Enter');
  await expect(
    form
      .locator('p')
      .filter({ hasText: /Nova data pode ser, no mínimo, / })
      .first(),
  ).toBeVisible();
  await expect(date).toHaveValue(before);
  await expect(note).toHaveValue('Nosso filho nasceu antes do início da cobertura.');

  await tabTo(page, date, 40, true);
  await typeDate(page, earliest);
  await expect(form.getByText(/A cobertura começaria em /)).toBeVisible();
  await tabTo(page, review);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByRole('button', { name: t('coverageDates.confirm.keep', language) }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Recebemos sua solicitação SR-/ })
      .filter({ hasNotText: /^Nova notificação/ }),
  ).toBeVisible();
  await context.close();
});
