import {
  and,
  asc,
  eq,
  exists,
  inArray,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { members, memberSpans } from '../../db/schema';
import { policyLabelsOf } from '../policy/service';

export type MemberRow = typeof members.$inferSelect;

export async function memberById(db: Executor, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  return row;
}

/** The member's spans on these policies, with the policy facts the answer names, oldest first. */
export async function memberSpansOn(db: Database, memberId: string, policyIds: readonly string[]) {
  if (policyIds.length === 0) return [];
  const labels = policyLabelsOf(db, policyIds);
  return db
    .select({
      span: memberSpans,
      policyNumber: labels.policyNumber,
      lineOfCoverage: labels.lineOfCoverage,
    })
    .from(memberSpans)
    .innerJoin(labels, eq(labels.id, memberSpans.policyId))
    .where(and(eq(memberSpans.memberId, memberId), inArray(memberSpans.policyId, [...policyIds])))
    .orderBy(labels.createdAt, memberSpans.policyId, memberSpans.startDate);
}

/** When each of these members' records was created (FHIR `meta.lastUpdated`, issue 37). */
export async function memberCreatedTimes(db: Database, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: members.id, createdAt: members.createdAt })
    .from(members)
    .where(inArray(members.id, [...memberIds]));
}

/** Gives member spans back their end (and takes back their cancellation): a reinstated coverage's members. */
export async function restoreMemberSpans(
  tx: Executor,
  changes: readonly { id: string; endDate: string }[],
): Promise<void> {
  for (const change of changes)
    await tx
      .update(memberSpans)
      .set({ endDate: change.endDate, cancelled: false })
      .where(eq(memberSpans.id, change.id));
}

/** The members on a policy (any span, cancelled or not), the subscriber first, each once with their relationship. */
export async function membersOnPolicy(db: Executor, policyId: string) {
  const rows = await db
    .selectDistinctOn([members.id], { member: members, relationship: memberSpans.relationship })
    .from(memberSpans)
    .innerJoin(members, eq(members.id, memberSpans.memberId))
    .where(eq(memberSpans.policyId, policyId))
    .orderBy(members.id, asc(memberSpans.startDate));
  return rows.sort(
    (a, b) =>
      Number(b.relationship === 'self') - Number(a.relationship === 'self') ||
      a.member.dob.localeCompare(b.member.dob),
  );
}

export async function lockMember(tx: Executor, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  return row;
}

/** A member's new details (an approved demographics request, issue 13): the version goes up. */
export async function updateMemberDetails(
  tx: Executor,
  memberId: string,
  values: Partial<Pick<MemberRow, 'firstName' | 'middleName' | 'lastName' | 'dob' | 'gender' | 'tobacco'>>,
): Promise<void> {
  await tx
    .update(members)
    .set({ ...values, version: sql`${members.version} + 1` })
    .where(eq(members.id, memberId));
}

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

/** One member's spans on a policy, locked for the transaction (a removal ends them). */
export async function lockMemberSpans(tx: Executor, policyId: string, memberId: string) {
  return tx
    .select()
    .from(memberSpans)
    .where(and(eq(memberSpans.policyId, policyId), eq(memberSpans.memberId, memberId)))
    .orderBy(asc(memberSpans.startDate))
    .for('update');
}

/** A member span's dates or cancellation (a dependent removed, a coverage change approved; issue 13). */
export async function updateMemberSpan(
  tx: Executor,
  id: string,
  values: Partial<Pick<typeof memberSpans.$inferSelect, 'startDate' | 'endDate' | 'cancelled'>>,
): Promise<void> {
  await tx.update(memberSpans).set(values).where(eq(memberSpans.id, id));
}

export async function insertMemberSpans(
  tx: Executor,
  values: (typeof memberSpans.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(memberSpans).values(values);
}

// --- reads and writes for the enrollment module (the X12 834 import and its effectuation file, issue 34) ---

export type NewMember = typeof members.$inferInsert;
export type NewMemberSpan = typeof memberSpans.$inferInsert;

/** A member's facts an 834 may report (only those it names are given). */
export type MemberFacts = Partial<
  Pick<
    MemberRow,
    'firstName' | 'lastName' | 'middleName' | 'dob' | 'ssnLast4' | 'gender' | 'tobacco' | 'email'
  >
>;

/** The members the exchange knows by these member ids (REF*17), in one read. */
export async function membersByExchangeIds(db: Executor, exchangeMemberIds: readonly string[]) {
  if (exchangeMemberIds.length === 0) return [];
  return db
    .select({ id: members.id, householdId: members.householdId, exchangeMemberId: members.exchangeMemberId })
    .from(members)
    .where(inArray(members.exchangeMemberId, [...exchangeMemberIds]));
}

/** The member the exchange knows by this member id (REF*17). */
export async function memberByExchangeId(
  db: Executor,
  exchangeMemberId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.exchangeMemberId, exchangeMemberId));
  return row;
}

