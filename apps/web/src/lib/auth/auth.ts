import { getCredential, setCredential, type Credential, type Realm } from './credentials';
import { sessionEnded } from '../api';
import { logClientEvent } from '../client-log';
import { CSRF_HEADERS } from '../csrf';
import { isSafeRelativePath, STORAGE_KEYS, writeItem } from './session-storage';
import { SIGNED_OUT_PATH } from './paths';

/**
 * Sign-in and sign-out through the portal's server (backend-for-frontend, docs/decisions/050; SPEC §1, §3,
 * §6). The server runs the OpenID code flow, keeps the tokens and gives this browser an HttpOnly cookie;
 * this module only learns who is signed in (GET /auth/session) and sends the browser where the server
 * says. Guests and asserted users get the same cookie from locate-account and the SAML hand-over.
 */

export { CALLBACK_PATH, SIGNED_OUT_PATH } from './paths';

export interface SessionView {
  signedIn: boolean;
  kind?: 'oidc' | 'portal';
  realm?: Realm;
  type?: 'guest' | 'asserted';
  profile?: Record<string, string>;
  key?: string;
}

export function credentialOf(view: SessionView): Credential | null {
  if (!view.signedIn || typeof view.key !== 'string') return null;
  if (view.kind === 'oidc' && (view.realm === 'consumer' || view.realm === 'workforce')) {
    return { kind: 'oidc', realm: view.realm, profile: view.profile ?? {}, key: view.key };
  }
  if (view.kind === 'portal' && (view.type === 'guest' || view.type === 'asserted'))
    return { kind: 'portal', type: view.type, key: view.key };
  return null;
}

/** Asks the server who the session cookie stands for (no token ever comes back) and remembers it. */
export async function refreshSession(): Promise<Credential | null> {
  const response = await fetch('/auth/session', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`GET /auth/session: HTTP ${String(response.status)}`);
  const credential = credentialOf((await response.json()) as SessionView);
  const before = getCredential();
  // The same person and session: keep the object (no re-render); a new one (a rotated id too) replaces it.
  setCredential(
    before && credential && JSON.stringify(before) === JSON.stringify(credential) ? before : credential,
  );
  return getCredential();
}

/**
 * Tells the server the member is active (the session's idle clock restarts) and checks the session is
 * still there: when it is not, the page says the session ended, as after any refused call.
 */
export async function touchSession(): Promise<void> {
  const response = await fetch('/auth/session', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) return;
  const view = (await response.json()) as SessionView;
  if (!view.signedIn && getCredential() !== null) sessionEnded();
}

/**
 * SPEC §4 startup, the authorization step: who is signed in. On /auth/signed-out (where the identity
 * provider returns after the user confirmed) the session ends on the server first.
 */
export async function initAuth(path = window.location.pathname): Promise<void> {
  if (path === SIGNED_OUT_PATH) {
    await endServerSession().catch(() => undefined);
    forgetHere();
    return;
  }
  await refreshSession();
}

/** Starts sign-in at the realm's identity provider through the server, in the visitor's language. */
export function signIn(realm: Realm, options: { language: string; returnTo?: string | null }): Promise<void> {
  const params = new URLSearchParams({ realm, lang: options.language });
  if (isSafeRelativePath(options.returnTo)) params.set('returnTo', options.returnTo);
  window.location.assign(`/auth/login?${params.toString()}`);
  // The page is going away; nothing follows.
  return new Promise(() => undefined);
}

async function endServerSession(): Promise<void> {
  const response = await fetch('/auth/end', {
    method: 'POST',
    headers: { ...CSRF_HEADERS },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`POST /auth/end: HTTP ${String(response.status)}`);
}

/** Tabs of this portal tell each other of a sign-out: the session cookie is the browser's, not the tab's. */
const channel =
  typeof BroadcastChannel === 'undefined' || import.meta.env.SSR ? null : new BroadcastChannel('portal-auth');

/**
 * What this tab hears of other tabs' sign-outs on `channel`: `on(listener)` calls the listener for each
 * one from now on, and at once for one said after the channel was opened but before anything listened — a
 * server-rendered page is shown, and its script running, well before the app hydrates and subscribes
 * (seconds on a slow phone), and a sign-out said meanwhile would otherwise be lost.
 */
export function signOutHearing(
  channel: Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener'> | null,
) {
  let missed = false;
  let listening = 0;
  const isSignOut = (event: Event) => event instanceof MessageEvent && event.data === 'signed-out';
  channel?.addEventListener('message', (event) => {
    if (isSignOut(event) && listening === 0) missed = true;
  });
  return {
    on(listener: () => void): () => void {
      const handler = (event: Event) => {
        if (isSignOut(event)) listener();
      };
      channel?.addEventListener('message', handler);
      listening += 1;
      if (missed) {
        missed = false;
        listener();
      }
      return () => {
        listening -= 1;
        channel?.removeEventListener('message', handler);
      };
    },
  };
}

const hearing = signOutHearing(channel);

/** Calls `listener` when another tab of this browser signed out (the session here ended with it). */
export function onSignedOutElsewhere(listener: () => void): () => void {
  return hearing.on(listener);
}

/** What this tab keeps about the member being looked at, and who is signed in: forgotten (and told to the other tabs). */
function forgetHere(): void {
  writeItem(STORAGE_KEYS.session, null);
  writeItem(STORAGE_KEYS.selectedPolicy, null);
  const wasSignedIn = getCredential() !== null;
  setCredential(null);
  if (wasSignedIn) channel?.postMessage('signed-out');
}

/** Forgets who is signed in here (after the server said the session ended). */
export function forgetSession(): Promise<void> {
  forgetHere();
  return Promise.resolve();
}

/**
 * Ends the session without leaving the page (idle time-out, SPEC §4): the server ends it and revokes the
 * refresh token at the provider (which ends the grant).
 */
export async function endSessionQuietly(): Promise<void> {
  await endServerSession().catch(() => undefined);
  forgetHere();
}

/**
 * Sign-out chosen by the user: OpenID users are sent to the provider's end-session page, which asks them
 * to confirm; "Yes" returns to /auth/signed-out (which ends the session here), "No, stay signed in" returns
 * to the portal still signed in. Portal sessions end on the server at once. True when the browser is leaving.
 */
export async function signOut(language: string): Promise<boolean> {
  try {
    const response = await fetch('/auth/sign-out', {
      method: 'POST',
      headers: { ...CSRF_HEADERS, 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ lang: language }),
    });
    if (!response.ok) throw new Error(`POST /auth/sign-out: HTTP ${String(response.status)}`);
    const { next } = (await response.json()) as { next: unknown };
    if (typeof next === 'string' && next !== '') {
      window.location.assign(next);
      return true;
    }
    forgetHere();
    return false;
  } catch (error) {
    // The provider or the server cannot be reached: at least end the session here.
    logClientEvent({
      level: 'warn',
      event: 'auth.sign-out-failed',
      message: error instanceof Error ? error.message.slice(0, 300) : 'unknown',
    });
    await endSessionQuietly();
    return false;
  }
}
