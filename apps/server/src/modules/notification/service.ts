import { isNotificationRead, NOTIFICATION_OPENED, notificationIdsToMarkRead } from '@portal/domain';
import type {
  MarkNotificationsReadResponse,
  Notification,
  NotificationListQuery,
  NotificationPage,
} from '@portal/contracts';
import type { Inbox } from '../../auth/access';
import type { Database, Executor } from '../../db/client';
import {
  markRead,
  notificationPage,
  notificationsByIds,
  threadPage,
  unreadCount,
  type NotificationRow,
} from './repository';

/** SPEC §4: a notification is read once opened (opened equals 1); it is stored as the time it was read. */
const readFacts = (row: NotificationRow): { id: string; read: 0 | typeof NOTIFICATION_OPENED } => ({
  id: row.id,
  read: row.readAt === null ? 0 : NOTIFICATION_OPENED,
});

function view(row: NotificationRow): Notification {
  const facts = readFacts(row);
  return {
    id: row.id,
    createdDate: row.createdAt.toISOString(),
    read: isNotificationRead(facts),
    opened: facts.read,
    templateName: row.templateName,
    additionalValues: row.additionalValues ?? {},
    parentId: row.parentId,
    link: row.link,
    linkTextKey: row.linkTextKey,
    dropDownLink: row.dropDownLink,
    dropDownLinkTextKey: row.dropDownLinkTextKey,
    hasAttachment: row.hasAttachment,
    documentId: row.documentId,
  };
}

const emptyPage = (query: NotificationListQuery): NotificationPage => ({
  items: [],
  page: query.page,
  pageSize: query.pageSize,
  total: 0,
});

/**
 * SPEC §9 drawer (`latest`: newest first) and the notifications page (`threads`: unread first, replies
 * grouped under what they answer, SPEC §3 parentID); no inbox gives an empty page (SPEC §8).
 */
export async function notificationList(
  db: Database,
  inbox: Inbox | null,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  if (inbox === null) return emptyPage(query);
  const window = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  if (query.view === 'latest') {
    const { rows, total } = await notificationPage(db, inbox, window);
    return {
      items: rows.map((row) => ({ ...view(row), replies: [] })),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }
  const { rows, replies, total } = await threadPage(db, inbox, window);
  return {
    items: rows.map((row) => ({
      ...view(row),
      replies: replies.filter((reply) => reply.parentId === row.id).map(view),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function unreadNotificationCount(db: Database, inbox: Inbox | null): Promise<number> {
  return inbox === null ? 0 : unreadCount(db, inbox);
}

export async function notificationById(db: Executor, id: string): Promise<Notification | null> {
  const [row] = await notificationsByIds(db, [id]);
  return row ? view(row) : null;
}

/**
 * SPEC §4 "unread becomes read, one at a time or all at once": the domain picks the ids still unread
 * (already-read ones are left alone, so marking twice is harmless). The caller has checked ownership.
 */
export async function markNotificationsRead(
  db: Executor,
  ids: readonly string[],
  inbox: Inbox,
): Promise<MarkNotificationsReadResponse> {
  const rows = await notificationsByIds(db, ids);
  const marked = await markRead(db, notificationIdsToMarkRead(rows.map(readFacts)).map(String));
  return { markedRead: marked, unreadCount: await unreadCount(db, inbox) };
}

/** Whether an outbox event gives the household an in-app message (other channels follow it). */
export { messageFor } from './outbox-handler';
