import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { signIn } from './oidc';
import { CSRF } from './guest-session';

/**
 * Issue 5: every authentication event, refused call and PHI read appears in the audit log — without
 * the PHI itself — and no token, password, SSN or card number reaches a log line.
 */
describe('audit trail and log hygiene', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, logs } = await buildTestApp({ database: database.handle, captureLogs: true }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('records sign-ins, refusals and reads with who, what, outcome and from where', async () => {
    const mine = await createMemberWithPolicy(database.handle.db);
    const theirs = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: mine.memberId,
    });
    await expect(signIn(app, 'consumer', account.username, 'not-the-password')).rejects.toThrow(/401/);
    const { accessToken, refreshToken, idToken } = await signIn(app, 'consumer', account.username, PASSWORD);
    const auth = { authorization: `Bearer ${accessToken}` };
    await app.inject({ method: 'GET', url: `/api/v1/Policy/${mine.policyId}`, headers: auth });
    await app.inject({ method: 'GET', url: `/api/v1/Policy/${theirs.policyId}`, headers: auth });
    await app.inject({ method: 'GET', url: '/api/v1/session' });
    await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: 'Bearer not.a.token' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: 'NOPE-1',
        dateOfBirth: '1980-01-01',
        zipCode: '02720',
      },
    });

    const rows = await database.handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const summary = rows.map((r) => [r.action, r.outcome, r.reason]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['auth.sign-in', 'denied', 'bad-credentials'],
        ['auth.sign-in', 'success', null],
        ['read', 'success', null],
        ['access', 'denied', 'not-owner'],
        ['auth.token-refused', 'denied', 'missing-token'],
        ['auth.token-refused', 'denied', 'malformed'],
        ['guest.locate-account', 'denied', 'no-match'],
      ]),
    );
    const read = rows.find((r) => r.action === 'read');
    expect(read).toMatchObject({
      actorSubject: account.id,
      actorRole: 'member',
      actingForHouseholdId: mine.householdId,
      recordType: 'policy',
      recordIds: [mine.policyId],
      route: 'GET /api/v1/Policy/:policyId',
      ip: '127.0.0.1',
    });
    expect(read?.requestId).toBeTruthy();
    // The audit log holds ids and codes, never the member's data or credentials.
    const stored = JSON.stringify(rows);
    for (const secret of [
      accessToken,
      idToken,
      refreshToken ?? 'x'.repeat(40),
      PASSWORD,
      'not-the-password',
      'Test',
      '1985-04-12',
    ]) {
      expect(stored).not.toContain(secret);
    }

    // …and the log lines carry none of the secrets either.
    const text = logs.join('\n');
    for (const secret of [
      accessToken,
      idToken,
      refreshToken ?? 'x'.repeat(40),
      PASSWORD,
      'not-the-password',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(logs.some((line) => line.includes('"security":true'))).toBe(true);
  });
});
