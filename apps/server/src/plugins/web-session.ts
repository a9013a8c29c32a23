import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { isSafeRelativePath, startupRedirect } from '@portal/domain';
import { ProblemType, WebSessionSchema, type WebSessionView } from '@portal/contracts';
import type { Realm } from '../idp/provider';
import {
  PostgresWebSessions,
  Sealer,
  type NewWebSession,
  type WebSession,
  type WebSessionStore,
  type WebSessionTokens,
} from '../auth/web-sessions';
import { RedisWebSessions } from '../auth/web-sessions-redis';
import { HttpProblem } from './errors';
import { isPublicRoute } from './auth';

/**
 * The backend-for-frontend (issue 35, docs/decisions/050): the server signs the web app's users in at the
 * identity providers (authorization code + PKCE, as a confidential client), keeps their tokens in a
 * server-side session and gives the browser only an HttpOnly cookie naming it. API calls that carry the
 * cookie are made with the session's access token (renewed here with the refresh token); state-changing
 * calls must prove they come from the portal's own pages (Fetch Metadata and a custom header).
 *
 * Routes (not under /api: they are the web app's, not the API's):
 * - GET  /auth/login?realm=consumer|workforce&lang=en&returnTo=/path → the provider's sign-in page
 * - GET  /auth/callback → back from the provider: session started, cookie set, on to the page
 * - GET  /auth/session → who is signed in (no token), for the web app's start
 * - POST /auth/sign-out → where to confirm the sign-out (the provider's end-session page), or ended at once
 * - POST /auth/end → ends the session here and revokes its refresh token at the provider
 */

/** The custom header every state-changing call of the web app sends (a cross-site form cannot). */
export const CSRF_HEADER = 'x-portal-csrf';
export const CALLBACK_PATH = '/auth/callback';
export const SIGNED_OUT_PATH = '/auth/signed-out';

/** State-changing calls that come from elsewhere by design: a SAML POST from the identity provider, the processor's webhooks, logging beacons. */
const CSRF_EXEMPT = new Set([
  'POST /api/v1/saml/acs',
  'POST /api/v1/processor/webhook',
  'POST /api/v1/Logging',
]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Renew the access token when less than this is left. */
const RENEW_MARGIN_MS = 60_000;
/** How long the provider may take to send the browser back. */
const SIGN_IN_SECONDS = 10 * 60;

interface PendingSignIn {
  realm: Realm;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string | null;
  origin: string;
}

/** What a call's session cookie gives: the session's access token, `ended` (it names no live session), or null (no cookie). */
export type SessionBearer = { token: string } | 'ended' | null;

export interface WebSessionControl {
  store: WebSessionStore;
  /** Starts a session for a guest or an asserted user (their portal session token stays on the server). */
  startPortalSession(
    reply: FastifyReply,
    input: { type: 'guest' | 'asserted'; subject: string; token: string; expiresAt: Date },
  ): Promise<void>;
  /** Gives the caller's session a new id (privilege change: acting for a member starts or ends). */
  rotate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webSessions: WebSessionControl;
  }
  interface FastifyRequest {
    /** The web session whose cookie authenticated this call, or null (a bearer token, or nobody). */
    webSessionId: string | null;
  }
}

