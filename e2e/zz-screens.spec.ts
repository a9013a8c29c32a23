import { expect, test } from '@playwright/test';
import { newPortalPage, type Language } from './support/portal';
import { freshStaff } from './support/staff';

for (const language of ['en', 'es', 'pt'] as Language[]) {
  for (const width of [1280, 390]) {
    test(`shots ${language} ${String(width)}`, async ({ browser }) => {
      const { context, page } = await newPortalPage(browser, { language, width });
      await freshStaff(page, 'administrator', language);
      await page.goto('/admin/enrollment-imports');
      await expect(page.getByTestId('import-row').first()).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: `/tmp/enroll-admin-shots/list-${language}-${String(width)}.png`, fullPage: true });
      await page.getByTestId('import-row').filter({ hasText: 'e2e-imports' }).first().getByRole('link').click();
      await expect(page.getByTestId('transaction-set').first()).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: `/tmp/enroll-admin-shots/detail-${language}-${String(width)}.png`, fullPage: true });
      await context.close();
    });
  }
}
