import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, or } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { SessionInfoSchema } from '@portal/contracts';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../test/fixtures';
import { CLIENT_ID, HOST, ORIGIN, signIn, clientAuthorization } from '../../test/oidc';
import { auditLog, oidcPayloads } from '../db/schema';
import { SIGN_IN_LIMITS } from './plugin';

describe('built-in OpenID providers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let member: { id: string; username: string };
  let staff: { id: string; username: string };
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ database: database.handle }));
    const { memberId } = await createMemberWithPolicy(database.handle.db);
    member = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'], memberId });
    staff = await createAccount(database.handle.db, { realm: 'workforce', roles: ['customer-service'] });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it.each(['consumer', 'workforce'] as const)('%s publishes discovery and its keys', async (realm) => {
    const discovery = await app.inject({
      method: 'GET',
      url: `/idp/${realm}/.well-known/openid-configuration`,
      headers: { host: HOST },
    });
    expect(discovery.statusCode).toBe(200);
    const doc = discovery.json<Record<string, unknown>>();
    expect(doc.issuer).toBe(`${ORIGIN}/idp/${realm}`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'end_session_endpoint',
      'jwks_uri',
      'revocation_endpoint',
    ]) {
      expect(String(doc[endpoint]), endpoint).toMatch(new RegExp(`^${ORIGIN}/idp/${realm}/`));
    }
    const jwks = await app.inject({ method: 'GET', url: `/idp/${realm}/jwks`, headers: { host: HOST } });
    const keys = jwks.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.d).toBeUndefined();
  });

  it('signs a member in with code + PKCE and the API accepts the access token', async () => {
    const { accessToken, idToken, refreshToken } = await signIn(app, 'consumer', member.username, PASSWORD);
    expect(decodeProtectedHeader(accessToken).typ).toBe('at+jwt');
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ iss: `${ORIGIN}/idp/consumer`, sub: member.id, aud: `${ORIGIN}/api` });
    expect(decodeJwt(idToken).aud).toBe(CLIENT_ID);
    expect(refreshToken).toBeDefined();
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(session.statusCode).toBe(200);
    expect(SessionInfoSchema.parse(session.json())).toMatchObject({
      kind: 'member',
      roles: ['member'],
      username: member.username,
      displayName: 'Pat Tester',
    });
    // The ID token is not an access token for the API.
    const withIdToken = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(withIdToken.statusCode).toBe(401);
  });

  it('signs staff in through the workforce provider, not the consumer one', async () => {
    const { accessToken } = await signIn(app, 'workforce', staff.username, PASSWORD);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(session.json()).toMatchObject({ kind: 'staff', permissions: ['member-search'] });
    await expect(signIn(app, 'consumer', staff.username, PASSWORD)).rejects.toThrow(/sign-in: 401/);
  });

  it('shows a translated sign-in page and a clear, translated error for a wrong password', async () => {
    const authorize = await app.inject({
      method: 'GET',
      url: `/idp/consumer/auth?client_id=${CLIENT_ID}&response_type=code&redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/callback`)}&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&ui_locales=pt`,
      headers: { host: HOST },
    });
    expect(authorize.statusCode).toBe(303);
    const cookie = (authorize.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const path = new URL(authorize.headers.location ?? '', ORIGIN).pathname;
    const page = await app.inject({ method: 'GET', url: path, headers: { host: HOST, cookie } });
    expect(page.body).toContain('<html lang="pt">');
    expect(page.body).toContain('Acesso do associado');
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const wrong = await app.inject({
      method: 'POST',
      url: `${path}/login`,
      headers: { host: HOST, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${member.username}&password=nope&lang=pt`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('O nome de usuário ou a senha não estão corretos');
    expect(wrong.body).toContain(`value="${member.username}"`);
    expect(wrong.body).not.toContain('nope');
  });

  it('refuses an address after 10 failures on one account, yet lets the owner in from elsewhere, slowed down (issue 14, finding 8)', async () => {
    const victim = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'] });
    const attacker = { remoteAddress: '203.0.113.66' };
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(app, 'consumer', victim.username, `wrong-${i}`, attacker)).rejects.toThrow(
        /sign-in: 401/,
      );
    }
    // The attacker's address is refused for this account, even with the right password…
    await expect(signIn(app, 'consumer', victim.username, PASSWORD, attacker)).rejects.toThrow(
      /sign-in: 429/,
    );
    // …but the owner, elsewhere, is not locked out: the right password works, after a delay.
    const started = performance.now();
    const { accessToken } = await signIn(app, 'consumer', victim.username, PASSWORD, {
      remoteAddress: '198.51.100.7',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.slowDownMs);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(session.json()).toMatchObject({ kind: 'member', username: victim.username });
    const refusals = await database.handle.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.sign-in'), eq(auditLog.reason, 'rate-limited-account-and-address')),
      );
    expect(refusals).toHaveLength(1);
  });

  it('keeps guesses spread over many addresses slow, never locking the account (issue 14, finding 8)', async () => {
    const target = await createAccount(database.handle.db, { realm: 'workforce', roles: ['administrator'] });
    // Ten addresses, one failure each: no address reaches its own limit.
    for (let i = 0; i < 10; i += 1) {
      await expect(
        signIn(app, 'workforce', target.username, `guess-${i}`, {
          remoteAddress: `192.0.2.${String(i + 10)}`,
        }),
      ).rejects.toThrow(/sign-in: 401/);
    }
    // From now on every attempt on the account waits, right or wrong, so guessing stays slow.
    const timed = async (password: string, remoteAddress: string) => {
      const started = performance.now();
      const outcome = await signIn(app, 'workforce', target.username, password, { remoteAddress }).then(
        () => 'signed-in',
        (error: unknown) => String(error),
      );
      return { outcome, ms: performance.now() - started };
    };
    const wrong = await timed('guess-10', '192.0.2.99');
    expect(wrong.outcome).toMatch(/sign-in: 401/);
    expect(wrong.ms).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.slowDownMs);
    const right = await timed(PASSWORD, '192.0.2.100');
    expect(right.outcome).toBe('signed-in');
    expect(right.ms).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.slowDownMs);
  });

  it('refuses a disabled account', async () => {
    const disabled = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      disabled: true,
    });
    await expect(signIn(app, 'consumer', disabled.username, PASSWORD)).rejects.toThrow(/sign-in: 401/);
  });

  it('revoking the refresh token (sign-out) makes the access token useless at once', async () => {
    const { accessToken, refreshToken } = await signIn(app, 'consumer', member.username, PASSWORD);
    // Used a moment before: this instance remembers the token for a few seconds (docs/decisions/035), and forgets it at sign-out.
    const before = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(before.statusCode).toBe(200);
    const revoke = await app.inject({
      method: 'POST',
      url: '/idp/consumer/token/revocation',
      headers: {
        host: HOST,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: clientAuthorization(app),
      },
      payload: new URLSearchParams({
        token: refreshToken ?? '',
        token_type_hint: 'refresh_token',
        client_id: CLIENT_ID,
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('ends the provider session and the grant at end-session', async () => {
    const { accessToken, idToken, jar } = await signIn(app, 'consumer', member.username, PASSWORD);
    const before = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(before.statusCode).toBe(200);
    const end = await app.inject({
      method: 'GET',
      url: `/idp/consumer/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/signed-out`)}&ui_locales=es`,
      headers: { host: HOST, cookie: jar.header() },
    });
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain('¿Desea cerrar su sesión en el portal?');
    jar.take(end);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)?.[1] ?? '';
    const confirm = await app.inject({
      method: 'POST',
      url: '/idp/consumer/session/end/confirm',
      headers: { host: HOST, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${ORIGIN}/auth/signed-out`);
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.statusCode).toBe(401);
  });
  it('stores refresh tokens only as hashes: a token read from the database redeems nothing (issue 14, finding 4)', async () => {
    const { refreshToken } = await signIn(app, 'consumer', member.username, PASSWORD);
    if (!refreshToken) throw new Error('no refresh token');
    const refresh = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/idp/consumer/token',
        headers: {
          host: HOST,
          'content-type': 'application/x-www-form-urlencoded',
          authorization: clientAuthorization(app),
        },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: CLIENT_ID,
        }).toString(),
      });
    const rows = await database.handle.db
      .select()
      .from(oidcPayloads)
      .where(eq(oidcPayloads.model, 'RefreshToken'));
    expect(rows.length).toBeGreaterThan(0);
    const table = JSON.stringify(await database.handle.db.select().from(oidcPayloads));
    expect(table).not.toContain(refreshToken);
    // Whatever a reader of the table tries as a refresh token, the provider refuses it.
    for (const row of rows) {
      const stolen = await refresh(row.id);
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // The member's own token still works (and rotates).
    const renewed = await refresh(refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<{ refresh_token: string }>().refresh_token).not.toBe(refreshToken);
    expect(JSON.stringify(await database.handle.db.select().from(oidcPayloads))).not.toContain(
      renewed.json<{ refresh_token: string }>().refresh_token,
    );
  });

  it('keeps the session when the member answers "No, stay signed in" at sign-out (issue 14, finding 12)', async () => {
    const { accessToken, idToken, jar } = await signIn(app, 'consumer', member.username, PASSWORD);
    const end = await app.inject({
      method: 'GET',
      url: `/idp/consumer/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/signed-out`)}`,
      headers: { host: HOST, cookie: jar.header() },
    });
    expect(end.statusCode).toBe(200);
    jar.take(end);
    // Do what a browser does with the page's "No, stay signed in" control.
    const stay = /<(a|button)\b([^>]*)>No, stay signed in<\/(?:a|button)>/.exec(end.body);
    expect(stay).not.toBeNull();
    if (stay?.[1] === 'button') {
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)?.[1] ?? '';
      const named = /name="([^"]+)" value="([^"]*)"/.exec(stay[2] ?? '');
      await app.inject({
        method: 'POST',
        url: '/idp/consumer/session/end/confirm',
        headers: { host: HOST, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          xsrf,
          ...(named ? { [named[1] ?? '']: named[2] ?? '' } : {}),
        }).toString(),
      });
    } else {
      const href = /href="([^"]+)"/.exec(stay?.[2] ?? '')?.[1];
      // Back to the portal the sign-out came from, without touching the provider.
      expect(href).toBe(`${ORIGIN}/`);
    }
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('a sign-out on another instance (docs/decisions/035)', () => {
  const CACHE_SECONDS = 2;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({
      database: database.handle,
      env: { AUTH_CACHE_SECONDS: String(CACHE_SECONDS) },
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it(`is honoured here within ${CACHE_SECONDS} seconds: the revoked token is refused from then on`, async () => {
    const { memberId } = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId,
    });
    const { accessToken } = await signIn(app, 'consumer', account.username, PASSWORD);
    const read = () =>
      app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    expect((await read()).statusCode).toBe(200);

    // Another instance's sign-out: its provider deletes the grant and its tokens from the shared database,
    // and this instance is not told.
    const grantId = decodeJwt(accessToken).gid;
    if (typeof grantId !== 'string') throw new Error('the access token names no grant');
    await database.handle.db
      .delete(oidcPayloads)
      .where(
        or(
          eq(oidcPayloads.grantId, grantId),
          and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId)),
        ),
      );
    const revokedAt = Date.now();

    let refusedAfterMs: number | null = null;
    while (refusedAfterMs === null && Date.now() - revokedAt < (CACHE_SECONDS + 5) * 1000) {
      const response = await read();
      if (response.statusCode === 401) refusedAfterMs = Date.now() - revokedAt;
      else {
        expect(response.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(refusedAfterMs, 'the revoked token was still accepted').not.toBeNull();
    // The bound, plus what one request takes on a busy machine.
    expect(refusedAfterMs).toBeLessThanOrEqual(CACHE_SECONDS * 1000 + 500);
    // And it stays refused.
    expect((await read()).statusCode).toBe(401);
  });
});

describe('built-in OpenID providers behind a TLS-terminating proxy (issue 14, finding 3)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const PUBLIC = 'https://portal.example.org';
  const PROXY = '10.0.0.5';
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({
      database: database.handle,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: PUBLIC,
        TRUST_PROXY: PROXY,
        // Production also needs its payment processor (docs/decisions/016).
        PROCESSOR_URL: 'https://api.processor.example',
        PROCESSOR_API_KEY: 'sk_live_0123456789abcdef',
        PROCESSOR_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      },
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const viaProxy = {
    origin: PUBLIC,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.23' },
  };

  it('signs a member in through the proxy with secure cookies, and records the client address', async () => {
    const { memberId } = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId,
    });
    const authorize = await app.inject({
      method: 'GET',
      url: `/idp/consumer/auth?client_id=${CLIENT_ID}&response_type=code&redirect_uri=${encodeURIComponent(`${PUBLIC}/auth/callback`)}&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      headers: { host: 'portal.example.org', ...viaProxy.headers },
      remoteAddress: PROXY,
    });
    expect(authorize.statusCode).toBe(303);
    const cookies = [authorize.headers['set-cookie']]
      .flat()
      .filter((cookie): cookie is string => typeof cookie === 'string');
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);

    const { accessToken } = await signIn(app, 'consumer', account.username, PASSWORD, viaProxy);
    expect(decodeJwt(accessToken)).toMatchObject({ iss: `${PUBLIC}/idp/consumer`, aud: `${PUBLIC}/api` });
    const [entry] = await database.handle.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign-in'), eq(auditLog.outcome, 'success')));
    expect(entry?.ip).toBe('198.51.100.23');
  });

  it('ignores forwarded headers from anyone but the proxy', async () => {
    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' },
      remoteAddress: '203.0.113.9',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: PROXY,
    });
    expect(proxied.headers['strict-transport-security']).toContain('max-age=');
  });
});
