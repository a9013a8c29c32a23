import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Inbox } from '../../auth/access';
import type { Database, Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { memberFullNameOf } from '../member/service';
import { policyLabelsOf } from '../policy/service';

/** The inbox's messages: a household's, or a broker's alerts (issue 13). */
const inInbox = (inbox: Inbox) =>
  inbox.kind === 'household' ? eq(notifications.householdId, inbox.id) : eq(notifications.brokerId, inbox.id);

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of a household's notifications, newest first (`notifications_household_created_idx`). */
export async function notificationPage(db: Database, inbox: Inbox, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(inInbox(inbox))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(inInbox(inbox)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * A page of a household's threads (notifications that reply to none), unread first: a thread is
 * unread while it or one of its replies is; then newest first. With the replies of the page's threads.
 */
export async function threadPage(db: Database, inbox: Inbox, page: { offset: number; limit: number }) {
  const reply = sql`(select 1 from ${notifications} r where r.parent_id = ${notifications.id} and r.read_at is null)`;
  const topLevel = and(inInbox(inbox), isNull(notifications.parentId));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(topLevel)
      .orderBy(
        sql`(${notifications.readAt} is null or exists ${reply}) desc`,
        desc(notifications.createdAt),
        desc(notifications.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(topLevel),
  ]);
  const ids = rows.map((row) => row.id);
  const replies =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(notifications)
          .where(and(inInbox(inbox), inArray(notifications.parentId, ids)))
          .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return { rows, replies, total: total[0]?.n ?? 0 };
}

/** The header badge is asked on every page: this count is answered from the partial index `notifications_unread_idx`. */
export async function unreadCount(db: Executor, inbox: Inbox): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inInbox(inbox), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function notificationsByIds(db: Executor, ids: readonly string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, [...ids]));
}

/**
 * Marks these read (SPEC §4: unread becomes read). Only rows still unread change, so a repeated or
 * concurrent call changes nothing more; returns the ids that changed.
 */
export async function markRead(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(inArray(notifications.id, [...ids]), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * The broker of record of each of these policies and what his alert names (issue 13): the policy number
 * and the policyholder. One statement over what policy and member offer (the outbox's batches, decision
 * 037): the policies with a broker, by id.
 */
export async function brokersOfPolicies(
  db: Executor,
  policyIds: readonly string[],
): Promise<Map<string, { brokerId: string; policyNumber: string; clientName: string }>> {
  if (policyIds.length === 0) return new Map();
  const labels = policyLabelsOf(db, [...new Set(policyIds)]);
  const rows = await db
    .select({
      policyId: labels.id,
      brokerId: labels.brokerId,
      policyNumber: labels.policyNumber,
      clientName: memberFullNameOf(labels.subscriberMemberId),
    })
    .from(labels);
  return new Map(
    rows.flatMap(({ policyId, brokerId, policyNumber, clientName }) =>
      brokerId && clientName !== null ? [[policyId, { brokerId, policyNumber, clientName }] as const] : [],
    ),
  );
}

/** {@link brokersOfPolicies} of one policy (null: none, or no broker of record). */
export async function brokerOfPolicy(db: Executor, policyId: string) {
  return (await brokersOfPolicies(db, [policyId])).get(policyId) ?? null;
}
