import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/contracts';
import Box from '../kit/Box';
import Button from '../kit/Button';
import Link from '../kit/Link';
import Typography from '../kit/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useNotificationText } from './notification-text';
import { visuallyHidden } from './visually-hidden';
import { dateTimeFormat } from './format';

export interface NotificationItemProps {
  notification: Notification;
  /** SPEC §4: opening a notification (following its link, its attachment, or "mark as read") marks it read. */
  onOpen: (notification: Notification) => void;
  onAttachment?: ((notification: Notification) => void) | undefined;
  attachmentBusy?: boolean;
  /** Heading level of the message (the drawer's list and the page's threads sit under different headings). */
  headingLevel?: 'h3' | 'h4';
}

/** One notification: unread marker, translated message, date, its links and attachment (SPEC §3). */
export function NotificationItem({
  notification,
  onOpen,
  onAttachment,
  attachmentBusy = false,
  headingLevel = 'h3',
}: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const { message, linkText } = useNotificationText();
  const unread = !notification.read;
  const received = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(notification.createdDate),
  );
  const link =
    notification.link && linkText(notification.linkTextKey)
      ? { to: notification.link, text: linkText(notification.linkTextKey) ?? '' }
      : null;
  const dropDown =
    notification.dropDownLink && linkText(notification.dropDownLinkTextKey)
      ? { to: notification.dropDownLink, text: linkText(notification.dropDownLinkTextKey) ?? '' }
      : null;
  return (
    <Box
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      sx={{ display: 'flex', gap: 1.5, py: 1.5 }}
    >
      <Box
        aria-hidden="true"
        sx={{
          mt: 0.75,
          width: 10,
          height: 10,
          flex: '0 0 10px',
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
          border: 1,
          borderColor: unread ? 'primary.main' : 'divider',
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          component={headingLevel}
          variant="body1"
          sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}
        >
          <span style={visuallyHidden}>
            {unread ? `${t('notifications.unread')}: ` : `${t('notifications.read')}: `}
          </span>
          {message(notification)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notifications.received', { date: received })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5, alignItems: 'center' }}>
          {link && (
            <Link
              component={RouterLink}
              to={link.to}
              onClick={() => {
                onOpen(notification);
              }}
            >
              {link.text}
            </Link>
          )}
          {dropDown && (
            <Link
              component={RouterLink}
              to={dropDown.to}
              onClick={() => {
                onOpen(notification);
              }}
            >
              {dropDown.text}
            </Link>
          )}
          {notification.hasAttachment && notification.documentId && onAttachment && (
            <Button
              size="small"
              startIcon={<AttachFileIcon aria-hidden="true" />}
              disabled={attachmentBusy}
              onClick={() => {
                onAttachment(notification);
              }}
            >
              {t('notifications.attachment')}
            </Button>
          )}
          {unread && (
            <Button
              size="small"
              onClick={() => {
                onOpen(notification);
              }}
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}