/** New members, in one statement; their ids by exchange member id. */
export async function insertMembers(tx: Executor, values: readonly NewMember[]) {
  if (values.length === 0) return [];
  return tx
    .insert(members)
    .values([...values])
    .returning({ id: members.id, exchangeMemberId: members.exchangeMemberId });
}

/** The facts given, when any differs from the member's record (the version goes up); whether it changed. */
export async function updateMemberFacts(
  tx: Executor,
  memberId: string,
  facts: MemberFacts,
): Promise<boolean> {
  if (Object.keys(facts).length === 0) return false;
  const [before] = await tx.select().from(members).where(eq(members.id, memberId));
  const changed =
    before !== undefined &&
    Object.entries(facts).some(([key, value]) => (before as Record<string, unknown>)[key] !== value);
  if (changed)
    await tx
      .update(members)
      .set({ ...facts, version: sql`${members.version} + 1` })
      .where(eq(members.id, memberId));
  return changed;
}

/** Whether the member has a span on the policy (any, cancelled or not). */
export async function hasMemberSpan(db: Executor, policyId: string, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: memberSpans.id })
    .from(memberSpans)
    .where(and(eq(memberSpans.policyId, policyId), eq(memberSpans.memberId, memberId)));
  return rows.length > 0;
}

/** The members with a span on the policy (any, cancelled or not), each once. */
export async function memberIdsOnPolicy(db: Executor, policyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ memberId: memberSpans.memberId })
    .from(memberSpans)
    .where(eq(memberSpans.policyId, policyId));
  return rows.map((row) => row.memberId);
}

/** Ends the member's coverage on the policy on `end`: spans starting later are cancelled, those running on end then. */
export async function endMemberSpans(
  tx: Executor,
  policyId: string,
  memberId: string,
  end: string,
): Promise<void> {
  const rows = await tx
    .select()
    .from(memberSpans)
    .where(
      and(
        eq(memberSpans.policyId, policyId),
        eq(memberSpans.memberId, memberId),
        eq(memberSpans.cancelled, false),
      ),
    );
  for (const row of rows) {
    if (row.startDate > end)
      await tx.update(memberSpans).set({ cancelled: true }).where(eq(memberSpans.id, row.id));
    else if (row.endDate === null || row.endDate > end)
      await tx.update(memberSpans).set({ endDate: end }).where(eq(memberSpans.id, row.id));
  }
}

/** Every member span of the policy runs again, to `end` (an 834 reinstatement). */
export async function reinstateMemberSpans(tx: Executor, policyId: string, end: string): Promise<void> {
  await tx
    .update(memberSpans)
    .set({ cancelled: false, endDate: end })
    .where(eq(memberSpans.policyId, policyId));
}

/**
 * The people an effectuation 834 names for a coverage that starts on `coverageStart`: their spans on the
 * policy (not cancelled) begun by then, oldest first, with the exchange member id, name and relationship.
 */
export async function membersCoveredBy(db: Executor, policyId: string, coverageStart: string) {
  return db
    .select({
      memberId: members.exchangeMemberId,
      first: members.firstName,
      last: members.lastName,
      relationship: memberSpans.relationship,
    })
    .from(memberSpans)
    .innerJoin(members, eq(members.id, memberSpans.memberId))
    .where(
      and(
        eq(memberSpans.policyId, policyId),
        eq(memberSpans.cancelled, false),
        lte(memberSpans.startDate, coverageStart),
      ),
    )
    .orderBy(asc(memberSpans.startDate));
}

// --- reads for payment, reinstatement (issue 38) ---

/** Fragment: the folder id of the member `memberId` names (an SQL expression, e.g. a policy's subscriber), a scalar subquery. */
export const memberFolderIdOf = (db: Executor, memberId: SQLWrapper | AnyColumn) =>
  sql<string>`${db.select({ folderId: members.folderId }).from(members).where(eq(members.id, memberId))}`;

