import type { FastifyRequest } from 'fastify';
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { ProblemType } from '@portal/contracts';
import type { Database } from '../db/client';
import { households, memberSpans, policies } from '../db/schema';
import { HttpProblem } from '../plugins/errors';
import type { Principal } from './principal';

/**
 * Who may see or change which record: the one place the API's access rules live (ARCHITECTURE "Every
 * handler checks that the caller may see or change that household/policy/wallet").
 *
 * - a member: their own household, and policies they are covered by;
 * - a broker: policies where they are broker of record (and those policies' households);
 * - customer service with `member-search`: any member's records (every access is audited);
 * - a guest: the located subscriber's policies (and their household for the guest pages);
 * - an asserted user: the policies named in the assertion, and a named broker's policies.
 * An unknown id answers 404; an existing record that is not the caller's answers 403.
 */

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpProblem(401, ProblemType.unauthenticated, 'Sign-in required');
  return request.principal;
}

export const notFound = (what: string) => new HttpProblem(404, ProblemType.notFound, 'Not found', `No such ${what}.`);
const forbidden = () => new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'This record is not yours to see or change.');

/** Issuer staff with member-search may read any member's records (and every such access is audited). */
const canSearchMembers = (principal: Principal): boolean =>
  principal.kind === 'staff' && principal.permissions.includes(MEMBER_SEARCH_PERMISSION);

export interface PolicyRef {
  id: string;
  householdId: string | null;
  brokerId: string | null;
  subscriberMemberId: string;
}

const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

async function policyRef(db: Database, policyId: string): Promise<PolicyRef | undefined> {
  if (!isUuid(policyId)) return undefined;
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}

async function memberIsCovered(db: Database, memberId: string, policyId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberSpans)
    .where(and(eq(memberSpans.memberId, memberId), eq(memberSpans.policyId, policyId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `principal` may see (and, with the matching role action, act on) this policy. */
export async function mayAccessPolicy(db: Database, principal: Principal, policy: PolicyRef): Promise<boolean> {
  switch (principal.kind) {
    case 'member':
      if (principal.householdId !== null && policy.householdId === principal.householdId) return true;
      if (principal.memberId === null) return false;
      return policy.subscriberMemberId === principal.memberId || memberIsCovered(db, principal.memberId, policy.id);
    case 'broker':
      // Brokers see their book of business only, even where they may search it (member-search).
      return policy.brokerId === principal.brokerId;
    case 'staff':
      return canSearchMembers(principal);
    case 'guest':
      return principal.policyIds.includes(policy.id);
    case 'asserted':
      return principal.policyIds.includes(policy.id) || (principal.brokerId !== null && policy.brokerId === principal.brokerId);
  }
}

/**
 * Loads the policy and checks the caller may access it; audits refusals. Returns its reference
 * (household for the audit's "acting for").
 */
export async function authorizePolicy(request: FastifyRequest, db: Database, policyId: string): Promise<PolicyRef> {
  const principal = requirePrincipal(request);
  const policy = await policyRef(db, policyId);
  if (!policy) throw notFound('policy');
  if (!(await mayAccessPolicy(db, principal, policy))) {
    await request.audit({ action: 'access', outcome: 'denied', reason: 'not-owner', recordType: 'policy', recordIds: [policyId], actingForHouseholdId: policy.householdId });
    throw forbidden();
  }
  return policy;
}

/** Checks the caller may access this household (see the rules above); audits refusals. */
export async function authorizeHousehold(request: FastifyRequest, db: Database, householdId: string): Promise<void> {
  const principal = requirePrincipal(request);
  const [household] = isUuid(householdId)
    ? await db.select({ id: households.id }).from(households).where(eq(households.id, householdId))
    : [];
  if (!household) throw notFound('household');
  let allowed: boolean;
  switch (principal.kind) {
    case 'member':
    case 'guest':
      allowed = principal.householdId === householdId;
      break;
    case 'staff':
      allowed = canSearchMembers(principal);
      break;
    case 'broker':
    case 'asserted': {
      const brokerId = principal.brokerId;
      const named = principal.kind === 'asserted' ? principal.policyIds.filter(isUuid) : [];
      const conditions = [
        ...(brokerId ? [eq(policies.brokerId, brokerId)] : []),
        ...(named.length > 0 ? [inArray(policies.id, named)] : []),
      ];
      if (conditions.length === 0) {
        allowed = false;
        break;
      }
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(households)
        .where(
          and(
            eq(households.id, householdId),
            exists(db.select({ one: sql`1` }).from(policies).where(and(eq(policies.householdId, householdId), or(...conditions)))),
          ),
        );
      allowed = row !== undefined;
      break;
    }
  }
  if (!allowed) {
    await request.audit({ action: 'access', outcome: 'denied', reason: 'not-owner', recordType: 'household', recordIds: [householdId], actingForHouseholdId: householdId });
    throw forbidden();
  }
}
