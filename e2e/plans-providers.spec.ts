import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { minimalPdf } from '../apps/server/test/files';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember, newMember } from './support/members';
import { newPortalPage, signIn, tabTo, text, type Language } from './support/portal';
import { chooseOption } from './support/select';

// Issue 12 ("Plans, providers, brokers and help"), the journeys of its "Done when" for these pages: a member
// searches providers by specialty and language and chooses a primary care provider; searches a broker by
// NPN and asks to change; applies for dental with a document (reached by SPEC §2's upload-documents button);
// and an account not linked yet (like ana.costa's) links itself and then sees its policy. Each journey has
// a member of its own (demo mode fixtures), so the named demo accounts stay as the other journeys expect
// them (navigation.spec.ts checks ana.costa unlinked).

const t = (key: string, language: Language = 'en', values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (sentence, [name, value]) => sentence.replaceAll(`{{${name}}}`, String(value)),
    text(key, language),
  );

/** Opens a page of the menu the way a member does: the side menu's link (the drawer on a phone). */
async function openFromMenu(page: Page, label: string) {
  await page.getByRole('complementary').getByRole('link', { name: label }).click();
}

test('a member searches providers by specialty and language and chooses a primary care provider (Spanish)', async ({
  browser,
}) => {
  const language: Language = 'es';
  const { context, page } = await newPortalPage(browser, { language });
  await freshMember(page, { language, pcpPlan: true });
  // SPEC §4: the entry is in the menu (an HMO/EPO plan, selection enabled, no assertion saying OnlyPCP=false).
  await openFromMenu(page, text('nav.pcpSelect', language));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pcpSelect.heading', language), {
    timeout: 20_000,
  });
  // SPEC §2: the header logo has no link on this page.
  await expect(page.getByRole('banner').getByRole('link', { name: /Lighthouse Health Plan/ })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Lighthouse Health Plan' })).toBeVisible();

  const members = page.getByRole('region', { name: t('pcpSelect.membersHeading', language) });
  const subscriber = members.getByRole('listitem').first();
  const subscriberName = (await subscriber.getByRole('heading').textContent()) ?? '';
  const firstName = subscriberName.split(' ')[0] ?? '';
  await subscriber
    .getByRole('button', { name: t('pcpSelect.chooseFor', language, { name: firstName }) })
    .click();
  await expect(
    page.getByRole('heading', { name: t('pcpSelect.searchHeadingFor', language, { name: firstName }) }),
  ).toBeFocused();

  // By specialty and language, within 50 miles of home.
  const search = page.getByRole('form', {
    name: t('pcpSelect.searchHeadingFor', language, { name: firstName }),
  });
  await chooseOption(
    search.getByRole('combobox', { name: t('fields.providerSpecialty.label', language) }),
    t('pcpSelect.specialty.family-medicine', language),
  );
  await chooseOption(
    search.getByRole('combobox', { name: t('fields.providerLanguage.label', language) }),
    'Español',
  );
  await chooseOption(
    search.getByRole('combobox', { name: t('fields.searchRadius.label', language) }),
    t('pcpSelect.withinMiles', language, { miles: 50 }),
  );
  await search.getByRole('button', { name: t('pcpSelect.search', language) }).click();
  // The list keeps the earlier results (the default search) until the new ones arrive: wait for a list in
  // which every card matches, instead of reading the cards once (they were replaced while being read).
  const results = page.getByRole('list', { name: t('pcpSelect.resultsHeading', language) });
  const cards = results.getByRole('listitem');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  await expect(cards.filter({ hasNotText: t('pcpSelect.specialty.family-medicine', language) })).toHaveCount(
    0,
    { timeout: 20_000 },
  );
  await expect(cards.filter({ hasNotText: /Habla .*español/ })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'the PCP page with results (es)');

  const provider = results
    .getByRole('listitem')
    .filter({ hasText: t('pcpSelect.accepting', language) })
    .first();
  const providerName = (await provider.getByRole('heading').textContent()) ?? '';
  await provider.getByRole('button', { name: new RegExp(t('pcpSelect.choose', language)) }).click();
  const dialog = page.getByRole('dialog', {
    name: t('pcpSelect.confirm.title', language, { name: providerName }),
  });
  await expect(dialog.getByRole('checkbox', { name: subscriberName })).toBeChecked();
  await expectNoViolationsAtEachWidth(page, 'the PCP confirmation (es)');
  await dialog.getByRole('button', { name: t('pcpSelect.confirm.send', language) }).click();
  await expect(dialog).toBeHidden();
  // The tenant applies a PCP change at once: it is the member's PCP now, and the request is completed.
  await expect(page.getByText(t('pcpSelect.sentDone', language, { names: firstName }))).toBeVisible();
  await expect(subscriber).toContainText(t('pcpSelect.yourPcp', language));
  await expect(subscriber).toContainText(providerName);
  await page.goto('/admin/policy-selection/service-requests');
  await expect(
    page.getByRole('article', { name: new RegExp(t('serviceRequests.type.pcp', language)) }).first(),
  ).toContainText(t('serviceRequests.status.Completed', language), { timeout: 20_000 });
  await context.close();
});

