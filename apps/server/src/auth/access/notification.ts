import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Principal } from '../principal';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
import { mayAccessHousehold } from './household';

/**
 * SPEC §9 notification drawer: the household whose notifications the caller lists and counts. Only a
 * member has one; guests, staff, brokers and asserted sessions get an empty list (the guest role has no
 * /notification page in role-config, and SPEC §8 wants no error page for the drawer).
 */
export function notificationInbox(principal: Principal): string | null {
  return principal.kind === 'member' ? principal.householdId : null;
}

export interface NotificationRef {
  id: string;
  householdId: string;
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
    ? await db.select({ id: notifications.id, householdId: notifications.householdId }).from(notifications).where(inArray(notifications.id, wanted))
    : [];
  if (rows.length !== wanted.length) throw notFound('notification');
  const householdIds = [...new Set(rows.map((row) => row.householdId))];
  const allowedHouseholds = new Set<string>();
  for (const householdId of householdIds) {
    const allowed =
      purpose === 'mark-read'
        ? notificationInbox(principal) === householdId
        : principal.kind !== 'guest' && (await mayAccessHousehold(db, principal, householdId));
    if (allowed) allowedHouseholds.add(householdId);
  }
  const denied = rows.filter((row) => !allowedHouseholds.has(row.householdId));
  if (denied.length > 0) throw await refuse(request, 'notification', denied.map((row) => row.id), denied[0]?.householdId ?? null);
  return rows;
}

