import { and, desc, eq, gte, inArray, isNotNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { accounts, actingSessions, auditLog, brokers, policies } from '../../db/schema';

/** The households a member reference names: a policy number or an exchange subscriber id (case-insensitive). */
export async function householdsNamed(db: Executor, reference: string): Promise<string[]> {
  const lower = reference.trim().toLowerCase();
  const rows = await db
    .selectDistinct({ householdId: policies.householdId })
    .from(policies)
    .where(
      or(
        sql`lower(${policies.policyNumber}) = ${lower}`,
        sql`lower(${policies.exchangeSubscriberId}) = ${lower}`,
      ),
    );
  return rows.map((row) => row.householdId).filter((id): id is string => id !== null);
}

/** The account ids a staff user or broker reference names: their username (case-insensitive). */
export async function accountsNamed(db: Executor, reference: string): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = ${reference.trim().toLowerCase()}`);
  return rows.map((row) => row.id);
}

export interface AuditFilter {
  householdIds?: string[];
  actorSubjects?: string[];
  action?: string;
  /** Instants (the tenant's calendar days turned into their first moment). */
  from?: string;
  toExclusive?: string;
}

export function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.householdIds)
    conditions.push(
      filter.householdIds.length > 0
        ? inArray(auditLog.actingForHouseholdId, filter.householdIds)
        : sql`false`,
    );
  if (filter.actorSubjects)
    conditions.push(
      filter.actorSubjects.length > 0 ? inArray(auditLog.actorSubject, filter.actorSubjects) : sql`false`,
    );
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.occurredAt, new Date(filter.from)));
  if (filter.toExclusive) conditions.push(lt(auditLog.occurredAt, new Date(filter.toExclusive)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const recordColumns = {
  entry: auditLog,
  actorName: accounts.username,
  actingReason: actingSessions.reason,
};

/** A page of audit records matching `where`, newest first, with the total. */
export async function auditPage(db: Executor, where: SQL | undefined, page: number, pageSize: number) {
  const [rows, total] = await readTogether(db, [
    () =>
      db
        .select(recordColumns)
        .from(auditLog)
        .leftJoin(accounts, sql`${accounts.id}::text = ${auditLog.actorSubject}`)
        .leftJoin(actingSessions, eq(actingSessions.id, auditLog.actingSessionId))
        .where(where)
        .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The next batch of matching records below `beforeId` (newest first): the CSV export reads in batches. */
export async function auditBatch(
  db: Executor,
  where: SQL | undefined,
  beforeId: number | null,
  size: number,
) {
  return db
    .select(recordColumns)
    .from(auditLog)
    .leftJoin(accounts, sql`${accounts.id}::text = ${auditLog.actorSubject}`)
    .leftJoin(actingSessions, eq(actingSessions.id, auditLog.actingSessionId))
    .where(and(where, beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(size);
}

/**
 * "Who has seen my information": what workforce accounts (staff and brokers) did to a household's records
 * and succeeded in, and what apps a member connected read through the FHIR API (their rows' role is
 * `app:<client id>`, issue 37), newest first, with who they are (the account's name and role, the broker's name).
 */
export async function workforceAccessOf(db: Executor, householdId: string, page: number, pageSize: number) {
  // Starting and ending an acting session are staff's bookkeeping (decision 043): what they read and changed is listed.
  const where = and(
    eq(auditLog.actingForHouseholdId, householdId),
    eq(auditLog.outcome, 'success'),
    or(eq(accounts.realm, 'workforce'), sql`${auditLog.actorRole} like 'app:%'`),
    notInArray(auditLog.action, ['acting.start', 'acting.end']),
  );
  const [rows, total] = await readTogether(db, [
    () =>
      db
        .select({
          occurredAt: auditLog.occurredAt,
          action: auditLog.action,
          recordType: auditLog.recordType,
          actorRole: auditLog.actorRole,
          roles: accounts.roles,
          username: accounts.username,
          givenName: accounts.givenName,
          familyName: accounts.familyName,
          brokerFirstName: brokers.firstName,
          brokerLastName: brokers.lastName,
          agencyName: brokers.agencyName,
        })
        .from(auditLog)
        .innerJoin(accounts, sql`${accounts.id}::text = ${auditLog.actorSubject}`)
        .leftJoin(brokers, eq(brokers.id, accounts.brokerId))
        .where(where)
        .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .innerJoin(accounts, sql`${accounts.id}::text = ${auditLog.actorSubject}`)
        .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * What others did on a household's records (Member 360's contact history): entries by callers of any role
 * but `excludeRoles`, without plain reads, newest first, with the actor's names and the acting session's reason.
 */
export async function contactHistoryRows(
  db: Executor,
  householdId: string,
  excludeRoles: readonly string[],
  limit: number,
) {
  return db
    .select({
      occurredAt: auditLog.occurredAt,
      actorRole: auditLog.actorRole,
      givenName: accounts.givenName,
      familyName: accounts.familyName,
      action: auditLog.action,
      recordType: auditLog.recordType,
      outcome: auditLog.outcome,
      actingReason: actingSessions.reason,
    })
    .from(auditLog)
    .leftJoin(accounts, sql`${accounts.id}::text = ${auditLog.actorSubject}`)
    .leftJoin(actingSessions, eq(actingSessions.id, auditLog.actingSessionId))
    .where(
      and(
        eq(auditLog.actingForHouseholdId, householdId),
        isNotNull(auditLog.actorRole),
        notInArray(auditLog.actorRole, [...excludeRoles]),
        sql`${auditLog.action} <> 'read'`,
      ),
    )
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit);
}
