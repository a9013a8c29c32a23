import { createHmac } from 'node:crypto';
import type Provider from 'oidc-provider';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { DatabaseHandle } from '../db/client';
import { createProvider, issuerFor, type Realm } from '../idp/provider';
import { ENROLLMENT_IMPORT_SCOPE, enrollmentAudienceFor } from '../idp/system-client';
import type { TenantConfig } from '../lib/tenant-config';
import type { Settings } from '../settings';
import { endActingSessionsOnSignOut } from './acting';
import { loadOrCreateSecret, loadOrCreateSigningKey, parseAcceptedJwk, publicJwk } from './keys';
import { PortalSessions } from './portal-sessions';
import { PrincipalCache } from './principal-cache';
import { localKeys, TokenVerifier, type TrustedIssuer } from './token-verifier';

export interface Identity {
  verifier: TokenVerifier;
  portalSessions: PortalSessions;
  /** Accepted tokens remembered for a few seconds (docs/decisions/035); sign-outs here forget theirs at once. */
  principalCache: PrincipalCache;
  /** The built-in providers, or null when external issuers are configured. */
  providers: Record<Realm, Provider> | null;
  /** Issuer URLs the web app signs in with: consumer (members) and workforce (staff, brokers). */
  issuers: Record<Realm, string>;
  /** Origins allowed to receive tokens (redirect URIs, CORS). */
  webOrigins: string[];
  /**
   * The web app's client at the identity providers: the server signs in as a confidential client
   * (docs/decisions/050). No secret: external issuers without OIDC_CLIENT_SECRET (sign-in is refused).
   */
  webClient: { clientId: string; secret: string | null };
  /** The secrets web sessions' tokens are sealed with at rest: the first seals, every one opens. */
  sessionSecrets: string[];
}

/** A secret of its own for one use, derived from a shared one (HMAC-SHA256), so one setting serves several. */
const derived = (secret: string, label: string): string =>
  createHmac('sha256', secret).update(`portal:${label}`).digest('base64url');

/** The origins the web app may run on: the public URL, and in development the local aliases of it. */
export function webOriginsFor(settings: Settings): string[] {
  const origins = new Set([new URL(settings.publicUrl).origin]);
  if (settings.env !== 'production') {
    for (const host of ['localhost', '127.0.0.1']) origins.add(`http://${host}:${settings.port}`);
  }
  return [...origins];
}

