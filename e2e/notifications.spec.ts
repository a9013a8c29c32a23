import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { newPortalPage, signIn, text } from './support/portal';
import { freshMember } from './support/members';
import { chooseNew, money, openPayment, payButton, review, typeCard } from './support/payments';
import { TEST_CARDS } from '../apps/server/src/processor/sandbox/test-numbers';

// Issue "Documents, notifications and e-mail", Done when: the bell shows the unread count, the drawer
// marks read; a payment made in a second tab makes a notification appear live in the first.

const bell = (page: Page) => page.locator('header').getByRole('button', { name: /notification/i });
// Read in one step: the badge is removed when the count reaches 0, and a count() followed by innerText()
// waited for a badge that had gone in between (the poll then timed out inside its own predicate).
const unreadOf = (page: Page): Promise<number> =>
  page
    .locator('header [data-testid="unread-badge"]')
    .evaluateAll((badges) => (badges.length === 0 ? 0 : Number(badges[0]?.textContent)));

test('a payment made in a second tab appears live in the first; the drawer marks one and then all read', async ({
  browser,
}) => {
  const first = await newPortalPage(browser);
  const member = await freshMember(first.page, { owing: true });
  await expect(bell(first.page)).toBeVisible();
  // The count the portal shows once loaded (asked for again on this load).
  const counted = first.page.waitForResponse((response) =>
    response.url().includes('/api/v1/Notification/unread-count'),
  );
  await first.page.reload();
  expect((await counted).ok()).toBe(true);
  await expect(bell(first.page)).toBeVisible();
  await first.page.waitForTimeout(300);
  const before = await unreadOf(first.page);

  // The second tab: the same member, elsewhere, pays part of what is owed with a card.
  const second = await newPortalPage(browser);
  await signIn(second.page, 'consumer', member.username);
  await openPayment(second.page, member);
  await second.page.getByRole('textbox', { name: text('fields.amount.label') }).fill('12.34');
  await typeCard(await chooseNew(second.page, 'card'), TEST_CARDS.visa.number);
  await review(second.page);
  await payButton(second.page).click();
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText(text('payments.receipt.heading'));

  // The first tab, untouched: the badge and an announcement follow within seconds, without a reload.
  const received = `We received your payment of ${money('12.34')} for policy ${member.policyNumber}.`;
  await expect.poll(() => unreadOf(first.page), { timeout: 8_000 }).toBe(before + 1);
  await expect(first.page.getByText(`New notification: ${received}`)).toBeVisible();

  await bell(first.page).click();
  const drawer = first.page.locator('#notification-drawer-620');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('drawer-unread-count')).toHaveText(`${before + 1} unread`);
  await expectNoViolations(first.page, 'notification drawer', { include: '#notification-drawer-620' });
  const newest = drawer.getByTestId('notification-item').first();
  await expect(newest).toContainText(received);
  await expect(newest).toHaveAttribute('data-unread', 'true');
  await newest.getByRole('button', { name: text('notifications.markRead') }).click();
  await expect(newest).toHaveAttribute('data-unread', 'false');
  await expect.poll(() => unreadOf(first.page)).toBe(before);
  // The other tab hears of it too (the unread count is pushed to every open portal of the household).
  await expect.poll(() => unreadOf(second.page), { timeout: 8_000 }).toBe(before);

  if (before > 0) {
    await drawer.getByRole('button', { name: text('notifications.markAllRead') }).click();
    await expect.poll(() => unreadOf(first.page)).toBe(0);
  }
  // Nothing left unread: no "mark all" (an empty list is never marked, SPEC §5).
  await expect(drawer.getByRole('button', { name: text('notifications.markAllRead') })).toHaveCount(0);
  await first.page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await first.context.close();
  await second.context.close();
});

test('the notifications page lists unread first, and opening one marks it read (es)', async ({ browser }) => {
  const { context, page } = await newPortalPage(browser, { language: 'es' });
  await freshMember(page, { language: 'es' });
  // A notice of its own to read: paper delivery saved.
  await page.goto('/admin/paperless-settings');
  await page.getByRole('button', { name: text('paperless.save', 'es') }).click();
  await expect(page.getByText(text('paperless.saved', 'es'))).toBeVisible();
  await page.goto('/notification/view-notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nav.notifications', 'es'));
  const items = page.getByTestId('notification-item');
  await expect(items.first()).toHaveAttribute('data-unread', 'true');
  await expect(items.first()).toContainText('Tiene un aviso nuevo en sus documentos.');
  // Its attachment is the notice itself, as a PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    items
      .first()
      .getByRole('button', { name: text('notifications.attachment', 'es') })
      .click(),
  ]);
  expect(await download.failure()).toBeNull();
  await expect(items.filter({ hasText: 'Tiene un aviso nuevo' }).first()).toHaveAttribute(
    'data-unread',
    'false',
  );
  await context.close();
});

