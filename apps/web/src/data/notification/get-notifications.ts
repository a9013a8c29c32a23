import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@portal/contracts';
import { apiGet } from '../../lib/api';
import { logClientEvent } from '../../lib/client-log';

export type NotificationView = 'latest' | 'threads';

export const notificationsKey = (credentialKey: string) => ['notifications', credentialKey] as const;

/**
 * GET /api/v1/Notification: `latest` for the drawer, `threads` (unread first, replies grouped) for the
 * notifications page. SPEC §8: a failure to fetch notifications yields an empty list, never an error page.
 */
export async function getNotifications(
  view: NotificationView,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  try {
    return await apiGet(
      `/api/v1/Notification?view=${view}&page=${page}&pageSize=${pageSize}`,
      (c) => c.NotificationPageSchema,
      { signal },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    logClientEvent({
      level: 'warn',
      event: 'notifications.fetch-failed',
      message: 'notification list could not be loaded',
    });
    return { items: [], page, pageSize, total: 0 };
  }
}

export const notificationsQueryOptions = (
  credentialKey: string,
  view: NotificationView,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [...notificationsKey(credentialKey), view, page, pageSize],
    queryFn: ({ signal }) => getNotifications(view, page, pageSize, signal),
    meta: { redirectOnError: false },
  });

export const useNotifications = (
  credentialKey: string | null,
  view: NotificationView,
  page: number,
  pageSize: number,
) =>
  useQuery({
    ...notificationsQueryOptions(credentialKey ?? '', view, page, pageSize),
    enabled: credentialKey !== null,
    placeholderData: keepPreviousData,
  });
