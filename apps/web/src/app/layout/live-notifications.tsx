import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../lib/api';
import { useViewer } from '../../lib/viewer';
import { useLiveNotifications, type LiveNotification } from '../../data/notification/use-live-notifications';
import { useNotificationText } from '../../ui/notification-text';
import { useSnackbar } from '../../ui/snackbar';

/**
 * Live notifications for a signed-in member (docs/decisions/019): the badge and lists follow the
 * server's event stream, and a new notification is announced (the snackbar is a polite live region).
 */
export function LiveNotifications() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const snackbar = useSnackbar();
  const { message } = useNotificationText();
  const member = viewer !== null && viewer.session.kind === 'member' && viewer.actingFor === null;
  const announce = useCallback(
    (live: LiveNotification) => {
      apiGet(`/api/v1/Notification/${encodeURIComponent(live.id)}`, (c) => c.NotificationSchema)
        .then((notification) => {
          snackbar.show(t('notifications.newArrived', { message: message(notification) }), { durationMs: 8_000 });
        })
        .catch(() => undefined);
    },
    [snackbar, t, message],
  );
  useLiveNotifications(member ? viewer.credentialKey : null, announce);
  return null;
}
