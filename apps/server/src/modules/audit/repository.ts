import { and, desc, eq, gte, inArray, isNotNull, like, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { accountIdsNamed, accountSubjects, accountsOfSubjects } from '../../auth/accounts';
import { readTogether, type Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { actingReasonsOf } from '../acting-session/service';
import { brokerNamesOf } from '../broker/service';
import { householdsOfPolicyReference } from '../policy/service';

/** The households a member reference names: a policy number or an exchange subscriber id (case-insensitive). */
export async function householdsNamed(db: Executor, reference: string): Promise<string[]> {
  return householdsOfPolicyReference(db, reference);
}

/** The account ids a staff user or broker reference names: their username (case-insensitive). */
export async function accountsNamed(db: Executor, reference: string): Promise<string[]> {
  return accountIdsNamed(db, reference);
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

type AuditEntry = typeof auditLog.$inferSelect;

/**
 * Audit records with the actor's user name and the acting session's reason: the accounts (auth/) and
 * sessions (acting-session) of a page's rows read in one batch each, after the rows (admin pages).
 */
async function withNames(db: Executor, entries: AuditEntry[]) {
  const [accounts, reasons] = await readTogether(db, [
    () =>
      accountsOfSubjects(
        db,
        entries.map((entry) => entry.actorSubject),
      ),
    () =>
      actingReasonsOf(
        db,
        entries.flatMap((entry) => (entry.actingSessionId ? [entry.actingSessionId] : [])),
      ),
  ]);
  return entries.map((entry) => ({
    entry,
    actorName: entry.actorSubject === null ? null : (accounts.get(entry.actorSubject)?.username ?? null),
    actingReason: entry.actingSessionId === null ? null : (reasons.get(entry.actingSessionId) ?? null),
  }));
}

/** A page of audit records matching `where`, newest first, with the total. */
export async function auditPage(db: Executor, where: SQL | undefined, page: number, pageSize: number) {
  const [entries, total] = await readTogether(db, [
    () =>
      db
        .select()
        .from(auditLog)
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
  return { rows: await withNames(db, entries), total: total[0]?.n ?? 0 };
}

/** The next batch of matching records below `beforeId` (newest first): the CSV export reads in batches. */
export async function auditBatch(
  db: Executor,
  where: SQL | undefined,
  beforeId: number | null,
  size: number,
) {
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(where, beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(size);
  return withNames(db, entries);
}

/**
 * "Who has seen my information": what workforce accounts (staff and brokers) did to a household's records
 * and succeeded in, and what apps a member connected read through the FHIR API (their rows' role is
 * `app:<client id>`, issue 37), newest first, with who they are (the account's name and role, the broker's name).
 * Which actors are accounts, and which of them workforce ones, is asked in the statement (auth/'s
 * `accountSubjects`); their names are read after, for the page's rows only.
 */
export async function workforceAccessOf(db: Executor, householdId: string, page: number, pageSize: number) {
  // Starting and ending an acting session are staff's bookkeeping (decision 043): what they read and changed is listed.
  const where = and(
    eq(auditLog.actingForHouseholdId, householdId),
    eq(auditLog.outcome, 'success'),
    inArray(auditLog.actorSubject, accountSubjects(db)),
    or(inArray(auditLog.actorSubject, accountSubjects(db, 'workforce')), like(auditLog.actorRole, 'app:%')),
    notInArray(auditLog.action, ['acting.start', 'acting.end']),
  );
  const [entries, total] = await readTogether(db, [
    () =>
      db
        .select({
          occurredAt: auditLog.occurredAt,
          action: auditLog.action,
          recordType: auditLog.recordType,
          actorRole: auditLog.actorRole,
          actorSubject: auditLog.actorSubject,
        })
        .from(auditLog)
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
  const accounts = await accountsOfSubjects(
    db,
    entries.map((entry) => entry.actorSubject),
  );
  const brokers = await brokerNamesOf(db, [
    ...new Set([...accounts.values()].flatMap((account) => (account.brokerId ? [account.brokerId] : []))),
  ]);
  const rows = entries.flatMap(({ actorSubject, ...entry }) => {
    const account = actorSubject === null ? undefined : accounts.get(actorSubject);
    // Every row's actor is an account (the statement asked); one deleted since is left out, as the join left it.
    if (!account) return [];
    const broker = account.brokerId === null ? undefined : brokers.get(account.brokerId);
    return [
      {
        ...entry,
        roles: account.roles,
        username: account.username,
        givenName: account.givenName,
        familyName: account.familyName,
        brokerFirstName: broker?.firstName ?? null,
        brokerLastName: broker?.lastName ?? null,
        agencyName: broker?.agencyName ?? null,
      },
    ];
  });
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
  const entries = await db
    .select()
    .from(auditLog)
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
  const [accounts, reasons] = await readTogether(db, [
    () =>
      accountsOfSubjects(
        db,
        entries.map((entry) => entry.actorSubject),
      ),
    () =>
      actingReasonsOf(
        db,
        entries.flatMap((entry) => (entry.actingSessionId ? [entry.actingSessionId] : [])),
      ),
  ]);
  return entries.map((entry) => {
    const account = entry.actorSubject === null ? undefined : accounts.get(entry.actorSubject);
    return {
      occurredAt: entry.occurredAt,
      actorRole: entry.actorRole,
      givenName: account?.givenName ?? null,
      familyName: account?.familyName ?? null,
      action: entry.action,
      recordType: entry.recordType,
      outcome: entry.outcome,
      actingReason: entry.actingSessionId === null ? null : (reasons.get(entry.actingSessionId) ?? null),
    };
  });
}
