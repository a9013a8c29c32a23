import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { SessionInfoSchema } from '@portal/contracts';
import { auditLog, brokers, finances, policies, portalSessions } from '../../db/schema';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import {
  encode,
  exchangeEnv,
  forgedBesideSigned,
  injectComment,
  otherKey,
  signed,
  signedWithSha1,
  unsigned,
  wrappingAttacks,
} from './fixtures/responses';
import { portalTokenOf } from '../../../test/guest-session';

describe('SAML asserted sessions: POST /api/v1/saml/acs', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  let member: { policyId: string; exchangeSubscriberId: string; policyNumber: string };
  let other: { policyId: string; exchangeSubscriberId: string };
  let broker: { id: string; npn: string };
  const postedResponses: string[] = [];
  const issuedTokens: string[] = [];

  const db = () => database.handle.db;

  async function policyRefs(policyId: string) {
    const [row] = await db()
      .select({ exchangeSubscriberId: policies.exchangeSubscriberId, policyNumber: policies.policyNumber })
      .from(policies)
      .where(eq(policies.id, policyId));
    if (!row?.exchangeSubscriberId) throw new Error('fixture policy has no exchange subscriber id');
    return { policyId, exchangeSubscriberId: row.exchangeSubscriberId, policyNumber: row.policyNumber };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, logs } = await buildTestApp({ database: database.handle, env: exchangeEnv, captureLogs: true }));
    const brokerId = await createBroker(db());
    const [brokerRow] = await db().select({ npn: brokers.npn }).from(brokers).where(eq(brokers.id, brokerId));
    broker = { id: brokerId, npn: brokerRow?.npn ?? '' };
    member = await policyRefs((await createMemberWithPolicy(db(), { brokerId })).policyId);
    other = await policyRefs((await createMemberWithPolicy(db())).policyId);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  // Each post from its own address, so the per-address rate limit is met only where a test means to.
  let address = 0;
  const nextAddress = () => `10.0.${Math.floor((address += 1) / 250)}.${(address % 250) + 1}`;

  async function post(
    samlResponse: string,
    extra: { relayState?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {
    postedResponses.push(samlResponse);
    const form = new URLSearchParams({
      SAMLResponse: samlResponse,
      ...(extra.relayState === undefined ? {} : { RelayState: extra.relayState }),
    });
    return app.inject({
      method: 'POST',
      url: '/api/v1/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
      payload: form.toString(),
      remoteAddress: extra.remoteAddress ?? nextAddress(),
    });
  }

  /** Where the hand-over sends the browser, and the portal token of the session its cookie names (kept on the server). */
  async function landingOf(response: LightMyRequestResponse) {
    const location = String(response.headers.location);
    const url = new URL(location, 'http://localhost');
    const token = await portalTokenOf(app, response);
    issuedTokens.push(token);
    return { location, path: url.pathname, token, next: url.searchParams.get('next') };
  }

  async function auditFor(response: LightMyRequestResponse) {
    return db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(response.headers['x-request-id'])));
  }

  const sessionCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(portalSessions)
    )[0]?.n ?? 0;

  async function expectRefused(response: LightMyRequestResponse, reason: string, status = 401) {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.location).toBeUndefined();
    // A plain page: no scripts, and nothing of what was posted.
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).not.toMatch(/saml|Assertion|&lt;/i);
    const [entry] = await auditFor(response);
    expect(entry).toMatchObject({
      action: 'auth.saml-assertion',
      outcome: 'denied',
      reason,
      route: 'POST /api/v1/saml/acs',
    });
  }

  it('turns a valid assertion into an asserted session: a cookie, no token in the address', async () => {
    const response = await post(
      signed({
        attributes: {
          role: ['member'],
          policies: [member.exchangeSubscriberId, 'UNKNOWN-POLICY-1'],
          brokerId: [broker.npn],
          additionalProperties: ['{"OnlyPCP":"false"}'],
          languagePreference: ['ESP'],
        },
      }).samlResponse,
      { relayState: '/documents/invoice' },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers['cache-control']).toBe('no-store');
    const { location, path, token, next } = await landingOf(response);
    expect(path).toBe('/auth/asserted');
    expect(location).not.toContain(token);
    expect(location).not.toContain('#');
    expect(String(response.headers['set-cookie'])).toMatch(/^portal-session=[^;]+;.*HttpOnly;.*SameSite=Lax/);
    expect(token).not.toBe('');
    expect(next).toBe('/documents/invoice');

    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(SessionInfoSchema.parse(session.json())).toMatchObject({
      kind: 'asserted',
      roles: ['member'],
      policyIds: [member.policyId],
      brokerId: broker.id,
      onlyPcp: false,
      languagePreference: 'ESP',
      bindingSubscriberId: null,
    });
    const [entry] = await auditFor(response);
    expect(entry).toMatchObject({
      action: 'auth.saml-assertion',
      outcome: 'success',
      actorRole: 'member',
      recordIds: [member.policyId],
    });
    expect(entry?.actorSubject).toMatch(/^saml:/);
  });

  it('accepts policy numbers too, and sends a broker to the default page when RelayState is not a local path', async () => {
    for (const relayState of [
      'https://evil.example/phish',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ok?x=<b>',
    ]) {
      const response = await post(
        signed({ attributes: { role: ['broker'], brokerId: [broker.npn], policies: [member.policyNumber] } })
          .samlResponse,
        { relayState },
      );
      expect(response.statusCode).toBe(303);
      const { path, next, token } = await landingOf(response);
      expect(path).toBe('/auth/asserted');
      expect(next).toBe('/account-overview');
      const session = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(session.json()).toMatchObject({
        kind: 'asserted',
        roles: ['broker'],
        brokerId: broker.id,
        policyIds: [member.policyId],
      });
    }
  });

  it('starts a binder payment for an exchange subscriber id the issuer does not know yet', async () => {
    const newEnrollee = '0555123456';
    const response = await post(signed({ attributes: { policies: [newEnrollee] } }).samlResponse, {
      relayState: '/account-overview',
    });
    const { token, next } = await landingOf(response);
    expect(next).toBe('/payments/binding-payment');
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.json()).toMatchObject({
      kind: 'asserted',
      roles: ['member'],
      policyIds: [],
      bindingSubscriberId: newEnrollee,
      onlyPcp: null,
    });
  });

  it('starts a binder payment when every named policy still awaits its binder', async () => {
    const pending = await policyRefs((await createMemberWithPolicy(db())).policyId);
    await db().insert(finances).values({
      policyId: pending.policyId,
      premiumAmountDueCents: 41_200,
      currentAmountDueCents: 41_200,
      status: 'Binder',
    });
    const { token, next } = await landingOf(
      await post(signed({ attributes: { policies: [pending.exchangeSubscriberId] } }).samlResponse),
    );
    expect(next).toBe('/payments/binding-payment');
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.json()).toMatchObject({
      policyIds: [pending.policyId],
      bindingSubscriberId: pending.exchangeSubscriberId,
    });
  });

  it('never grants issuer staff roles from an assertion', async () => {
    const { token } = await landingOf(
      await post(signed({ attributes: { role: ['administrator', 'customer-service'] } }).samlResponse),
    );
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.json()).toMatchObject({ roles: ['member'], permissions: [] });
  });

  it('refuses an unsigned response', async () => {
    await expectRefused(
      await post(encode(unsigned({ attributes: { policies: [member.exchangeSubscriberId] } }).xml)),
      'signature-invalid',
    );
  });

  it('refuses a response signed by another key', async () => {
    await expectRefused(
      await post(
        signed({ attributes: { policies: [member.exchangeSubscriberId] } }, otherKey()).samlResponse,
      ),
      'signature-invalid',
    );
  });

  it('refuses an assertion whose signed content was changed', async () => {
    const { xml } = signed({ attributes: { policies: [other.exchangeSubscriberId] } });
    await expectRefused(
      await post(encode(xml.replace(other.exchangeSubscriberId, member.exchangeSubscriberId))),
      'signature-invalid',
    );
  });

  it('refuses a wrong audience', async () => {
    await expectRefused(
      await post(signed({ audience: 'https://another-portal.example.org' }).samlResponse),
      'audience-mismatch',
    );
  });

  it('refuses an expired assertion (NotOnOrAfter in the past)', async () => {
    const response = await post(
      signed({ issuedAt: new Date(Date.now() - 60 * 60_000), lifetimeSeconds: 300 }).samlResponse,
    );
    await expectRefused(response, 'expired');
  });

  it('refuses an assertion that is not valid yet', async () => {
    await expectRefused(
      await post(signed({ issuedAt: new Date(Date.now() + 30 * 60_000) }).samlResponse),
      'not-yet-valid',
    );
  });

  it('refuses another issuer, recipient or destination, and a failed status', async () => {
    await expectRefused(
      await post(signed({ issuer: 'https://impostor.example.org' }).samlResponse),
      'issuer-mismatch',
    );
    await expectRefused(
      await post(signed({ acsUrl: 'https://elsewhere.example.org/acs' }).samlResponse),
      'recipient-mismatch',
    );
    const { xml } = signed();
    // The envelope is not signed: changing it keeps the signature valid, and is still refused.
    await expectRefused(
      await post(
        encode(xml.replace(/Destination="[^"]+"/, 'Destination="https://elsewhere.example.org/acs"')),
      ),
      'destination-mismatch',
    );
    await expectRefused(
      await post(encode(signed().xml.replace('status:Success', 'status:Requester'))),
      'status-not-success',
    );
  });

  it('refuses a replayed assertion id', async () => {
    const { samlResponse } = signed({ attributes: { policies: [member.exchangeSubscriberId] } });
    expect((await post(samlResponse)).statusCode).toBe(303);
    await expectRefused(await post(samlResponse), 'replayed');
  });

  describe('XML signature wrapping', () => {
    const attacker = () => ({ role: 'broker', policies: other.exchangeSubscriberId, brokerId: broker.npn });

    it.each(Object.keys(wrappingAttacks))('refuses: %s', async (name) => {
      const attack = wrappingAttacks[name];
      if (!attack) throw new Error(name);
      const before = await sessionCount();
      const { xml } = signed({ attributes: { role: ['member'], policies: [member.exchangeSubscriberId] } });
      await expectRefused(await post(encode(attack(xml, attacker()))), 'signature-invalid');
      expect(await sessionCount()).toBe(before);
    });

    it('uses only the signed assertion when a forged one sits elsewhere in the response', async () => {
      const { xml } = signed({ attributes: { role: ['member'], policies: [member.exchangeSubscriberId] } });
      const { token } = await landingOf(await post(encode(forgedBesideSigned(xml, attacker()))));
      const session = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(session.json()).toMatchObject({
        roles: ['member'],
        policyIds: [member.policyId],
        brokerId: null,
      });
    });

    it('reads a signed value whole even with a comment injected into it', async () => {
      const value = `${other.exchangeSubscriberId}9`;
      const { xml } = signed({ attributes: { policies: [value] } });
      const response = await post(encode(injectComment(xml, value)));
      if (response.statusCode === 303) {
        const { token } = await landingOf(response);
        const session = await app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(session.json<{ policyIds: string[] }>().policyIds).not.toContain(other.policyId);
      } else {
        expect(response.statusCode).toBe(401);
      }
    });

    it('refuses a signature whose algorithm is SHA-1', async () => {
      await expectRefused(await post(signedWithSha1()), 'weak-signature');
    });
  });

  it('answers malformed posts with a 400 page and audits them', async () => {
    await expectRefused(await post('this is not base64!'), 'malformed', 400);
    await expectRefused(await post(encode('<samlp:Response')), 'malformed', 400);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=%2Fhome',
    });
    await expectRefused(missing, 'malformed', 400);
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/saml/acs',
      payload: { SAMLResponse: signed().samlResponse },
    });
    await expectRefused(json, 'malformed', 415);
  });

  it('translates the error page by the assertion language preference, else by Accept-Language', async () => {
    const expired = { issuedAt: new Date(Date.now() - 60 * 60_000) };
    const pt = await post(signed({ ...expired, attributes: { languagePreference: ['PT'] } }).samlResponse, {
      headers: { 'accept-language': 'es' },
    });
    expect(pt.body).toContain('<html lang="pt">');
    expect(pt.body).toContain('Este link de acesso expirou');
    const es = await post(signed(expired).samlResponse, {
      headers: { 'accept-language': 'fr-CA, es;q=0.8, en;q=0.5' },
    });
    expect(es.body).toContain('<html lang="es">');
    const en = await post(signed(expired).samlResponse);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain(String(en.headers['x-request-id']));
  });

  it('limits posts per address with a translated page, and audits the hit', async () => {
    const remoteAddress = '10.9.9.9';
    for (let i = 0; i < 30; i += 1)
      expect((await post('bm90IGEgcmVzcG9uc2U=', { remoteAddress })).statusCode).toBe(400);
    const limited = await post(signed().samlResponse, {
      remoteAddress,
      headers: { 'accept-language': 'pt-BR' },
    });
    await expectRefused(limited, 'rate-limited', 429);
    expect(limited.body).toContain('Muitas tentativas');
    // Another address is not affected.
    expect((await post(signed().samlResponse)).statusCode).toBe(303);
  });

  it('is described in the OpenAPI document as a public session route taking a form', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { security?: unknown[]; tags?: string[]; requestBody?: { content: Record<string, unknown> } }
        >
      >;
    }>();
    const operation = doc.paths['/api/v1/saml/acs']?.post;
    expect(operation?.security).toEqual([]);
    expect(operation?.tags).toEqual(['session']);
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
  });

  it('writes no token, SAMLResponse or assertion text to the logs', () => {
    expect(logs.length).toBeGreaterThan(0);
    const text = logs.join('\n');
    for (const token of issuedTokens.filter(Boolean)) expect(text).not.toContain(token);
    for (const posted of postedResponses) expect(text).not.toContain(posted.slice(0, 40));
    expect(text).not.toMatch(/SAMLResponse|saml:Assertion|AttributeValue|auth\/asserted#/);
    expect(text).not.toContain(member.exchangeSubscriberId);
  });
});
