import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { serviceRequestAttachments, serviceRequestEvents, serviceRequests } from '../../db/schema';
import { accountNames } from '../../auth/accounts';
import { memberById, memberFullNameOf } from '../member/service';
import { policyFacts, policyNumberOf, subscriberOfPolicy } from '../policy/service';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type ServiceRequestEventRow = typeof serviceRequestEvents.$inferSelect;
export type AttachmentMeta = Pick<
  typeof serviceRequestAttachments.$inferSelect,
  'id' | 'requestId' | 'fileName' | 'contentType' | 'sizeBytes'
>;

export async function insertServiceRequest(
  tx: Executor,
  values: typeof serviceRequests.$inferInsert,
): Promise<ServiceRequestRow> {
  const [row] = await tx.insert(serviceRequests).values(values).returning();
  if (!row) throw new Error('service request not written');
  return row;
}

export async function insertEvent(
  tx: Executor,
  values: typeof serviceRequestEvents.$inferInsert,
): Promise<void> {
  await tx.insert(serviceRequestEvents).values(values);
}

/** The request, locked for this transaction (a status change takes turns with any other). */
export async function lockServiceRequest(tx: Executor, id: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
  return row;
}

/** A new status: the version goes up, so a change made from an older read is refused. */
export async function setStatus(
  tx: Executor,
  id: string,
  values: Pick<ServiceRequestRow, 'status'> & Partial<Pick<ServiceRequestRow, 'resolution'>>,
): Promise<void> {
  await tx
    .update(serviceRequests)
    .set({ ...values, version: sql`${serviceRequests.version} + 1`, updatedAt: new Date() })
    .where(eq(serviceRequests.id, id));
}

export async function insertAttachment(
  tx: Executor,
  values: typeof serviceRequestAttachments.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(serviceRequestAttachments)
    .values(values)
    .returning({ id: serviceRequestAttachments.id });
  if (!row) throw new Error('attachment not written');
  return row.id;
}

/** Files and bytes attached so far, to one request and to one household's requests since `days` ago. */
export async function attachmentTotals(tx: Executor, requestId: string, householdId: string, days: number) {
  // The household's uploads take turns (a transaction-scoped lock on its id), so two at once cannot both
  // fit under the limit with room for one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attachments:${householdId}`}, 0))`);
  const totals = (where: ReturnType<typeof and>) =>
    tx
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<string | number>`coalesce(sum(${serviceRequestAttachments.sizeBytes}), 0)::bigint`,
      })
      .from(serviceRequestAttachments)
      .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestAttachments.requestId))
      .where(where)
      .then(([row]) => ({ files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) }));
  return {
    request: await totals(eq(serviceRequestAttachments.requestId, requestId)),
    household: await totals(
      and(
        eq(serviceRequests.householdId, householdId),
        sql`${serviceRequestAttachments.createdAt} > now() - make_interval(days => ${days})`,
      ),
    ),
  };
}

export async function attachmentContent(db: Executor, requestId: string, attachmentId: string) {
  const [row] = await db
    .select()
    .from(serviceRequestAttachments)
    .where(
      and(eq(serviceRequestAttachments.id, attachmentId), eq(serviceRequestAttachments.requestId, requestId)),
    );
  return row;
}

/** Requests with what the member's list shows beside each: its policy number, history and attachments. */
export async function serviceRequestsWithDetails(
  db: Executor,
  where: { householdId: string; policyId?: string | undefined; ids?: string[] },
) {
  const conditions = [eq(serviceRequests.householdId, where.householdId)];
  if (where.policyId !== undefined) conditions.push(eq(serviceRequests.policyId, where.policyId));
  if (where.ids !== undefined) conditions.push(inArray(serviceRequests.id, where.ids));
  const rows = await db
    .select({ request: serviceRequests, policyNumber: policyNumberOf(db, serviceRequests.policyId) })
    .from(serviceRequests)
    .where(and(...conditions))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
  const ids = rows.map((row) => row.request.id);
  if (ids.length === 0) return [];
  const [events, attachments] = await readTogether(db, [
    () =>
      db
        .select()
        .from(serviceRequestEvents)
        .where(inArray(serviceRequestEvents.requestId, ids))
        .orderBy(asc(serviceRequestEvents.id)),
    () =>
      db
        .select({
          id: serviceRequestAttachments.id,
          requestId: serviceRequestAttachments.requestId,
          fileName: serviceRequestAttachments.fileName,
          contentType: serviceRequestAttachments.contentType,
          sizeBytes: serviceRequestAttachments.sizeBytes,
        })
        .from(serviceRequestAttachments)
        .where(inArray(serviceRequestAttachments.requestId, ids))
        .orderBy(asc(serviceRequestAttachments.createdAt)),
  ]);
  return rows.map((row) => ({
    ...row,
    events: events.filter((event) => event.requestId === row.request.id),
    attachments: attachments.filter((attachment) => attachment.requestId === row.request.id),
  }));
}

