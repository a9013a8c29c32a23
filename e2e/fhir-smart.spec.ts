import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { newMember } from './support/members';
import { DEMO_PASSWORD, signIn } from './support/portal';

/**
 * Issue 37 (docs/decisions/053, 054): a third-party app — the SMART JavaScript client `fhirclient`, a real
 * client nobody here wrote — performs the SMART standalone launch against the running server in
 * Chromium: the member signs in at the consumer provider and allows the app, the app gets its token with
 * the patient in context and reads the member's Patient and Coverage, which match what the portal's
 * overview shows. The app is the demo tenant's registered `lighthouse-demo-app`; its pages are served by the
 * test itself on the app's registered loopback origin.
 */

/** The demo tenant registers the app's redirect URI on this loopback port (config/account.json smartApps). */
const APP_ORIGIN = 'http://127.0.0.1:38917';
// fhirclient 2.6.3's own browser bundle (Apache-2.0), kept in support/vendor: as an npm dependency its
// React Native crypto dependencies would move half the lockfile.
const FHIR_CLIENT = fs.readFileSync(
  path.resolve(import.meta.dirname, 'support/vendor/fhir-client-2.6.3.min.js'),
  'utf8',
);
const SCOPE = 'launch/patient openid fhirUser offline_access patient/Patient.rs patient/Coverage.rs';

const launchPage = (
  iss: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Launch</title><script src="/fhir-client.js"></script></head>
<body><main><h1>Connecting…</h1></main><script>
FHIR.oauth2.authorize({ clientId: 'lighthouse-demo-app', scope: ${JSON.stringify(SCOPE)}, redirectUri: '${APP_ORIGIN}/callback.html', iss: ${JSON.stringify(iss)} });
</script></body></html>`;

const callbackPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Health record</title><script src="/fhir-client.js"></script></head>
<body><main><h1>Your health record</h1><pre id="result"></pre></main><script>
FHIR.oauth2.ready()
  .then(async (client) => {
    const patient = await client.patient.read();
    const coverage = await client.request('Coverage?patient=' + client.patient.id);
    document.getElementById('result').textContent = JSON.stringify({ patientId: client.patient.id, patient, coverage });
  })
  .catch((error) => { document.getElementById('result').textContent = JSON.stringify({ error: String(error) }); });
</script></body></html>`;

interface Coding {
  code?: string;
}
interface AppResult {
  error?: string;
  patientId: string;
  patient: { id: string; name: { family: string; given: string[] }[]; birthDate: string };
  coverage: {
    entry: {
      resource: {
        beneficiary: { reference: string };
        identifier: { system?: string; value: string }[];
        class: { type: { coding: Coding[] }; value: string; name: string }[];
      };
    }[];
  };
}

test('a SMART app launched standalone reads the member’s Patient and Coverage, as the overview shows them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(30_000);
  const member = await newMember(page);
  const iss = `${baseURL ?? ''}/fhir/r4`;
  // The app: three static files on its registered origin.
  const files: Record<string, [string, string]> = {
    '/fhir-client.js': ['text/javascript', FHIR_CLIENT],
    '/launch.html': ['text/html; charset=utf-8', launchPage(iss)],
    '/callback.html': ['text/html; charset=utf-8', callbackPage],
  };
  const appServer = http.createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', APP_ORIGIN).pathname];
    response.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
    response.end(file?.[1] ?? 'not found');
  });
  await new Promise<void>((resolve) =>
    appServer.listen(Number(new URL(APP_ORIGIN).port), '127.0.0.1', resolve),
  );
  try {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    page.on('pageerror', (error) => logs.push(String(error)));
    // The app sends the member to the consumer provider: sign in, then the consent screen.
    await page.goto(`${APP_ORIGIN}/launch.html`);
    await expect(page, logs.join('\n')).toHaveURL(/\/idp\/consumer\/interaction\//);
    await page.locator('#username').fill(member.username);
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Allow Lighthouse Health Record (demo app) to read your information?',
    );
    await expect(
      page
        .getByRole('list', { name: 'What Lighthouse Health Record (demo app) will read' })
        .getByRole('listitem'),
    ).toHaveCount(4);
    await expectNoViolations(page, 'the SMART consent screen');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();

    // Back in the app: fhirclient exchanged the code and read the records.
    await expect(page, logs.join('\n')).toHaveURL(new RegExp(`^${APP_ORIGIN}/callback\\.html`));
    const result = page.locator('#result');
    await expect(result).not.toBeEmpty({ timeout: 15_000 });
    const read = JSON.parse((await result.textContent()) ?? '{}') as AppResult;
    expect(read.error).toBeUndefined();
    expect(read.patient.id).toBe(read.patientId);
    const own = read.coverage.entry
      .map((entry) => entry.resource)
      .filter((coverage) => coverage.beneficiary.reference === `Patient/${read.patientId}`);
    const policyNumbers = own.flatMap((coverage) =>
      coverage.identifier
        .filter((identifier) => identifier.system?.endsWith('/fhir/sid/policy-number'))
        .map((identifier) => identifier.value),
    );
    expect(policyNumbers).toContain(member.policyNumber);
    const medical = own.find((coverage) =>
      coverage.identifier.some((identifier) => identifier.value === member.policyNumber),
    );
    const plan = medical?.class.find((c) => c.type.coding.some((coding) => coding.code === 'plan'));
    expect(plan?.value).toMatch(/^77421MA\d{7}-\d{2}$/);

    // The portal's overview shows the same member and the same plan on that policy.
    const portal = await browser.newContext({ baseURL });
    const overview = await portal.newPage();
    await signIn(overview, 'consumer', member.username);
    const card = overview.getByTestId('policy-card').filter({ hasText: member.policyNumber });
    await expect(card.first()).toContainText(plan?.name ?? 'no plan');
    await expect(
      overview
        .getByText(`${read.patient.name[0]?.given[0] ?? ''} ${read.patient.name[0]?.family ?? ''}`)
        .first(),
    ).toBeVisible();
    await portal.close();
  } finally {
    appServer.close();
  }
});
