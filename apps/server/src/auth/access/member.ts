import type { FastifyRequest } from 'fastify';
import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, memberSpans, policies } from '../../db/schema';
import { notFound, refuse, requirePrincipal } from './core';
import { mayAccessHousehold } from './household';
import { accessiblePolicyIds } from './policy';

export interface MemberRef {
  id: string;
  householdId: string | null;
  /** The policies the member is (or was) on that the caller may see. */
  policyIds: string[];
}

/**
 * A member (SPEC §7 `GET v1/Member/2/{folderId}`) is the caller's to see when the caller may see a
 * policy the member is on, or the member's household; only those policies are shown.
 */
export async function authorizeMember(
  request: FastifyRequest,
  db: Database,
  folderId: string,
): Promise<MemberRef> {
  const principal = requirePrincipal(request);
  const [member] = await db
    .select({ id: members.id, householdId: members.householdId })
    .from(members)
    .where(eq(members.folderId, folderId));
  if (!member) throw notFound('member');
  const onPolicies = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      or(
        eq(policies.subscriberMemberId, member.id),
        exists(
          db
            .select({ one: sql`1` })
            .from(memberSpans)
            .where(and(eq(memberSpans.policyId, policies.id), eq(memberSpans.memberId, member.id))),
        ),
      ),
    );
  const policyIds = await accessiblePolicyIds(
    db,
    principal,
    onPolicies.map((row) => row.id),
  );
  const householdVisible =
    member.householdId !== null && (await mayAccessHousehold(db, principal, member.householdId));
  if (policyIds.length === 0 && !householdVisible) {
    // Another household's member answers exactly like an unknown one (the refusal is still audited).
    throw await refuse(request, 'member', [member.id], member.householdId, notFound('member'));
  }
  return { ...member, policyIds };
}
