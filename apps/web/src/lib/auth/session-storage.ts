/**
 * The small pieces of page state kept in the browser's session storage (SPEC §3 session data idType +
 * id). No sign-in state: the session is an HttpOnly cookie the server reads (docs/decisions/050), and
 * SPEC §4's pre-sign-in route travels with the sign-in through the server.
 */

export const STORAGE_KEYS = {
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

/** Only same-site paths are followed after sign-in (the domain's rule). */
export { isSafeRelativePath } from '@portal/domain';
