import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BUILT_ROUTES } from '../apps/web/src/app/routes';
import { expectNoViolations } from './support/axe';
import { freshMember, type FreshMember } from './support/members';
import { t } from './support/payments';
import { text, type Language } from './support/portal';
import { CSRF } from './support/session';
import { chooseOption } from './support/select';

// Issue 11, "Done when": an off-exchange member in Portuguese adds a newborn and sees the request; bad
// input on each form (add and remove a dependent) gives translated field-level errors that keep what was
// typed; each form is used by the keyboard alone; an on-exchange member is sent to the exchange; the
// report-a-change list leads to the pages or the exchange. Each journey has a member of its own.

const PAGE = '/admin/policy-selection/manage-dependents';
const SERVICE_REQUESTS = '/admin/policy-selection/service-requests';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const addMonths = (date: string, months: number) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last)))
    .toISOString()
    .slice(0, 10);
};
/** Types a date into a focused date input, segment by segment (Chromium's en-US order: month, day, year). */
const typeDate = (page: Page, date: string) =>
  page.keyboard.type(`${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`);

/** Tab out of a date input: Chromium's Tab first walks through its own parts (month, day, year, picker). */
async function tabOutOfDate(page: Page) {
  for (
    let step = 0;
    step < 5 &&
    (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'date'));
    step += 1
  )
    await page.keyboard.press('Tab');
}

/** The signed-in member's token, for reading what the API holds. */
/** The portal's today (the tenant's calendar), as the session says it. */
async function portalToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/v1/session', { headers: CSRF });
  return ((await response.json()) as { today: string }).today;
}

/** A field's own message under it (the form-invalid alert may say the same above the form). */
const fieldMessage = (scope: Locator, message: string) => scope.locator('p').filter({ hasText: message });
const rule = (code: string, language: Language, field: string, values: Record<string, string> = {}) =>
  t(`validation.rule.${code}`, language, { field: text(`fields.${field}.label`, language), ...values });

async function openDependents(page: Page, member: FreshMember, language: Language) {
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('dependents.heading', language), {
    timeout: 20_000,
  });
  const selector = page.getByRole('combobox', { name: text('policySelector.label', language) });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  await expect(page.getByTestId('policy-member').first()).toBeVisible();
}

/**
 * Chooses on the focused native select with the keyboard alone: the arrow key takes an empty select to its
 * first option, then `steps` options further down.
 */
async function chooseByKeyboard(page: Page, steps: number) {
  for (let step = 0; step <= steps; step += 1) await page.keyboard.press('ArrowDown');
}

