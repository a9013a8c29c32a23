import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { ProblemType } from '@portal/contracts';
import type { Database } from '../../db/client';
import { policies } from '../../db/schema';
import { HttpProblem } from '../../plugins/errors';
import type { Principal } from '../principal';
import { authorizeHousehold } from './household';
import { authorizePolicy } from './policy';

/**
 * Member search and the household list (`POST /api/v1/Household/user`, SPEC §2, issue 13): who may name a
 * member to open, and which policies each caller's household list holds. The access rules of the household
 * list, in one place beside the others (issue 38).
 */

/** How staff name the member they open: an exchange subscriber id, a household, or one policy (issue 13). */
export type MemberReference =
  { exchangeSubscriberId: string } | { householdId: string } | { policyId: string };

/** Staff and brokers with the member-search permission may name a member (brokers find only their own clients). */
export const mayUseMemberSearch = (principal: Principal): boolean =>
  (principal.kind === 'staff' || principal.kind === 'broker') &&
  principal.permissions.includes(MEMBER_SEARCH_PERMISSION);

/**
 * Checks the caller may open the member `search` names; audits refusals. Without the member-search
 * permission: 403. Staff open only the member they act for (docs/decisions/043): the household or policy
 * named must be their acting session's, and so must every policy an exchange subscriber id finds.
 */
export async function authorizeMemberReference(
  request: FastifyRequest,
  db: Database,
  principal: Principal,
  search: MemberReference,
): Promise<void> {
  if (!mayUseMemberSearch(principal)) {
    await request.audit({ action: 'member-search', outcome: 'denied', reason: 'no-permission' });
    throw new HttpProblem(
      403,
      ProblemType.forbidden,
      'Not allowed',
      'Member search needs the member-search permission.',
    );
  }
  if (principal.kind !== 'staff') return;
  if ('householdId' in search) await authorizeHousehold(request, db, search.householdId);
  else if ('policyId' in search) await authorizePolicy(request, db, search.policyId);
  else
    for (const policyId of await policyIdsForMemberReference(db, search))
      await authorizePolicy(request, db, policyId);
}

/**
 * The ids of the policies the caller's household list holds apart from a member's own (those are read with
 * their summaries): a searched member's for member search, a broker's book, a guest's or an asserted
 * user's scope.
 */
export async function listablePolicyIds(
  db: Database,
  principal: Principal,
  search: MemberReference | undefined,
): Promise<string[]> {
  if (search !== undefined && mayUseMemberSearch(principal)) {
    const found = await policyIdsForMemberReference(db, search);
    if (principal.kind !== 'broker') return found;
    // A broker's search finds only their own clients.
    const book = new Set(await brokerPolicyIds(db, principal.brokerId));
    return found.filter((id) => book.has(id));
  }
  switch (principal.kind) {
    case 'member':
      // Read together with their summaries (householdsForCaller); members do not search.
      return [];
    case 'broker':
      return brokerPolicyIds(db, principal.brokerId);
    case 'staff':
      return [];
    case 'guest':
      return principal.policyIds;
    case 'asserted': {
      const byBroker = principal.brokerId ? await brokerPolicyIds(db, principal.brokerId) : [];
      return [...new Set([...principal.policyIds, ...byBroker])];
    }
  }
}

async function brokerPolicyIds(db: Database, brokerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.brokerId, brokerId))
    .orderBy(policies.createdAt);
  return rows.map((row) => row.id);
}

/**
 * Policies of the household(s) of a member staff open (member search): found by exchange subscriber id,
 * by household, or by one of their policies; a policy without a household brings its subscriber's other
 * policies without one.
 */
async function policyIdsForMemberReference(db: Database, reference: MemberReference): Promise<string[]> {
  const where =
    'exchangeSubscriberId' in reference
      ? sql`upper(${policies.exchangeSubscriberId}) = upper(${reference.exchangeSubscriberId})`
      : 'householdId' in reference
        ? eq(policies.householdId, reference.householdId)
        : eq(policies.id, reference.policyId);
  const found = await db
    .select({ householdId: policies.householdId, subscriberMemberId: policies.subscriberMemberId })
    .from(policies)
    .where(where);
  const householdIds = [
    ...new Set(found.map((f) => f.householdId).filter((id): id is string => id !== null)),
  ];
  const subscriberIds = [
    ...new Set(found.filter((f) => f.householdId === null).map((f) => f.subscriberMemberId)),
  ];
  if (householdIds.length === 0 && subscriberIds.length === 0) return [];
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      or(
        ...(householdIds.length > 0 ? [inArray(policies.householdId, householdIds)] : []),
        ...(subscriberIds.length > 0
          ? [and(isNull(policies.householdId), inArray(policies.subscriberMemberId, subscriberIds))]
          : []),
      ),
    )
    .orderBy(policies.createdAt);
  return rows.map((row) => row.id);
}
