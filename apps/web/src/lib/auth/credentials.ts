import { useSyncExternalStore } from 'react';

/** The two OpenID realms (SPEC §6: consumer and standard flows use different issuers). */
export type Realm = 'consumer' | 'workforce';
export const REALMS: readonly Realm[] = ['consumer', 'workforce'];

/**
 * Who the browser's session stands for (GET /auth/session, docs/decisions/050): an OpenID user (members,
 * staff, brokers) or a portal session (guests who located an account, asserted SAML sessions). Never a
 * token: the server keeps those; `key` names the session for the query cache.
 */
export type Credential =
  | {
      kind: 'oidc';
      realm: Realm;
      /** ID token name claims (name, preferred_username, upn), for the greeting. */
      profile: Record<string, string>;
      key: string;
    }
  | { kind: 'portal'; type: 'guest' | 'asserted'; key: string };

let current: Credential | null = null;
const listeners = new Set<() => void>();

export function getCredential(): Credential | null {
  return current;
}

export function setCredential(next: Credential | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current credential, re-rendering when it changes (sign-in, sign-out, a new session id). */
export function useCredential(): Credential | null {
  return useSyncExternalStore(subscribe, getCredential, getCredential);
}

/** The profile claims of an OpenID user (for the greeting), or null for portal sessions. */
export function profileOf(
  credential: Credential | null,
): { name?: string; preferred_username?: string; upn?: string } | null {
  if (credential?.kind !== 'oidc') return null;
  const { name, preferred_username: username, upn } = credential.profile;
  return {
    ...(name ? { name } : {}),
    ...(username ? { preferred_username: username } : {}),
    ...(upn ? { upn } : {}),
  };
}

/** A short key naming who is signed in, for query keys: a new person never sees cached answers of the last. */
export function credentialKey(credential: Credential | null): string | null {
  if (!credential) return null;
  return credential.kind === 'portal'
    ? `${credential.type}:${credential.key}`
    : `${credential.realm}:${credential.key}`;
}
