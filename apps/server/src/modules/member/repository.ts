import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { members, memberSpans, policies } from '../../db/schema';

export async function memberById(db: Database, memberId: string) {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  return row;
}

/** The member's spans on these policies, with the policy facts the answer names, oldest first. */
export async function memberSpansOn(db: Database, memberId: string, policyIds: readonly string[]) {
  if (policyIds.length === 0) return [];
  return db
    .select({ span: memberSpans, policyNumber: policies.policyNumber, lineOfCoverage: policies.lineOfCoverage })
    .from(memberSpans)
    .innerJoin(policies, eq(policies.id, memberSpans.policyId))
    .where(and(eq(memberSpans.memberId, memberId), inArray(memberSpans.policyId, [...policyIds])))
    .orderBy(policies.createdAt, memberSpans.policyId, memberSpans.startDate);
}

/** When each of these members' records was created (FHIR `meta.lastUpdated`, issue 37). */
export async function memberCreatedTimes(db: Database, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return db.select({ id: members.id, createdAt: members.createdAt }).from(members).where(inArray(members.id, [...memberIds]));
}

/** Gives member spans back their end (and takes back their cancellation): a reinstated coverage's members. */
export async function restoreMemberSpans(tx: Executor, changes: readonly { id: string; endDate: string }[]): Promise<void> {
  for (const change of changes) await tx.update(memberSpans).set({ endDate: change.endDate, cancelled: false }).where(eq(memberSpans.id, change.id));
}
