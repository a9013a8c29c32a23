import { useSyncExternalStore } from 'react';

/** The two OpenID realms (SPEC §6: consumer and standard flows use different issuers). */
export type Realm = 'consumer' | 'workforce';
export const REALMS: readonly Realm[] = ['consumer', 'workforce'];

/**
 * What the browser holds to call the API: an OpenID user (members, staff, brokers) or a portal
 * session token (guests who located an account, asserted SAML sessions).
 */
export type Credential =
  | {
      kind: 'oidc';
      realm: Realm;
      accessToken: string;
      /** Seconds since the epoch, as the provider said. */
      expiresAt: number | null;
      canRenew: boolean;
      /** ID token claims (sub, name, preferred_username, …). */
      profile: Record<string, unknown>;
    }
  | { kind: 'portal'; type: 'guest' | 'asserted'; token: string; expiresAt: string | null };

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

/** The current credential, re-rendering when it changes (sign-in, renewal, sign-out). */
export function useCredential(): Credential | null {
  return useSyncExternalStore(subscribe, getCredential, getCredential);
}

/** The profile claims of an OpenID user (for the greeting), or null for portal sessions. */
export function profileOf(credential: Credential | null): { name?: string; preferred_username?: string; upn?: string } | null {
  if (credential?.kind !== 'oidc') return null;
  const profile = credential.profile;
  const text = (key: string) => (typeof profile[key] === 'string' ? profile[key] : undefined);
  return {
    ...(text('name') ? { name: text('name') } : {}),
    ...(text('preferred_username') ? { preferred_username: text('preferred_username') } : {}),
    ...(text('upn') ? { upn: text('upn') } : {}),
  };
}

/** A short key naming who is signed in, for query keys: a new person never sees cached answers of the last. */
export function credentialKey(credential: Credential | null): string | null {
  if (!credential) return null;
  if (credential.kind === 'portal') return `${credential.type}:${credential.token.slice(-16)}`;
  return `${credential.realm}:${String(credential.profile.sub)}`;
}
