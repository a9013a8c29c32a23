import type { Principal } from '../auth/principal';

/**
 * The owner a caller's payment tokens are bound to (issue 33 item 1, docs/decisions/039). The portal
 * opens each tokenisation session for the caller's owner reference; the processor binds every token
 * made in it to that reference and says it back when the token is described, and a one-time token is
 * used (paid with, saved) only by a caller with the same reference:
 *
 * - a member: their household (any member of the household may use it), or their account without one;
 * - a guest: their guest session, never the household they located (guests are not the household);
 * - an asserted (SAML) session: that session;
 * - staff and brokers: their own account (they have no household; a token one of them typed for a
 *   member over the phone is theirs alone).
 */
export function tokenOwnerOf(principal: Principal): string {
  switch (principal.kind) {
    case 'member':
      return principal.householdId ? householdOwner(principal.householdId) : `account:${principal.accountId}`;
    case 'guest':
      return `guest:${principal.sessionId}`;
    case 'asserted':
      return `session:${principal.sessionId}`;
    case 'staff':
    case 'broker':
      return `account:${principal.accountId}`;
  }
}

/** A household's owner reference (its members' tokens; the demo data's saved methods). */
export const householdOwner = (householdId: string): string => `household:${householdId}`;

/** Whether a described token may be used by this caller (a token without an owner is nobody's). */
export function ownsToken(principal: Principal, description: { owner: string | null }): boolean {
  return description.owner !== null && description.owner === tokenOwnerOf(principal);
}
