import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coverageSpans, members, memberSpans, policies } from '../../db/schema';

/** What the dependent commands need of a policy: where changes to it go, and its coverage periods. */
export async function policyForDependents(db: Executor, policyId: string) {
  const [policy] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      subscriberMemberId: policies.subscriberMemberId,
      offExchange: policies.offExchange,
      marketCoverage: policies.marketCoverage,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (!policy) return undefined;
  const spans = await db
    .select({ startDate: coverageSpans.startDate, endDate: coverageSpans.endDate, cancelled: coverageSpans.cancelled })
    .from(coverageSpans)
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(asc(coverageSpans.startDate));
  return { ...policy, spans };
}
export type DependentsPolicy = NonNullable<Awaited<ReturnType<typeof policyForDependents>>>;

/** Every member's spans on the policy, oldest first (one row per span). */
export async function memberSpansOnPolicy(db: Executor, policyId: string) {
  return db
    .select({
      memberId: members.id,
      folderId: members.folderId,
      exchangeMemberId: members.exchangeMemberId,
      firstName: members.firstName,
      lastName: members.lastName,
      dob: members.dob,
      relationship: memberSpans.relationship,
      startDate: memberSpans.startDate,
      endDate: memberSpans.endDate,
      cancelled: memberSpans.cancelled,
    })
    .from(memberSpans)
    .innerJoin(members, eq(members.id, memberSpans.memberId))
    .where(eq(memberSpans.policyId, policyId))
    .orderBy(asc(memberSpans.startDate));
}

/** A new member of the household (an approved add-dependent request, issue 13). */
export async function insertMember(tx: Executor, values: typeof members.$inferInsert): Promise<string> {
  const [row] = await tx.insert(members).values(values).returning({ id: members.id });
  if (!row) throw new Error('member not written');
  return row.id;
}

export async function insertMemberSpan(tx: Executor, values: typeof memberSpans.$inferInsert): Promise<void> {
  await tx.insert(memberSpans).values(values);
}

/** One member's spans on a policy, locked for the transaction (a removal ends them). */
export async function lockMemberSpans(tx: Executor, policyId: string, memberId: string) {
  return tx
    .select()
    .from(memberSpans)
    .where(and(eq(memberSpans.policyId, policyId), eq(memberSpans.memberId, memberId)))
    .orderBy(asc(memberSpans.startDate))
    .for('update');
}

export async function updateMemberSpan(tx: Executor, id: string, values: Partial<Pick<typeof memberSpans.$inferSelect, 'endDate' | 'cancelled'>>): Promise<void> {
  await tx.update(memberSpans).set(values).where(eq(memberSpans.id, id));
}
