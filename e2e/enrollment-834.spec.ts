import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { TEST_CARDS } from '../apps/server/src/processor/sandbox/test-numbers';
import { DEMO_ENROLLMENT_CLIENT_SECRET } from '../apps/server/src/settings';
import { chooseNew, payButton, review, t, typeCard } from './support/payments';
import { newPortalPage, signIn } from './support/portal';
import { CSRF } from './support/session';
import { freshStaff } from './support/staff';

// Issue 34: the issuer's enrolment system gets a token by OAuth client credentials at the workforce
// provider and loads a household with an X12 834 (POST /api/v1/Enrollment/834);
// its subscriber signs in (demo mode: `x12.<exchange subscriber id>`), sees the imported plan, premium and
// APTC, pays the binder; the effectuation is recorded and reported (the day's effectuation 834) and the
// issuer's webhook subscriber — this test process — receives the signed events.

/** An 834 for one subscriber and one child, coverage from the first of next month on the demo catalogue's CSR silver plan. */
function enrollmentFile(subscriberId: string, childId: string, control: string, start: string): string {
  const year = Number(start.slice(0, 4));
  const plan = `77421MA001${String(year % 100).padStart(2, '0')}03-06`;
  const d = start.replace(/-/g, '');
  const sets = [
    'ST*834*0001*005010X220A1',
    'BGN*00*E2E1*20261201*0930****2',
    'INS*Y*18*021*28*A***AC',
    `REF*0F*${subscriberId}`,
    `REF*17*${subscriberId}`,
    `REF*1L*E2E-${subscriberId}`,
    'NM1*IL*1*Almeida*Rosa',
    'PER*IP**TE*5085550177*EM*rosa.almeida@example.org',
    'N3*14 Ocean Ave',
    'N4*New Bedford*MA*02740**CY*25005',
    'DMG*D8*19860521*F',
    'HD*021**HLT**FAM',
    `DTP*348*D8*${d}`,
    `REF*CE*${plan}`,
    'LX*1',
    'N1*75*APTC AMT',
    'REF*9V*412.00',
    `DTP*007*D8*${d}`,
    'LX*2',
    'N1*75*PRE AMT TOT',
    'REF*9X*980.50',
    `DTP*007*D8*${d}`,
    'LX*3',
    'N1*75*TOT RES AMT',
    'REF*9X*568.50',
    `DTP*007*D8*${d}`,
    'INS*N*19*021*28*A',
    `REF*0F*${subscriberId}`,
    `REF*17*${childId}`,
    'NM1*IL*1*Almeida*Davi',
    'DMG*D8*20160302*M',
    'HD*021**HLT**FAM',
    `DTP*348*D8*${d}`,
  ];
  const body = [...sets, `SE*${String(sets.length + 1)}*0001`];
  const isa = `ISA*00*          *00*          *ZZ*E2EEXCHANGE    *ZZ*77421MA        *261201*0930*^*00501*${control}*0*T*:~`;
  return [
    isa,
    'GS*BE*E2EEXCHANGE*77421MA*20261201*0930*1*X*005010X220A1~',
    ...body.map((segment) => `${segment}~`),
    'GE*1*1~',
    `IEA*1*${control}~`,
  ].join('\n');
}

