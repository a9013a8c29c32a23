import { expect, test } from '@playwright/test';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember, pdfText } from './support/members';
import { locateAccount, text } from './support/portal';
import { chooseOption } from './support/select';

// Issue 12: a member views the benefits of their plan (every amount in the reader's money format — the
// Portuguese "$30" finding), keeps an ID card (page, print view, the server's PDF read back with
// pdftotext), and reads and searches the questions and answers in Spanish and Portuguese. Each member is
// one of their own (POST /api/v1/demo/member); axe at 375 and 1280 px on each page in the states shown.

test('a member views the benefits of their plan in Portuguese, in network and out, and opens the SBC', async ({
  page,
  context,
}) => {
  await freshMember(page, { language: 'pt' });
  await page
    .getByRole('navigation', { name: text('nav.label', 'pt') })
    .getByRole('link', { name: text('nav.viewBenefits', 'pt') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: text('benefits.heading', 'pt') })).toBeVisible();
  // A household with a dental policy too: the medical one (SPEC §4 policy selection).
  const selector = page.getByRole('combobox', { name: text('policySelector.label', 'pt') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(`^${text('lineOfCoverage.Medical', 'pt')}`));
  }
  const glance = page.getByRole('table', { name: text('benefits.atAGlance', 'pt') }).first();
  await expect(
    glance.getByRole('row', { name: new RegExp(text('overview.plan.deductible', 'pt')) }),
  ).toContainText('US$');
  const pay = page.getByRole('table', { name: text('benefits.whatYouPay', 'pt') }).first();
  await expect(pay.getByRole('rowheader', { name: text('benefit.primaryCareVisit', 'pt') })).toBeVisible();
  // Every amount through the same Intl formatting as the premiums: no bare "$30" in Portuguese.
  const main = (await page.locator('main').innerText()).replace(/\u00a0/g, ' ');
  expect(main).toMatch(/US\$ \d/);
  expect(main).not.toMatch(/(^|[^S])\$\d/m);
  await expect(page.getByText(/O portal não recebe as suas contas médicas/).first()).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'view-benefits (pt)');

  // The Summary of Benefits and Coverage opens in a new tab as the server's PDF, in Portuguese.
  const [sbc, tab] = await Promise.all([
    page.waitForResponse((response) => /\/benefits\/[^/]+\/sbc\.pdf\?lang=pt$/.test(response.url())),
    context.waitForEvent('page'),
    page
      .getByRole('button', { name: new RegExp(escapeRegExp(text('benefits.sbc', 'pt'))) })
      .first()
      .click(),
  ]);
  expect(sbc.status()).toBe(200);
  expect(sbc.headers()['content-type']).toBe('application/pdf');
  await tab.close();
});

test('a member finds the ID card from the overview and downloads it as a PDF that says what a card must', async ({
  page,
}) => {
  const member = await freshMember(page, { dependents: true });
  // From the card of the member's own policy (a household may hold a dental or vision policy beside it).
  await page
    .getByTestId('policy-card')
    .filter({ hasText: member.policyNumber })
    .getByRole('link', { name: text('idCard.fromOverview') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account-overview\/id-card$/);
  await expect(page.getByRole('heading', { level: 1, name: text('idCard.heading') })).toBeVisible();
  // The member's policy (the page shows the household's selected policy; one with several chooses it).
  const selector = page.getByRole('combobox', { name: text('policySelector.label') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  const cards = page.getByRole('article', { name: text('idCard.front') });
  await expect(cards.nth(1)).toBeVisible();
  await expect(cards.first().getByRole('img', { name: /QR code with the Member ID \w+/ })).toBeVisible();
  await expect(page.getByRole('button', { name: text('idCard.print') })).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'ID card (en)');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: text('idCard.downloadAll') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`id-cards-${member.policyNumber}.pdf`);
  const pdf = pdfText(await download.path()).replace(/\s+/g, ' ');
  for (const fact of [
    'ID cards',
    'Member ID:',
    'Subscriber ID:',
    `Policy number: ${member.policyNumber}`,
    'Issuer (HIOS): 77421',
    'Payer ID: LHP77',
    'Deductible (individual)',
    'Out-of-pocket maximum (individual)',
    'In network:',
    'Out of network:',
    'Member services: 1-800-555-0142',
  ]) {
    expect(pdf, fact).toContain(fact);
  }
  // One card per covered member: the subscriber's and at least one dependent's.
  expect(pdf.match(/ID card of /g)?.length ?? 0).toBeGreaterThanOrEqual(2);
});

test('a member searches the questions and answers in Spanish, and opens one by its link in Portuguese', async ({
  page,
}) => {
  await freshMember(page, { language: 'es' });
  await page
    .getByRole('navigation', { name: text('nav.label', 'es') })
    .getByRole('link', { name: text('nav.faq', 'es') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: text('faq.heading', 'es') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cómo pagar su prima' })).toBeVisible();
  expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(15);
  await page.getByRole('searchbox', { name: text('faq.searchLabel', 'es') }).fill('periodo de gracia');
  await expect(page).toHaveURL(/\/admin\/faq\?q=periodo/);
  await expect(page.getByText(/coincide/)).toBeVisible();
  const question = page.getByRole('button', { name: '¿Qué pasa si no hago un pago?' });
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: '¿Qué pasa si no hago un pago?' })).toContainText('3 meses');
  await expect(
    page.getByRole('button', { name: '¿Cómo agrego a mi bebé recién nacido a mi plan?' }),
  ).toHaveCount(0);
  await expectNoViolationsAtEachWidth(page, 'FAQ search (es)');

  // Portuguese, from a link to one question: it opens, and its own link names it.
  await page.evaluate(() => {
    localStorage.setItem('language', 'pt');
  });
  await page.goto('/admin/faq#form-1095-a');
  const form = page.getByRole('button', { name: 'Onde está o meu Formulário 1095-A?' });
  await expect(form).toHaveAttribute('aria-expanded', 'true');
  await expect(form).toBeFocused();
  const answer = page.getByRole('region', { name: 'Onde está o meu Formulário 1095-A?' });
  await expect(answer).toContainText('Massachusetts Health Connector');
  await expect(answer.getByRole('link', { name: /Link para esta pergunta/ })).toHaveAttribute(
    'href',
    '/admin/faq#form-1095-a',
  );
  await page.getByRole('searchbox', { name: text('faq.searchLabel', 'pt') }).fill('bebê');
  await expect(page.getByText('1 pergunta corresponde a “bebê”.')).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'FAQ link and search (pt)');
});

test('a located guest reads the questions and answers, and is not shown the ID card', async ({ page }) => {
  await locateAccount(page, { policyNumber: 'LHP-1000001-01', dateOfBirth: '1985-03-14', zipCode: '01841' });
  await page.goto('/admin/faq');
  await expect(page.getByRole('heading', { level: 1, name: text('faq.heading') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'How do I pay my monthly premium?' })).toBeVisible();
  await page.goto('/account-overview/id-card');
  await expect(page.getByRole('heading', { level: 1, name: text('notFound.heading') })).toBeVisible();
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
