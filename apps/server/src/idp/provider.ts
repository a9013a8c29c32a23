import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import Provider, { errors as oidcErrors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { isLanguage, type Language } from '@portal/domain';
import type { AccountConfig } from '@portal/contracts';
import type { Database } from '../db/client';
import { accounts } from '../db/schema';
import type { PrivateJwk } from '../auth/keys';
import { createAdapterClass } from './adapter';
import { renderErrorPage, renderLogoutPage, renderSignedOutPage, type PageFrame } from './pages';
import { fhirAudienceFor, FHIR_BASE_PATH, PATIENT_SCOPES, SMART_GRANT_SECONDS, smartApps } from './smart';
import type { SystemClient } from './system-client';

export type Realm = 'consumer' | 'workforce';

export interface ProviderOptions {
  realm: Realm;
  db: Database;
  publicUrl: string;
  /** Origins the web app may be served from (redirect URIs and CORS). */
  webOrigins: string[];
  apiAudience: string;
  signingKey: PrivateJwk;
  /**
   * A second private key the provider publishes and verifies with (an ID token given back as
   * id_token_hint) but never signs with: the next or the previous key of a rotation.
   */
  acceptedKey?: PrivateJwk | undefined;
  cookieSecret: string;
  /** The web app's client secret: the portal's server is a confidential client (docs/decisions/050). */
  webClientSecret: string;
  /** A second cookie secret that verifies but never signs (the previous one after a rotation). */
  acceptedCookieSecret?: string | undefined;
  account: AccountConfig;
  /** Whether a TLS-terminating proxy is trusted (TRUST_PROXY): Koa's own `proxy` setting follows it. */
  behindProxy: boolean;
  onError: (error: unknown, message: string) => void;
  /**
   * Told when a grant is revoked (sign-out), with the account it was for: the API stops accepting its
   * tokens at once, and a staff user's acting session ends (docs/decisions/043).
   */
  onGrantRevoked?: GrantRevoked;
  /** The issuer's enrolment system (client credentials, docs/decisions/051): the workforce realm only. */
  systemClient?: SystemClient | undefined;
}

export type GrantRevoked = (grantId: string, accountId: string | null) => void | Promise<void>;

export const issuerFor = (publicUrl: string, realm: Realm): string => `${publicUrl}/idp/${realm}`;

/** The paths of the web app the providers send the browser back to. */
export const WEB_CALLBACK_PATH = '/auth/callback';
export const WEB_SIGNED_OUT_PATH = '/auth/signed-out';

const ACCESS_TOKEN_TTL = 15 * 60;

function languageOf(ctx: KoaContextWithOIDC): Language {
  const requested = ctx.oidc.params?.ui_locales;
  const fromParams = typeof requested === 'string' ? requested.split(' ')[0] : undefined;
  if (isLanguage(fromParams)) return fromParams;
  const accepted = ctx.get('accept-language').slice(0, 2).toLowerCase();
  return isLanguage(accepted) ? accepted : 'en';
}

/**
 * A built-in OpenID Provider (authorization code + PKCE, refresh tokens with rotation, JWT access tokens
 * for the API audience, RP-initiated logout) for one realm, storing its state in our database.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { realm, db, account } = options;
  const frame = (ctx: KoaContextWithOIDC): PageFrame => ({
    language: languageOf(ctx),
    issuerName: account.tenant.issuerName,
    logoUrl: account.header.headerLogo,
  });
  /**
   * "No, stay signed in" on the sign-out confirmation goes back to the portal without submitting the
   * form: oidc-provider ends the client's grant on any submission without `logout` (it means "sign out
   * of this application only"), which would sign the member out of the portal after all.
   */
  const stayHref = (ctx: KoaContextWithOIDC): string => {
    const requested = ctx.oidc.params?.post_logout_redirect_uri;
    // Already checked against the client's registered post-logout URIs, so its origin is the portal's.
    const origin = typeof requested === 'string' ? new URL(requested).origin : options.publicUrl;
    return `${origin}/`;
  };
  const implicit = account.identity.responseType === 'id_token token';
  const secureCookies = options.publicUrl.startsWith('https://');
  // SMART on FHIR (issue 37, docs/decisions/054): the apps the issuer registered, members' realm only.
  const apps = realm === 'consumer' ? smartApps(account) : new Map<string, never>();
  const isSmart = (clientId: string | undefined): boolean => clientId !== undefined && apps.has(clientId);
  const fhirAudience = fhirAudienceFor(options.publicUrl);
  const system = realm === 'workforce' ? options.systemClient : undefined;
  const isSystem = (clientId: string | undefined): boolean =>
    system !== undefined && clientId === system.clientId;
  const memberOf = async (accountId: string): Promise<string | null> => {
    if (!/^[0-9a-f-]{36}$/i.test(accountId)) return null;
    const [row] = await db
      .select({ memberId: accounts.memberId })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row?.memberId ?? null;
  };

  const configuration: Configuration = {
    adapter: createAdapterClass(db, options.onGrantRevoked),
    clients: [
      {
        client_id: account.identity.clientId,
        // The server signs the web app in (backend-for-frontend, docs/decisions/050): a confidential
        // client, so a script in a browser cannot redeem a code or a refresh token of it.
        client_secret: options.webClientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        application_type: 'web',
        grant_types: implicit
          ? ['authorization_code', 'refresh_token', 'implicit']
          : ['authorization_code', 'refresh_token'],
        response_types: implicit ? ['code', 'id_token token'] : ['code'],
        redirect_uris: options.webOrigins.map((origin) => `${origin}${WEB_CALLBACK_PATH}`),
        post_logout_redirect_uris: options.webOrigins.flatMap((origin) => [
          `${origin}${WEB_SIGNED_OUT_PATH}`,
          `${origin}/`,
        ]),
      },
      // Registered SMART apps: public clients (PKCE, no secret), authorization code and refresh tokens.
      ...[...apps.values()].map((app) => ({
        client_id: app.clientId,
        client_name: app.name,
        token_endpoint_auth_method: 'none' as const,
        application_type: 'web' as const,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code' as const],
        redirect_uris: app.redirectUris,
      })),
      // The issuer's enrolment system: a machine, client credentials only, no user, no redirect.
      ...(system
        ? [
            {
              client_id: system.clientId,
              client_secret: system.secret,
              token_endpoint_auth_method: 'client_secret_basic' as const,
              grant_types: ['client_credentials'],
              response_types: [],
              redirect_uris: [],
              scope: system.scope,
            },
          ]
        : []),
    ],
    async findAccount(_ctx, sub) {
      if (!/^[0-9a-f-]{36}$/i.test(sub)) return undefined;
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, sub), eq(accounts.realm, realm), eq(accounts.disabled, false)));
      if (!row) return undefined;
      return {
        accountId: row.id,
        claims: () => ({
          sub: row.id,
          name: [row.givenName, row.familyName].filter(Boolean).join(' ') || undefined,
          given_name: row.givenName ?? undefined,
          family_name: row.familyName ?? undefined,
          preferred_username: row.username,
          email: row.email ?? undefined,
          locale: row.language ?? undefined,
          // SMART's fhirUser: the member's Patient on the FHIR server.
          fhirUser: row.memberId
            ? `${options.publicUrl}${FHIR_BASE_PATH}/Patient/${row.memberId}`
            : undefined,
        }),
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
      email: ['email'],
      ...(apps.size > 0 ? { fhirUser: ['fhirUser'] } : {}),
    },
    scopes: [
      'openid',
      'profile',
      'email',
      'offline_access',
      ...(apps.size > 0 ? ['launch/patient'] : []),
      ...(system ? [system.scope] : []),
    ],
    // The accepted key may only verify (key_ops), so the provider always signs with the signing key.
    jwks: {
      keys: [
        options.signingKey,
        ...(options.acceptedKey ? [{ ...options.acceptedKey, key_ops: ['verify'] }] : []),
      ],
    },
    cookies: {
      // keygrip: the first key signs, every key verifies.
      keys: [options.cookieSecret, ...(options.acceptedCookieSecret ? [options.acceptedCookieSecret] : [])],
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies },
      names: {
        session: `_${realm}_session`,
        interaction: `_${realm}_interaction`,
        resume: `_${realm}_resume`,
      },
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: system !== undefined },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(frame(ctx), form, stayHref(ctx));
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = renderSignedOutPage(frame(ctx), options.publicUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        // A SMART app's tokens are for the FHIR server only; the portal's for the API only.
        defaultResource: (ctx) =>
          isSmart(ctx.oidc.client?.clientId)
            ? fhirAudience
            : system && isSystem(ctx.oidc.client?.clientId)
              ? system.audience
              : options.apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator, client) => {
          // The enrolment system's tokens are for the 834 import only; nobody else's ever are.
          if (system && (isSystem(client.clientId) || resourceIndicator === system.audience)) {
            if (!isSystem(client.clientId) || resourceIndicator !== system.audience)
              throw new oidcErrors.InvalidTarget();
            return {
              scope: system.scope,
              audience: system.audience,
              accessTokenTTL: ACCESS_TOKEN_TTL,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: options.signingKey.alg as 'RS256' } },
            };
          }
          if (isSmart(client.clientId)) {
            if (resourceIndicator !== fhirAudience) throw new oidcErrors.InvalidTarget();
            return {
              scope: PATIENT_SCOPES.join(' '),
              audience: fhirAudience,
              accessTokenTTL: ACCESS_TOKEN_TTL,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: options.signingKey.alg as 'RS256' } },
            };
          }
          if (resourceIndicator !== options.apiAudience) throw new Error('unknown resource');
          return {
            scope: 'openid profile email',
            audience: options.apiAudience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: options.signingKey.alg as 'RS256' } },
          };
        },
      },
    },
    // The API checks on every call that the grant behind a token still exists (sign-out revokes it).
    // A SMART app's access token also carries the patient in context: the member the account is linked to.
    extraTokenClaims: async (_ctx, token) => {
      const gid = 'grantId' in token && token.grantId ? { gid: token.grantId } : undefined;
      if (!('accountId' in token) || !isSmart(token.clientId) || typeof token.accountId !== 'string')
        return gid;
      const patient = await memberOf(token.accountId);
      return { ...gid, ...(patient ? { patient } : {}) };
    },
    interactions: { url: (_ctx, interaction) => `/idp/${realm}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // A SMART app, like the portal, gets refresh tokens (its registration allows them): the consent screen
    // says the app may read while the member is not using it, until disconnected or for 90 days. (The
    // provider keeps offline_access only on an explicit prompt=consent, which SMART clients rarely send.)
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      // The enrolment system's tokens (client credentials): as short-lived as everyone's.
      ClientCredentials: ACCESS_TOKEN_TTL,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 30 * 60,
      // Idle: a refresh token unused for the idle period dies; absolute: the session and grant end.
      RefreshToken: (_ctx, _token, client) =>
        isSmart(client.clientId)
          ? SMART_GRANT_SECONDS
          : account.session.idleTimeSeconds + account.session.keepAliveIntervalSeconds,
      Session: account.session.absoluteLifetimeSeconds,
      // A connected SMART app keeps its permission (and refresh tokens) until the member disconnects it, at most 90 days.
      // (Called without a request context when the consent screen saves a grant: the grant names its client.)
      Grant: (_ctx, grant) =>
        isSmart(grant.clientId) ? SMART_GRANT_SECONDS : account.session.absoluteLifetimeSeconds,
    },
    // The portal is a first-party client: sign-in implies consent to its own scopes.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      // A SMART app is not first-party: the member consents on the consent screen (docs/decisions/054).
      if (isSmart(ctx.oidc.client?.clientId)) return undefined;
      if (!ctx.oidc.session?.accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(options.apiAudience, 'openid profile email');
      await grant.save();
      return grant;
    },
    // A browser-based SMART app calls the token endpoint from the origin of its registered redirect URIs.
    clientBasedCORS: (_ctx, origin, client) =>
      options.webOrigins.includes(origin) ||
      (isSmart(client.clientId) &&
        (apps.get(client.clientId)?.redirectUris ?? []).some((uri) => new URL(uri).origin === origin)),
    renderError(ctx, _out, error) {
      options.onError(error, `${realm} provider error`);
      ctx.type = 'html';
      ctx.body = renderErrorPage(frame(ctx), options.publicUrl);
    },
    responseTypes: implicit ? ['code', 'id_token token'] : ['code'],
  };

  const provider = new Provider(issuerFor(options.publicUrl, realm), configuration);
  // Koa's `app.proxy`: read X-Forwarded-Proto/-Host/-For ("Trusting TLS offloading proxies" in the
  // oidc-provider docs). Without it an https PUBLIC_URL behind a TLS-terminating proxy fails with
  // "Cannot send secure cookie over unencrypted connection". The idp plugin hands the provider only the
  // forwarded values Fastify trusted under TRUST_PROXY.
  provider.proxy = options.behindProxy;
  // SMART: the token response names the patient in context (`patient`), as the access token does.
  if (apps.size > 0) {
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
      await next();
      const body = ctx.body as { access_token?: unknown } | undefined;
      const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
      if (
        oidc?.route !== 'token' ||
        ctx.status !== 200 ||
        typeof body?.access_token !== 'string' ||
        !isSmart(oidc.client?.clientId)
      )
        return;
      const { patient } = decodeJwt(body.access_token);
      if (typeof patient === 'string') (ctx.body as Record<string, unknown>).patient = patient;
    });
  }
  provider.on('server_error', (_ctx, error) => {
    options.onError(error, `${realm} provider server error`);
  });
  return provider;
}
