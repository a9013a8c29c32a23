import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ENROLLMENT_CLIENT_SECRET } from '../apps/server/src/settings';
import { expectNoViolationsAtEachWidth } from './support/axe';
import { freshMember } from './support/members';
import { newPortalPage, text } from './support/portal';
import { CSRF } from './support/session';
import { freshStaff } from './support/staff';

// Issue 34, decision 056: the issuer's system sends an 834 with one good and one bad transaction set
// (through the API, as e2e/enrollment-834.spec.ts does); an administrator opens the admin page of imports,
// finds the file and reads the rejected member and the reason. Customer service (no
// `view-enrollment-imports`) and a member are offered no such page and are refused it.

/**
 * How this journey calls POST /api/v1/Enrollment/834: as the issuer's enrolment client, with a token by
 * OAuth client credentials (decision 051; demo mode's published secret), as e2e/enrollment-834.spec.ts does.
 */
async function importCredentials(
  page: Page,
): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  const issued = await page.request.post('/idp/workforce/token', {
    headers: {
      authorization: `Basic ${Buffer.from(`issuer-enrollment:${DEMO_ENROLLMENT_CLIENT_SECRET}`).toString('base64')}`,
    },
    form: { grant_type: 'client_credentials', scope: 'enrollment:import' },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { access_token: token } = (await issued.json()) as { access_token: string };
  return { request: page.request, headers: { authorization: `Bearer ${token}` } };
}

/** One interchange, two sets: 0001 adds a subscriber on the demo catalogue's silver plan; 0002 names a plan the issuer does not sell. */
function twoSetFile(
  good: { subscriberId: string; lastName: string },
  bad: { subscriberId: string; lastName: string },
  control: string,
  start: string,
): string {
  const year = Number(start.slice(0, 4));
  const plan = `77421MA001${String(year % 100).padStart(2, '0')}03-06`;
  const d = start.replace(/-/g, '');
  const set = (
    st: string,
    who: { subscriberId: string; lastName: string },
    firstName: string,
    planId: string,
  ) => {
    const body = [
      `ST*834*${st}*005010X220A1`,
      `BGN*00*E2E${st}*20261201*0930****2`,
      'INS*Y*18*021*28*A***AC',
      `REF*0F*${who.subscriberId}`,
      `REF*17*${who.subscriberId}`,
      `REF*1L*E2E-${who.subscriberId}`,
      `NM1*IL*1*${who.lastName}*${firstName}`,
      'N3*14 Ocean Ave',
      'N4*New Bedford*MA*02740**CY*25005',
      'DMG*D8*19860521*F',
      'HD*021**HLT**IND',
      `DTP*348*D8*${d}`,
      `REF*CE*${planId}`,
      'LX*1',
      'N1*75*PRE AMT TOT',
      'REF*9X*455.00',
      `DTP*007*D8*${d}`,
    ];
    return [...body, `SE*${String(body.length + 1)}*${st}`];
  };
  const segments = [...set('0001', good, 'Marta', plan), ...set('0002', bad, 'Iolanda', '99999MA9999999-01')];
  const isa = `ISA*00*          *00*          *ZZ*E2EIMPORTS     *ZZ*77421MA        *261201*0930*^*00501*${control}*0*T*:~`;
  return [
    isa,
    'GS*BE*E2EIMPORTS*77421MA*20261201*0930*1*X*005010X220A1~',
    ...segments.map((segment) => `${segment}~`),
    'GE*2*1~',
    `IEA*1*${control}~`,
  ].join('\n');
}

test('an administrator finds an 834 import and reads its rejected member and the reason; staff without the action and members are refused', async ({
  browser,
}) => {
  const { context, page } = await newPortalPage(browser);
  await freshStaff(page, 'administrator');
  const id = () => String(randomInt(1_000_000_000, 9_999_999_999));
  const good = { subscriberId: id(), lastName: `Goodset${id().slice(0, 4)}` };
  const bad = { subscriberId: id(), lastName: `Badset${id().slice(0, 4)}` };
  const fileName = `e2e-imports-${id()}.edi`;
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);

  const { request, headers } = await importCredentials(page);
  const imported = await request.post('/api/v1/Enrollment/834', {
    headers: { ...headers, 'content-type': 'application/edi-x12', 'x-file-name': fileName },
    data: twoSetFile(good, bad, String(randomInt(100_000_000, 999_999_999)), start),
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const summary = ((await imported.json()) as { summary: { applied: number; rejected: number } }).summary;
  expect(summary, JSON.stringify(summary)).toMatchObject({ applied: 1, rejected: 1 });

  // The staff home offers the page; the list shows the file with one applied and one rejected.
  await page.goto('/home');
  await page.getByRole('link', { name: 'Enrollment imports' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment imports', { timeout: 20_000 });
  const row = page.getByTestId('import-row').filter({ hasText: fileName });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('cell')).toContainText(['API', 'Processed', '1', '1', '0']);
  await expectNoViolationsAtEachWidth(page, 'enrollment imports list');

  // Keyboard: the file's link opens the import.
  await row.getByRole('link', { name: fileName }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Import of ${fileName}`, {
    timeout: 20_000,
  });
  const rejected = page.getByTestId('transaction-set').filter({ hasText: 'Rejected' });
  await expect(rejected).toContainText(`Iolanda ${bad.lastName}`);
  await expect(rejected).toContainText(`Exchange subscriber ID ${bad.subscriberId}`);
  await expect(rejected).toContainText('99999MA9999999-01');
  await expect(rejected).toContainText(/Segment \d+/);
  const applied = page.getByTestId('transaction-set').filter({ hasText: `Marta ${good.lastName}` });
  await expect(applied).toContainText('Applied');
  await expect(page.getByText('999: partially accepted')).toBeVisible();
  await expectNoViolationsAtEachWidth(page, 'one enrollment import with a rejected set');
  await context.close();

  // Customer service: no entry on the staff home; the page says the role does not include it; the API refuses.
  const service = await newPortalPage(browser);
  await freshStaff(service.page, 'customer-service');
  await service.page.goto('/home');
  await expect(service.page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(service.page.getByRole('link', { name: 'Enrollment imports' })).toHaveCount(0);
  await service.page.goto('/admin/enrollment-imports');
  await expect(service.page.getByText(text('enrollmentImports.notAllowed'))).toBeVisible({ timeout: 20_000 });
  expect(
    (await service.page.request.get('/api/v1/admin/enrollment-imports', { headers: CSRF })).status(),
  ).toBe(403);
  await service.context.close();

  // A member: not a staff page (not found), and the API refuses.
  const member = await newPortalPage(browser);
  await freshMember(member.page);
  await expect(member.page.getByRole('link', { name: 'Enrollment imports' })).toHaveCount(0);
  await member.page.goto('/admin/enrollment-imports');
  await expect(member.page.getByRole('heading', { level: 1 })).toHaveText(text('notFound.heading'), {
    timeout: 20_000,
  });
  expect(
    (await member.page.request.get('/api/v1/admin/enrollment-imports', { headers: CSRF })).status(),
  ).toBe(403);
  await member.context.close();
});
