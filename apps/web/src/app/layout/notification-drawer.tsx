import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Divider from '../../kit/Divider';
import Drawer from '../../kit/Drawer';
import IconButton from '../../kit/IconButton';
import Skeleton from '../../kit/Skeleton';
import Typography from '../../kit/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useDocumentPdf } from '../../data/document/get-document-pdf';
import { useNotifications } from '../../data/notification/get-notifications';
import { useMarkNotificationsRead } from '../../data/notification/mark-read';
import { NotificationItem } from '../../ui/notification-item';

/** SPEC §9: the notification drawer's element id. */
export const NOTIFICATION_DRAWER_ID = 'notification-drawer-620';
const LATEST = 10;

/**
 * SPEC §2/§9 notification drawer (id 620): the latest notifications with the unread count; opening one
 * marks it read; "mark all as read" marks the unread ones shown (SPEC §5: an empty list is never sent);
 * the whole list is /notification/view-notifications. A fetch failure shows an empty list (SPEC §8).
 */
export function NotificationDrawer({
  credentialKey,
  count,
  onClose,
}: {
  credentialKey: string;
  count: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const latest = useNotifications(credentialKey, 'latest', 1, LATEST);
  const mark = useMarkNotificationsRead(credentialKey);
  const pdf = useDocumentPdf(i18n.language);
  const items = latest.data?.items ?? [];
  const unreadShown = items.filter((item) => !item.read).map((item) => item.id);
  const open = (notification: Notification) => {
    if (!notification.read) mark.one.mutate(notification.id);
  };
  // A button that goes away once it did its work ("mark all as read", an item's "mark as read") would
  // leave keyboard focus on the page behind the drawer, where Escape and Tab no longer reach it: focus
  // comes back to the drawer's title instead.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) title.current?.focus();
  });
  const attachment = (notification: Notification) => {
    open(notification);
    if (notification.documentId)
      void pdf.run(notification.documentId, 'download', `${notification.documentId}.pdf`);
  };
  return (
    <Drawer
      id={NOTIFICATION_DRAWER_ID}
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'notification-drawer-title',
          sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Box sx={{ flex: 1 }}>
          <Typography
            id="notification-drawer-title"
            variant="h6"
            component="h2"
            ref={title}
            tabIndex={-1}
            sx={{
              '&:focus': { outline: 'none' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            {t('notifications.drawerTitle')}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary' }}
            aria-live="polite"
            data-testid="drawer-unread-count"
          >
            {t('notifications.unreadCount', { count })}
          </Typography>
        </Box>
        <IconButton aria-label={t('notifications.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ px: 2, py: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {unreadShown.length > 0 && (
          <Button
            variant="outlined"
            size="small"
            disabled={mark.all.isPending}
            onClick={() => {
              mark.all.mutate(unreadShown);
            }}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
        <Button component={RouterLink} to="/notification/view-notifications" size="small" onClick={onClose}>
          {t('notifications.viewAll')}
        </Button>
      </Box>
      {(mark.all.isError || mark.one.isError) && (
        <Alert severity="warning" sx={{ mx: 2 }}>
          {t('notifications.markFailed')}
        </Alert>
      )}
      {pdf.failed && (
        <Alert severity="warning" sx={{ mx: 2 }}>
          {t('notifications.attachmentFailed')}
        </Alert>
      )}
      <Box sx={{ px: 2, pb: 2, overflowY: 'auto' }}>
        {latest.isPending ? (
          <Box role="status" aria-label={t('notifications.loading')}>
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Box>
        ) : items.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('notifications.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((notification) => (
              <Box component="li" key={notification.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                <NotificationItem
                  notification={notification}
                  onOpen={(item) => {
                    open(item);
                  }}
                  onAttachment={attachment}
                  attachmentBusy={pdf.busy === notification.documentId}
                />
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Drawer>
  );
}

export default NotificationDrawer;
