import { describe, expect, it } from 'vitest';
import {
  isNotificationRead,
  markNotificationsRead,
  notificationIdsToMarkRead,
  unreadNotificationCount,
} from './notifications';

const notifications = [
  { id: 'n1', read: false, message: 'Your invoice is ready' },
  { id: 'n2', read: 1, message: 'Payment received' },
  { id: 'n3', read: null, message: 'Welcome' },
  { id: 'n4', read: true, message: 'Paperless on' },
];

describe('isNotificationRead / unreadNotificationCount', () => {
  it('reads the flag or opened = 1', () => {
    expect(notifications.map(isNotificationRead)).toEqual([false, true, false, true]);
    expect(isNotificationRead({ id: 1, read: 0 })).toBe(false);
    expect(unreadNotificationCount(notifications)).toBe(2);
    expect(unreadNotificationCount([])).toBe(0);
  });
});

describe('notificationIdsToMarkRead', () => {
  it('marks all unread at once', () => {
    expect(notificationIdsToMarkRead(notifications)).toEqual(['n1', 'n3']);
  });

  it('marks one at a time, and nothing for a read or unknown id', () => {
    expect(notificationIdsToMarkRead(notifications, 'n3')).toEqual(['n3']);
    expect(notificationIdsToMarkRead(notifications, 'n2')).toEqual([]);
    expect(notificationIdsToMarkRead(notifications, 'n9')).toEqual([]);
  });

  it('marks nothing for an empty list', () => {
    expect(notificationIdsToMarkRead([])).toEqual([]);
  });
});

describe('markNotificationsRead', () => {
  it('turns the given unread notifications read and leaves the rest', () => {
    const after = markNotificationsRead(notifications, ['n1', 'n2']);
    expect(after.map((n) => n.read)).toEqual([true, 1, null, true]);
    expect(after[0]?.message).toBe('Your invoice is ready');
    expect(after[1]).toBe(notifications[1]);
    expect(notifications[0]?.read).toBe(false);
  });
});