export type ServiceRequestWithDetails = Awaited<ReturnType<typeof serviceRequestsWithDetails>>[number];

/** The household a request is from (null: no such request); staff act for it from the queue. */
export async function householdOfServiceRequest(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ householdId: serviceRequests.householdId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  return row?.householdId ?? null;
}

/** The staff queue's filter (issue 13; docs/decisions/030). */
export interface QueueFilter {
  type?: string | undefined;
  /** `open` (Submitted or In review), `all`, or one status. */
  status: string;
  /** Made at or before this instant (a minimum age). */
  createdBefore?: Date | undefined;
  /** Only the request with this reference number. */
  reference?: string | undefined;
  /** `me` (this subject's claims), `unassigned`, or `anyone`. */
  assignee: 'anyone' | 'me' | 'unassigned';
  subject: string;
  sort: 'oldest' | 'newest';
  offset: number;
  limit: number;
}

const OPEN = ['Submitted', 'InReview'] as const;

function queueConditions(filter: QueueFilter) {
  const conditions = [];
  if (filter.status === 'open') conditions.push(inArray(serviceRequests.status, [...OPEN]));
  else if (filter.status !== 'all')
    conditions.push(eq(serviceRequests.status, filter.status as ServiceRequestRow['status']));
  if (filter.type !== undefined) conditions.push(eq(serviceRequests.type, filter.type));
  if (filter.createdBefore !== undefined)
    conditions.push(lte(serviceRequests.createdAt, filter.createdBefore));
  if (filter.reference !== undefined)
    conditions.push(sql`upper(${serviceRequests.referenceNumber}) = ${filter.reference}`);
  if (filter.assignee === 'me') conditions.push(eq(serviceRequests.assignedToSubject, filter.subject));
  if (filter.assignee === 'unassigned') conditions.push(isNull(serviceRequests.assignedToSubject));
  return and(...conditions);
}