/** Keys fetched from an external issuer's discovery document on first use. */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`discovery of ${issuer} failed: HTTP ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error(`discovery of ${issuer} has no jwks_uri`);
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

/**
 * Everything that establishes who is calling: the built-in OpenID providers (embedded mode) or the
 * configured external issuers, the portal's own session tokens (guests, assertions), and the verifier
 * that accepts exactly these issuers.
 */
export async function createIdentity(
  settings: Settings,
  database: DatabaseHandle,
  tenant: TenantConfig,
  onError: (error: unknown, message: string) => void,
): Promise<Identity> {
  const identity = tenant.account.identity;
  const external = identity.issuer !== '' || identity.consumerIssuer !== '';
  const webOrigins = webOriginsFor(settings);

  const portalKey = await loadOrCreateSigningKey(
    settings.dataDir,
    'portal-session',
    'ES256',
    settings.secrets.portalSigningJwk,
  );
  // Key rotation (docs/OPERATIONS.md): tokens signed with the accepted key are accepted; it never signs.
  const portalAccepted = settings.secrets.portalSigningJwkAccepted
    ? parseAcceptedJwk(settings.secrets.portalSigningJwkAccepted, 'PORTAL_SIGNING_JWK_ACCEPTED', portalKey)
    : null;
  const portalIssuer = `${settings.publicUrl}/api/session`;
  const principalCache = new PrincipalCache(settings.authCacheSeconds);
  const portalSessions = new PortalSessions(
    database.db,
    portalKey,
    portalIssuer,
    settings.apiAudience,
    (sessionId) => {
      principalCache.forgetSession(sessionId);
    },
  );
  const trusted: TrustedIssuer[] = [
    {
      issuer: portalIssuer,
      kind: 'portal',
      realm: null,
      keys: localKeys({
        keys: [publicJwk(portalKey), ...(portalAccepted ? [publicJwk(portalAccepted)] : [])],
      }),
      audience: settings.apiAudience,
      typ: 'at+jwt',
    },
  ];

  if (external) {
    // SPEC §6: consumer and standard flows use different issuers; trust only the configured ones.
    const configured: [Realm, string][] = [
      ['workforce', identity.issuer],
      ['consumer', identity.consumerIssuer || identity.issuer],
    ];
    for (const [realm, issuer] of configured) {
      if (!issuer || trusted.some((t) => t.issuer === issuer && t.realm === realm)) continue;
      trusted.push({
        issuer,
        kind: 'external-oidc',
        realm,
        keys: discoveredKeys(issuer),
        audience: settings.apiAudience,
      });
    }
    return {
      verifier: new TokenVerifier(trusted),
      portalSessions,
      principalCache,
      providers: null,
      issuers: {
        consumer: identity.consumerIssuer || identity.issuer,
        workforce: identity.issuer || identity.consumerIssuer,
      },
      webOrigins,
      webClient: { clientId: identity.clientId, secret: settings.secrets.oidcClientSecret ?? null },
      sessionSecrets: sessionSecretsOf(
        settings,
        loadOrCreateSecret(settings.dataDir, 'web-sessions', settings.secrets.sessionSecret),
      ),
    };
  }

  const cookieSecret = loadOrCreateSecret(settings.dataDir, 'idp-cookies', settings.secrets.idpCookieSecret);
  const webClient = {
    clientId: identity.clientId,
    secret: settings.secrets.oidcClientSecret ?? derived(cookieSecret, 'web-client'),
  };
  const providers = {} as Record<Realm, Provider>;
  for (const realm of ['consumer', 'workforce'] as const) {
    const signingKey = await loadOrCreateSigningKey(
      settings.dataDir,
      `idp-${realm}`,
      'RS256',
      settings.secrets.idpSigningJwk,
    );
    const accepted = settings.secrets.idpSigningJwkAccepted
      ? parseAcceptedJwk(settings.secrets.idpSigningJwkAccepted, 'IDP_SIGNING_JWK_ACCEPTED', signingKey)
      : null;
    // oidc-provider takes private keys only.
    if (accepted && typeof accepted.d !== 'string')
      throw new Error(
        'IDP_SIGNING_JWK_ACCEPTED must be a private JWK (the identity providers keep whole keys)',
      );
    const acceptedKey = accepted ? { ...accepted, use: 'sig' as const } : undefined;
    providers[realm] = createProvider({
      realm,
      db: database.db,
      publicUrl: settings.publicUrl,
      webOrigins,
      apiAudience: settings.apiAudience,
      signingKey,
      acceptedKey,
      cookieSecret,
      webClientSecret: webClient.secret,
      acceptedCookieSecret: settings.secrets.idpCookieSecretAccepted,
      account: tenant.account,
      behindProxy: settings.trustProxy !== false,
      onError,
      // The issuer's enrolment system, when it has a secret (docs/decisions/051).
      systemClient: settings.enrollment.client.secret
        ? {
            clientId: settings.enrollment.client.id,
            secret: settings.enrollment.client.secret,
            audience: enrollmentAudienceFor(settings.publicUrl),
            scope: ENROLLMENT_IMPORT_SCOPE,
          }
        : undefined,
      onGrantRevoked: async (grantId, accountId) => {
        principalCache.forgetGrant(grantId);
        // Staff signing out stop acting for the member they were helping (docs/decisions/043).
        if (realm === 'workforce' && accountId !== null) {
          await endActingSessionsOnSignOut(
            database,
            accountId,
            tenant.account.session.actingIdleSeconds,
          ).catch((error: unknown) => {
            onError(error, 'could not end the acting session of a staff user who signed out');
          });
        }
      },
    });
    trusted.push({
      issuer: issuerFor(settings.publicUrl, realm),
      kind: 'builtin-oidc',
      realm,
      keys: localKeys({ keys: [publicJwk(signingKey), ...(acceptedKey ? [publicJwk(acceptedKey)] : [])] }),
      audience: settings.apiAudience,
      typ: 'at+jwt',
    });
  }
  return {
    verifier: new TokenVerifier(trusted),
    portalSessions,
    principalCache,
    providers,
    issuers: {
      consumer: issuerFor(settings.publicUrl, 'consumer'),
      workforce: issuerFor(settings.publicUrl, 'workforce'),
    },
    webOrigins,
    webClient,
    sessionSecrets: sessionSecretsOf(
      settings,
      settings.secrets.sessionSecret ?? derived(cookieSecret, 'web-sessions'),
    ),
  };
}

function sessionSecretsOf(settings: Settings, current: string): string[] {
  return [
    current,
    ...(settings.secrets.sessionSecretAccepted ? [settings.secrets.sessionSecretAccepted] : []),
  ];
}
