import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '../../kit/Box';
import IconButton from '../../kit/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useUnreadCount } from '../../data/notification/get-unread-count';
import { useViewer } from '../../lib/viewer';

// The drawer and its list load when first opened.
const NotificationDrawer = lazy(() => import('./notification-drawer'));

/**
 * SPEC §2 notification button with the unread count (guests and staff acting for a member have none of
 * their own); it opens the notification drawer (SPEC §9, id 620).
 */
export function NotificationButton({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const enabled = viewer !== null && viewer.session.kind !== 'guest' && viewer.actingFor === null;
  const unread = useUnreadCount(enabled ? viewer.credentialKey : null);
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  const count = unread.data ?? 0;
  return (
    <>
      <IconButton
        color={color}
        aria-label={t('header.notifications', { count })}
        aria-haspopup="dialog"
        aria-controls={open ? 'notification-drawer-620' : undefined}
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => {
          setOpen(true);
        }}
        sx={{ position: 'relative' }}
      >
        <NotificationsIcon />
        {count > 0 && (
          <Box
            component="span"
            aria-hidden="true"
            data-testid="unread-badge"
            sx={{
              position: 'absolute',
              top: 2,
              right: 0,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: '#b71c1c',
              color: '#fff',
              fontSize: '0.7rem',
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {count > 99 ? '99+' : count}
          </Box>
        )}
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <NotificationDrawer
            credentialKey={viewer.credentialKey}
            count={count}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
