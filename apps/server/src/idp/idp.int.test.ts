import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { SessionInfoSchema } from '@portal/contracts';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../test/fixtures';
import { CLIENT_ID, HOST, ORIGIN, signIn } from '../../test/oidc';

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
    const discovery = await app.inject({ method: 'GET', url: `/idp/${realm}/.well-known/openid-configuration`, headers: { host: HOST } });
    expect(discovery.statusCode).toBe(200);
    const doc = discovery.json<Record<string, unknown>>();
    expect(doc.issuer).toBe(`${ORIGIN}/idp/${realm}`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'end_session_endpoint', 'jwks_uri', 'revocation_endpoint']) {
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
    const session = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${accessToken}` } });
    expect(session.statusCode).toBe(200);
    expect(SessionInfoSchema.parse(session.json())).toMatchObject({ kind: 'member', roles: ['member'], username: member.username, displayName: 'Pat Tester' });
    // The ID token is not an access token for the API.
    const withIdToken = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${idToken}` } });
    expect(withIdToken.statusCode).toBe(401);
  });

  it('signs staff in through the workforce provider, not the consumer one', async () => {
    const { accessToken } = await signIn(app, 'workforce', staff.username, PASSWORD);
    const session = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${accessToken}` } });
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

  it('refuses sign-in after 10 failures for one username, even with the right password', async () => {
    const victim = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'] });
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(app, 'consumer', victim.username, `wrong-${i}`)).rejects.toThrow(/sign-in: 401/);
    }
    await expect(signIn(app, 'consumer', victim.username, PASSWORD)).rejects.toThrow(/sign-in: 429/);
  });

  it('refuses a disabled account', async () => {
    const disabled = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'], disabled: true });
    await expect(signIn(app, 'consumer', disabled.username, PASSWORD)).rejects.toThrow(/sign-in: 401/);
  });

  it('revoking the refresh token (sign-out) makes the access token useless at once', async () => {
    const { accessToken, refreshToken } = await signIn(app, 'consumer', member.username, PASSWORD);
    const revoke = await app.inject({
      method: 'POST',
      url: '/idp/consumer/token/revocation',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: refreshToken ?? '', token_type_hint: 'refresh_token', client_id: CLIENT_ID }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${accessToken}` } });
    expect(after.statusCode).toBe(401);
  });

  it('ends the provider session and the grant at end-session', async () => {
    const { accessToken, idToken, jar } = await signIn(app, 'consumer', member.username, PASSWORD);
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
    const after = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${accessToken}` } });
    expect(after.statusCode).toBe(401);
  });
});
