import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members, memberSpans, policies, preferences } from '../../db/schema';

export type MemberRow = typeof members.$inferSelect;
export type PreferencesRow = typeof preferences.$inferSelect;

export async function policyFacts(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      offExchange: policies.offExchange,
      marketCoverage: policies.marketCoverage,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}

/** The members on a policy (any span, cancelled or not), the subscriber first, each once with their relationship. */
export async function membersOnPolicy(db: Executor, policyId: string) {
  const rows = await db
    .selectDistinctOn([members.id], { member: members, relationship: memberSpans.relationship })
    .from(memberSpans)
    .innerJoin(members, eq(members.id, memberSpans.memberId))
    .where(eq(memberSpans.policyId, policyId))
    .orderBy(members.id, asc(memberSpans.startDate));
  return rows.sort((a, b) => Number(b.relationship === 'self') - Number(a.relationship === 'self') || a.member.dob.localeCompare(b.member.dob));
}

export async function lockMember(tx: Executor, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  return row;
}

export async function preferencesOf(db: Executor, householdId: string, lock = false): Promise<PreferencesRow | undefined> {
  const query = db.select().from(preferences).where(eq(preferences.householdId, householdId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The household's language: the version goes up. Creates the household's preferences when it has none (undefined if another request did meanwhile). */
export async function saveLanguage(tx: Executor, householdId: string, language: 'en' | 'es' | 'pt', exists: boolean): Promise<PreferencesRow | undefined> {
  if (exists) {
    const [row] = await tx
      .update(preferences)
      .set({ language, version: sql`${preferences.version} + 1`, updatedAt: new Date() })
      .where(eq(preferences.householdId, householdId))
      .returning();
    return row;
  }
  const [row] = await tx.insert(preferences).values({ householdId, language }).onConflictDoNothing().returning();
  return row;
}

/** A member's new details (an approved demographics request, issue 13): the version goes up. */
export async function updateMemberDetails(tx: Executor, memberId: string, values: Partial<Pick<MemberRow, 'firstName' | 'middleName' | 'lastName' | 'dob' | 'gender' | 'tobacco'>>): Promise<void> {
  await tx
    .update(members)
    .set({ ...values, version: sql`${members.version} + 1` })
    .where(eq(members.id, memberId));
}

export async function memberById(db: Executor, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  return row;
}