test('an imported 834 household signs in, sees its plan, premium and APTC, pays the binder: effectuated, reported, and sent to the issuer as signed webhooks', async ({
  page,
  browser,
}) => {
  // The issuer's webhook endpoint, in this process.
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    // The issuer's administrator: a subscriber for the coverage events.
    const { context: staffContext, page: staff } = await newPortalPage(browser);
    await freshStaff(staff, 'administrator');
    // The API as the signed-in page calls it: its session cookie (shared with `staff.request`) and the CSRF header.
    const admin = CSRF;
    const created = await staff.request.post('/api/v1/admin/webhook-subscribers', {
      headers: admin,
      data: {
        name: 'Core administration (e2e)',
        url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`,
        eventTypes: ['coverage.effectuated', 'payment.succeeded'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { secret } = (await created.json()) as { secret: string };

    const subscriberId = String(randomInt(1_000_000_000, 9_999_999_999));
    const today = new Date();
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 10);
    await staffContext.close();

    // The issuer's enrolment system, a machine: a token by client credentials (demo mode's published
    // secret, README "Import an 834"), then the 834 through the API with it.
    const issued = await page.request.post('/idp/workforce/token', {
      headers: {
        authorization: `Basic ${Buffer.from(`issuer-enrollment:${DEMO_ENROLLMENT_CLIENT_SECRET}`).toString('base64')}`,
      },
      form: { grant_type: 'client_credentials', scope: 'enrollment:import' },
    });
    expect(issued.status(), await issued.text()).toBe(200);
    const { access_token: systemToken } = (await issued.json()) as { access_token: string };
    const imported = await page.request.post('/api/v1/Enrollment/834', {
      headers: {
        authorization: `Bearer ${systemToken}`,
        'content-type': 'application/edi-x12',
        'x-file-name': 'e2e-household.edi',
      },
      data: enrollmentFile(
        subscriberId,
        String(randomInt(1_000_000_000, 9_999_999_999)),
        String(randomInt(100_000_000, 999_999_999)),
        start,
      ),
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const result = (await imported.json()) as {
      summary: { applied: number; members: { created: number } };
      ack999: string;
    };
    expect(result.summary).toMatchObject({ applied: 1, members: { created: 2 } });
    expect(result.ack999).toContain('AK9*A*1*1*1~');

    // The imported subscriber signs in and reads the overview: the plan, the binder after APTC, the APTC.
    await signIn(page, 'consumer', `x12.${subscriberId}`);
    const card = page.getByTestId('policy-card').filter({ hasText: `E2E-${subscriberId}` });
    await expect(card.getByText(/Lighthouse Harbor Silver 250 HMO/).first()).toBeVisible({ timeout: 20_000 });
    await expect(
      card.getByText('Your coverage starts once we receive your first premium payment of $568.50.'),
    ).toBeVisible();
    await expect(card.locator('dt:has-text("Premium tax credit (APTC) from") + dd')).toHaveText('$412.00');

    // The binder, paid in full: the coverage is effectuated.
    await card.getByRole('link', { name: 'Pay your first premium' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('payments.binder.heading'));
    await typeCard(await chooseNew(page, 'card'), TEST_CARDS.visa.number);
    await review(page);
    await payButton(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment receipt');
    await expect(page.getByText(t('payments.receipt.effectuated'))).toBeVisible();

    // The day's effectuation 834 (the member's household's day, demo mode): INS*Y*18*021 with the paid-through date.
    const day = await page.request.post('/api/v1/demo/day', {
      headers: CSRF,
      data: { day: today.toISOString().slice(0, 10) },
    });
    expect(day.status(), await day.text()).toBe(200);
    const steps = ((await day.json()) as { steps: { name: string; counts: Record<string, number> }[] }).steps;
    expect(steps.find((step) => step.name === 'effectuation-834')?.counts).toEqual({
      files: 1,
      enrolments: 1,
    });
    const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'enrollment', 'outbox');
    const file = fs
      .readdirSync(outbox)
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
      .find((content) => content.includes(`REF*1L*E2E-${subscriberId}~`));
    expect(file).toMatch(
      new RegExp(
        `INS\\*Y\\*18\\*021\\*28\\*A~\\nREF\\*0F\\*${subscriberId}~\\nREF\\*17\\*${subscriberId}~\\nREF\\*1L\\*E2E-${subscriberId}~\\nDTP\\*543\\*D8\\*\\d{8}~`,
      ),
    );

    // The issuer's subscriber received the payment and the effectuation, signed with its secret.
    const ours = () => received.filter((entry) => entry.body.includes(`E2E-${subscriberId}`));
    await expect
      .poll(
        () =>
          ours()
            .map((entry) => (JSON.parse(entry.body) as { type: string }).type)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual(['coverage.effectuated', 'payment.succeeded']);
    for (const entry of ours()) {
      const headers = {
        'webhook-id': String(entry.headers['webhook-id']),
        'webhook-timestamp': String(entry.headers['webhook-timestamp']),
        'webhook-signature': String(entry.headers['webhook-signature']),
      };
      expect(() => new Webhook(secret).verify(entry.body, headers)).not.toThrow();
    }
  } finally {
    server.close();
  }
});
