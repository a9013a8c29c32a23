import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { accounts, auditLog, brokers, policies } from '../../db/schema';
import { demoGuestFacts } from '../../seed/demo-households';
import { seedDatabase } from '../../seed/seed';
import { loadOrCreateTestIssuerKey } from '../../saml/trust';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { exchangeEnv } from '../../modules/saml/fixtures/responses';
import { sessionCookieOf } from '../../../test/guest-session';

/** What the "Continue" form of the signed page would post, read from the page itself. */
function continueForm(html: string) {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1];
  const relayState = /name="RelayState" value="([^"]*)"/.exec(html)?.[1];
  if (!action || !samlResponse || relayState === undefined) throw new Error('no continue form on the page');
  return {
    action,
    form: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  };
}

describe('built-in SAML test issuer (/idp/saml-test, demo mode)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ database: database.handle }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const issue = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/idp/saml-test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  async function continueToPortal(html: string) {
    const { action, form } = continueForm(html);
    const response = await app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(response.statusCode).toBe(303);
    const landing = new URL(String(response.headers.location), 'http://localhost');
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: sessionCookieOf(response) },
    });
    return { next: landing.searchParams.get('next'), session: session.json<Record<string, unknown>>() };
  }

  /** The options of the custom assertion's record list, as the page offers them. */
  const recordOptions = (html: string): string[] =>
    [
      ...(/<select id="record" name="record">(.*?)<\/select>/s.exec(html)?.[1] ?? '').matchAll(
        /value="([^"]+)"/g,
      ),
    ].map((match) => match[1] ?? '');

  it('serves a script-free, translated page of scenarios; those without demo data are disabled', async () => {
    const page = await app.inject({ method: 'GET', url: '/idp/saml-test' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|onclick=|javascript:/i);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Exchange: binder payment for a new enrollee');
    // Without demo data the broker and OnlyPCP scenarios have nothing to assert, nor has a custom assertion.
    expect(page.body.match(/ disabled>/g)).toHaveLength(2);
    expect(page.body).toContain('No demo scenario record is loaded, so there is nothing to assert.');
    expect(page.body).not.toContain('<label for="policies">');
    const spanish = await app.inject({ method: 'GET', url: '/idp/saml-test?lang=es' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Emisor SAML de prueba');
    const portuguese = await app.inject({ method: 'GET', url: '/idp/saml-test?lang=pt' });
    expect(portuguese.body).toContain('Emissor SAML de teste');
  });

  it('never signs an assertion for a policy number or NPN outside its demo scenarios (issue 14, finding 1)', async () => {
    const db = database.handle.db;
    const stranger = await createMemberWithPolicy(db);
    const [policy] = await db
      .select({ number: policies.policyNumber })
      .from(policies)
      .where(eq(policies.id, stranger.policyId));
    const brokerId = await createBroker(db);
    const [broker] = await db.select({ npn: brokers.npn }).from(brokers).where(eq(brokers.id, brokerId));
    const attempts: Record<string, string>[] = [
      // The form fields of the old custom assertion, and the new one's record field, naming real records.
      { scenario: 'custom', role: 'member', policies: policy?.number ?? '' },
      { scenario: 'custom', role: 'broker', brokerNpn: broker?.npn ?? '' },
      { scenario: 'custom', record: `policy:${stranger.exchangeSubscriberId}` },
      { scenario: 'custom', record: `broker:${broker?.npn ?? ''}` },
    ];
    for (const fields of attempts) {
      const refused = await issue(fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.body).not.toContain('SAMLResponse');
      expect(refused.body).toContain('Not a demo scenario record');
    }
    const refusals = await db.select().from(auditLog).where(eq(auditLog.action, 'auth.saml-test-issue'));
    expect(
      refusals.filter((entry) => entry.outcome === 'denied' && entry.reason === 'not-a-scenario-record'),
    ).toHaveLength(attempts.length);
  });

  it('fills the demo scenarios from the demo data only: binder payment, broker, OnlyPCP=false, and custom options', async () => {
    const db = database.handle.db;
    await seedDatabase(database.handle, { households: 0 });
    const ana = demoGuestFacts('ana');
    const maria = demoGuestFacts('maria');
    const [anaPolicy] = await db
      .select({ id: policies.id })
      .from(policies)
      .where(eq(policies.policyNumber, ana.policyNumber));
    // María's exchange subscriber id names her medical and her dental policy.
    const mariaPolicies = (
      await db
        .select({ id: policies.id })
        .from(policies)
        .where(eq(policies.exchangeSubscriberId, maria.exchangeSubscriberId ?? ''))
    ).map((row) => row.id);
    expect(mariaPolicies.length).toBeGreaterThan(0);
    const [hughes] = await db
      .select({ brokerId: accounts.brokerId })
      .from(accounts)
      .where(eq(accounts.username, 'broker.hughes'));
    const [hughesNpn] = await db
      .select({ npn: brokers.npn })
      .from(brokers)
      .where(eq(brokers.id, hughes?.brokerId ?? ''));

    const page = await app.inject({ method: 'GET', url: '/idp/saml-test' });
    expect(page.body).not.toContain(' disabled>');
    expect(page.body).toContain(`Exchange subscriber ID: ${ana.exchangeSubscriberId ?? ''}.`);
    // The custom assertion offers exactly the scenarios' own records.
    expect(recordOptions(page.body).sort()).toEqual(
      [
        `policy:${ana.exchangeSubscriberId ?? ''}`,
        `policy:${maria.exchangeSubscriberId ?? ''}`,
        `broker:${hughesNpn?.npn ?? ''}`,
      ].sort(),
    );

    const binder = await continueToPortal((await issue({ scenario: 'binder' })).body);
    expect(binder.next).toBe('/payments/binding-payment');
    expect(binder.session).toMatchObject({
      policyIds: [anaPolicy?.id],
      bindingSubscriberId: ana.exchangeSubscriberId,
    });

    const broker = await continueToPortal((await issue({ scenario: 'broker' })).body);
    expect(broker.next).toBe('/broker');
    expect(broker.session).toMatchObject({
      roles: ['broker'],
      brokerId: hughes?.brokerId,
      languagePreference: 'ENG',
    });

    const onlyPcp = await continueToPortal((await issue({ scenario: 'only-pcp-false' })).body);
    expect(onlyPcp.session).toMatchObject({ roles: ['member'], onlyPcp: false });
    expect(new Set(onlyPcp.session.policyIds as string[])).toEqual(new Set(mariaPolicies));

    const custom = await issue({
      lang: 'pt',
      scenario: 'custom',
      record: `policy:${maria.exchangeSubscriberId ?? ''}`,
      onlyPcp: 'true',
      languagePreference: 'PT',
      relayState: '/notification/view-notifications',
    });
    expect(custom.statusCode).toBe(200);
    expect(custom.body).toContain('<html lang="pt">');
    expect(custom.body).toMatch(
      /<button class="primary" type="submit" autofocus>Continuar para o portal<\/button>/,
    );
    expect(custom.body).not.toMatch(/<script/i);
    const asserted = await continueToPortal(custom.body);
    expect(asserted.next).toBe('/notification/view-notifications');
    expect(asserted.session).toMatchObject({
      kind: 'asserted',
      roles: ['member'],
      onlyPcp: true,
      languagePreference: 'PT',
    });
    expect(new Set(asserted.session.policyIds as string[])).toEqual(new Set(mariaPolicies));

    const successes = await db.select().from(auditLog).where(eq(auditLog.action, 'auth.saml-assertion'));
    expect(successes.filter((entry) => entry.outcome === 'success').length).toBeGreaterThanOrEqual(4);
  });

  it('keeps its signing key in DATA_DIR/keys, created once and readable only by the server', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-key-'));
    try {
      const first = loadOrCreateTestIssuerKey(dataDir, 'http://localhost:3000');
      const again = loadOrCreateTestIssuerKey(dataDir, 'http://localhost:3000');
      expect(again.privateKeyPem).toBe(first.privateKeyPem);
      expect(first.entityId).toBe('http://localhost:3000/idp/saml-test');
      expect(fs.statSync(path.join(dataDir, 'keys', 'saml-test-idp.key.pem')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Not there: a post is 404, and a page load gets at most the web app's fallback page. */
async function expectNotMounted(app: FastifyInstance) {
  const post = await app.inject({
    method: 'POST',
    url: '/idp/saml-test',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'scenario=custom',
  });
  expect(post.statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/idp/saml-test' })).body).not.toContain('SAML test issuer');
}

describe('the SAML test issuer outside demo mode', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('is not mounted when an external identity provider is configured, and its assertions are not trusted', async () => {
    const embedded = await buildTestApp({ database: database.handle });
    const external = await buildTestApp({ database: database.handle, env: exchangeEnv });
    try {
      const signed = await embedded.app.inject({
        method: 'POST',
        url: '/idp/saml-test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'scenario=binder',
      });
      await expectNotMounted(external.app);
      const { action, form } = continueForm(signed.body);
      const refused = await external.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await embedded.app.close();
      await external.app.close();
    }
  });

  it('is not mounted with demo mode off, even on the embedded database outside production', async () => {
    const demo = await buildTestApp({ database: database.handle });
    const plain = await buildTestApp({
      database: database.handle,
      env: { NODE_ENV: 'development', DEMO_MODE: 'false' },
    });
    try {
      await expectNotMounted(plain.app);
      const signed = await demo.app.inject({
        method: 'POST',
        url: '/idp/saml-test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'scenario=binder',
      });
      const { action, form } = continueForm(signed.body);
      const refused = await plain.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await demo.app.close();
      await plain.app.close();
    }
  });

  it('is never mounted in production, where an unconfigured SAML endpoint refuses everything', async () => {
    const { app } = await buildTestApp({
      database: database.handle,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://portal.example.org',
        PROCESSOR_URL: 'https://api.processor.example',
        PROCESSOR_API_KEY: 'sk_live_0123456789abcdef',
        PROCESSOR_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      },
    });
    try {
      await expectNotMounted(app);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/saml/acs',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'SAMLResponse=PHNhbWxwOlJlc3BvbnNlLz4%3D',
      });
      expect(refused.statusCode).toBe(401);
      const [entry] = await database.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.requestId, String(refused.headers['x-request-id'])));
      expect(entry).toMatchObject({ outcome: 'denied', reason: 'not-configured' });
    } finally {
      await app.close();
    }
  });
});