// Issue 33 item 12: at a phone's width the live notification was a toast at the bottom of the screen, on
// top of the wallet and the buttons of its add-a-card form. It now sits in the page's flow under the
// header, hiding nothing; Escape dismisses it without focus moving, and a polite live region says it.

/** Each element, scrolled to the top and to the bottom of the screen, is what a press at its centre reaches. */
async function expectUncovered(elements: Locator, what: string) {
  expect(await elements.count(), what).toBeGreaterThan(0);
  for (const element of await elements.all()) {
    for (const block of ['start', 'end'] as const) {
      const reached = await element.evaluate((target, where) => {
        target.scrollIntoView({ block: where });
        const box = target.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && target.contains(hit) ? 'itself' : (hit?.textContent ?? 'nothing').slice(0, 80);
      }, block);
      expect(reached, `${what}: "${await element.innerText()}" at the ${block} of the screen`).toBe('itself');
    }
  }
}

test('issue 33 item 12: at 390 px a live notification covers none of the wallet and its form’s buttons, is announced politely, and Escape dismisses it', async ({
  browser,
}) => {
  const first = await newPortalPage(browser, { width: 390 });
  await first.page.setViewportSize({ width: 390, height: 844 });
  const member = await freshMember(first.page);
  // The live stream opens once the page is shown.
  const streaming = first.page.waitForRequest((request) =>
    request.url().includes('/api/v1/Notification/stream'),
  );
  await first.page.goto('/payments/wallet');
  await expect(first.page.getByRole('heading', { level: 1 })).toHaveText(text('wallet.title'), {
    timeout: 20_000,
  });
  await streaming;
  const addCard = first.page.getByRole('button', { name: text('wallet.addCard') });
  await addCard.click();
  const dialog = first.page.getByRole('dialog', { name: text('wallet.addDialog.cardTitle') });
  await expect(
    first.page
      .frameLocator(`iframe[title="${text('wallet.addDialog.cardFrameTitle')}"]`)
      .getByLabel('Card number'),
  ).toBeVisible();

  // Elsewhere, the same member saves their paperless choices: a notice arrives while the form is open.
  const arrived = first.page.waitForResponse((response) =>
    /\/api\/v1\/Notification\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname),
  );
  const second = await newPortalPage(browser);
  await signIn(second.page, 'consumer', member.username);
  await second.page.goto('/admin/paperless-settings');
  await second.page.getByRole('button', { name: text('paperless.save') }).click();
  await expect(second.page.getByText(text('paperless.saved'))).toBeVisible();
  await second.context.close();
  await arrived;
  const announced = `New notification: ${text('notification.noticeAvailable')}`;
  // Time for anything that would appear over the form to appear.
  await first.page
    .getByText(announced)
    .waitFor({ timeout: 2_000 })
    .catch(() => undefined);
  await expectUncovered(dialog.getByRole('button'), 'the add-a-card form');

  // The form closes (Escape is the dialog's); the notice is then in the page, and the wallet's buttons are free.
  await first.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(addCard).toBeFocused();
  const notice = first.page.getByTestId('live-notice');
  await expect(notice).toContainText(announced, { timeout: 10_000 });
  // Said by a polite live region (the member is not interrupted), and focus stays where the member is.
  await expect(first.page.getByRole('status').filter({ hasText: announced })).toHaveAttribute(
    'aria-live',
    'polite',
  );
  await expect(addCard).toBeFocused();
  await expectUncovered(first.page.getByRole('main').getByRole('button'), 'the wallet');
  const box = await notice.boundingBox();
  for (const button of await first.page.getByRole('main').getByRole('button').all()) {
    const under = await button.boundingBox();
    if (box === null || under === null) throw new Error('the notice or a button has no box');
    expect(
      box.y + box.height <= under.y || under.y + under.height <= box.y,
      `the notice and "${await button.innerText()}" share no space`,
    ).toBe(true);
  }
  await expectNoViolations(first.page, 'wallet page with a live notification');

  // Escape dismisses it, and focus has not moved.
  await first.page.keyboard.press('Escape');
  await expect(first.page.getByText(announced)).toHaveCount(0);
  await expect(addCard).toBeFocused();
  await first.context.close();
});