test('a member searches a broker by NPN and asks to change to them', async ({ browser }) => {
  const { context, page } = await newPortalPage(browser);
  await freshMember(page, {});
  await openFromMenu(page, text('nav.broker'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('brokerChange.heading'), {
    timeout: 20_000,
  });
  const current = page.getByRole('region', { name: t('brokerChange.currentHeading') });
  await expect(current).toBeVisible();
  const currentText = (await current.textContent()) ?? '';
  await expectNoViolationsAtEachWidth(page, 'the broker page');

  // Find a broker who is not the member's by name, note their NPN, then search by the NPN alone.
  const search = page.getByRole('form', { name: t('brokerChange.searchHeading') });
  const candidate =
    ['Almonte', 'Pacheco', 'Oliveira', 'Flaherty'].find((name) => !currentText.includes(name)) ?? 'Almonte';
  await search.getByRole('textbox', { name: t('fields.brokerLastName.label') }).fill(candidate);
  await search.getByRole('button', { name: t('brokerChange.search') }).click();
  const results = page.getByRole('list', { name: t('brokerChange.resultsLabel') });
  const found = results.getByRole('listitem').first();
  await expect(found).toBeVisible({ timeout: 20_000 });
  const npn = ((await found.getByText(/^NPN \d+$/).textContent()) ?? '').replace('NPN ', '');
  expect(npn).toMatch(/^\d{1,10}$/);
  await search.getByRole('textbox', { name: t('fields.brokerLastName.label') }).fill('');
  await search.getByRole('textbox', { name: t('fields.brokerNpn.label') }).fill(npn);
  await search.getByRole('button', { name: t('brokerChange.search') }).click();
  await expect(page.getByText(t('brokerChange.found_one', 'en', { count: 1 }))).toBeVisible({
    timeout: 20_000,
  });
  const broker = results.getByRole('listitem');
  const brokerName = (await broker.getByRole('heading').textContent()) ?? '';
  await broker
    .getByRole('button', { name: t('brokerChange.chooseBroker', 'en', { name: brokerName }) })
    .click();

  const dialog = page.getByRole('dialog', {
    name: t('brokerChange.appoint.title', 'en', { name: brokerName }),
  });
  await dialog.getByRole('button', { name: t('brokerChange.appoint.send') }).click();
  await expect(
    dialog.locator('p').filter({ hasText: t('validation.rule.broker-authorization-required') }),
  ).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'the broker authorization with its error');
  await dialog
    .getByRole('checkbox', { name: new RegExp(`I authorize ${brokerName} \\(NPN ${npn}\\)`) })
    .check();
  await dialog.getByRole('button', { name: t('brokerChange.appoint.send') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('brokerChange.sentChange'))).toBeVisible();
  // The request waits for staff; the page shows it open, with a way to cancel it.
  await expect(page.getByText(t('brokerChange.openChange', 'en', { name: brokerName }))).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: t('requestNotice.cancel') })).toBeVisible();
  await context.close();
});

