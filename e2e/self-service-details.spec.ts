import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember } from './support/members';
import { newPortalPage, pageAnswers, text } from './support/portal';
import { chooseOption } from './support/select';

// Issue 11: contact information, addresses and personal details — an on-exchange member in Spanish changes
// her mailing address (applied at once) and is sent to the exchange for a move to another rating area;
// bad input on each form gives translated field errors and keeps what was typed; each form by keyboard
// alone; a member's preferred language at sign-in; the super header's phone on one line at 375 px.

const account = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../config/account.json'), 'utf8'),
) as { exchange: { name: string; url: string } };
const exchange = account.exchange;

/** Massachusetts rating areas by ZIP prefix (packages/domain rating-areas.ts): a ZIP in another area than `zip`'s. */
const elsewhere = (zip: string | null) =>
  /^02[124]/.test(zip ?? '') ? { zip: '01604', city: 'Worcester' } : { zip: '02139', city: 'Cambridge' };

const field = (page: Page, label: RegExp | string) => page.getByRole('textbox', { name: label });

test('an on-exchange member in Spanish changes her mailing address at once and is sent to the exchange for a move to another rating area', async ({
  page,
}) => {
  const member = await freshMember(page, { exchange: true, language: 'es' });
  await page.goto('/admin/policy-selection/manage-address');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Direcciones');

  // The mailing address: ZIP+4 cut to 5, city and county offered by the ZIP reference, in force at once.
  await page.getByRole('button', { name: 'Cambiar la dirección postal' }).click();
  await field(page, /^Dirección/).fill('PO Box 4471');
  await field(page, /^Código postal/).fill('02139-4307');
  await expect(page.getByText('Código postal 02139: Cambridge, condado de Middlesex, MA.')).toBeVisible();
  await expect(field(page, /^Ciudad/)).toHaveValue('Cambridge');
  await page.getByRole('button', { name: 'Usar esta dirección postal' }).click();
  const done = page.getByTestId('mailing-address-done');
  await expect(done).toContainText('Su dirección postal se cambió y se usa desde ahora.');
  const reference = /SR-[2-9A-HJ-NP-Z]{8}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');
  const mailing = page.getByRole('region', { name: 'A dónde enviamos el correo (dirección postal)' });
  await expect(mailing).toContainText('PO Box 4471');
  await expect(mailing).toContainText('Cambridge, MA 02139');
  await expect(mailing).toContainText('Condado de Middlesex (FIPS 25017)');

  // The service-request history says so too: completed at once.
  await done.getByRole('link', { name: 'Ver sus solicitudes de servicio' }).click();
  await expect(page).toHaveURL(/\/admin\/policy-selection\/service-requests$/);
  const card = page.getByRole('article', { name: 'Dirección postal' }).filter({ hasText: reference });
  await expect(card).toContainText('Completada');

  // A move to another rating area: the exchange decides it; no request is offered.
  await page.goto('/admin/policy-selection/manage-address');
  await page.getByRole('button', { name: 'Informar una mudanza' }).click();
  const target = elsewhere(member.zipCode);
  await field(page, /^Dirección/).fill('5 Main St');
  await field(page, /^Código postal/).fill(target.zip);
  const notice = page.getByRole('region', { name: `Informe esta mudanza a ${exchange.name}` });
  await expect(notice).toContainText(`Mudarse a ${target.city} lo coloca en otra área de tarifa`);
  await expect(
    notice.getByRole('link', { name: new RegExp(`Informar un cambio a ${exchange.name}`) }),
  ).toHaveAttribute('href', exchange.url);
  await expect(page.getByRole('button', { name: 'Enviar la mudanza para revisión' })).toHaveCount(0);
  await expectNoViolationsAtEachWidth(page, 'a move reported to the exchange (es)');
  await page.goto('/admin/policy-selection/service-requests');
  await expect(page.getByText(`Referencia ${reference}`)).toBeVisible();
  await expect(page.getByText('Dirección de residencia')).toHaveCount(0);
});

