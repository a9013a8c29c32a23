import type { DehydratedState } from '@tanstack/react-query';
import type { SessionInfo } from '@portal/contracts';
import { initialLanguage, isLanguage, type Language } from '@portal/domain';
import type { RuntimeConfig } from '../config/load-config';
import type { ServerTexts } from '../i18n';
import type { SessionView } from '../lib/auth/auth';
import { readItem, STORAGE_KEYS } from '../lib/auth/session-storage';

/**
 * What a first page rendered on the server (entry-server.tsx, docs/decisions/058) was rendered from,
 * embedded in the document as JSON (`<script type="application/json">`: the CSP runs no inline script) so
 * that the browser hydrates that markup with the same inputs instead of asking for them again.
 */
export interface ServerState {
  /** The path (and query) that was rendered. */
  url: string;
  texts: ServerTexts;
  config: RuntimeConfig;
  /** GET /auth/session as the server answered it. */
  session: SessionView;
  /** The react-query cache the page was rendered with (dehydrated). */
  queries: DehydratedState;
  /** The window width the layout assumed (ui/use-layout.ts). */
  width: number;
}

export const SERVER_STATE_ID = 'portal-server-state';

/** JSON safe inside a `<script>` element: no `</script>`, `<!--` or line separators can end or bend it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * SPEC §4 language of the first page, as the browser settles it: an assertion's languagePreference over the
 * stored language, the stored one over a member's preferred language, else the default. The server knows
 * the stored language from the cookie that mirrors it (i18n LANGUAGE_COOKIE).
 */
export function firstPageLanguage(stored: string | null, session: SessionInfo | undefined): Language {
  if (session?.kind === 'asserted' && session.languagePreference?.trim())
    return initialLanguage({ stored, assertionPreference: session.languagePreference });
  if (session?.kind === 'member' && !isLanguage(stored) && isLanguage(session.preferredLanguage))
    return session.preferredLanguage;
  return initialLanguage({ stored });
}

/** The session info in a dehydrated cache (GET /api/v1/session is keyed ['session', credential key]). */
export function sessionInfoOf(queries: DehydratedState): SessionInfo | undefined {
  const query = queries.queries.find((entry) => entry.queryKey[0] === 'session');
  return query?.state.data as SessionInfo | undefined;
}

/**
 * The state a server-rendered page embedded, when this tab can take its markup over as it is: the same
 * path, the same language the browser would choose, and nothing this tab keeps that the server could
 * not know (a policy selected before a reload, a member staff act for). Otherwise null: the portal starts
 * as without it (and replaces the markup).
 */
export function readServerState(stored: string | null): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  let state: ServerState;
  try {
    state = JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
  if (state.url !== `${window.location.pathname}${window.location.search}`) return null;
  if (firstPageLanguage(stored, sessionInfoOf(state.queries)) !== state.texts.language) return null;
  if (readItem(STORAGE_KEYS.selectedPolicy) !== null || readItem(STORAGE_KEYS.session) !== null) return null;
  return state;
}
