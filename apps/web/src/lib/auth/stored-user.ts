import type { Credential, Realm } from './credentials';
import { readItem, STORAGE_KEYS } from './session-storage';

/**
 * The signed-in OpenID user as oidc-client-ts keeps it under the session-storage key `user` (SPEC §3),
 * read without loading oidc-client-ts: the first screen needs only the access token and the name, and
 * the library loads in the background for renewals and sign-out.
 */
export function storedOidcCredential(): (Credential & { kind: 'oidc' }) | null {
  const realm = readItem(STORAGE_KEYS.userRealm);
  const text = readItem(STORAGE_KEYS.user);
  if ((realm !== 'consumer' && realm !== 'workforce') || text === null) return null;
  try {
    const user = JSON.parse(text) as { access_token?: unknown; refresh_token?: unknown; expires_at?: unknown; profile?: unknown };
    if (typeof user.access_token !== 'string' || typeof user.profile !== 'object' || user.profile === null) return null;
    const expiresAt = typeof user.expires_at === 'number' ? user.expires_at : null;
    const canRenew = typeof user.refresh_token === 'string' && user.refresh_token !== '';
    // An expired token without a refresh token stands for nobody.
    if (expiresAt !== null && expiresAt * 1000 <= Date.now() && !canRenew) return null;
    return { kind: 'oidc', realm: realm satisfies Realm, accessToken: user.access_token, expiresAt, canRenew, profile: user.profile as Record<string, unknown> };
  } catch {
    return null;
  }
}
