/**
 * The staff queue of service requests (issue 13; docs/decisions/030): who holds a request while it is
 * processed, when a claim has gone stale, and how old a request is. Pure rules: the server applies them
 * under the request's row lock.
 */

/** A claim nobody has acted on for this long may be taken over by another processor (a colleague went home). */
export const CLAIM_STALE_AFTER_MINUTES = 60;

/** Who holds a request now, as the queue stores it. */
export interface QueueClaim {
  readonly holder: string | null;
  readonly claimedAt: Date | null;
}

/** Whether a claim is older than {@link CLAIM_STALE_AFTER_MINUTES} at `now`. */
export function isClaimStale(claimedAt: Date | null, now: Date): boolean {
  if (claimedAt === null) return true;
  return now.getTime() - claimedAt.getTime() >= CLAIM_STALE_AFTER_MINUTES * 60_000;
}

/**
 * What claiming a request does for `me`:
 * - `claim`: nobody holds it;
 * - `mine`: I hold it already (claiming again only refreshes the time);
 * - `take-over`: someone else holds it, the claim is stale and I asked to take it over;
 * - `held`: someone else holds it (409 naming them; a stale one may be taken over on request).
 */
export type ClaimDecision = 'claim' | 'mine' | 'take-over' | 'held';

export function claimDecision(claim: QueueClaim, me: string, now: Date, takeOver: boolean): ClaimDecision {
  if (claim.holder === null) return 'claim';
  if (claim.holder === me) return 'mine';
  return takeOver && isClaimStale(claim.claimedAt, now) ? 'take-over' : 'held';
}

/** Whole days between a request's creation and `now` (a request made today is 0 days old). */
export function requestAgeDays(createdAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 86_400_000));
}

/** The service-request types whose approval changes records (the rest are answered and closed). */
export const APPLIED_ON_APPROVAL = [
  'add-dependent',
  'remove-dependent',
  'end-coverage',
  'change-coverage-dates',
  'change-plan',
  'reinstatement',
  'change-broker',
  'residential-address',
  'demographics',
] as const;