test('an off-exchange member in Portuguese adds a newborn by keyboard alone, after fixing what was wrong, and sees the request', async ({
  page,
}) => {
  const language = 'pt';
  const member = await freshMember(page, { exchange: false, language });
  const today = await portalToday(page);
  const born = addDays(today, -2);
  await openDependents(page, member, language);

  // Keyboard alone from here.
  await page.getByRole('button', { name: text('dependents.add.open', language), exact: true }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: text('dependents.add.heading', language) });
  await expect(
    page.getByRole('heading', { level: 2, name: text('dependents.add.heading', language) }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    form.getByRole('combobox', { name: new RegExp(text('fields.lifeEvent.label', language)) }),
  ).toBeFocused();
  await chooseByKeyboard(page, 0); // A birth: the first qualifying life event.
  await page.keyboard.press('Tab');
  await typeDate(page, born);
  await tabOutOfDate(page);
  const onTheDay = form.getByRole('radio', {
    name: t('dependents.add.startOnEvent', language, {
      date: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${born}T00:00:00Z`),
      ),
    }),
  });
  await expect(onTheDay).toBeChecked();
  await expect(onTheDay).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lucas');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Oliveira');
  await page.keyboard.press('Tab');
  await typeDate(page, addDays(born, -1)); // Not the day of the birth: wrong on purpose.
  await tabOutOfDate(page);
  await chooseByKeyboard(page, 1); // Sex: female, male, other → male.
  await page.keyboard.press('Tab');
  await chooseByKeyboard(page, 1); // Relationship: spouse, child, … → child.
  await page.keyboard.press('Tab');
  await page.keyboard.type('AB12'); // An exchange member ID of the wrong length.
  await page.keyboard.press('Tab');
  await page.keyboard.type('666-12-3456'); // An SSN that is never issued.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: text('dependents.add.addPerson', language) })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: text('dependents.add.submit', language) })).toBeFocused();
  await page.keyboard.press('Enter');

  // Translated, on their fields, with what was typed kept; the first wrong field has the focus.
  await expect(fieldMessage(form, rule('dob-not-birth-date', language, 'dependentDob'))).toBeVisible();
  await expect(
    fieldMessage(form, rule('exchange-id-length', language, 'dependentExchangeId', { length: '10' })),
  ).toBeVisible();
  await expect(fieldMessage(form, rule('ssn-area-666', language, 'dependentSsn'))).toBeVisible();
  const dob = form.getByLabel(new RegExp(text('fields.dependentDob.label', language)));
  await expect(dob).toBeFocused();
  await expect(dob).toHaveValue(addDays(born, -1));
  await expect(
    form.getByRole('textbox', { name: new RegExp(`^${text('fields.dependentFirstName.label', language)}`) }),
  ).toHaveValue('Lucas');
  await expect(
    form.getByRole('textbox', { name: new RegExp(text('fields.dependentSsn.label', language)) }),
  ).toHaveValue('666-12-3456');
  await expectNoViolations(page, 'add dependents with field errors (pt)');

  await typeDate(page, born);
  await tabOutOfDate(page); // sex
  await page.keyboard.press('Tab'); // relationship
  await page.keyboard.press('Tab'); // exchange member ID: none after all
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('214-53-6789');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  const review = page.getByRole('dialog', { name: text('dependents.add.confirm.title', language) });
  await expect(review).toContainText('Lucas Oliveira');
  await expect(
    review.getByRole('button', { name: text('dependents.add.confirm.back', language) }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    review.getByRole('button', { name: text('dependents.add.confirm.send', language) }),
  ).toBeFocused();
  await page.keyboard.press('Enter');

  const sent = page.getByTestId('dependents-request-sent');
  await expect(sent.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(sent.getByRole('heading', { level: 2 })).toContainText(
    t('dependents.open.add', language, { names: 'Lucas Oliveira' }),
  );
  const reference = /SR-[2-9A-HJ-NP-Z]{8}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');
  await expectNoViolations(page, 'dependent request sent (pt)');
  // Waiting for review on the page itself.
  await expect(page.getByRole('region', { name: text('dependents.open.heading', language) })).toContainText(
    reference,
  );

  // The API holds it: an add-dependent request waiting for review, with only the SSN's last four digits.
  const response = await page.request.get(
    `/api/v1/Household/${member.householdId}/service-requests?status=open`,
    { headers: CSRF },
  );
  expect(response.status()).toBe(200);
  const body = await response.text();
  expect(body).not.toContain('214-53');
  const request = (
    JSON.parse(body) as {
      items: {
        referenceNumber: string;
        type: string;
        status: string;
        memberIds: string[];
        details: Record<string, unknown>;
      }[];
    }
  ).items.find((item) => item.referenceNumber === reference);
  expect(request).toMatchObject({
    type: 'add-dependent',
    status: 'Submitted',
    memberIds: [],
    details: {
      lifeEvent: 'birth',
      lifeEventDate: born,
      coverageStartDate: born,
      dependents: [
        {
          firstName: 'Lucas',
          lastName: 'Oliveira',
          dob: born,
          gender: 'male',
          relationship: 'child',
          exchangeId: null,
          ssnLast4: '6789',
        },
      ],
    },
  });

  // The whole SSN reached no file of the server: its database, its keys, its logs (read as bytes).
  const folders = [process.env.E2E_DATA_DIR, process.env.E2E_LOG_DIR].filter(
    (dir): dir is string => Boolean(dir) && fs.existsSync(dir ?? ''),
  );
  const files = folders.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  expect(files.length).toBeGreaterThan(0);
  expect(
    files.filter((file) => /214[ -]?53[ -]?6789/.test(fs.readFileSync(file).toString('latin1'))),
  ).toEqual([]);

  // And in the member's service-request history, once that page is part of the build.
  if (BUILT_ROUTES.includes(SERVICE_REQUESTS)) {
    await sent.getByRole('link', { name: text('dependents.done.list', language) }).click();
    await expect(page).toHaveURL(new RegExp(`${SERVICE_REQUESTS}$`));
    await expect(page.getByText(reference).first()).toBeVisible({ timeout: 20_000 });
  }
});

test('a member removes a dependent by keyboard alone: the death window, what ends and when, then a confirmation (pt)', async ({
  page,
}) => {
  const language = 'pt';
  const member = await freshMember(page, { exchange: false, dependents: true, language });
  const today = await portalToday(page);
  await openDependents(page, member, language);
  const removable = page
    .getByTestId('policy-member')
    .filter({ has: page.getByRole('button', { name: text('dependents.people.remove', language) }) })
    .first();
  const name = (await removable.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await removable.getByRole('button').focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: t('dependents.remove.heading', language, { name }) });
  await expect(
    page.getByRole('heading', { level: 2, name: t('dependents.remove.heading', language, { name }) }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await chooseByKeyboard(page, 1); // divorce, death → death.
  await page.keyboard.press('Tab');
  const tooOld = addDays(addMonths(today, -5), -1);
  await typeDate(page, tooOld);
  await tabOutOfDate(page); // the note
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: text('dependents.remove.submit', language) })).toBeFocused();
  await page.keyboard.press('Enter');
  // The date's label says what it is for a death, and its message uses that label.
  await expect(
    fieldMessage(
      form,
      t('validation.rule.death-date-outside-window', language, {
        field: text('dependents.remove.deathDateLabel', language),
        months: '5',
      }),
    ),
  ).toBeVisible();
  const date = form.getByLabel(new RegExp(text('dependents.remove.deathDateLabel', language)));
  await expect(date).toBeFocused();
  await expect(date).toHaveValue(tooOld);
  await expectNoViolations(page, 'remove a dependent with a field error (pt)');

  const died = addDays(today, -10);
  await typeDate(page, died);
  const diedSaid = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${died}T00:00:00Z`),
  );
  await expect(page.getByTestId('removal-outcome')).toHaveText(
    t('dependents.remove.endsOnDeath', language, { name, date: diedSaid }),
  );
  await tabOutOfDate(page); // the note
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', {
    name: t('dependents.remove.confirm.title', language, { name }),
  });
  await expect(confirm).toContainText(diedSaid);
  await expect(
    confirm.getByRole('button', { name: text('dependents.remove.confirm.back', language) }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const sent = page.getByTestId('dependents-request-sent');
  await expect(sent.getByRole('heading', { level: 2 })).toContainText(
    t('dependents.open.remove', language, { name }),
  );
  // Nobody is offered to remove them twice while the request waits.
  await expect(
    page.getByRole('button', { name: t('dependents.people.removeLabel', language, { name }) }),
  ).toHaveCount(0);
});

test('an on-exchange member is sent to the exchange for household changes, and report-a-change leads each change where it goes', async ({
  page,
}) => {
  const member = await freshMember(page, { exchange: true });
  await openDependents(page, member, 'en');
  const notice = page.getByRole('region', { name: /Report household changes to/ });
  await expect(notice.getByRole('link', { name: /Report the change at/ })).toHaveAttribute(
    'href',
    'https://www.mahealthconnector.org/',
  );
  await expect(page.getByRole('button', { name: text('dependents.add.open') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  await page.goto('/admin/policy-selection/report-change');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('reportChange.heading'));
  const selector = page.getByRole('combobox', { name: text('policySelector.label') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  await expect(page.getByTestId('change-newChild')).toHaveAttribute('data-route', 'exchange');
  await expect(
    page
      .getByTestId('change-income')
      .getByRole('link', { name: /Report it at Massachusetts Health Connector/ }),
  ).toBeVisible();
  await expect(
    page.getByTestId('change-contact').getByRole('link', { name: 'Go to Contact information' }),
  ).toHaveAttribute('href', '/admin/policy-selection/contact-info');
  await expectNoViolations(page, 'report a change, on-exchange (en)');
});
