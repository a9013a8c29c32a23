import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { households, members, memberSpans, policies } from '../../db/schema';

/** The household's people: whom an application may name. */
export async function householdMembers(db: Executor, householdId: string) {
  const rows = await db
    .select({
      memberId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      dob: members.dob,
      relationship: memberSpans.relationship,
    })
    .from(members)
    .leftJoin(memberSpans, eq(memberSpans.memberId, members.id))
    .where(eq(members.householdId, householdId))
    .orderBy(asc(members.dob), asc(members.id));
  // One row per person (a member on several policies has several spans; the first relationship is theirs).
  const seen = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!seen.has(row.memberId)) seen.set(row.memberId, row);
  // The policyholder first, then the others from the eldest.
  return [...seen.values()].sort(
    (a, b) => Number(b.relationship === 'self') - Number(a.relationship === 'self'),
  );
}

/** The lines of coverage the household holds now or from a coming date (active, pending or in a grace period). */
export async function coveredLines(db: Executor, householdId: string): Promise<Set<string>> {
  const rows = await db
    .select({ line: policies.lineOfCoverage })
    .from(policies)
    .where(
      and(
        eq(policies.householdId, householdId),
        inArray(policies.enrollmentStatus, ['Active', 'Pending', 'GracePeriod']),
      ),
    );
  return new Set(rows.map((row) => row.line));
}

/** Locks the household row: two applications of one household are made one after the other. */
export async function lockHousehold(tx: Executor, householdId: string): Promise<void> {
  await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for('update');
}
