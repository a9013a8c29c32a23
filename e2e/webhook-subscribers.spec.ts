import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { newPortalPage } from './support/portal';
import { freshStaff } from './support/staff';

// Decision 056: an administrator adds a webhook subscriber (its secret shown once), edits it, disables it
// after a confirmation, enables it again, and gives it a new secret after a confirmation that says the old
// one signs for 24 hours.

test('an administrator adds, edits, disables, enables and rotates the secret of an event subscriber', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser);
  await freshStaff(page, 'administrator');
  const name = `Core admin ${String(randomInt(100_000, 999_999))}`;
  await page.goto('/home');
  await page.getByRole('link', { name: 'Event subscribers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event subscribers', { timeout: 20_000 });

  await page.getByRole('button', { name: 'Add a subscriber' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a subscriber' });
  // Bad input: said on the field, what was typed kept.
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Webhook URL/ }).fill('not a url');
  await dialog.getByRole('button', { name: 'Add subscriber' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Webhook URL/ })).toHaveAccessibleDescription(
    /Webhook URL is not in the expected format/,
  );
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
  await dialog.getByRole('textbox', { name: /^Webhook URL/ }).fill('http://127.0.0.1:9/hooks');
  await dialog.getByRole('checkbox', { name: 'payment.succeeded' }).check();
  await expectNoViolationsAtEachWidth(page, 'add a subscriber dialog');
  await dialog.getByRole('button', { name: 'Add subscriber' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const firstSecret = await page.getByTestId('subscriber-secret').textContent();
  expect(firstSecret).toMatch(/^whsec_/);

  const card = page.getByTestId('subscriber').filter({ hasText: name });
  await expect(card).toContainText('payment.succeeded');
  await expect(card).toContainText('Receiving events');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('checkbox', { name: 'payment.succeeded' }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden({ timeout: 20_000 });
  await expect(card).toContainText('All events');

  await card.getByRole('button', { name: `Disable ${name}` }).click();
  const confirmDisable = page.getByRole('dialog', { name: `Disable ${name}?` });
  await expect(confirmDisable).toContainText('will receive no new events');
  await confirmDisable.getByRole('button', { name: 'Disable' }).click();
  await expect(card).toContainText('Disabled', { timeout: 20_000 });
  await card.getByRole('button', { name: `Enable ${name}` }).click();
  await expect(card).toContainText('Receiving events', { timeout: 20_000 });

  await card.getByRole('button', { name: `Change the secret of ${name}` }).click();
  const confirmRotate = page.getByRole('dialog', { name: `Change the secret of ${name}?` });
  await expect(confirmRotate).toContainText('For 24 hours');
  await confirmRotate.getByRole('button', { name: 'Change secret' }).click();
  await expect(confirmRotate).toBeHidden({ timeout: 20_000 });
  const secondSecret = await page.getByTestId('subscriber-secret').textContent();
  expect(secondSecret).toMatch(/^whsec_/);
  expect(secondSecret).not.toBe(firstSecret);
  await expect(card).toContainText('The previous secret also signs until');
  await expectNoViolationsAtEachWidth(page, 'event subscribers after a rotation');
  await context.close();
});
