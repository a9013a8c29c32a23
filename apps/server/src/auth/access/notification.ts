import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Principal } from '../principal';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
import { mayAccessHousehold } from './household';

/** Whose messages a list, count or stream is: a household's, or (issue 13) a broker's alerts. */
export type Inbox = { kind: 'household'; id: string } | { kind: 'broker'; id: string };

/** The live channel of an inbox (a household's id; a broker's prefixed, so the two never meet). */
export const inboxChannel = (inbox: Inbox): string =>
  inbox.kind === 'household' ? inbox.id : `broker:${inbox.id}`;

/**
 * SPEC §9 notification drawer: the inbox whose notifications the caller lists and counts. A member has
 * their household's; a broker (issue 13) his own alerts about his clients; guests, staff and asserted
 * sessions none, and get an empty list (the guest role has no /notification page in role-config, and
 * SPEC §8 wants no error page for the drawer).
 */
export function notificationInbox(principal: Principal): Inbox | null {
  if (principal.kind === 'member')
    return principal.householdId === null ? null : { kind: 'household', id: principal.householdId };
  if (principal.kind === 'broker') return { kind: 'broker', id: principal.brokerId };
  return null;
}

export interface NotificationRef {
  id: string;
  householdId: string | null;
  brokerId: string | null;
}

/**
 * Checks every notification exists (404 otherwise) and is the caller's (403 otherwise, naming none of
 * them as done): all or nothing. Reading one follows its household's rule, except for guests (no
 * notification pages). Marking read (SPEC §4) is the household's own member's: role-config gives the
 * `mark-notifications-read` action to members only, and staff or a broker opening a member's message
 * must not clear the member's unread badge.
 */
export async function authorizeNotifications(
  request: FastifyRequest,
  db: Database,
  notificationIds: readonly string[],
  purpose: 'read' | 'mark-read',
): Promise<NotificationRef[]> {
  const principal = requirePrincipal(request);
  const wanted = [...new Set(notificationIds)];
  const rows = wanted.every(isUuid)
    ? await db
        .select({
          id: notifications.id,
          householdId: notifications.householdId,
          brokerId: notifications.brokerId,
        })
        .from(notifications)
        .where(inArray(notifications.id, wanted))
    : [];
  if (rows.length !== wanted.length) throw notFound('notification');
  const householdIds = [
    ...new Set(rows.map((row) => row.householdId).filter((id): id is string => id !== null)),
  ];
  const allowedHouseholds = new Set<string>();
  const inbox = notificationInbox(principal);
  for (const householdId of householdIds) {
    const allowed =
      purpose === 'mark-read'
        ? inbox?.kind === 'household' && inbox.id === householdId
        : principal.kind !== 'guest' && (await mayAccessHousehold(db, principal, householdId));
    if (allowed) allowedHouseholds.add(householdId);
  }
  // A broker's alert is his alone, to read and to mark read.
  const mine = (row: NotificationRef) =>
    row.brokerId !== null
      ? principal.kind === 'broker' && principal.brokerId === row.brokerId
      : row.householdId !== null && allowedHouseholds.has(row.householdId);
  const denied = rows.filter((row) => !mine(row));
  if (denied.length > 0)
    throw await refuse(
      request,
      'notification',
      denied.map((row) => row.id),
      denied[0]?.householdId ?? null,
    );
  return rows;
}
