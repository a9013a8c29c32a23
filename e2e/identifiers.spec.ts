import { expect, test, type Locator, type Page } from '@playwright/test';
import { newMember } from './support/members';
import { newPortalPage, signIn, text, type Language } from './support/portal';
import { chooseOption } from './support/select';

// Issue 33 item 10: the home page said "member ID" while the guest form asked for an "Exchange Subscriber
// ID or policy number", and the overview and the ID card called the Exchange Subscriber ID "Exchange ID".
// One thing, one name: the names the guest form uses are the names every page gives the same numbers,
// and the home page names exactly what the form asks for — in each language. The names are read from
// the pages, never assumed: the guest form's choices are the reference.

/** The label of the fact (dt/dd, as the overview and the ID card show them) whose value is `value`. */
async function labelOf(scope: Locator, value: string): Promise<string[]> {
  return scope
    .locator('dd')
    .evaluateAll(
      (values, wanted) =>
        values
          .filter((dd) => dd.textContent.trim() === wanted)
          .map((dd) => dd.previousElementSibling?.textContent.trim().replace(/\s*:$/, '') ?? ''),
      value,
    );
}

/** The names the guest form gives its two identifiers (its choices), as a visitor reads them. */
async function guestFormNames(page: Page, language: Language) {
  await page.goto('/payments/locate-account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('locate.heading', language), {
    timeout: 20_000,
  });
  const choices = page.getByRole('radiogroup').getByRole('radio');
  await expect(choices).toHaveCount(2);
  const labels = await page.getByRole('radiogroup').locator('label').allInnerTexts();
  const [exchange, policy] = [
    labels.find((label) => /Exchange/i.test(label)),
    labels.find((label) => !/Exchange/i.test(label)),
  ];
  if (!exchange || !policy) throw new Error(`the guest form's choices: ${labels.join(', ')}`);
  return { exchange: exchange.trim(), policy: policy.trim() };
}

for (const language of ['en', 'es', 'pt'] as const) {
  test(`issue 33 item 10 (${language}): each identifier has one name on the home page, the guest form, the overview, the menu, the ID card and staff's find-a-member`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await newPortalPage(browser, { language, width: 390 });
    const member = await newMember(page, { exchange: true });
    const exchangeId = member.exchangeSubscriberId ?? '';
    expect(exchangeId).not.toBe('');
    const names = await guestFormNames(page, language);
    const lower = (value: string) => value.toLocaleLowerCase(language);

    // The home page names exactly what the guest form asks for, and no identifier it does not take.
    await page.goto('/home');
    const guest = page
      .getByRole('main')
      .locator('div', { has: page.getByRole('heading', { name: text('home.guest.title', language) }) })
      .last();
    const said = lower(await guest.innerText());
    expect(said, 'the home page names the policy number as the form does').toContain(lower(names.policy));
    expect(said, 'the home page names the Exchange Subscriber ID as the form does').toContain(
      lower(names.exchange),
    );
    const rest = said.replace(lower(names.exchange), '').replace(lower(names.policy), '');
    for (const other of [text('idCard.memberId', language), text('idCard.subscriberId', language)])
      expect(rest, `the home page names "${other}", which the guest form does not take`).not.toContain(
        lower(other),
      );

    // Signed in: the overview, the menu and the ID card call the same numbers by the same names.
    await signIn(page, 'consumer', member.username, language);
    const card = page.getByTestId('policy-card').filter({ hasText: member.policyNumber });
    await expect(card.locator('dd', { hasText: member.policyNumber }).first()).toBeVisible({
      timeout: 20_000,
    });
    expect(await labelOf(card, member.policyNumber), 'overview: the policy number').toEqual([names.policy]);
    expect(await labelOf(card, exchangeId), 'overview: the Exchange Subscriber ID').toEqual([names.exchange]);
    await page.getByRole('button', { name: text('nav.openMenu', language) }).click();
    await expect(page.getByTestId('nav-member')).toContainText(`${names.exchange}: ${exchangeId}`);
    await page.keyboard.press('Escape');

    await page.goto('/account-overview/id-card');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('idCard.heading', language), {
      timeout: 20_000,
    });
    // The member's policy (a household with several chooses it).
    const selector = page.getByRole('combobox', { name: text('policySelector.label', language) });
    if ((await selector.count()) > 0) {
      await chooseOption(selector, new RegExp(member.policyNumber));
    }
    const front = page.getByRole('article', { name: text('idCard.front', language) }).first();
    await expect(front.locator('dd', { hasText: member.policyNumber })).toBeVisible({ timeout: 20_000 });
    expect(await labelOf(front, member.policyNumber), 'ID card: the policy number').toEqual([names.policy]);
    expect(await labelOf(front, exchangeId), 'ID card: the Exchange Subscriber ID').toEqual([names.exchange]);

    // Staff find the member by the same names, and see the Exchange Subscriber ID called so.
    const staff = await newPortalPage(browser, { language, width: 390 });
    await signIn(staff.page, 'workforce', 'cs.agent', language);
    await staff.page.goto('/admin/members');
    await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText(
      text('staff.find.title', language),
      { timeout: 20_000 },
    );
    await staff.page.getByRole('radio', { name: names.exchange, exact: true }).check();
    await staff.page.getByRole('radio', { name: names.policy, exact: true }).check();
    const search = staff.page.getByRole('textbox', { name: names.policy });
    await search.fill(member.policyNumber);
    await search.press('Enter');
    const found = staff.page.getByRole('listitem').filter({ hasText: member.policyNumber }).first();
    await expect(found).toContainText(`${names.exchange} ${exchangeId}`, { timeout: 20_000 });
    await staff.context.close();
    await context.close();
  });
}
