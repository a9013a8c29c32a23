import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { ProblemSchema, ProblemType } from '@portal/contracts';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, createMemberWithPolicy, createWallet, PASSWORD } from './fixtures';
import { CookieJar, HOST, ORIGIN, signIn } from './oidc';

/**
 * Issue 14, findings 7, 9 and 11: input every route refuses alike (NUL characters; issue 33 item 5: JSON
 * nested too deep), errors that keep SQL parameters out of the logs, answers no cache keeps, and tokens
 * that must not count.
 */
describe('request hygiene', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  let dataDir: string;
  let memberToken: string;
  let staffToken: string;
  let mine: Awaited<ReturnType<typeof createMemberWithPolicy>>;
  let walletReferenceId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, logs, dataDir } = await buildTestApp({ database: database.handle, captureLogs: true }));
    mine = await createMemberWithPolicy(database.handle.db);
    walletReferenceId = (await createWallet(database.handle.db, mine.householdId ?? '')).referenceId;
    const member = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: mine.memberId,
    });
    const staff = await createAccount(database.handle.db, {
      realm: 'workforce',
      roles: ['customer-service'],
    });
    memberToken = (await signIn(app, 'consumer', member.username, PASSWORD)).accessToken;
    staffToken = (await signIn(app, 'workforce', staff.username, PASSWORD)).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const expectBadRequest = (
    response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    what: string,
  ) => {
    expect(response.statusCode, what).toBe(400);
    expect(String(response.headers['content-type']), what).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(response.json()).type, what).toBe(ProblemType.badRequest);
  };

  /** The sign-in form of a realm, as a browser reaches it: its action path and the interaction cookies. */
  async function signInForm(realm: 'consumer' | 'workforce') {
    const jar = new CookieJar();
    const authorize = await app.inject({
      method: 'GET',
      url: `/idp/${realm}/auth?client_id=member-portal&response_type=code&redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/callback`)}&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      headers: { host: HOST },
    });
    jar.take(authorize);
    return { action: `${new URL(authorize.headers.location ?? '', ORIGIN).pathname}/login`, jar };
  }

  it('refuses a NUL character in a body or query with 400 problem+json everywhere, and logs no error (finding 7)', async () => {
    const before = logs.length;
    const secretish = 'nul-probe-7d1f';
    expectBadRequest(
      await app.inject({
        method: 'POST',
        url: '/api/v1/Logging',
        payload: { events: [{ level: 'info', event: 'x', message: `${secretish}\u0000` }] },
      }),
      'public logging endpoint',
    );
    for (const realm of ['consumer', 'workforce'] as const) {
      const { action, jar } = await signInForm(realm);
      const response = await app.inject({
        method: 'POST',
        url: action,
        headers: { host: HOST, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${secretish}%00&password=${secretish}`,
      });
      expectBadRequest(response, `${realm} sign-in form`);
    }
    expectBadRequest(
      await app.inject({
        method: 'POST',
        url: '/api/v1/Household/user',
        headers: { authorization: `Bearer ${staffToken}` },
        payload: { exchangeSubscriberId: `${secretish}\u0000` },
      }),
      'staff member search',
    );
    expectBadRequest(
      await app.inject({
        method: 'GET',
        url: `/api/v1/Broker/search?lastName=a%00b`,
        headers: { authorization: `Bearer ${memberToken}` },
      }),
      'query string',
    );
    expectBadRequest(
      await app.inject({
        method: 'GET',
        url: `/api/v1/Member/2/F%00`,
        headers: { authorization: `Bearer ${memberToken}` },
      }),
      'path',
    );
    expectBadRequest(
      await app.inject({ method: 'GET', url: `/idp/consumer/auth?client_id=%00` }),
      'identity provider query',
    );
    const written = logs.slice(before).map((line) => JSON.parse(line) as { level: number });
    expect(written.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(logs.slice(before).join('\n')).not.toContain(secretish);
  });

  it('refuses a lone surrogate (JSON "\\ud83d" alone, no character) in a JSON body with 400, never 500 (a URL cannot carry one: its UTF-8 decodes to U+FFFD)', async () => {
    const before = logs.length;
    // Found by the API fuzzer (FUZZ_SEED=1952361711): jsonb refuses the lone surrogate, and the logging
    // endpoint answered 500. As raw JSON text, the way a client sends it.
    const loneHigh = '{"events":[{"level":"warn","event":"x","details":{"a":"\\ud83d"}}]}';
    const loneLowInKey = '{"events":[{"level":"warn","event":"x","details":{"\\udc00":1}}]}';
    for (const payload of [loneHigh, loneLowInKey]) {
      expectBadRequest(
        await app.inject({
          method: 'POST',
          url: '/api/v1/Logging',
          headers: { 'content-type': 'application/json' },
          payload,
        }),
        `public logging endpoint: ${payload}`,
      );
    }
    // A whole pair is a character (an emoji) and is kept.
    const pair = await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      headers: { 'content-type': 'application/json' },
      payload: '{"events":[{"level":"warn","event":"x","details":{"a":"\\ud83d\\ude00"}}]}',
    });
    expect(pair.statusCode).toBe(202);
    const written = logs.slice(before).map((line) => JSON.parse(line) as { level: number });
    expect(written.filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('issue 33 item 5: refuses 10,000-deep nested JSON with 400 problem+json on every route, schema or not, before any route sees it', async () => {
    const before = logs.length;
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const member = { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' };
    const calls = [
      // A command route without a body schema: the idempotency fingerprint used to recurse into it (500).
      {
        method: 'PUT',
        url: `/api/v1/ScheduledPayment/${randomUUID()}/cancel`,
        headers: { ...member, 'idempotency-key': 'deep-1' },
      },
      {
        method: 'POST',
        url: `/api/v1/Wallet/household/${mine.householdId ?? ''}`,
        headers: { ...member, 'idempotency-key': 'deep-2' },
      },
      // A route with a body schema, a public one, and one whose caller has no token at all.
      { method: 'POST', url: '/api/v1/Household/user', headers: member },
      { method: 'POST', url: '/api/v1/Logging', headers: { 'content-type': 'application/json' } },
    ] as const;
    for (const call of calls) {
      for (const payload of [deepArray, deepObject]) {
        const response = await app.inject({ ...call, payload });
        expectBadRequest(response, `${call.method} ${call.url}`);
        expect(ProblemSchema.parse(response.json()).detail, call.url).toMatch(/nested/);
      }
    }
    // A route with a smaller size limit (4 KB): deep within it is 400, the 10,000-deep body is over it (413).
    expectBadRequest(
      await app.inject({
        method: 'POST',
        url: '/api/v1/guest/locate-account',
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-portal-csrf': '1' },
        payload: `${'['.repeat(1_000)}${']'.repeat(1_000)}`,
      }),
      'locate-account',
    );
    // The limit is 64 levels (MAX_JSON_DEPTH): a body at the limit is parsed, one level more is not.
    const atLimit = `${'['.repeat(62)}{"events":[]}${']'.repeat(62)}`;
    const nested = await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      headers: { 'content-type': 'application/json' },
      payload: atLimit,
    });
    expect(nested.statusCode).toBe(400);
    expect(ProblemSchema.parse(nested.json()).type).toBe(ProblemType.validation);
    expectBadRequest(
      await app.inject({
        method: 'POST',
        url: '/api/v1/Logging',
        headers: { 'content-type': 'application/json' },
        payload: `[${atLimit}]`,
      }),
      'one level over the limit',
    );
    // Brackets inside strings are text, not nesting.
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events: [{ level: 'info', event: 'x', message: '[{'.repeat(900) }] }),
    });
    expect(text.statusCode, text.body).toBeLessThan(300);
    // Over the body size limit: 413 problem+json, never a 500.
    const large = await app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: member,
      payload: `"${'x'.repeat(2 * 1024 * 1024)}"`,
    });
    expect(large.statusCode).toBe(413);
    expect(ProblemSchema.parse(large.json()).type).toBe(ProblemType.payloadTooLarge);
    const written = logs.slice(before).map((line) => JSON.parse(line) as { level: number });
    expect(written.filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('keeps SQL parameters out of error logs (finding 7)', async () => {
    const before = logs.length;
    const parameter = 'member-7731-kept-out-of-logs';
    const error = await database.handle.db.execute(sql`select ${parameter}::uuid`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    app.log.error({ err: error }, 'request failed');
    const text = logs.slice(before).join('\n');
    expect(text).toContain('select $1::uuid');
    expect(text).toContain('22P02');
    expect(text).not.toContain(parameter);
  });

  it('marks every signed-in API answer no-store: session, policy, wallet, notifications, member (finding 9)', async () => {
    const auth = { authorization: `Bearer ${memberToken}` };
    const calls = [
      { method: 'GET', url: '/api/v1/session' },
      { method: 'POST', url: '/api/v1/Household/user' },
      { method: 'GET', url: `/api/v1/Policy/${mine.policyId}` },
      { method: 'POST', url: `/api/v1/Wallet/${walletReferenceId}` },
      { method: 'GET', url: '/api/v1/Notification' },
      { method: 'GET', url: `/api/v1/Member/2/${mine.folderId}` },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: auth });
      expect(response.statusCode, call.url).toBe(200);
      expect(response.headers['cache-control'], call.url).toBe('no-store');
    }
    // Refusals and the guest token answer too.
    expect((await app.inject({ method: 'GET', url: '/api/v1/session' })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  async function signed(keyFile: string, payload: Record<string, unknown>, iat: number): Promise<string> {
    const jwk = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys', keyFile), 'utf8')) as JWK & {
      kid: string;
      alg: string;
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: jwk.alg, kid: jwk.kid, typ: 'at+jwt' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(await importJWK(jwk, jwk.alg));
  }

  it('refuses a token issued in the future, and a portal session id that is not one, with 401 (finding 11)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const rest: Record<string, unknown> = { ...decodeJwt(memberToken) };
    delete rest.iat;
    delete rest.exp;
    // The real key, a live grant, every claim right — but issued an hour from now.
    const future = await signed('idp-consumer.jwk.json', rest, now + 3600);
    const present = await signed('idp-consumer.jwk.json', rest, now);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { authorization: `Bearer ${present}` },
        })
      ).statusCode,
    ).toBe(200);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${future}` },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('invalid_token');

    const portal = { iss: `${ORIGIN}/api/session`, aud: `${ORIGIN}/api`, sub: 'guest:x', kind: 'guest' };
    for (const sid of ['not-a-uuid', "1' or '1'='1", '0'.repeat(200)]) {
      const token = await signed('portal-session.jwk.json', { ...portal, sid }, now);
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, sid).toBe(401);
    }
  });
});
