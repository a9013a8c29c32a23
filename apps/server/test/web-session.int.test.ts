import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WebSessionSchema } from '@portal/contracts';
import { auditLog, oidcPayloads, webSessions } from '../src/db/schema';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { useTestApp } from './harness';
import { browserSignIn, CookieJar, HOST } from './oidc';
import { configLettingBrokersChange } from './self-service';

/**
 * Issue 35, docs/decisions/050: the server signs the web app in (backend-for-frontend). The browser gets
 * an HttpOnly cookie naming a server-side session; tokens stay on the server; changes need the portal's
 * own pages (Fetch Metadata + a custom header); the session id changes at sign-in; idle sessions end on
 * the server; sign-out revokes the refresh token at the provider.
 */
describe('web sessions (backend-for-frontend)', () => {
  const harness = useTestApp();
  const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');
  const as = (jar: CookieJar, extra: Record<string, string> = {}) => ({
    host: HOST,
    cookie: jar.header(),
    ...extra,
  });

  async function member() {
    const { memberId, householdId } = await createMemberWithPolicy(harness.db);
    const account = await createAccount(harness.db, { realm: 'consumer', roles: ['member'], memberId });
    return { account, householdId };
  }

  it('signs a member in on the server: a cookie, no token anywhere the browser can read, and the API answers the cookie', async () => {
    const { account, householdId } = await member();
    const { jar, landing } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD, {
      returnTo: '/documents/invoice',
    });
    // SPEC §4: a consumer flow goes back to the page it started from.
    expect(landing).toBe('/documents/invoice');
    const id = jar.get('portal-session') ?? '';
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const view = await harness.app.inject({ method: 'GET', url: '/auth/session', headers: as(jar) });
    const parsed = WebSessionSchema.parse(view.json());
    expect(parsed).toMatchObject({
      signedIn: true,
      kind: 'oidc',
      realm: 'consumer',
      profile: { preferred_username: account.username },
    });
    expect(view.body).not.toMatch(/eyJ|token/i);

    const session = await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ kind: 'member', householdId });

    // The row keeps the tokens sealed: none of them readable from the table, and the cookie is only hashed.
    const [row] = await harness.db
      .select()
      .from(webSessions)
      .where(eq(webSessions.idHash, hashOf(id)));
    expect(row?.tokens).toMatch(/^v1\./);
    // No JWT (its header and payload are base64url JSON: `eyJ…`, a dot, `eyJ…`). Not `eyJ` alone: the sealed
    // blob is 2 KB of random base64url, which holds those three letters in about one run in a hundred.
    expect(JSON.stringify(row)).not.toMatch(/eyJ[\w-]*\.eyJ/);
    expect(JSON.stringify(await harness.db.select().from(webSessions))).not.toContain(id);
  });

  it('refuses a change without the custom header, and a cross-site one even with it; the portal’s own page passes', async () => {
    const { account } = await member();
    const { jar } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD);
    const markRead = (headers: Record<string, string>) =>
      harness.app.inject({
        method: 'PUT',
        url: '/api/v1/Notification',
        headers: as(jar, { 'content-type': 'application/json', ...headers }),
        payload: { ids: [] },
      });
    // A cross-site form post carries the cookie (SameSite=Lax lets top-level POSTs... not; a same-site page could) but no header.
    const bare = await markRead({});
    expect(bare.statusCode).toBe(403);
    const crossSite = await markRead({ 'x-portal-csrf': '1', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await markRead({ 'x-portal-csrf': '1', 'sec-fetch-site': 'same-site' });
    expect(sameSite.statusCode).toBe(403);
    const own = await markRead({ 'x-portal-csrf': '1', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).not.toBe(403);
    expect(own.statusCode).toBeLessThan(500);
    const refusals = await harness.db.select().from(auditLog).where(eq(auditLog.action, 'auth.csrf-refused'));
    expect(refusals.map((entry) => entry.reason)).toEqual(
      expect.arrayContaining(['missing-header', 'sec-fetch-site:cross-site', 'sec-fetch-site:same-site']),
    );
    // Signing out is a change too: a cross-site page cannot sign a member out.
    expect(
      (await harness.app.inject({ method: 'POST', url: '/auth/end', headers: as(jar) })).statusCode,
    ).toBe(403);
  });

  it('does not keep a session id set before sign-in (fixation): sign-in gives a new one, the planted one names nothing', async () => {
    const { account } = await member();
    // An attacker's guest session, planted in the victim's browser.
    const other = await member();
    const planted = await browserSignIn(harness.app, 'consumer', other.account.username, PASSWORD);
    const plantedId = planted.jar.get('portal-session') ?? '';
    const jar = new CookieJar();
    jar.set('portal-session', plantedId);
    const { jar: after } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD, { jar });
    const id = after.get('portal-session') ?? '';
    expect(id).not.toBe(plantedId);
    const withPlanted = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { host: HOST, cookie: `portal-session=${plantedId}` },
    });
    expect(withPlanted.statusCode).toBe(401);
    const mine = await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(after) });
    expect(mine.json()).toMatchObject({ username: account.username });
  });

  it('ends a session left idle on the server, even though the browser kept the cookie', async () => {
    const { account } = await member();
    const { jar } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD);
    const id = jar.get('portal-session') ?? '';
    const [row] = await harness.db
      .select()
      .from(webSessions)
      .where(eq(webSessions.idHash, hashOf(id)));
    // The tenant's idle period and its countdown (SPEC §4): 1,200 + 30 s in the baseline configuration.
    const { idleTimeSeconds, idleTimeoutSeconds } = harness.app.tenant.account.session;
    expect(row?.idleSeconds).toBe(idleTimeSeconds + (idleTimeoutSeconds === false ? 0 : idleTimeoutSeconds));
    await harness.db
      .update(webSessions)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${(row?.idleSeconds ?? 0) + 1})` })
      .where(eq(webSessions.idHash, hashOf(id)));
    const after = await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) });
    expect(after.statusCode).toBe(401);
    expect(String(after.headers['set-cookie'])).toMatch(/portal-session=;/);
    expect(
      await harness.db
        .select()
        .from(webSessions)
        .where(eq(webSessions.idHash, hashOf(id))),
    ).toEqual([]);
  });

  it('renews the access token with the refresh token on the server when it is about to expire', async () => {
    const { account } = await member();
    const { jar } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD);
    const id = jar.get('portal-session') ?? '';
    const before = (
      await harness.db
        .select()
        .from(webSessions)
        .where(eq(webSessions.idHash, hashOf(id)))
    )[0];
    await harness.db
      .update(webSessions)
      .set({ accessExpiresAt: sql`now() + interval '10 seconds'` })
      .where(eq(webSessions.idHash, hashOf(id)));
    // Two calls at once renew once (a refresh token is used once: rotation would end the grant otherwise).
    const [one, two] = await Promise.all([
      harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) }),
      harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const after = (
      await harness.db
        .select()
        .from(webSessions)
        .where(eq(webSessions.idHash, hashOf(id)))
    )[0];
    expect(after?.tokens).not.toBe(before?.tokens);
    expect(after?.accessExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) })).statusCode,
    ).toBe(200);
  });

  it('signs out: the provider’s page to confirm, then the session ends here and its grant at the provider', async () => {
    const { account } = await member();
    const { jar } = await browserSignIn(harness.app, 'consumer', account.username, PASSWORD);
    const csrf = { 'x-portal-csrf': '1', 'sec-fetch-site': 'same-origin' };
    const signOut = await harness.app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: as(jar, { ...csrf, 'content-type': 'application/json' }),
      payload: { lang: 'es' },
    });
    const next = new URL(signOut.json<{ next: string }>().next);
    expect(next.pathname).toBe('/idp/consumer/session/end');
    expect(next.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/auth/signed-out');
    expect(next.searchParams.get('ui_locales')).toBe('es');
    // "No, stay signed in" at the provider: the session is still there.
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) })).statusCode,
    ).toBe(200);
    const grantsBefore = await harness.db.select().from(oidcPayloads).where(eq(oidcPayloads.model, 'Grant'));
    const end = await harness.app.inject({ method: 'POST', url: '/auth/end', headers: as(jar, csrf) });
    expect(end.statusCode).toBe(204);
    jar.take(end);
    expect(jar.get('portal-session')).toBeUndefined();
    // The refresh token was revoked at the provider: its grant is gone.
    const grantsAfter = await harness.db.select().from(oidcPayloads).where(eq(oidcPayloads.model, 'Grant'));
    expect(grantsAfter.length).toBe(grantsBefore.length - 1);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/auth/session', headers: as(jar) })).json(),
    ).toEqual({ signedIn: false });
  });

  it('changes the session id when staff start and end acting for a member (a change of privilege)', async () => {
    const { householdId } = await member();
    const staff = await createAccount(harness.db, { realm: 'workforce', roles: ['customer-service'] });
    const { jar } = await browserSignIn(harness.app, 'workforce', staff.username, PASSWORD);
    const first = jar.get('portal-session') ?? '';
    const csrf = {
      'x-portal-csrf': '1',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    };
    const start = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/acting-session',
      headers: as(jar, csrf),
      payload: { householdId, reason: 'member-called' },
    });
    expect(start.statusCode, start.body).toBeLessThan(300);
    jar.take(start);
    const second = jar.get('portal-session') ?? '';
    expect(second).not.toBe(first);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { host: HOST, cookie: `portal-session=${first}` },
        })
      ).statusCode,
    ).toBe(401);
    const end = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/acting-session/end',
      headers: as(jar, csrf),
      payload: {},
    });
    expect(end.statusCode, end.body).toBeLessThan(300);
    jar.take(end);
    expect(jar.get('portal-session')).not.toBe(second);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: as(jar) })).statusCode,
    ).toBe(200);
  });
});

describe('web sign-in when the identity provider cannot be reached', () => {
  // External issuers (nothing listens on port 9): the web app's client is confidential there too.
  const configDir = configLettingBrokersChange({
    identity: { issuer: 'https://127.0.0.1:9/idp', consumerIssuer: 'https://127.0.0.1:9/idp' },
  });
  const harness = useTestApp({
    env: { CONFIG_DIR: configDir, OIDC_CLIENT_SECRET: 'web-client-secret-for-tests-0123' },
  });

  it('sends the browser to the web app’s translated “sign-in did not finish” page, not an error document', async () => {
    const start = await harness.app.inject({
      method: 'GET',
      url: '/auth/login?realm=consumer&lang=es',
      headers: { host: HOST },
    });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/auth/callback?failed=failed');
    // That address is the web app's page (no code, no error from a provider: the server leaves it to the app).
    const page = await harness.app.inject({
      method: 'GET',
      url: '/auth/callback?failed=failed',
      headers: { host: HOST },
    });
    expect(page.statusCode).not.toBe(303);
  });
});
