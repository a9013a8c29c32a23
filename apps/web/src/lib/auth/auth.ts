import type { IdentityConfig } from '@portal/contracts';
import { startupRedirect } from '@portal/domain';
import { getCredential, setCredential, type Realm } from './credentials';
import { logClientEvent } from '../client-log';
import { whenFirstPageShown } from '../first-page';
import { storedOidcCredential } from './stored-user';
import { isSafeRelativePath, readItem, readJson, STORAGE_KEYS, writeItem } from './session-storage';

/**
 * Sign-in, renewal and sign-out (SPEC §1, §3, §6; docs/decisions/ on token storage).
 * - Members sign in through the consumer issuer, staff and brokers through the workforce issuer,
 *   with authorization code + PKCE (oidc-client-ts, loaded when needed: ./oidc.ts).
 * - Guests and asserted users hold a portal session token instead.
 */

import { SIGNED_OUT_PATH } from './paths';

export { CALLBACK_PATH, SIGNED_OUT_PATH } from './paths';

let identityConfig: IdentityConfig | null = null;
let origin = '';

/** oidc-client-ts and the two realms' managers, set up on first use. */
async function oidc() {
  const module = await import('./oidc');
  if (!identityConfig) throw new Error('sign-in is not configured');
  module.setUpManagers(identityConfig, origin);
  return module;
}

interface StoredPortalSession {
  type: 'guest' | 'asserted';
  token: string;
  expiresAt: string | null;
}

function readPortalSession(): StoredPortalSession | null {
  const value = readJson(STORAGE_KEYS.portalSession) as Partial<StoredPortalSession> | null;
  if (!value || (value.type !== 'guest' && value.type !== 'asserted') || typeof value.token !== 'string')
    return null;
  const expiresAt = typeof value.expiresAt === 'string' ? value.expiresAt : null;
  if (expiresAt !== null && Date.parse(expiresAt) <= Date.now()) return null;
  return { type: value.type, token: value.token, expiresAt };
}

/**
 * SPEC §4 startup, the authorization step: remember the identity settings and restore whoever is
 * signed in in this tab. An OpenID user's renewals start in the background once the first page is shown.
 */
export function initAuth(
  identity: IdentityConfig,
  appOrigin = window.location.origin,
  path = window.location.pathname,
): void {
  identityConfig = identity;
  origin = appOrigin;
  if (path === SIGNED_OUT_PATH) {
    forgetOnSignedOutPage();
    return;
  }
  const portal = readPortalSession();
  if (portal) {
    setCredential({ kind: 'portal', ...portal });
    return;
  }
  writeItem(STORAGE_KEYS.portalSession, null);
  const stored = storedOidcCredential();
  if (!stored) return;
  setCredential(stored);
  // The first page needs only the stored token; oidc-client-ts loads once that page is shown and
  // renews the token from then on (a call that needs a renewal before that loads it at once).
  void whenFirstPageShown()
    .then(oidc)
    .then((module) => module.watchStoredUser(stored.realm))
    .catch(() => undefined);
}

/** Starts sign-in at the realm's identity provider, in the visitor's language (`ui_locales`). */
export async function signIn(
  realm: Realm,
  options: { language: string; returnTo?: string | null },
): Promise<void> {
  const module = await oidc();
  writeItem(STORAGE_KEYS.signInRealm, realm);
  if (isSafeRelativePath(options.returnTo)) writeItem(STORAGE_KEYS.preSignInRoute, options.returnTo);
  await module.managerFor(realm).signinRedirect({
    // The post-login URI travels in this tab's state store, never to the provider.
    ...(isSafeRelativePath(options.returnTo) ? { state: options.returnTo } : {}),
    ui_locales: options.language,
    // After a time-out or sign-out the next person at this computer must type the password again.
    prompt: 'login',
  });
}

/**
 * Finishes the code flow on /auth/callback and says where to go: SPEC §4, a consumer flow's stored
 * pre-sign-in route or post-login URI, else null (the caller goes to the default route).
 */
export async function completeSignIn(url = window.location.href): Promise<string | null> {
  const module = await oidc();
  const realm: Realm = readItem(STORAGE_KEYS.signInRealm) === 'workforce' ? 'workforce' : 'consumer';
  const user = await module.managerFor(realm).signinCallback(url);
  if (!user) throw new Error('no user after sign-in');
  writeItem(STORAGE_KEYS.portalSession, null);
  setCredential(module.credentialOf(realm, user));
  const preSignInRoute = readItem(STORAGE_KEYS.preSignInRoute);
  writeItem(STORAGE_KEYS.preSignInRoute, null);
  writeItem(STORAGE_KEYS.signInRealm, null);
  const target = startupRedirect({
    consumerFlow: realm === 'consumer',
    preSignInRoute,
    postLoginUri: typeof user.state === 'string' ? user.state : null,
  });
  return isSafeRelativePath(target) ? target : null;
}

