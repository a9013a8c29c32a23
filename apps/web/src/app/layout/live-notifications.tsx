import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/contracts';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Link from '../../kit/Link';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { apiGet } from '../../lib/api';
import { useViewer } from '../../lib/viewer';
import { useLiveNotifications, type LiveNotification } from '../../data/notification/use-live-notifications';
import { useNotificationText } from '../../ui/notification-text';

/** Whether assistive technology can hear the element now: a modal dialog hides the rest of the page. */
const hearable = (element: Element | null): boolean =>
  element !== null && element.closest('[aria-hidden="true"], [inert]') === null;

/**
 * Live notifications for a signed-in member (docs/decisions/019, 047): the badge and lists follow the
 * server's event stream, and a new notification is shown in a notice in the page's flow under the
 * header — never over the page, so it hides no content and no button at any width (issue 33 item 12).
 * The notice is a polite live region that is in the page before anything arrives, so it is announced
 * without taking focus; one that arrives while a dialog hides the page waits until the dialog closes.
 * It stays until dismissed (its button, or Escape anywhere a dialog or list does not use Escape).
 */
export function LiveNotifications() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { message } = useNotificationText();
  const member = viewer !== null && viewer.session.kind === 'member' && viewer.actingFor === null;
  const region = useRef<HTMLDivElement>(null);
  const [waiting, setWaiting] = useState<Notification | null>(null);
  const [shown, setShown] = useState<Notification | null>(null);

  const announce = useCallback((live: LiveNotification) => {
    apiGet(`/api/v1/Notification/${encodeURIComponent(live.id)}`, (c) => c.NotificationSchema)
      .then((notification) => {
        setWaiting(notification);
      })
      .catch(() => undefined);
  }, []);
  useLiveNotifications(member ? viewer.credentialKey : null, announce);

  // The newest notification is shown once the page can be heard (at once, unless a dialog is open).
  useEffect(() => {
    if (waiting === null) return undefined;
    const show = () => {
      if (!hearable(region.current)) return false;
      setShown(waiting);
      setWaiting(null);
      return true;
    };
    if (show()) return undefined;
    const observer = new MutationObserver(() => {
      if (show()) observer.disconnect();
    });
    observer.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-hidden', 'inert'],
    });
    return () => {
      observer.disconnect();
    };
  }, [waiting]);

  const dismiss = useCallback(() => {
    setShown(null);
  }, []);
  // Escape dismisses the notice unless something nearer used it (a dialog, a menu, a list: they stop it).
  useEffect(() => {
    if (shown === null) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && hearable(region.current)) dismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [shown, dismiss]);

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pt: shown ? 2 : 0 }}>
      <Box
        data-testid="live-notice"
        sx={
          shown
            ? {
                maxWidth: 1200,
                mx: 'auto',
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 2,
                rowGap: 1,
                px: 2,
                py: 1.5,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderLeft: 4,
                borderLeftColor: 'primary.main',
                borderRadius: 1,
              }
            : undefined
        }
      >
        {/* Always in the page, so that what is put in it is announced (politely: it does not interrupt). */}
        <Typography
          ref={region}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          sx={{ flex: '1 1 16rem', minWidth: 0 }}
        >
          {shown ? t('notifications.newArrived', { message: message(shown) }) : ''}
        </Typography>
        {shown && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to="/notification/view-notifications"
              onClick={dismiss}
              sx={{ py: 1 }}
            >
              {t('notifications.viewAll')}
            </Link>
            <Button size="small" onClick={dismiss} aria-keyshortcuts="Escape">
              {t('app.dismiss')}
            </Button>
          </Stack>
        )}
      </Box>
    </Box>
  );
}
