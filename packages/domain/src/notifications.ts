/**
 * Portal notifications (SPEC §4 "Notifications", SPEC §5 empty lists).
 */

/** SPEC §4: the value of `opened` that marks a notification read. */
export const NOTIFICATION_OPENED = 1;

/** SPEC §3, §4: what the read rules need of a notification; `read` may come as a flag or as the opened number. */
export interface NotificationReadFacts {
  readonly id: string | number;
  readonly read?: boolean | number | null;
}

/** SPEC §4: whether a notification has been read (`read` true, or opened equal to 1). */
export function isNotificationRead(notification: NotificationReadFacts): boolean {
  return notification.read === true || notification.read === NOTIFICATION_OPENED;
}

/** SPEC §2, §4: the number of unread notifications (the badge on the notification button). */
export function unreadNotificationCount(notifications: readonly NotificationReadFacts[]): number {
  return notifications.filter((notification) => !isNotificationRead(notification)).length;
}

/**
 * SPEC §4/§5: the ids to mark read, one at a time (`onlyId`) or all at once (every unread one).
 * Already-read and unknown ids are left out; an empty list gives nothing, so no call is made.
 */
export function notificationIdsToMarkRead(
  notifications: readonly NotificationReadFacts[],
  onlyId?: string | number,
): (string | number)[] {
  return notifications
    .filter((notification) => !isNotificationRead(notification))
    .filter((notification) => onlyId === undefined || notification.id === onlyId)
    .map((notification) => notification.id);
}

/**
 * SPEC §4: the list after marking `ids` read (unread becomes read; nothing else changes).
 * Returns new objects for the changed notifications and keeps the others as they are.
 */
export function markNotificationsRead<T extends NotificationReadFacts>(
  notifications: readonly T[],
  ids: readonly (string | number)[],
): T[] {
  const wanted = new Set(ids);
  return notifications.map((notification) =>
    wanted.has(notification.id) && !isNotificationRead(notification)
      ? { ...notification, read: true }
      : notification,
  );
}