test('bad input on each form gives translated field errors and keeps what was typed (pt)', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser, { language: 'pt' });
  await freshMember(page, { exchange: false, language: 'pt' });

  await page.goto('/admin/policy-selection/contact-info');
  const mobile = field(page, 'Celular');
  await mobile.fill('555-0142');
  await page.getByRole('button', { name: 'Salvar dados de contato' }).click();
  await expect(
    page.getByText('Celular deve ser um número dos EUA com 10 dígitos, por exemplo (617) 555-0142.').first(),
  ).toBeVisible();
  await expect(mobile).toHaveValue('555-0142');
  await expectNoViolationsAtEachWidth(page, 'contact form with an error (pt)');

  await page.goto('/admin/policy-selection/manage-address');
  await page.getByRole('button', { name: 'Informar uma mudança' }).click();
  await field(page, /^Endereço/).fill('9 Elm St');
  const zip = field(page, /^CEP/);
  await zip.fill('0213');
  await page.getByRole('button', { name: 'Enviar a mudança para análise' }).click();
  await expect(page.getByText('CEP (ZIP code) deve ter 5 dígitos.').first()).toBeVisible();
  await expect(zip).toHaveValue('0213');
  // The server's own check: a real ZIP code, in another state than the one chosen.
  await zip.fill('03101');
  await field(page, /^Cidade/).fill('Manchester');
  await chooseOption(page.getByRole('combobox', { name: /Estado/ }), 'MA – Massachusetts');
  await page.getByRole('button', { name: 'Enviar a mudança para análise' }).click();
  await expect(page.getByText('O CEP 03101 fica em NH: confira o estado ou o CEP.').first()).toBeVisible();
  await expect(field(page, /^Endereço/)).toHaveValue('9 Elm St');
  await expectNoViolationsAtEachWidth(page, 'move form with an error (pt)');

  await page.goto('/admin/demographics');
  await page
    .getByRole('button', { name: /^Alterar dados – / })
    .first()
    .click();
  const last = field(page, /^Sobrenome/);
  await last.fill('S1lva');
  await page.getByLabel(/^Data de nascimento/).fill('2999-01-01');
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(
    page.getByText('Sobrenome só aceita letras, espaços, hífens, apóstrofos e pontos.').first(),
  ).toBeVisible();
  await expect(page.getByText('Data de nascimento não pode ser uma data futura.').first()).toBeVisible();
  await expect(last).toHaveValue('S1lva');
  await expectNoViolationsAtEachWidth(page, 'personal details form with errors (pt)');
  await context.close();
});

test('each form works with the keyboard alone', async ({ page }) => {
  await freshMember(page, { exchange: false });

  // Contact details: type, move on with Tab, choose with the arrow keys, send with Enter.
  await page.goto('/admin/policy-selection/contact-info');
  await pageAnswers(page);
  await field(page, 'Home phone').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('508 555 0177');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Mobile phone')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(field(page, 'Email')).toBeFocused();
  // Into the preferred-method group (on the choice made now), and the next choice with an arrow key.
  await page.keyboard.press('Tab');
  const before = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  await page.keyboard.press('ArrowDown');
  const after = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  expect(after).not.toBe(before);
  await expect(page.locator(`input[type="radio"][value="${after}"]`)).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save contact details' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('contact-saved')).toContainText(
    'our member records team was told of your new phone number',
  );

  // The mailing address: the button opens the form on its first field; Enter in a field sends it.
  await page.goto('/admin/policy-selection/manage-address');
  await pageAnswers(page);
  await page.getByRole('button', { name: 'Change the mailing address' }).focus();
  await page.keyboard.press('Enter');
  await expect(field(page, /^Street address/)).toBeFocused();
  await page.keyboard.type('PO Box 12');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(field(page, /^ZIP code/)).toBeFocused();
  await page.keyboard.type('01749');
  await expect(field(page, /^City/)).toHaveValue('Hudson');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mailing-address-done')).toContainText(
    'Your mailing address was changed and is used from now on.',
  );
  await expect(page.getByTestId('mailing-address-done')).toBeFocused();

  // Personal details: the form opens on the first name; the check box with Space; sent with Enter.
  await page.goto('/admin/demographics');
  await page
    .getByRole('button', { name: /^Change details – / })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(field(page, /^First name/)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Maria');
  await page.getByRole('checkbox', { name: /Uses tobacco/ }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send for review' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('demographics-sent')).toContainText(
    'Your change was sent for review as request SR-',
  );
});

for (const [username, language, heading] of [
  ['maria.santos', 'es', 'Información de contacto'],
  ['joao.silva', 'pt', 'Informações de contato'],
] as const) {
  test(`${username} gets her household's language after sign-in when the browser has none stored (${language})`, async ({
    browser,
  }) => {
    // Only reads: the named demo household is not changed.
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: text('home.member.action') }).click();
    await page.locator('#username').fill(username);
    await page.locator('#password').fill('Lighthouse-Demo-2026');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account-overview$/);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // Kept once the page's code runs (a server-rendered first page is hydrated a moment after it shows).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(language);
    await page.goto('/admin/policy-selection/contact-info');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // At 375 px the member-services number stays on one line.
    const phone = page.locator('a[href^="tel:"]').first();
    await expect(phone).toHaveText('1-800-555-0142');
    const box = await phone.boundingBox();
    const lineHeight = await phone.evaluate((element) =>
      parseFloat(getComputedStyle(element.parentElement ?? element).lineHeight),
    );
    expect(box?.height ?? 999).toBeLessThan(lineHeight * 1.5);
    await context.close();
  });
}