/** A guest token from locate-account, or an asserted session token from the SAML hand-over. */
export function startPortalSession(
  type: 'guest' | 'asserted',
  token: string,
  expiresAt: string | null,
): void {
  const session: StoredPortalSession = { type, token, expiresAt };
  writeItem(STORAGE_KEYS.portalSession, JSON.stringify(session));
  // One person per tab: a portal session replaces an OpenID user.
  writeItem(STORAGE_KEYS.user, null);
  writeItem(STORAGE_KEYS.userRealm, null);
  setCredential({ kind: 'portal', ...session });
}

const RENEW_MARGIN_SECONDS = 30;
let renewing: Promise<string | null> | null = null;

/** The bearer token for the API, renewed with the refresh token first when it is about to expire. */
export async function accessToken(): Promise<string | null> {
  const credential = getCredential();
  if (!credential) return null;
  if (credential.kind === 'portal') return credential.token;
  const secondsLeft = credential.expiresAt === null ? Infinity : credential.expiresAt - Date.now() / 1000;
  if (secondsLeft > RENEW_MARGIN_SECONDS || !credential.canRenew) return credential.accessToken;
  renewing ??= oidc()
    .then((module) => module.renew(credential.realm))
    .then((renewed) => (renewed?.kind === 'oidc' ? renewed.accessToken : credential.accessToken))
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

async function removeOidcUsers(): Promise<void> {
  if (readItem(STORAGE_KEYS.user) === null) return;
  const module = await oidc().catch(() => null);
  if (module) await module.removeUsers();
  writeItem(STORAGE_KEYS.user, null);
  writeItem(STORAGE_KEYS.userRealm, null);
}

/** Forgets every credential in this tab (after the server said the session ended). */
export async function forgetSession(): Promise<void> {
  writeItem(STORAGE_KEYS.portalSession, null);
  writeItem(STORAGE_KEYS.session, null);
  writeItem(STORAGE_KEYS.selectedPolicy, null);
  await removeOidcUsers();
  setCredential(null);
}

/**
 * Ends the session without leaving the page (idle time-out, SPEC §4): revokes the refresh and access
 * tokens at the provider (which ends the grant) or ends the portal session on the server.
 */
export async function endSessionQuietly(endPortalSession: (token: string) => Promise<void>): Promise<void> {
  const credential = getCredential();
  if (credential?.kind === 'oidc') {
    await oidc()
      .then((module) => module.revokeGrant(credential.realm))
      .catch(() => undefined);
  }
  if (credential?.kind === 'portal') await endPortalSession(credential.token).catch(() => undefined);
  await forgetSession();
}

/**
 * Sign-out chosen by the user: OpenID users are sent to the provider's end-session page, which asks
 * them to confirm; "Yes" ends the grant there and returns to /auth/signed-out, "No, stay signed in"
 * returns to the portal still signed in. Portal sessions end on the server. Returns true when the
 * browser is being sent away.
 */
export async function signOut(
  endPortalSession: (token: string) => Promise<void>,
  language: string,
): Promise<boolean> {
  const credential = getCredential();
  if (credential?.kind === 'oidc') {
    try {
      const module = await oidc();
      await module.goToEndSession(credential.realm, language);
      return true;
    } catch (error) {
      // The provider cannot be reached: at least end the grant and forget everything here.
      logClientEvent({
        level: 'warn',
        event: 'auth.sign-out-failed',
        message: error instanceof Error ? error.message.slice(0, 300) : 'unknown',
      });
      await endSessionQuietly(endPortalSession);
      return false;
    }
  }
  await endSessionQuietly(endPortalSession);
  return false;
}

/**
 * A page load of /auth/signed-out: the provider has just ended the session (or someone opened the page
 * by hand). Whatever this tab still holds is forgotten at once; the refresh token is then revoked in
 * the background, in case the provider was never asked.
 */
function forgetOnSignedOutPage(): void {
  const realm = readItem(STORAGE_KEYS.userRealm);
  const refreshToken = (readJson(STORAGE_KEYS.user) as { refresh_token?: unknown } | null)?.refresh_token;
  for (const key of [
    STORAGE_KEYS.portalSession,
    STORAGE_KEYS.session,
    STORAGE_KEYS.selectedPolicy,
    STORAGE_KEYS.user,
    STORAGE_KEYS.userRealm,
  ])
    writeItem(key, null);
  if (
    (realm === 'consumer' || realm === 'workforce') &&
    typeof refreshToken === 'string' &&
    refreshToken !== ''
  ) {
    void oidc()
      .then((module) => module.revokeRefreshToken(realm, refreshToken))
      .catch(() => undefined);
  }
}
