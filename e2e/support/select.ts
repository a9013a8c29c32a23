import { expect, type Locator } from '@playwright/test';

/**
 * Chooses an option of a native <select> (the kit's selects) by its text: the exact label, or a pattern
 * (a policy number within the policy's label).
 */
export async function chooseOption(select: Locator, name: string | RegExp): Promise<void> {
  if (typeof name === 'string') {
    await select.selectOption({ label: name });
    return;
  }
  const option = select.locator('option').filter({ hasText: name }).first();
  await expect(option).toBeAttached();
  const value = await option.getAttribute('value');
  await select.selectOption(value ?? '');
}
