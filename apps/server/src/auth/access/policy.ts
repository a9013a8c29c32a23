import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { memberSpans, policies } from '../../db/schema';
import type { Principal } from '../principal';
import { actsFor, isUuid, notFound, refuse, requirePrincipal } from './core';

export interface PolicyRef {
  id: string;
  householdId: string | null;
  brokerId: string | null;
  subscriberMemberId: string;
}

const statements = preparedStatements((db) => ({
  policyRef: db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(eq(policies.id, sql.placeholder('policyId')))
    .prepare('access_policy_ref'),
  memberIsCovered: db
    .select({ one: sql<number>`1` })
    .from(memberSpans)
    .where(
      and(
        eq(memberSpans.memberId, sql.placeholder('memberId')),
        eq(memberSpans.policyId, sql.placeholder('policyId')),
      ),
    )
    .limit(1)
    .prepare('access_member_is_covered'),
}));

export async function policyRef(db: Database, policyId: string): Promise<PolicyRef | undefined> {
  if (!isUuid(policyId)) return undefined;
  const [row] = await statements(db).policyRef.execute({ policyId });
  return row;
}

async function memberIsCovered(db: Database, memberId: string, policyId: string): Promise<boolean> {
  const [row] = await statements(db).memberIsCovered.execute({ memberId, policyId });
  return row !== undefined;
}

/** Whether `principal` may see (and, with the matching role action, act on) this policy. */
export async function mayAccessPolicy(
  db: Database,
  principal: Principal,
  policy: PolicyRef,
): Promise<boolean> {
  switch (principal.kind) {
    case 'member':
      if (principal.householdId !== null && policy.householdId === principal.householdId) return true;
      if (principal.memberId === null) return false;
      return (
        policy.subscriberMemberId === principal.memberId || memberIsCovered(db, principal.memberId, policy.id)
      );
    case 'broker':
      // Brokers see their book of business only, even where they may search it (member-search).
      return policy.brokerId === principal.brokerId;
    case 'staff':
      // Only the policies of their acting session's member (docs/decisions/043).
      return actsFor(principal, {
        householdId: policy.householdId,
        subscriberMemberId: policy.subscriberMemberId,
      });
    case 'guest':
      return principal.policyIds.includes(policy.id);
    case 'asserted':
      return (
        principal.policyIds.includes(policy.id) ||
        (principal.brokerId !== null && policy.brokerId === principal.brokerId)
      );
  }
}

/**
 * Loads the policy and checks the caller may access it; audits refusals. Returns its reference
 * (household for the audit's "acting for").
 */
export async function authorizePolicy(
  request: FastifyRequest,
  db: Database,
  policyId: string,
): Promise<PolicyRef> {
  requirePrincipal(request);
  const policy = await policyRef(db, policyId);
  if (!policy) throw notFound('policy');
  return authorizePolicyRef(request, db, policy);
}

/** {@link authorizePolicy} for a policy already loaded (with its page, in one statement). */
export async function authorizePolicyRef(
  request: FastifyRequest,
  db: Database,
  policy: PolicyRef,
): Promise<PolicyRef> {
  const principal = requirePrincipal(request);
  const policyId = policy.id;
  if (!(await mayAccessPolicy(db, principal, policy)))
    throw await refuse(request, 'policy', [policyId], policy.householdId);
  return policy;
}

/** Of these policies, the ones the caller may see (in no particular order); unknown ids are left out. */
export async function accessiblePolicyIds(
  db: Database,
  principal: Principal,
  policyIds: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(policyIds)].filter(isUuid);
  if (wanted.length === 0) return [];
  const refs = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(inArray(policies.id, wanted));
  const allowed = await Promise.all(refs.map((ref) => mayAccessPolicy(db, principal, ref)));
  return refs.filter((_, index) => allowed[index]).map((ref) => ref.id);
}
