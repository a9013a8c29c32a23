import { UserManager, WebStorageStateStore, type StateStore, type User } from 'oidc-client-ts';
import type { IdentityConfig } from '@portal/contracts';
import { getCredential, REALMS, setCredential, type Credential, type Realm } from './credentials';
import { CALLBACK_PATH, SIGNED_OUT_PATH } from './paths';
import { readItem, STORAGE_KEYS, writeItem } from './session-storage';

/**
 * oidc-client-ts, loaded on demand (sign-in, the callback, renewal, sign-out): authorization code +
 * PKCE, users kept in session storage under `user` (SPEC §3), refresh-token renewal before expiry
 * (no iframes: the server forbids framing).
 */


/** SPEC §3: the user is cached in session storage under `user`, whichever realm signed them in. */
class SessionUserStore implements StateStore {
  constructor(private readonly realm: Realm) {}

  private mine(): boolean {
    return readItem(STORAGE_KEYS.userRealm) === this.realm;
  }

  set(_key: string, value: string): Promise<void> {
    writeItem(STORAGE_KEYS.user, value);
    writeItem(STORAGE_KEYS.userRealm, this.realm);
    return Promise.resolve();
  }

  get(): Promise<string | null> {
    return Promise.resolve(this.mine() ? readItem(STORAGE_KEYS.user) : null);
  }

  remove(): Promise<string | null> {
    if (!this.mine()) return Promise.resolve(null);
    const value = readItem(STORAGE_KEYS.user);
    writeItem(STORAGE_KEYS.user, null);
    writeItem(STORAGE_KEYS.userRealm, null);
    return Promise.resolve(value);
  }

  getAllKeys(): Promise<string[]> {
    return Promise.resolve(this.mine() ? [STORAGE_KEYS.user] : []);
  }
}

/** SPEC §6: an empty issuer means the built-in provider of that realm on this site. */
export function issuerFor(identity: IdentityConfig, realm: Realm, origin: string): string {
  const configured = realm === 'consumer' ? identity.consumerIssuer || identity.issuer : identity.issuer || identity.consumerIssuer;
  if (!configured) return `${origin}/idp/${realm}`;
  return configured.startsWith('/') ? `${origin}${configured}` : configured;
}

export function credentialOf(realm: Realm, user: User): Credential {
  return {
    kind: 'oidc',
    realm,
    accessToken: user.access_token,
    expiresAt: user.expires_at ?? null,
    canRenew: Boolean(user.refresh_token),
    profile: user.profile,
  };
}

function createManager(identity: IdentityConfig, realm: Realm, origin: string): UserManager {
  const manager = new UserManager({
    authority: issuerFor(identity, realm, origin),
    client_id: identity.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}${SIGNED_OUT_PATH}`,
    // 'id_token token' (implicit) is accepted by the configuration schema but deprecated by RFC 9700
    // and not offered by oidc-client-ts 3: the code flow with PKCE is always used (docs/decisions).
    response_type: 'code',
    scope: identity.scope,
    userStore: new SessionUserStore(realm),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    // Sign-out goes through goToEndSession() below, which keeps the tokens until the provider confirms.
    revokeTokensOnSignout: false,
    loadUserInfo: false,
  });
  manager.events.addUserLoaded((user) => {
    setCredential(credentialOf(realm, user));
  });
  manager.events.addUserUnloaded(() => {
    const credential = getCredential();
    if (credential?.kind === 'oidc' && credential.realm === realm) setCredential(null);
  });
  return manager;
}

let managers: Record<Realm, UserManager> | null = null;

export function setUpManagers(identity: IdentityConfig, origin: string): void {
  managers ??= { consumer: createManager(identity, 'consumer', origin), workforce: createManager(identity, 'workforce', origin) };
}

export function managerFor(realm: Realm): UserManager {
  if (!managers) throw new Error('sign-in is not configured');
  return managers[realm];
}

/** Loads the stored user into its manager, which starts renewing it before it expires. */
export async function watchStoredUser(realm: Realm): Promise<void> {
  await managerFor(realm).getUser();
}

/**
 * Revokes the refresh token at the provider (RFC 7009), which ends the whole grant there; the API
 * refuses every access token of a grant that is gone. Done here rather than by the library, which
 * insists on a JSON answer where RFC 7009 answers 200 with an empty body.
 */
export async function revokeGrant(realm: Realm): Promise<void> {
  const user = await managerFor(realm).getUser();
  if (user?.refresh_token) await revokeRefreshToken(realm, user.refresh_token);
}

/** Revokes one refresh token at the realm's provider (RFC 7009), which ends its grant. */
export async function revokeRefreshToken(realm: Realm, refreshToken: string): Promise<void> {
  const manager = managerFor(realm);
  const endpoint = await manager.metadataService.getRevocationEndpoint(true);
  if (!endpoint) return;
  await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: manager.settings.client_id }),
  });
}

/**
 * Sends the browser to the provider's end-session page, keeping this tab's tokens: the provider asks
 * whether to sign out. "Yes" ends the provider session and every grant of it (the API then refuses
 * the tokens) and returns to the signed-out page, which forgets them; "No, stay signed in" comes back
 * to the portal still signed in. (oidc-client-ts's signoutRedirect would forget the user first.)
 */
export async function goToEndSession(realm: Realm, language: string): Promise<void> {
  const manager = managerFor(realm);
  const endpoint = await manager.metadataService.getEndSessionEndpoint();
  if (!endpoint) throw new Error('the identity provider has no end-session endpoint');
  const user = await manager.getUser();
  const url = new URL(endpoint);
  if (user?.id_token) url.searchParams.set('id_token_hint', user.id_token);
  url.searchParams.set('client_id', manager.settings.client_id);
  url.searchParams.set('post_logout_redirect_uri', manager.settings.post_logout_redirect_uri ?? '');
  url.searchParams.set('ui_locales', language);
  window.location.assign(url.toString());
}

/** Renews with the refresh token; null when that is no longer possible. */
export async function renew(realm: Realm): Promise<Credential | null> {
  const user = await managerFor(realm).signinSilent().catch(() => null);
  return user ? credentialOf(realm, user) : null;
}

export async function removeUsers(): Promise<void> {
  for (const realm of REALMS) await managers?.[realm].removeUser();
}
