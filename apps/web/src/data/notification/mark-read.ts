import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadResponse, Notification } from '@portal/contracts';
import { apiPut } from '../../lib/api';
import { notificationsKey } from './get-notifications';
import { unreadCountQueryOptions } from './get-unread-count';

/** PUT /api/v1/Notification/:id: one notification read (SPEC §4, on opening it). */
export const markNotificationRead = (id: string): Promise<Notification> =>
  apiPut(`/api/v1/Notification/${encodeURIComponent(id)}`, (c) => c.NotificationSchema, undefined);

/** PUT /api/v1/Notification: these read, all at once. SPEC §5: an empty list is never sent. */
export const markNotificationsRead = (ids: readonly string[]): Promise<MarkNotificationsReadResponse> =>
  apiPut('/api/v1/Notification', (c) => c.MarkNotificationsReadResponseSchema, { ids });

/** Marking read, one or all; the lists and the badge refresh after. Failures are said by the caller. */
export function useMarkNotificationsRead(credentialKey: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationsKey(credentialKey) }),
      queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions(credentialKey).queryKey }),
    ]);
  };
  const one = useMutation({
    meta: { redirectOnError: false },
    mutationFn: markNotificationRead,
    onSuccess: refresh,
  });
  const all = useMutation({
    meta: { redirectOnError: false },
    mutationFn: async (ids: readonly string[]) => (ids.length === 0 ? null : markNotificationsRead(ids)),
    onSuccess: refresh,
  });
  return { one, all };
}
