import { expect, test, type Page } from '@playwright/test';
import { TEST_BANK_ACCOUNTS } from '../apps/server/src/processor/sandbox/test-numbers';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember, type FreshMember } from './support/members';
import { HOSTED, saveCardInWallet, t, typeBankAccount } from './support/payments';
import { newPortalPage, signIn } from './support/portal';
import { chooseReason, freshStaff } from './support/staff';
import { chooseOption } from './support/select';

// Issue 13, customer service: find a member (by name and date of birth, read-only for the demo's María),
// act for them — choosing a reason first (issue 33 item 14, decision 043) — on the member 360, and act for a
// member of its own — change their autopay method under the "acting for" banner — and the member, signing
// in, reads in their notifications that customer service did it. Also the findings fixed here: a search
// that finds nobody is said once, with no banner; the test role is told what it may do. Each journey
// signs in as a customer service user of its own (one acting session per staff user).

const unique = () => Math.random().toString(36).slice(2, 7);

/** The find-a-member form, by name and date of birth (the default kind), sent with the keyboard. */
async function searchByNameAndDob(page: Page, lastName: string, firstName: string, dateOfBirth: string) {
  // From the header's member search bar, as staff reach it from any page.
  await page.getByRole('search').getByRole('link', { name: 'Find a member', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a member', { timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'Name and date of birth' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  const dob = page.getByRole('textbox', { name: 'Date of birth' });
  await dob.fill(dateOfBirth);
  await dob.press('Enter');
}

/** Saves a Visa card and a checking account in the member's wallet, and turns autopay on with the card. */
async function walletAndAutopay(page: Page, member: FreshMember, checking: string) {
  await saveCardInWallet(page, 'en');
  await page.getByRole('button', { name: t('wallet.addBankAccount') }).click();
  const bankDialog = page.getByRole('dialog', { name: t('wallet.addDialog.bankTitle') });
  const bankFrame = page.frameLocator(`iframe[title="${t('wallet.addDialog.bankFrameTitle')}"]`);
  await expect(bankFrame.getByLabel(HOSTED.en.routing)).toBeVisible();
  await typeBankAccount(bankFrame, TEST_BANK_ACCOUNTS.settles.accountNumber, 'en');
  await bankDialog.getByRole('textbox', { name: t('fields.nickname.label') }).fill(checking);
  await bankDialog.getByRole('button', { name: t('wallet.addDialog.saveBank') }).click();
  await expect(bankDialog).toBeHidden();

  await page.goto('/payments/autopay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autopay', { timeout: 20_000 });
  const selector = page.getByRole('combobox', { name: t('policySelector.label') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  const setUp = page.getByRole('region', { name: 'Set up autopay' });
  await setUp.getByRole('radio', { name: 'Visa ending in 4242' }).check();
  await setUp.getByRole('radio', { name: 'The amount due each month' }).check();
  await setUp.getByRole('checkbox', { name: /^I authorise automatic debits/ }).check();
  await setUp.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(page.getByRole('region', { name: 'Your autopay' })).toBeVisible();
}

test('customer service finds María by name and date of birth, by keyboard, and sees her on one page', async ({
  browser,
}) => {
  // Two pages swept by axe at two widths.
  test.setTimeout(240_000);
  const { context, page } = await newPortalPage(browser);
  await freshStaff(page, 'customer-service');
  // Before acting for anyone: the overview points to the find page, no banner, nothing to end.
  await expect(page.getByRole('heading', { name: 'Find a member', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^End acting for / })).toHaveCount(0);

  await searchByNameAndDob(page, 'santos', 'marí', '1985-03-14');
  const results = page.getByRole('heading', { name: /members? found$/ });
  await expect(results).toHaveText('1 member found');
  await expect(results).toBeFocused();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'María Santos', level: 3 }) });
  await expect(card).toContainText('Born March 14, 1985');
  await expect(card).toContainText('Subscriber');
  await expectNoViolationsAtEachWidth(page, 'find a member with results');

  // Keyboard alone: from the results heading, Tab reaches the first "Act for" button; Enter asks why.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Act for María Santos' })).toBeFocused();
  await page.keyboard.press('Enter');
  await chooseReason(page, 'The member called');
  await expect(page).toHaveURL(/\/admin\/members\/member-360$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member 360');
  await expect(page.getByRole('region', { name: 'Member you are helping' })).toContainText(
    'You are acting for María Santos',
  );
  await expect(page.getByRole('region', { name: 'Policies and payments' })).toBeVisible();
  for (const section of ['Wallet', 'Documents', 'Service requests', 'Notifications', 'Contact history']) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Contact history' })).toContainText('acted for the member', {
    timeout: 20_000,
  });
  await expect(page.locator('main [role=status]')).toHaveCount(0, { timeout: 20_000 });
  await expectNoViolationsAtEachWidth(page, 'member 360 of María');

  // Ending the acting session leaves no member open.
  await page.getByRole('button', { name: 'End acting for María Santos' }).click();
  await expect(page.getByRole('region', { name: 'Member you are helping' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Find a member', level: 2 })).toBeVisible();
  await context.close();
});

test('customer service acts for a member to change their autopay method, and the member is told in their notifications', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const checking = `Checking ${unique()}`;
  const memberSide = await newPortalPage(browser);
  const member = await freshMember(memberSide.page, { owing: true, language: 'en' });
  await walletAndAutopay(memberSide.page, member, checking);

  const staff = await newPortalPage(browser);
  await freshStaff(staff.page, 'customer-service');
  await searchByNameAndDob(staff.page, member.lastName ?? '', member.firstName ?? '', member.dateOfBirth);
  const card = staff.page.getByRole('listitem').filter({ hasText: member.policyNumber });
  await card.getByRole('button', { name: /^Act for / }).click();
  await chooseReason(staff.page, 'The member called', 'Wants autopay from checking');
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText('Member 360');
  const policies = staff.page.getByRole('region', { name: 'Policies and payments' });
  await expect(policies).toContainText('On, with Visa ending in 4242', { timeout: 20_000 });
  await expect(staff.page.getByRole('region', { name: 'Wallet' })).toContainText(
    'Checking account ending in 789',
  );

  // Act for the member, under the banner: pay autopay from the bank account instead.
  await policies.getByRole('link', { name: 'Autopay' }).first().click();
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText('Autopay', { timeout: 20_000 });
  await expect(staff.page.getByRole('region', { name: 'Member you are helping' })).toContainText(
    `${member.firstName ?? ''} ${member.lastName ?? ''}`,
  );
  const selector = staff.page.getByRole('combobox', { name: t('policySelector.label') });
  if ((await selector.count()) > 0) {
    await chooseOption(selector, new RegExp(member.policyNumber));
  }
  const active = staff.page.getByRole('region', { name: 'Your autopay' });
  await active.getByRole('button', { name: 'Pay from another method' }).click();
  const replace = staff.page.getByRole('dialog', { name: 'Pay autopay from another method' });
  const bankName = `${checking} (Checking ending in 789)`;
  await replace.getByRole('radio', { name: bankName }).check();
  await replace.getByRole('checkbox', { name: /instead/ }).check();
  await replace.getByRole('button', { name: 'Pay from this method' }).click();
  await expect(replace).toBeHidden();
  await expect(
    active.locator('dt', { hasText: 'Pays from' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(bankName);

  // The 360's contact history names the change, and why customer service acted.
  await staff.page.getByRole('link', { name: 'Member 360' }).click();
  await expect(staff.page.getByRole('region', { name: 'Contact history' })).toContainText('autopay', {
    timeout: 20_000,
  });
  await expect(staff.page.getByRole('region', { name: 'Contact history' })).toContainText(
    'why: the member called',
  );
  await staff.context.close();

  // The member reads it in their notifications.
  await memberSide.page.goto('/notification/view-notifications');
  await expect(
    memberSide.page
      .getByRole('heading', { level: 3, name: /Customer service changed your autopay for you on / })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await memberSide.context.close();
});

test('a search that finds nobody says so once, with no banner; the test role is told what it may do', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await newPortalPage(browser);
  await freshStaff(staff.page, 'customer-service');
  const search = staff.page.getByRole('searchbox', { name: 'Search for a member by Exchange Subscriber ID' });
  await search.fill(`NOPE${unique().toUpperCase()}`);
  await search.press('Enter');
  // Staff's search runs on the find-a-member page (decision 043), which says, once, that nobody was found.
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText('Find a member', {
    timeout: 30_000,
  });
  await expect(staff.page.getByRole('heading', { name: '0 members found' })).toBeVisible({ timeout: 30_000 });
  await expect(staff.page.getByText('No member matches this search.', { exact: false })).toHaveCount(1);
  await expect(staff.page.getByRole('radio', { name: 'Exchange Subscriber ID' })).toBeChecked();
  await expect(staff.page.getByRole('region', { name: 'Member you are helping' })).toHaveCount(0);
  await staff.context.close();

  const tester = await newPortalPage(browser);
  await signIn(tester.page, 'workforce', 'qa.tester');
  const info = tester.page.getByRole('region', { name: 'What your role may do' });
  await expect(info).toBeVisible();
  await expect(info).toContainText('test-action: not available here');
  await expect(info).toContainText('Role actions of this role work only in production');
  await expect(info.getByRole('link', { name: 'Account overview' })).toBeVisible();
  await expect(tester.page.getByText(/search box at the top of the page/)).toHaveCount(0);
  await expectNoViolationsAtEachWidth(tester.page, 'the test role’s overview');

  // Staff pages are not the tester's (no member-search): they answer as pages that do not exist.
  await tester.page.goto('/admin/members');
  await expect(tester.page.getByRole('heading', { level: 1 })).toHaveText(t('notFound.heading'), {
    timeout: 20_000,
  });
  await tester.context.close();
});
