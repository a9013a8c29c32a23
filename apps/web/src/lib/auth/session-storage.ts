/**
 * The small pieces of sign-in state kept in the browser's session storage (SPEC §3: the user is
 * cached under the key `user`; session data idType + id). Session storage ends with the tab, which is
 * what a shared family computer needs; nothing here survives closing it.
 */

export const STORAGE_KEYS = {
  /** SPEC §3: the OpenID user (oidc-client-ts User JSON). */
  user: 'user',
  /** Which realm `user` belongs to. */
  userRealm: 'user.realm',
  /** The realm a sign-in was started with, read back on /auth/callback. */
  signInRealm: 'auth.realm',
  /** SPEC §4 startup: where a visitor was going before sign-in. */
  preSignInRoute: 'auth.preSignInRoute',
  /** A guest or asserted portal session: { type, token, expiresAt }. */
  portalSession: 'portal.session',
  /** SPEC §3 session data: { idType, id } of the member being looked at (member search). */
  session: 'session',
  /** SPEC §4 "policy selection … kept in state": the policy chosen last, so that a reload keeps it. */
  selectedPolicy: 'portal.selectedPolicy',
} as const;

export function readItem(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the state lasts for this page only.
  }
}

export function readJson(key: string): unknown {
  const text = readItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Only same-site paths are followed after sign-in (no open redirect through a crafted link). */
export function isSafeRelativePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
