import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ProblemType } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { GUEST_LIMITS } from './service';
import { CSRF, portalTokenOf, sessionCookieOf } from '../../../test/guest-session';

describe('POST /api/v1/guest/locate-account', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let subscriber: Awaited<ReturnType<typeof createMemberWithPolicy>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ database: database.handle }));
    subscriber = await createMemberWithPolicy(database.handle.db, { dob: '1979-02-28', zipCode: '02740' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const locate = (body: Record<string, string>, remoteAddress = '198.51.100.7') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: body,
      remoteAddress,
    });

  it('starts a guest session scoped to the located subscriber’s policies: a cookie, no token in the answer', async () => {
    const response = await locate({
      identifierType: 'exchangeSubscriberId',
      identifier: subscriber.exchangeSubscriberId.toLowerCase(),
      dateOfBirth: '1979-02-28',
      zipCode: '02740-1234',
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['expiresAt']);
    const cookie = sessionCookieOf(response);
    expect(String(response.headers['set-cookie'])).toMatch(/^portal-session=[^;]+;.*HttpOnly;.*SameSite=Lax/);
    const token = await portalTokenOf(app, response);
    const session = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(session.json()).toMatchObject({
      kind: 'guest',
      roles: ['guest'],
      policyIds: [subscriber.policyId],
    });
    // Signing out ends the guest session at once: the cookie and the portal token it stood for.
    expect(
      (
        await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie, ...CSRF }, payload: {} })
      ).json(),
    ).toEqual({ next: null });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('also finds the account by policy number', async () => {
    const response = await locate({
      identifierType: 'policyNumber',
      identifier: subscriber.policyNumber,
      dateOfBirth: '1979-02-28',
      zipCode: '02740',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers wrong facts and a missing account byte for byte the same, in the same time', async () => {
    const timed = async (body: Record<string, string>) => {
      const started = performance.now();
      const response = await locate(body, '198.51.100.8');
      return { response, ms: performance.now() - started };
    };
    const wrongFacts = await timed({
      identifierType: 'exchangeSubscriberId',
      identifier: subscriber.exchangeSubscriberId,
      dateOfBirth: '1979-03-01',
      zipCode: '02740',
    });
    const wrongZip = await timed({
      identifierType: 'exchangeSubscriberId',
      identifier: subscriber.exchangeSubscriberId,
      dateOfBirth: '1979-02-28',
      zipCode: '02741',
    });
    const missing = await timed({
      identifierType: 'exchangeSubscriberId',
      identifier: 'NOSUCHID01',
      dateOfBirth: '1979-02-28',
      zipCode: '02740',
    });
    for (const other of [wrongZip, missing]) {
      expect(other.response.statusCode).toBe(wrongFacts.response.statusCode);
      expect(other.response.headers['content-type']).toBe(wrongFacts.response.headers['content-type']);
      expect(other.response.rawPayload.equals(wrongFacts.response.rawPayload)).toBe(true);
      expect(Math.abs(other.ms - wrongFacts.ms)).toBeLessThan(150);
    }
    expect(wrongFacts.response.statusCode).toBe(404);
    expect(wrongFacts.response.json()).toMatchObject({ type: ProblemType.accountNotFound });
    expect(wrongFacts.ms).toBeGreaterThanOrEqual(390);
  });

  it('counts every identifier of a household against one limit per address (issue 14, finding 8)', async () => {
    const target = await createMemberWithPolicy(database.handle.db, { dob: '1990-06-15', zipCode: '02301' });
    const attacker = '203.0.113.50';
    // Ten wrong guesses from one address, alternating the household's two identifiers.
    for (let i = 0; i < 10; i += 1) {
      const identifier =
        i % 2 === 0
          ? { identifierType: 'exchangeSubscriberId', identifier: target.exchangeSubscriberId }
          : { identifierType: 'policyNumber', identifier: target.policyNumber };
      expect(
        (
          await locate(
            { ...identifier, dateOfBirth: `1990-06-${String(16 + i)}`, zipCode: '02301' },
            attacker,
          )
        ).statusCode,
      ).toBe(404);
    }
    // The household is done for that address, whichever identifier it tries next, even with the right facts.
    for (const identifier of [
      { identifierType: 'exchangeSubscriberId', identifier: target.exchangeSubscriberId },
      { identifierType: 'policyNumber', identifier: target.policyNumber },
    ]) {
      const refused = await locate({ ...identifier, dateOfBirth: '1990-06-15', zipCode: '02301' }, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ type: ProblemType.rateLimited });
    }
    const audited = await database.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guest.locate-account'), eq(auditLog.reason, 'rate-limited-household')));
    expect(audited[0]?.n).toBe(2);
  });

  it('never locks the household for its own member: failures from elsewhere only slow it down (issue 14, finding 8)', async () => {
    const target = await createMemberWithPolicy(database.handle.db, { dob: '1971-09-30', zipCode: '01840' });
    // Ten failures spread over ten addresses: no address reaches its limit.
    for (let i = 0; i < 10; i += 1) {
      const response = await locate(
        {
          identifierType: 'exchangeSubscriberId',
          identifier: target.exchangeSubscriberId,
          dateOfBirth: `1971-09-${String(10 + i)}`,
          zipCode: '01840',
        },
        `192.0.2.${String(30 + i)}`,
      );
      expect(response.statusCode).toBe(404);
    }
    const started = performance.now();
    const member = await locate(
      {
        identifierType: 'policyNumber',
        identifier: target.policyNumber,
        dateOfBirth: '1971-09-30',
        zipCode: '01840',
      },
      '198.51.100.44',
    );
    expect(member.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(GUEST_LIMITS.slowDownMs);
  });

  it('refuses malformed facts with the field and the reason', async () => {
    const response = await locate({
      identifierType: 'ssn',
      identifier: '123-45-6789',
      dateOfBirth: '28/02/1979',
      zipCode: 'abc',
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json<{ errors: { field: string }[] }>()
      .errors.map((e) => e.field)
      .sort();
    expect(fields).toEqual(['body.dateOfBirth', 'body.identifierType', 'body.zipCode']);
  });
});
