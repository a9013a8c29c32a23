import { and, eq } from 'drizzle-orm';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { isLanguage, type Language } from '@portal/domain';
import type { AccountConfig } from '@portal/contracts';
import type { Database } from '../db/client';
import { accounts } from '../db/schema';
import type { PrivateJwk } from '../auth/keys';
import { createAdapterClass } from './adapter';
import { renderErrorPage, renderLogoutPage, renderSignedOutPage, type PageFrame } from './pages';

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
        grant_types: implicit ? ['authorization_code', 'refresh_token', 'implicit'] : ['authorization_code', 'refresh_token'],
        response_types: implicit ? ['code', 'id_token token'] : ['code'],
        redirect_uris: options.webOrigins.map((origin) => `${origin}${WEB_CALLBACK_PATH}`),
        post_logout_redirect_uris: options.webOrigins.flatMap((origin) => [`${origin}${WEB_SIGNED_OUT_PATH}`, `${origin}/`]),
      },
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
        }),
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
      email: ['email'],
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // The accepted key may only verify (key_ops), so the provider always signs with the signing key.
    jwks: { keys: [options.signingKey, ...(options.acceptedKey ? [{ ...options.acceptedKey, key_ops: ['verify'] }] : [])] },
    cookies: {
      // keygrip: the first key signs, every key verifies.
      keys: [options.cookieSecret, ...(options.acceptedCookieSecret ? [options.acceptedCookieSecret] : [])],
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies },
      names: { session: `_${realm}_session`, interaction: `_${realm}_interaction`, resume: `_${realm}_resume` },
    },
    features: {
      devInteractions: { enabled: false },
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
        defaultResource: () => options.apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
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
    extraTokenClaims: (_ctx, token) => ('grantId' in token && token.grantId ? { gid: token.grantId } : undefined),
    interactions: { url: (_ctx, interaction) => `/idp/${realm}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 30 * 60,
      // Idle: a refresh token unused for the idle period dies; absolute: the session and grant end.
      RefreshToken: account.session.idleTimeSeconds + account.session.keepAliveIntervalSeconds,
      Session: account.session.absoluteLifetimeSeconds,
      Grant: account.session.absoluteLifetimeSeconds,
    },
    // The portal is a first-party client: sign-in implies consent to its own scopes.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!ctx.oidc.session?.accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(options.apiAudience, 'openid profile email');
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => options.webOrigins.includes(origin),
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
  provider.on('server_error', (_ctx, error) => {
    options.onError(error, `${realm} provider server error`);
  });
  return provider;
}
