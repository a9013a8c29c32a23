import type { FastifyRequest } from 'fastify';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import type { Principal, StaffPrincipal } from '../principal';

/** Primitives every module's access rules share (see ./index.ts for the rules themselves). */

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpProblem(401, ProblemType.unauthenticated, 'Sign-in required');
  return request.principal;
}

export const notFound = (what: string) =>
  new HttpProblem(404, ProblemType.notFound, 'Not found', `No such ${what}.`);
export const forbidden = () =>
  new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'This record is not yours to see or change.');

/**
 * Issuer staff with member-search find any member, and act for members (docs/decisions/043): they may
 * see and change one member's records at a time, those of their acting session.
 */
export const canSearchMembers = (principal: Principal): principal is StaffPrincipal =>
  principal.kind === 'staff' && principal.permissions.includes(MEMBER_SEARCH_PERMISSION);

/** What an acting session covers: a household, or for policies without one, their subscriber's. */
export interface ActingTarget {
  householdId: string | null;
  /** The subscriber of a policy that belongs to no household. */
  subscriberMemberId?: string | null;
}

/**
 * Whether staff act for this household (or these loose policies) in their acting session under way
 * (docs/decisions/043). Nobody else acts for anyone: false.
 */
export function actsFor(principal: Principal, target: ActingTarget): boolean {
  if (!canSearchMembers(principal) || principal.acting === null) return false;
  const acting = principal.acting;
  if (target.householdId !== null) return acting.householdId === target.householdId;
  return (
    acting.householdId === null &&
    target.subscriberMemberId != null &&
    acting.subscriberMemberId === target.subscriberMemberId
  );
}

/** Staff who may act for members touched a member's records outside an acting session for them. */
export const actingSessionRequired = () =>
  new HttpProblem(
    403,
    ProblemType.actingSessionRequired,
    'Acting session required',
    'Act for this member first: choose the member and a reason (POST /api/v1/staff/acting-session). Staff act for one member at a time.',
  );

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Audits a refusal and gives the problem to throw: `otherwise` (a 403, or a 404 where another household's
 * record answers like an unknown one) — except to staff who may act for members and are not acting for
 * this household (no acting session, or one for another member): they are told to start one (403
 * `acting-session-required`, which the staff portal explains), audited `no-acting-session` or
 * `acting-for-another-member` (docs/decisions/043).
 */
export async function refuse(
  request: FastifyRequest,
  recordType: string,
  recordIds: string[],
  householdId: string | null,
  otherwise: HttpProblem = forbidden(),
): Promise<HttpProblem> {
  const principal = request.principal;
  if (
    principal &&
    canSearchMembers(principal) &&
    (principal.acting === null || householdId === null || principal.acting.householdId !== householdId)
  ) {
    const reason = principal.acting === null ? 'no-acting-session' : 'acting-for-another-member';
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason,
      recordType,
      recordIds,
      actingForHouseholdId: householdId,
    });
    return actingSessionRequired();
  }
  await request.audit({
    action: 'access',
    outcome: 'denied',
    reason: 'not-owner',
    recordType,
    recordIds,
    actingForHouseholdId: householdId,
  });
  return otherwise;
}
