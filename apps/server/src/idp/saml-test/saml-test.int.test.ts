import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { accounts, auditLog, finances, policies } from '../../db/schema';
import { loadOrCreateTestIssuerKey } from '../../saml/trust';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { exchangeEnv } from '../../modules/saml/fixtures/responses';

/** What the "Continue" form of the signed page would post, read from the page itself. */
function continueForm(html: string) {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1];
  const relayState = /name="RelayState" value="([^"]*)"/.exec(html)?.[1];
  if (!action || !samlResponse || relayState === undefined) throw new Error('no continue form on the page');
  return { action, form: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString() };
}

describe('built-in SAML test issuer (/idp/saml-test, embedded mode)', () => {
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
    const response = await app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(response.statusCode).toBe(303);
    const fragment = new URLSearchParams(String(response.headers.location).split('#')[1]);
    const session = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${fragment.get('session') ?? ''}` } });
    return { next: fragment.get('next'), session: session.json<Record<string, unknown>>() };
  }

  it('serves a script-free, translated page of scenarios; those without demo data are disabled', async () => {
    const page = await app.inject({ method: 'GET', url: '/idp/saml-test' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|onclick=|javascript:/i);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Exchange: binder payment for a new enrollee');
    // Without demo data the broker and OnlyPCP scenarios have nothing to assert.
    expect(page.body.match(/ disabled>/g)).toHaveLength(2);
    for (const id of ['role', 'policies', 'brokerNpn', 'onlyPcp', 'languagePreference', 'relayState']) {
      expect(page.body).toContain(`<label for="${id}">`);
    }
    const spanish = await app.inject({ method: 'GET', url: '/idp/saml-test?lang=es' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Emisor SAML de prueba');
    const portuguese = await app.inject({ method: 'GET', url: '/idp/saml-test?lang=pt' });
    expect(portuguese.body).toContain('Emissor SAML de teste');
  });

  it('signs a custom assertion and hands it to the portal with a Continue button (no JavaScript)', async () => {
    const { policyId } = await createMemberWithPolicy(database.handle.db);
    const [policy] = await database.handle.db.select({ number: policies.policyNumber }).from(policies).where(eq(policies.id, policyId));
    const signed = await issue({ lang: 'pt', scenario: 'custom', role: 'member', policies: policy?.number ?? '', onlyPcp: 'true', languagePreference: 'PT', relayState: '/notification/view-notifications' });
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toContain('<html lang="pt">');
    expect(signed.body).toMatch(/<button class="primary" type="submit" autofocus>Continuar para o portal<\/button>/);
    expect(signed.body).not.toMatch(/<script/i);
    const { next, session } = await continueToPortal(signed.body);
    expect(next).toBe('/notification/view-notifications');
    expect(session).toMatchObject({ kind: 'asserted', roles: ['member'], policyIds: [policyId], onlyPcp: true, languagePreference: 'PT' });
  });

  it('fills the demo scenarios from the demo data: binder payment, broker, OnlyPCP=false', async () => {
    const db = database.handle.db;
    const pending = await createMemberWithPolicy(db);
    await db.update(policies).set({ enrollmentStatus: 'Pending' }).where(eq(policies.id, pending.policyId));
    await db.insert(finances).values({ policyId: pending.policyId, premiumAmountDueCents: 38_900, currentAmountDueCents: 38_900, status: 'Binder' });
    await db.insert(accounts).values({ realm: 'consumer', username: 'ana.costa', roles: ['member'], memberId: pending.memberId });
    const brokerId = await createBroker(db);
    await db.insert(accounts).values({ realm: 'workforce', username: 'broker.hughes', roles: ['broker'], brokerId });
    const [pendingPolicy] = await db.select({ exchangeId: policies.exchangeSubscriberId }).from(policies).where(eq(policies.id, pending.policyId));

    const page = await app.inject({ method: 'GET', url: '/idp/saml-test' });
    expect(page.body).not.toContain(' disabled>');
    expect(page.body).toContain(`Exchange subscriber ID: ${pendingPolicy?.exchangeId ?? ''}.`);

    const binder = await continueToPortal((await issue({ scenario: 'binder' })).body);
    expect(binder.next).toBe('/payments/binding-payment');
    expect(binder.session).toMatchObject({ policyIds: [pending.policyId], bindingSubscriberId: pendingPolicy?.exchangeId });

    const broker = await continueToPortal((await issue({ scenario: 'broker' })).body);
    expect(broker.next).toBe('/broker');
    expect(broker.session).toMatchObject({ roles: ['broker'], brokerId, languagePreference: 'ENG' });

    const onlyPcp = await continueToPortal((await issue({ scenario: 'only-pcp-false' })).body);
    expect(onlyPcp.session).toMatchObject({ roles: ['member'], onlyPcp: false });
    expect(onlyPcp.session.policyIds).toHaveLength(1);

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
  const post = await app.inject({ method: 'POST', url: '/idp/saml-test', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=custom' });
  expect(post.statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/idp/saml-test' })).body).not.toContain('SAML test issuer');
}

describe('the SAML test issuer outside embedded mode', () => {
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
        payload: 'scenario=custom&role=member',
      });
      await expectNotMounted(external.app);
      const { action, form } = continueForm(signed.body);
      const refused = await external.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
      expect(refused.statusCode).toBe(401);
    } finally {
      await embedded.app.close();
      await external.app.close();
    }
  });

  it('is never mounted in production, where an unconfigured SAML endpoint refuses everything', async () => {
    const { app } = await buildTestApp({ database: database.handle, env: { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.org' } });
    try {
      await expectNotMounted(app);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/saml/acs',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'SAMLResponse=PHNhbWxwOlJlc3BvbnNlLz4%3D',
      });
      expect(refused.statusCode).toBe(401);
      const [entry] = await database.handle.db.select().from(auditLog).where(eq(auditLog.requestId, String(refused.headers['x-request-id'])));
      expect(entry).toMatchObject({ outcome: 'denied', reason: 'not-configured' });
    } finally {
      await app.close();
    }
  });
});