/** One page of the queue with the policy number and the subscriber's name (policy's and member's scalar subqueries: one statement), and how many match. */
export async function queuePage(db: Executor, filter: QueueFilter) {
  const where = queueConditions(filter);
  const order =
    filter.sort === 'oldest'
      ? [asc(serviceRequests.createdAt), asc(serviceRequests.id)]
      : [desc(serviceRequests.createdAt), desc(serviceRequests.id)];
  const [rows, [count]] = await readTogether(db, [
    () =>
      db
        .select({
          request: serviceRequests,
          policyNumber: policyNumberOf(db, serviceRequests.policyId),
          subscriberName: memberFullNameOf(subscriberOfPolicy(db, serviceRequests.policyId)),
        })
        .from(serviceRequests)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset),
    () =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(serviceRequests)
        .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Open requests per type with their ages (the dashboard). */
export async function openRequestsByType(db: Executor, now: Date) {
  const age = sql`extract(epoch from (${now.toISOString()}::timestamptz - ${serviceRequests.createdAt})) / 86400`;
  return db
    .select({
      type: serviceRequests.type,
      open: sql<number>`count(*)::int`,
      submitted: sql<number>`(count(*) filter (where ${serviceRequests.status} = 'Submitted'))::int`,
      inReview: sql<number>`(count(*) filter (where ${serviceRequests.status} = 'InReview'))::int`,
      unassigned: sql<number>`(count(*) filter (where ${serviceRequests.assignedToSubject} is null))::int`,
      oldestDays: sql<number>`floor(greatest(max(${age}), 0))::int`,
      averageDays: sql<number>`round(greatest(avg(${age}), 0)::numeric, 1)::float8`,
    })
    .from(serviceRequests)
    .where(inArray(serviceRequests.status, [...OPEN]))
    .groupBy(serviceRequests.type)
    .orderBy(desc(sql`count(*)`), asc(serviceRequests.type));
}

/** The subscriber of a request's policy, by name (the queue's detail). */
export async function subscriberNameOf(db: Executor, policyId: string | null): Promise<string | null> {
  if (policyId === null) return null;
  const policy = await policyFacts(db, policyId);
  const subscriber = policy ? await memberById(db, policy.subscriberMemberId) : undefined;
  return subscriber ? `${subscriber.firstName} ${subscriber.lastName}` : null;
}

/** Who holds a request now (a claim, issue 13): set, moved to another processor, or cleared. */
export async function setAssignee(
  tx: Executor,
  id: string,
  assignee: { subject: string; name: string; at: Date } | null,
  status?: ServiceRequestRow['status'],
): Promise<void> {
  await tx
    .update(serviceRequests)
    .set({
      assignedToSubject: assignee?.subject ?? null,
      assignedToName: assignee?.name ?? null,
      claimedAt: assignee?.at ?? null,
      ...(status ? { status } : {}),
      version: sql`${serviceRequests.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(serviceRequests.id, id));
}

/** Sets the members a request is about (an added dependent, once approved, is a member). */
export async function setMemberIds(tx: Executor, id: string, memberIds: string[]): Promise<void> {
  await tx.update(serviceRequests).set({ memberIds }).where(eq(serviceRequests.id, id));
}

/** A staff account's name as colleagues know it (a claim shows it). */
export async function staffNameOf(db: Executor, accountId: string): Promise<string | null> {
  const row = await accountNames(db, accountId);
  if (!row) return null;
  const name = [row.givenName, row.familyName].filter(Boolean).join(' ').trim();
  return name === '' ? row.username : name;
}

/**
 * Claims a request for one processor in one conditional statement (issue 13): only while it is open, at
 * the version the processor saw, and nobody else holds it — or, with `staleBefore`, their claim is older
 * than that. Submitted becomes In review. Answers the row as it now is, or nothing when the condition failed.
 */
export async function claimIfFree(
  tx: Executor,
  id: string,
  claim: { subject: string; name: string; at: Date; version: number; staleBefore: Date | null },
): Promise<ServiceRequestRow | undefined> {
  const free = claim.staleBefore
    ? sql`(${serviceRequests.assignedToSubject} is null or ${serviceRequests.assignedToSubject} = ${claim.subject} or ${serviceRequests.claimedAt} <= ${claim.staleBefore.toISOString()}::timestamptz)`
    : sql`(${serviceRequests.assignedToSubject} is null or ${serviceRequests.assignedToSubject} = ${claim.subject})`;
  const [row] = await tx
    .update(serviceRequests)
    .set({
      assignedToSubject: claim.subject,
      assignedToName: claim.name,
      claimedAt: claim.at,
      status: 'InReview',
      version: sql`${serviceRequests.version} + 1`,
      updatedAt: claim.at,
    })
    .where(
      and(
        eq(serviceRequests.id, id),
        eq(serviceRequests.version, claim.version),
        inArray(serviceRequests.status, [...OPEN]),
        free,
      ),
    )
    .returning();
  return row;
}

export async function serviceRequestById(db: Executor, id: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row;
}

// --- reads for reinstatement (issue 38) ---

/** The policy's requests of one type still open (Submitted or In review), newest first. */
export async function openRequestsOfPolicy(db: Executor, policyId: string, type: ServiceRequestRow['type']) {
  return db
    .select({
      id: serviceRequests.id,
      referenceNumber: serviceRequests.referenceNumber,
      status: serviceRequests.status,
      version: serviceRequests.version,
      details: serviceRequests.details,
    })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.policyId, policyId),
        eq(serviceRequests.type, type),
        inArray(serviceRequests.status, ['Submitted', 'InReview']),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt));
}

/** The latest request of one type a payment was made for (its details' `transactionId`), whatever its status. */
export async function requestPaidBy(db: Executor, type: ServiceRequestRow['type'], transactionId: string) {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      referenceNumber: serviceRequests.referenceNumber,
      status: serviceRequests.status,
      version: serviceRequests.version,
      policyId: serviceRequests.policyId,
      householdId: serviceRequests.householdId,
      details: serviceRequests.details,
    })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.type, type),
        sql`${serviceRequests.details} ->> 'transactionId' = ${transactionId}`,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt))
    .limit(1);
  return row;
}