test('a member reaches additional products by the upload-documents button and applies for dental with a document (Portuguese)', async ({
  browser,
}) => {
  const language: Language = 'pt';
  const { context, page } = await newPortalPage(browser, { language });
  await freshMember(page, { language, noDental: true });
  // SPEC §2: in the home area (navigation hidden) the upload-documents button leads to additional products.
  await page.goto('/account/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('complementary', { name: text('nav.panel', language) })).toHaveCount(0);
  await expectNoViolationsAtEachWidth(page, 'the signed-in home area (pt)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: text('header.uploadDocuments', language) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('additionalProducts.heading', language),
    { timeout: 20_000 },
  );

  const dental = page.getByRole('listitem', { name: 'Lighthouse Smile Dental' });
  await expect(dental).toContainText('Duas limpezas e avaliações por ano, sem franquia');
  // Health coverage is bought at the Health Connector, in a new tab.
  const health = page.getByRole('listitem', { name: 'Cobertura de saúde para sua família' });
  await expect(health.getByRole('link', { name: /Contratar no Health Connector/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expectNoViolationsAtEachWidth(page, 'the additional products page (pt)');

  await dental
    .getByRole('button', {
      name: t('additionalProducts.apply.button', language, { product: 'Lighthouse Smile Dental' }),
    })
    .click();
  await expect(page).toHaveURL(/\?apply=dental$/);
  const dialog = page.getByRole('dialog', {
    name: t('additionalProducts.apply.title', language, { product: 'Lighthouse Smile Dental' }),
  });
  // A household of one has its one person ticked already: with nobody ticked, the form says so. (The
  // people load with the dialog: wait for them before unticking, or nobody would be unticked.)
  await expect(dialog.getByRole('checkbox').first()).toBeVisible({ timeout: 20_000 });
  for (const box of await dialog.getByRole('checkbox').all()) await box.uncheck();
  await dialog.getByRole('button', { name: t('additionalProducts.apply.send', language) }).click();
  await expect(dialog.locator('p').filter({ hasText: 'escolha pelo menos uma pessoa' })).toBeVisible();
  await dialog.getByRole('checkbox').first().check();
  await dialog
    .getByRole('textbox', { name: t('fields.applicationNote.label', language) })
    .fill('Limpezas para nós dois.');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-apply-'));
  const proof = path.join(folder, 'comprovante.pdf');
  fs.writeFileSync(proof, minimalPdf('Comprovante'));
  await dialog.getByLabel(t('fields.applicationDocument.label', language)).setInputFiles(proof);
  await expect(dialog.getByText(/comprovante\.pdf/)).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'the dental application (pt)');
  await dialog.getByRole('button', { name: t('additionalProducts.apply.send', language) }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(t('additionalProducts.sent', language, { product: 'Lighthouse Smile Dental' })),
  ).toBeVisible();
  await expect(dental).toContainText(/Proposta enviada \(referência SR-/);
  await context.close();
});

test('an account not linked to a member yet links itself with the member ID, date of birth and SSN, then sees its policy (Portuguese, like ana.costa)', async ({
  browser,
}) => {
  const language: Language = 'pt';
  const { context, page } = await newPortalPage(browser, { language });
  const member = await newMember(page, { unlinked: true, exchange: true });
  expect(member.ssnLast4).toMatch(/^\d{4}$/);
  await page.addInitScript((chosen) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', chosen);
  }, language);
  await page.goto('/home');
  await page.getByRole('button', { name: text('home.member.action', language) }).click();
  await page.locator('#username').fill(member.username);
  await page.locator('#password').fill('Lighthouse-Demo-2026');
  await page.locator('form button[type="submit"]').click();
  // Nothing to show yet: the no-plans page says how to link the account.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('noPlans.heading', language), {
    timeout: 20_000,
  });
  await page.getByRole('link', { name: t('accountHome.link.action', language) }).click();
  await expect(page).toHaveURL(/\/home\/link-account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('linkAccount.heading', language));
  await expectNoViolationsAtEachWidth(page, 'the link-account page (pt)');
  await page.setViewportSize({ width: 1280, height: 900 });

  const form = page.getByRole('form', { name: t('linkAccount.formTitle', language) });
  await form
    .getByRole('textbox', { name: text('fields.policyNumber.label', language) })
    .fill(member.policyNumber);
  await form.getByLabel(text('fields.dateOfBirth.label', language)).fill(member.dateOfBirth);
  // A wrong SSN: the same "not found" as an unknown member, and nothing typed is lost.
  const wrong = member.ssnLast4 === '1234' ? '518-42-4321' : '518-42-1234';
  await form.getByRole('textbox', { name: t('fields.ssn.label', language) }).fill(wrong);
  await form.getByRole('button', { name: t('linkAccount.submit', language) }).click();
  await expect(form.getByText(t('linkAccount.errors.notFound', language))).toBeVisible({ timeout: 20_000 });
  await expect(form.getByRole('textbox', { name: text('fields.policyNumber.label', language) })).toHaveValue(
    member.policyNumber,
  );
  await expectNoViolationsAtEachWidth(page, 'the link-account page with its not-found answer (pt)');
  await page.setViewportSize({ width: 1280, height: 900 });

  await form
    .getByRole('textbox', { name: t('fields.ssn.label', language) })
    .fill(`518-42-${member.ssnLast4 ?? ''}`);
  await form.getByRole('button', { name: t('linkAccount.submit', language) }).click();
  await expect(page.getByText(t('linkAccount.linked', language))).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: t('linkAccount.seeCoverage', language) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('overview.heading', language), {
    timeout: 20_000,
  });
  await expect(page.getByRole('main')).toContainText(member.policyNumber);

  // The next sign-in shows it too.
  await context.clearCookies();
  const again = await newPortalPage(browser, { language });
  await signIn(again.page, 'consumer', member.username, language);
  await expect(again.page.getByRole('main')).toContainText(member.policyNumber, { timeout: 20_000 });
  await again.context.close();
  await context.close();
});

test('an unlinked account links itself by keyboard alone', async ({ browser }) => {
  const { context, page } = await newPortalPage(browser);
  const member = await newMember(page, { unlinked: true });
  await signIn(page, 'consumer', member.username);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/, { timeout: 20_000 });
  const link = page.getByRole('link', { name: t('accountHome.link.action') });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/link-account$/);
  const form = page.getByRole('form', { name: t('linkAccount.formTitle') });
  await tabTo(page, form.getByRole('textbox', { name: text('fields.policyNumber.label') }));
  await page.keyboard.type(member.policyNumber);
  await page.keyboard.press('Tab');
  // The date field takes the digits in the browser's order (month, day, year for en-US).
  const [year, month, day] = member.dateOfBirth.split('-');
  await page.keyboard.type(`${month ?? ''}${day ?? ''}${year ?? ''}`);
  await tabTo(page, form.getByRole('textbox', { name: t('fields.ssn.label') }));
  await page.keyboard.type(`518-42-${member.ssnLast4 ?? ''}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('linkAccount.linked'))).toBeVisible({ timeout: 20_000 });
  await tabTo(page, page.getByRole('link', { name: t('linkAccount.seeCoverage') }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toContainText(member.policyNumber, { timeout: 20_000 });
  await context.close();
});