/** Who these members are by name (folder id, first and last name), by member id, in one query. */
export async function memberNames(
  db: Executor,
  memberIds: readonly string[],
): Promise<Map<string, { folderId: string; firstName: string; lastName: string }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      folderId: members.folderId,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(members)
    .where(inArray(members.id, [...new Set(memberIds)]));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/** The periods of the member spans on a policy (every member's, cancelled ones too), in no particular order. */
export async function memberSpanPeriodsOf(db: Executor, policyId: string) {
  return db
    .select({
      id: memberSpans.id,
      startDate: memberSpans.startDate,
      endDate: memberSpans.endDate,
      cancelled: memberSpans.cancelled,
    })
    .from(memberSpans)
    .where(eq(memberSpans.policyId, policyId));
}

/** The policy's member spans end on `endDate` (a termination): those that would start after it are cancelled. */
export async function endPolicyMemberSpans(tx: Executor, policyId: string, endDate: string): Promise<void> {
  await tx
    .update(memberSpans)
    .set({ cancelled: true, endDate: sql`${memberSpans.startDate}` })
    .where(
      and(
        eq(memberSpans.policyId, policyId),
        eq(memberSpans.cancelled, false),
        sql`${memberSpans.startDate} > ${endDate}`,
      ),
    );
  await tx
    .update(memberSpans)
    .set({ endDate })
    .where(
      and(
        eq(memberSpans.policyId, policyId),
        eq(memberSpans.cancelled, false),
        sql`(${memberSpans.endDate} is null or ${memberSpans.endDate} > ${endDate})`,
      ),
    );
}

/** Every live member span of the policy is cancelled (the coverage never took effect). */
export async function cancelPolicyMemberSpans(tx: Executor, policyId: string): Promise<void> {
  await tx
    .update(memberSpans)
    .set({ cancelled: true, endDate: sql`${memberSpans.startDate}` })
    .where(and(eq(memberSpans.policyId, policyId), eq(memberSpans.cancelled, false)));
}

// --- reads for policy-coverage, document PDFs ---

/**
 * Every member span of the policy with who it covers (id, names, date of birth), oldest first and, on one
 * day, the eldest first (the coverage pages' order).
 */
export async function coveredPeopleOnPolicy(db: Executor, policyId: string) {
  return db
    .select({
      span: memberSpans,
      member: { id: members.id, firstName: members.firstName, lastName: members.lastName, dob: members.dob },
    })
    .from(memberSpans)
    .innerJoin(members, eq(members.id, memberSpans.memberId))
    .where(eq(memberSpans.policyId, policyId))
    .orderBy(asc(memberSpans.startDate), asc(members.dob), asc(memberSpans.id));
}

/** The household's eldest member (whom a household's own notice is addressed to), undefined for none. */
export async function eldestMemberOfHousehold(
  db: Executor,
  householdId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(members.householdId, householdId))
    .orderBy(asc(members.dob))
    .limit(1);
  return row;
}

// --- reads for acting-session, additional-product, contact, notification, guest, service-request ---

/** A member's name, "first last", as a correlated scalar subquery on `memberId` (null: no such member), for a caller's one statement. */
export const memberFullNameOf = (memberId: AnyColumn | SQL) =>
  sql<
    string | null
  >`(select ${members.firstName} || ' ' || ${members.lastName} from ${members} where ${members.id} = ${memberId})`;

/**
 * Whether the member is of the household, holds one of `subscriberOf`'s policies (their subscribers' ids)
 * or is covered by one of `policyIds`: whether an acting session's target includes them.
 */
export async function memberBelongsTo(
  db: Executor,
  memberId: string,
  target: { householdId: string | null; policyIds: readonly string[]; subscriberIds: readonly string[] },
): Promise<boolean> {
  const ways = [
    ...(target.householdId !== null ? [eq(members.householdId, target.householdId)] : []),
    ...(target.subscriberIds.length > 0 ? [inArray(members.id, [...target.subscriberIds])] : []),
    ...(target.policyIds.length > 0
      ? [
          exists(
            db
              .select({ one: sql`1` })
              .from(memberSpans)
              .where(
                and(
                  eq(memberSpans.memberId, members.id),
                  inArray(memberSpans.policyId, [...target.policyIds]),
                ),
              ),
          ),
        ]
      : []),
  ];
  if (ways.length === 0) return false;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), or(...ways)))
    .limit(1);
  return row !== undefined;
}

/** The household's first member on record (whom an acting session names when the household has no policy). */
export async function firstMemberOfHousehold(db: Executor, householdId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.householdId, householdId))
    .orderBy(asc(members.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The household's people, each once, with their relationship: whom an application may name, the policyholder first, then from the eldest. */
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
