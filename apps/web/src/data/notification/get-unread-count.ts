import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '../../lib/api';

/** The unread count, whichever of the usual shapes the API answers with; anything else counts as none. */
export function readUnreadCount(body: unknown): number {
  const value =
    typeof body === 'number'
      ? body
      : typeof body === 'object' && body !== null
        ? ((body as { count?: unknown; unreadCount?: unknown }).count ??
          (body as { unreadCount?: unknown }).unreadCount)
        : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * GET /api/v1/Notification/unread-count for the header's notification button. SPEC §8: a failure
 * to fetch notifications yields zero, never an error page.
 */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  try {
    return readUnreadCount(await apiSend('GET', '/api/v1/Notification/unread-count', { signal }));
  } catch {
    return 0;
  }
}

export const unreadCountQueryOptions = (credentialKey: string) =>
  queryOptions({
    queryKey: ['notification-unread-count', credentialKey],
    queryFn: ({ signal }) => getUnreadCount(signal),
    meta: { redirectOnError: false },
  });

export const useUnreadCount = (credentialKey: string | null) =>
  useQuery({ ...unreadCountQueryOptions(credentialKey ?? ''), enabled: credentialKey !== null });