export const webSessionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
    const { settings, identity } = app;
    const secure = settings.publicUrl.startsWith('https://');
    // `__Host-`: only over TLS, for this host only, the whole site (RFC 6265bis). Plain HTTP (development) cannot use it.
    const SESSION_COOKIE = secure ? '__Host-portal-session' : 'portal-session';
    const SIGN_IN_COOKIE = secure ? '__Host-portal-sign-in' : 'portal-sign-in';
    const cookieOptions = { path: '/', httpOnly: true, secure, sameSite: 'lax' as const };
    const sealer = new Sealer(identity.sessionSecrets);
    let store: WebSessionStore;
    if (settings.sessionStore === 'redis' && settings.redisUrl !== undefined) {
      const redisStore = new RedisWebSessions(settings.redisUrl, sealer, (error) => {
        app.log.warn(
          { err: error },
          'redis (web sessions) unreachable: signed-in calls are answered 503 until it is back',
        );
      });
      app.addHook('onClose', () => redisStore.close());
      store = redisStore;
    } else {
      store = new PostgresWebSessions(app.database.db, sealer);
    }
    const tenantSession = app.tenant.account.session;
    const countdown =
      tenantSession.idleTimeoutSeconds === false
        ? tenantSession.keepAliveIntervalSeconds
        : tenantSession.idleTimeoutSeconds;
    // The server-side idle limit: the web app's idle period and its countdown (SPEC §4), after which the
    // session is gone even if a browser kept the cookie.
    const idleSeconds = Math.ceil(tenantSession.idleTimeSeconds + countdown);
    const lifetimeSeconds = tenantSession.absoluteLifetimeSeconds;

    app.decorateRequest('webSessionId', null);

    // ---- the identity providers, as a confidential client -------------------------------------------------
    const publicUrl = new URL(settings.publicUrl);
    /** The built-in providers are answered in this process (no network hop, whatever proxy is in front). */
    const inProcess: oidc.CustomFetch = async (url, init) => {
      const target = new URL(url);
      if (identity.providers === null || !target.pathname.startsWith('/idp/')) return fetch(url, init);
      const body =
        init.body === undefined || init.body === null
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : init.body instanceof URLSearchParams
              ? init.body.toString()
              : undefined;
      const response = await app.inject({
        method: init.method as 'GET' | 'POST',
        url: `${target.pathname}${target.search}`,
        headers: {
          ...init.headers,
          host: publicUrl.host,
          ...(secure ? { 'x-forwarded-proto': 'https' } : {}),
        },
        ...(body === undefined ? {} : { payload: body }),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
      }
      const empty =
        response.statusCode === 204 || response.statusCode === 304 || response.rawPayload.length === 0;
      return new Response(empty ? null : new Uint8Array(response.rawPayload), {
        status: response.statusCode,
        headers,
      });
    };
    const configurations = new Map<Realm, Promise<oidc.Configuration>>();
    const configurationFor = (realm: Realm): Promise<oidc.Configuration> => {
      let configuration = configurations.get(realm);
      if (!configuration) {
        const secret = identity.webClient.secret;
        if (secret === null)
          return Promise.reject(
            new Error('OIDC_CLIENT_SECRET is not set: the web app cannot sign in at an external issuer'),
          );
        const insecure = identity.issuers[realm].startsWith('http://');
        configuration = oidc
          .discovery(
            new URL(identity.issuers[realm]),
            identity.webClient.clientId,
            secret,
            oidc.ClientSecretBasic(secret),
            {
              [oidc.customFetch]: inProcess,
              // Plain HTTP issuers only: the built-in providers in development and tests (PUBLIC_URL http://…).
              // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; exactly this use
              ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
            },
          )
          .catch((error: unknown) => {
            configurations.delete(realm);
            throw error;
          });
        configurations.set(realm, configuration);
      }
      return configuration;
    };

    /** The origin the browser is on: one the providers know (PUBLIC_URL, or a development alias). */
    const originOf = (request: FastifyRequest): string => {
      const here = `${request.protocol}://${request.host}`;
      return identity.webOrigins.includes(here) ? here : publicUrl.origin;
    };

    const expiryOf = (tokens: { expiresIn(): number | undefined }): Date | null => {
      const seconds = tokens.expiresIn();
      return seconds === undefined ? null : new Date(Date.now() + seconds * 1000);
    };

    const setSessionCookie = (reply: FastifyReply, id: string) => {
      reply.setCookie(SESSION_COOKIE, id, cookieOptions);
    };
    const clearSessionCookie = (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    };

    /** Ends a session and what it stands for: the refresh token at the provider, the portal session row. */
    const endSession = async (session: WebSession): Promise<void> => {
      if (session.kind === 'portal') {
        const sid = decodeJwt(session.tokens.accessToken).sid;
        if (typeof sid === 'string') await identity.portalSessions.revoke(sid);
        return;
      }
      const token = session.tokens.refreshToken ?? session.tokens.accessToken;
      try {
        const configuration = await configurationFor(session.flavour as Realm);
        await oidc.tokenRevocation(configuration, token, {
          token_type_hint: session.tokens.refreshToken ? 'refresh_token' : 'access_token',
        });
      } catch (error) {
        app.log.warn(
          { err: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
          "could not revoke a signed-out session's token at the identity provider",
        );
      }
    };

    const create = async (reply: FastifyReply, request: FastifyRequest | null, input: NewWebSession) => {
      // Sign-in gives a new session id; a session named by a cookie from before is ended (no fixation).
      const before = request?.cookies[SESSION_COOKIE];
      if (before) {
        const old = await store.remove(before);
        if (old) await endSession(old);
      }
      const id = await store.create(input);
      setSessionCookie(reply, id);
      return id;
    };

    app.decorate('webSessions', {
      store,
      async startPortalSession(reply, input) {
        const request = reply.request;
        await create(reply, request, {
          kind: 'portal',
          flavour: input.type,
          subject: input.subject,
          tokens: { accessToken: input.token, refreshToken: null, idToken: null },
          accessExpiresAt: input.expiresAt,
          profile: {},
          idleSeconds,
          lifetimeSeconds: Math.max(
            1,
            Math.min(lifetimeSeconds, Math.floor((input.expiresAt.getTime() - Date.now()) / 1000)),
          ),
        });
      },
      async rotate(request, reply) {
        if (request.webSessionId === null) return;
        const next = await store.rotate(request.webSessionId);
        if (next) {
          request.webSessionId = next;
          setSessionCookie(reply, next);
        }
      },
    } satisfies WebSessionControl);

    // ---- CSRF: state-changing calls come from the portal's own pages ----------------------------------------
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const url = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
      if (!url.startsWith('/api/') && !url.startsWith('/auth/')) return;
      if (CSRF_EXEMPT.has(`${request.method} ${url}`)) return;
      // API clients with a bearer token: a browser never adds one by itself, so there is nothing to forge.
      if (
        typeof request.headers.authorization === 'string' &&
        request.headers.authorization.startsWith('Bearer ')
      )
        return;
      // Without a session cookie a protected route answers 401 anyway; what could be forged then is starting
      // a session (sign-in, locate-account: login CSRF), so the public routes and /auth/ are checked too.
      const opensSession = url.startsWith('/auth/') || isPublicRoute(request);
      if (request.cookies[SESSION_COOKIE] === undefined && !opensSession) return;
      const site = request.headers['sec-fetch-site'];
      const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
      if (crossSite || request.headers[CSRF_HEADER] === undefined) {
        await request.audit({
          action: 'auth.csrf-refused',
          outcome: 'denied',
          reason: crossSite ? `sec-fetch-site:${site}` : 'missing-header',
          actor: { subject: null, role: null },
        });
        throw new HttpProblem(
          403,
          ProblemType.forbidden,
          'Refused',
          "A change must come from the portal's own pages.",
        );
      }
    });

    /**
     * The bearer token for an API call that carries the session cookie (renewed first when it is about to
     * expire), `ended` when the cookie names no live session (then the cookie is cleared), or null without one.
     */
    const bearerFor = async (request: FastifyRequest, reply: FastifyReply): Promise<SessionBearer> => {
      const id = request.cookies[SESSION_COOKIE];
      if (!id) return null;
      let session = await store.find(id);
      const fresh = (s: WebSession) =>
        s.kind === 'portal' ||
        s.accessExpiresAt === null ||
        s.accessExpiresAt.getTime() - Date.now() > RENEW_MARGIN_MS;
      if (session && !fresh(session)) {
        try {
          session = await store.renewTokens(id, async (current) => {
            if (!current.tokens.refreshToken) throw new Error('no refresh token');
            const configuration = await configurationFor(current.flavour as Realm);
            const renewed = await oidc.refreshTokenGrant(configuration, current.tokens.refreshToken);
            const tokens: WebSessionTokens = {
              accessToken: renewed.access_token,
              refreshToken: renewed.refresh_token ?? current.tokens.refreshToken,
              idToken: renewed.id_token ?? current.tokens.idToken,
            };
            return { tokens, accessExpiresAt: expiryOf(renewed) };
          });
        } catch (error) {
          if (
            !(error instanceof oidc.ResponseBodyError) &&
            !(error instanceof Error && error.message === 'no refresh token')
          )
            throw error;
          // The provider refused the refresh token (revoked, expired): the session is over.
          await store.remove(id);
          session = null;
        }
      }
      if (!session) {
        clearSessionCookie(reply);
        return 'ended';
      }
      request.webSessionId = id;
      return { token: session.tokens.accessToken };
    };
    app.decorate('webSessionBearer', bearerFor);

    // ---- the routes ---------------------------------------------------------------------------------------
    const LoginQuery = z.object({
      realm: z.enum(['consumer', 'workforce']).default('consumer'),
      lang: z
        .string()
        .regex(/^[a-z]{2}$/)
        .optional(),
      returnTo: z.string().max(512).optional(),
    });

    app.get('/auth/login', { schema: { hide: true } }, async (request, reply) => {
      const parsed = LoginQuery.safeParse(request.query);
      if (!parsed.success)
        throw new HttpProblem(
          400,
          ProblemType.validation,
          'Invalid sign-in request',
          'realm, lang or returnTo is not valid.',
        );
      const { realm, lang, returnTo } = parsed.data;
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(realm);
      } catch (error) {
        // The identity provider cannot be reached: the web app's page says so, translated, with "try again".
        app.log.warn(
          { err: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
          'sign-in could not start',
        );
        return reply.header('Cache-Control', 'no-store').redirect(`${CALLBACK_PATH}?failed=failed`, 303);
      }
      const pending: PendingSignIn = {
        realm,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        returnTo: isSafeRelativePath(returnTo) ? returnTo : null,
        origin: originOf(request),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${pending.origin}${CALLBACK_PATH}`,
        scope: app.tenant.account.identity.scope.includes('offline_access')
          ? app.tenant.account.identity.scope
          : `${app.tenant.account.identity.scope} offline_access`,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        // After a time-out or sign-out the next person at this computer must type the password again.
        prompt: 'login',
        ...(lang ? { ui_locales: lang } : {}),
      });
      reply.setCookie(SIGN_IN_COOKIE, sealer.seal(JSON.stringify(pending)), {
        ...cookieOptions,
        maxAge: SIGN_IN_SECONDS,
      });
      return reply.header('Cache-Control', 'no-store').redirect(url.href, 303);
    });

    app.get(CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      // Without a code or an error from a provider this is the web app's page saying sign-in failed.
      if (typeof query.code !== 'string' && typeof query.error !== 'string') {
        reply.callNotFound();
        return reply;
      }
      const sealed = request.cookies[SIGN_IN_COOKIE];
      reply.clearCookie(SIGN_IN_COOKIE, cookieOptions);
      const opened = sealed ? sealer.open(sealed) : null;
      const pending = opened ? (JSON.parse(opened) as PendingSignIn) : null;
      const fail = async (reason: string) => {
        await request.audit({
          action: 'auth.sign-in',
          outcome: 'failure',
          reason,
          actor: { subject: null, role: null },
        });
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(`${CALLBACK_PATH}?failed=${reason === 'access_denied' ? 'cancelled' : 'failed'}`, 303);
      };
      if (!pending) return fail('no-sign-in-under-way');
      if (typeof query.error === 'string')
        return fail(query.error === 'access_denied' ? 'access_denied' : 'provider-error');
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        const configuration = await configurationFor(pending.realm);
        const current = new URL(`${pending.origin}${request.url}`);
        tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        app.log.warn(
          { err: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
          'sign-in callback refused',
        );
        return fail('code-exchange');
      }
      const claims = tokens.claims();
      const text = (key: string) => (typeof claims?.[key] === 'string' ? { [key]: claims[key] } : {});
      await create(reply, request, {
        kind: 'oidc',
        flavour: pending.realm,
        subject: claims?.sub ?? '',
        tokens: {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? null,
          idToken: tokens.id_token ?? null,
        },
        accessExpiresAt: expiryOf(tokens),
        profile: { ...text('name'), ...text('preferred_username'), ...text('upn'), ...text('locale') },
        idleSeconds,
        lifetimeSeconds,
      });
      await request.audit({
        action: 'auth.sign-in',
        outcome: 'success',
        actor: { subject: claims?.sub ?? null, role: null },
      });
      // SPEC §4 startup: a consumer flow goes back to the page it started from.
      const target = startupRedirect({
        consumerFlow: pending.realm === 'consumer',
        preSignInRoute: pending.returnTo,
        postLoginUri: null,
      });
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(isSafeRelativePath(target) ? target : '/account-overview', 303);
    });

    app.get('/auth/session', { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const id = request.cookies[SESSION_COOKIE];
      const session = id ? await store.find(id) : null;
      if (!session || !id) {
        if (id) clearSessionCookie(reply);
        return { signedIn: false } satisfies WebSessionView;
      }
      const view: WebSessionView =
        session.kind === 'oidc'
          ? {
              signedIn: true,
              kind: 'oidc',
              realm: session.flavour as Realm,
              profile: session.profile,
              key: createHashKey(id),
              idleSeconds: session.idleSeconds,
            }
          : {
              signedIn: true,
              kind: 'portal',
              type: session.flavour as 'guest' | 'asserted',
              key: createHashKey(id),
              idleSeconds: session.idleSeconds,
            };
      return WebSessionSchema.parse(view);
    });

    app.post('/auth/sign-out', { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const lang = z
        .object({
          lang: z
            .string()
            .regex(/^[a-z]{2}$/)
            .optional(),
        })
        .safeParse(request.body ?? {});
      const id = request.cookies[SESSION_COOKIE];
      const session = id ? await store.find(id) : null;
      if (session?.kind === 'oidc') {
        // The provider asks the user to confirm; "Yes" returns to the signed-out page, which ends the
        // session here (POST /auth/end); "No, stay signed in" returns to the portal still signed in.
        const configuration = await configurationFor(session.flavour as Realm);
        const url = oidc.buildEndSessionUrl(configuration, {
          ...(session.tokens.idToken ? { id_token_hint: session.tokens.idToken } : {}),
          client_id: identity.webClient.clientId,
          post_logout_redirect_uri: `${originOf(request)}${SIGNED_OUT_PATH}`,
          ...(lang.success && lang.data.lang ? { ui_locales: lang.data.lang } : {}),
        });
        return { next: url.href };
      }
      if (id && session) {
        await store.remove(id);
        await endSession(session);
        await request.audit({
          action: 'auth.sign-out',
          outcome: 'success',
          actor: { subject: session.subject, role: null },
        });
      }
      clearSessionCookie(reply);
      return { next: null };
    });

    app.post('/auth/end', { schema: { hide: true } }, async (request, reply) => {
      const id = request.cookies[SESSION_COOKIE];
      const session = id ? await store.remove(id) : null;
      if (session) {
        await endSession(session);
        await request.audit({
          action: 'auth.sign-out',
          outcome: 'success',
          actor: { subject: session.subject, role: null },
        });
      }
      clearSessionCookie(reply);
      return reply.status(204).header('Cache-Control', 'no-store').send();
    });
  },
  { name: 'web-session', dependencies: ['audit', 'db'] },
);

/** A key naming who is signed in for the web app's caches: not the cookie, not reversible to it. */
function createHashKey(id: string): string {
  return createHash('sha256').update(`key:${id}`).digest('base64url').slice(0, 16);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bearer token of the web session a call's cookie names (see webSessionPlugin). */
    webSessionBearer: (request: FastifyRequest, reply: FastifyReply) => Promise<SessionBearer>;
  }
}
