import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { generateSharedSecrets } from '../src/auth/keys';
import { HttpProcessor } from '../src/processor/http-adapter';
import { signatureHeader, SIGNATURE_HEADER } from '../src/processor/signature';
import { WebhookRejected } from '../src/processor/port';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, PASSWORD } from './fixtures';
import type { CookieJar } from './oidc';
import { CLIENT_ID, signIn } from './oidc';

/**
 * Decision 048, docs/OPERATIONS.md "Rotating keys": a key is replaced without signing anyone out. During a
 * rolling update instances with the old key and instances with the new one serve together; each `…_ACCEPTED`
 * key verifies what the other signed and never signs. Before, an instance knew one key: every token and
 * identity-provider session made by the old key was refused the moment an instance had the new one.
 */
describe('rotating the signing keys and the cookie secret', () => {
  let database: TestDatabase;
  let old: FastifyInstance;
  let rotated: FastifyInstance;
  let withoutAccepted: FastifyInstance;
  /** Rotated, accepting the previous identity-provider key but not the previous portal key. */
  let portalKeyNotAccepted: FastifyInstance;
  let previous: Record<string, string>;
  let next: Record<string, string>;
  const kidOf = (jwk: string | undefined) => (JSON.parse(jwk ?? '{}') as { kid: string }).kid;

  beforeAll(async () => {
    database = await openTestDatabase();
    previous = await generateSharedSecrets();
    next = await generateSharedSecrets();
    const keys = (set: Record<string, string>) => ({
      IDP_SIGNING_JWK: set.IDP_SIGNING_JWK ?? '',
      PORTAL_SIGNING_JWK: set.PORTAL_SIGNING_JWK ?? '',
      IDP_COOKIE_SECRET: set.IDP_COOKIE_SECRET ?? '',
    });
    // Three instances of one deployment on one database: not yet rotated, rotated, and rotated without
    // accepting the previous keys (what a rotation did before).
    ({ app: old } = await buildTestApp({ database: database.handle, env: keys(previous) }));
    ({ app: rotated } = await buildTestApp({
      database: database.handle,
      env: {
        ...keys(next),
        IDP_SIGNING_JWK_ACCEPTED: previous.IDP_SIGNING_JWK ?? '',
        PORTAL_SIGNING_JWK_ACCEPTED: previous.PORTAL_SIGNING_JWK ?? '',
        IDP_COOKIE_SECRET_ACCEPTED: previous.IDP_COOKIE_SECRET ?? '',
      },
    }));
    ({ app: withoutAccepted } = await buildTestApp({ database: database.handle, env: keys(next) }));
    ({ app: portalKeyNotAccepted } = await buildTestApp({
      database: database.handle,
      env: {
        ...keys(next),
        IDP_SIGNING_JWK_ACCEPTED: previous.IDP_SIGNING_JWK ?? '',
        IDP_COOKIE_SECRET_ACCEPTED: previous.IDP_COOKIE_SECRET ?? '',
      },
    }));
  });
  afterAll(async () => {
    await old.close();
    await rotated.close();
    await withoutAccepted.close();
    await portalKeyNotAccepted.close();
    await database.dispose();
  });

  const households = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${token}` },
    });

  it('an access token the old key signed is accepted by a rotated instance, which signs with the new key', async () => {
    const account = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'] });
    const before = await signIn(old, 'consumer', account.username, PASSWORD);
    expect(decodeProtectedHeader(before.accessToken).kid).toBe(kidOf(previous.IDP_SIGNING_JWK));
    expect((await households(rotated, before.accessToken)).statusCode).toBe(200);
    expect((await households(withoutAccepted, before.accessToken)).statusCode).toBe(401);

    const after = await signIn(rotated, 'consumer', account.username, PASSWORD);
    expect(decodeProtectedHeader(after.accessToken).kid).toBe(kidOf(next.IDP_SIGNING_JWK));
    expect(decodeProtectedHeader(after.idToken).kid).toBe(kidOf(next.IDP_SIGNING_JWK));
    expect((await households(rotated, after.accessToken)).statusCode).toBe(200);
  });

  it('publishes both keys, the accepted one for verifying only', async () => {
    const jwks = await rotated.inject({
      method: 'GET',
      url: '/idp/consumer/jwks',
      headers: { host: 'localhost:3000' },
    });
    const keys = jwks.json<{ keys: { kid: string; key_ops?: string[]; d?: string }[] }>().keys;
    expect(keys.map((key) => key.kid)).toEqual([
      kidOf(next.IDP_SIGNING_JWK),
      kidOf(previous.IDP_SIGNING_JWK),
    ]);
    expect(keys[1]?.key_ops).toEqual(['verify']);
    expect(keys.every((key) => key.d === undefined)).toBe(true);
  });

  it('a sign-in session the old cookie secret signed goes on at a rotated instance (no new sign-in)', async () => {
    const account = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'] });
    const { jar } = await signIn(old, 'consumer', account.username, PASSWORD);
    const silent = (app: FastifyInstance, cookies: CookieJar) =>
      app.inject({
        method: 'GET',
        url: `/idp/consumer/auth?${new URLSearchParams({
          client_id: CLIENT_ID,
          response_type: 'code',
          redirect_uri: 'http://localhost:3000/auth/callback',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          prompt: 'none',
        }).toString()}`,
        headers: { host: 'localhost:3000', cookie: cookies.header() },
      });
    const resumed = async (app: FastifyInstance) => {
      let response = await silent(app, jar);
      // The provider may pass through its resume step first.
      for (
        let hops = 0;
        hops < 3 &&
        response.statusCode === 303 &&
        !(response.headers.location ?? '').includes('/auth/callback');
        hops += 1
      ) {
        response = await app.inject({
          method: 'GET',
          url:
            new URL(response.headers.location ?? '', 'http://localhost:3000').pathname +
            new URL(response.headers.location ?? '', 'http://localhost:3000').search,
          headers: { host: 'localhost:3000', cookie: jar.header() },
        });
      }
      return new URL(response.headers.location ?? '', 'http://localhost:3000').searchParams;
    };
    expect((await resumed(rotated)).get('code')).toBeTruthy();
    expect((await resumed(withoutAccepted)).get('error')).toBe('login_required');
  });

  it('a portal session token (guests, SAML sign-ins) the old key signed is accepted by a rotated instance', async () => {
    const { token } = await old.identity.portalSessions.create({
      kind: 'guest',
      subject: 'guest-rotation',
      data: {},
      lifetimeSeconds: 600,
    });
    await expect(rotated.identity.verifier.verify(token)).resolves.toMatchObject({
      payload: { sub: 'guest-rotation' },
    });
    await expect(withoutAccepted.identity.verifier.verify(token)).rejects.toMatchObject({
      problem: 'bad-signature',
    });
    const fresh = await rotated.identity.portalSessions.create({
      kind: 'guest',
      subject: 'guest-rotation',
      data: {},
      lifetimeSeconds: 600,
    });
    expect(decodeProtectedHeader(fresh.token).kid).toBe(kidOf(next.PORTAL_SIGNING_JWK));
    // And the other way round, before the old instances are gone: the next key given to them as accepted.
    await expect(old.identity.verifier.verify(fresh.token)).rejects.toMatchObject({
      problem: 'bad-signature',
    });
  });

  it('a retry reaching an instance with the other portal key is the same request: answered again, not refused as another', async () => {
    // The request's fingerprint is keyed with the portal key (the database never holds what a keyed hash hides).
    const account = await createAccount(database.handle.db, { realm: 'consumer', roles: ['member'] });
    const { accessToken } = await signIn(old, 'consumer', account.username, PASSWORD);
    const confirm = (app: FastifyInstance, key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/paperless/confirm-email',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'idempotency-key': key,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ token: 'not-a-real-confirmation-token' }),
      });
    const first = await confirm(old, 'rotation-retry-1');
    expect(first.statusCode).toBeLessThan(500);
    const retried = await confirm(rotated, 'rotation-retry-1');
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.statusCode).toBe(first.statusCode);

    const second = await confirm(old, 'rotation-retry-2');
    const elsewhere = await confirm(portalKeyNotAccepted, 'rotation-retry-2');
    expect(second.statusCode).toBeLessThan(500);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    expect(elsewhere.json<{ type: string }>().type).toMatch(/idempotency-key-reused/);
  });

  it('refuses an accepted key that is the signing key itself, or of another algorithm', async () => {
    await expect(
      buildTestApp({
        database: database.handle,
        env: {
          PORTAL_SIGNING_JWK: next.PORTAL_SIGNING_JWK ?? '',
          PORTAL_SIGNING_JWK_ACCEPTED: next.PORTAL_SIGNING_JWK ?? '',
        },
      }),
    ).rejects.toThrow(/the signing key's kid/);
    await expect(
      buildTestApp({
        database: database.handle,
        env: {
          PORTAL_SIGNING_JWK: next.PORTAL_SIGNING_JWK ?? '',
          PORTAL_SIGNING_JWK_ACCEPTED: previous.IDP_SIGNING_JWK ?? '',
        },
      }),
    ).rejects.toThrow(/RS256/);
  });
});

describe('rotating the processor webhook secret', () => {
  const body = JSON.stringify({
    id: 'evt_rotation',
    type: 'charge.settled',
    transactionId: 'ch_rotation',
    amount: '50.00',
    metadata: { payment: 'p-1' },
  });
  const processor = (webhookSecret: string, acceptedWebhookSecret?: string) =>
    new HttpProcessor({
      url: 'http://127.0.0.1:9',
      publicOrigin: 'http://127.0.0.1:9',
      apiKey: 'sk_rotation_0123456789',
      webhookSecret,
      acceptedWebhookSecret,
      timeoutMs: 1_000,
    });

  it('accepts events signed with the previous secret while it is accepted, and no other', () => {
    const signedWithPrevious = { [SIGNATURE_HEADER]: signatureHeader('whsec_previous_0123456789', body) };
    expect(
      processor('whsec_next_0123456789', 'whsec_previous_0123456789').verifyWebhook(body, signedWithPrevious)
        .event,
    ).toMatchObject({ id: 'evt_rotation' });
    expect(
      processor('whsec_next_0123456789', 'whsec_previous_0123456789').verifyWebhook(body, {
        [SIGNATURE_HEADER]: signatureHeader('whsec_next_0123456789', body),
      }).event,
    ).toMatchObject({ id: 'evt_rotation' });
    expect(() => processor('whsec_next_0123456789').verifyWebhook(body, signedWithPrevious)).toThrow(
      WebhookRejected,
    );
    expect(() =>
      processor('whsec_next_0123456789', 'whsec_previous_0123456789').verifyWebhook(body, {
        [SIGNATURE_HEADER]: signatureHeader('whsec_someone_else_0123', body),
      }),
    ).toThrow(WebhookRejected);
  });
});
