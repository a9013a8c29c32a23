import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Pagination from '../../kit/Pagination';
import Paper from '../../kit/Paper';
import Skeleton from '../../kit/Skeleton';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useDocumentPdf } from '../../data/document/get-document-pdf';
import { useNotifications } from '../../data/notification/get-notifications';
import { useMarkNotificationsRead } from '../../data/notification/mark-read';
import { useSignedInViewer } from '../../lib/viewer';
import { NotificationItem } from '../../ui/notification-item';

const PAGE_SIZE = 10;

/**
 * SPEC §2 /notification/view-notifications: every notification, paginated, unread first; opening one
 * marks it read (SPEC §4); links and attachments; replies grouped under what they answer (parentID).
 * SPEC §8: a failure to fetch shows an empty list.
 */
export default function ViewNotificationsPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const [page, setPage] = useState(1);
  const threads = useNotifications(viewer.credentialKey, 'threads', page, PAGE_SIZE);
  const mark = useMarkNotificationsRead(viewer.credentialKey);
  const pdf = useDocumentPdf(i18n.language);
  const canMark = viewer.session.kind === 'member' && viewer.actingFor === null;
  const items = threads.data?.items ?? [];
  const unreadShown = items
    .flatMap((item) => [item, ...item.replies])
    .filter((item) => !item.read)
    .map((item) => item.id);
  const open = (notification: Notification) => {
    if (canMark && !notification.read) mark.one.mutate(notification.id);
  };
  const attachment = (notification: Notification) => {
    open(notification);
    if (notification.documentId)
      void pdf.run(notification.documentId, 'download', `${notification.documentId}.pdf`);
  };
  const total = threads.data?.total ?? 0;
  const from = total > 0 ? (page - 1) * PAGE_SIZE + 1 : 0;
  const to = Math.min(page * PAGE_SIZE, total);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('nav.notifications')}
        </Typography>
        <Typography>{t('notifications.pageIntro')}</Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('notifications.drawerTitle')}
          </Typography>
          {canMark && unreadShown.length > 0 && (
            <Button
              variant="outlined"
              disabled={mark.all.isPending}
              onClick={() => {
                mark.all.mutate(unreadShown);
              }}
            >
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Box>
        {(mark.all.isError || mark.one.isError) && (
          <Alert severity="warning">{t('notifications.markFailed')}</Alert>
        )}
        {pdf.failed && <Alert severity="warning">{t('notifications.attachmentFailed')}</Alert>}
        {threads.isPending ? (
          <Box role="status" aria-label={t('notifications.loading')}>
            <Skeleton variant="text" height={48} />
            <Skeleton variant="text" height={48} />
          </Box>
        ) : items.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('notifications.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((thread) => (
              <Box component="li" key={thread.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                <NotificationItem
                  notification={thread}
                  onOpen={open}
                  onAttachment={attachment}
                  attachmentBusy={pdf.busy === thread.documentId}
                />
                {thread.replies.length > 0 && (
                  <Box
                    component="section"
                    aria-label={t('notifications.replies')}
                    sx={{ ml: { xs: 2, sm: 4 }, pl: 2, borderLeft: 2, borderColor: 'divider' }}
                  >
                    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                      {thread.replies.map((reply) => (
                        <Box component="li" key={reply.id}>
                          <NotificationItem
                            notification={reply}
                            onOpen={open}
                            onAttachment={attachment}
                            attachmentBusy={pdf.busy === reply.documentId}
                            headingLevel="h4"
                          />
                        </Box>
                      ))}
                    </Box>
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        )}
        {total > PAGE_SIZE && (
          <Box
            component="nav"
            aria-label={t('notifications.pageLabel')}
            sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          >
            <Typography variant="body2">{t('documents.pagination.range', { from, to, total })}</Typography>
            <Pagination
              count={Math.ceil(total / PAGE_SIZE)}
              page={page}
              onChange={(_event, next) => {
                setPage(next);
              }}
              getItemAriaLabel={(kind, item) =>
                kind === 'previous'
                  ? t('documents.pagination.previous')
                  : kind === 'next'
                    ? t('documents.pagination.next')
                    : String(item ?? '')
              }
            />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
