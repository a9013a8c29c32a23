import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@portal/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip from '../../../kit/Chip';
import Collapse from '../../../kit/Collapse';
import Link from '../../../kit/Link';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { getAttachment } from '../../../data/service-request/get-attachment';
import { saveBlob } from '../../../lib/save-blob';
import { useFormatters } from '../../../ui/format';
import { RequestDetails } from './request-details';

// Colours whose white text keeps AA contrast (MUI's info and warning do not); the words say the status.
const STATUS_COLOR: Record<
  ServiceRequest['status'],
  'default' | 'primary' | 'secondary' | 'success' | 'error'
> = {
  Submitted: 'primary',
  InReview: 'secondary',
  Completed: 'success',
  Rejected: 'error',
  Cancelled: 'default',
};

/** How big a file is, in the reader's language ("1.2 MB", "830 KB"). */
function useFileSize() {
  const format = useFormatters();
  return (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${format.number(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`
      : `${format.number(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** A file of a request, fetched with the member's token and handed to the browser to save. */
function AttachmentLink({
  request,
  attachment,
}: {
  request: ServiceRequest;
  attachment: ServiceRequest['attachments'][number];
}) {
  const { t } = useTranslation();
  const size = useFileSize();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    try {
      saveBlob(await getAttachment(request.id, attachment.id), attachment.fileName);
    } catch {
      setFailed(true);
    }
  };
  return (
    <li>
      <Link component="button" type="button" onClick={() => void download()} sx={{ textAlign: 'start' }}>
        {t('serviceRequests.download', { file: attachment.fileName, size: size(attachment.sizeBytes) })}
      </Link>
      {failed && (
        <Typography component="span" role="alert" color="error" sx={{ ml: 1 }}>
          {t('serviceRequests.unavailable')}
        </Typography>
      )}
    </li>
  );
}

/**
 * One service request as the member sees it: what it is, where it stands (status with its meaning, not
 * colour alone), the reference to quote, and — opened — what was asked, its history with staff's notes,
 * its files, and the cancel button while nobody has started on it.
 */
export function RequestCard({
  request,
  onCancel,
  showPolicy,
}: {
  request: ServiceRequest;
  onCancel: ((request: ServiceRequest) => void) | null;
  showPolicy: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  const day = (instant: string) => format.date(instant.slice(0, 10));
  const title =
    request.type === 'general' && request.subject
      ? request.subject
      : t(`serviceRequests.type.${request.type}`);
  const lastNote = [...request.history].reverse().find((entry) => entry.note !== null)?.note ?? null;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {request.type === 'general' && request.subject && (
            <Typography variant="body2" color="text.secondary">
              {t('serviceRequests.type.general')}
            </Typography>
          )}
        </Box>
        <Chip
          label={t(`serviceRequests.status.${request.status}`)}
          color={STATUS_COLOR[request.status]}
          variant={request.status === 'Cancelled' ? 'outlined' : 'filled'}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        />
      </Stack>
      <Typography sx={{ mt: 1 }}>{t(`serviceRequests.statusHelp.${request.status}`)}</Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2.5,
          rowGap: 0.5,
          color: 'text.secondary',
        }}
      >
        <li>{t('serviceRequests.reference', { reference: request.referenceNumber })}</li>
        {showPolicy && (
          <li>
            {request.policyNumber
              ? t('serviceRequests.policy', { number: request.policyNumber })
              : t('serviceRequests.noPolicy')}
          </li>
        )}
        <li>{t('serviceRequests.sent', { date: day(request.createdAt) })}</li>
        {request.updatedAt !== request.createdAt && (
          <li>{t('serviceRequests.updated', { date: day(request.updatedAt) })}</li>
        )}
        {request.effectiveDate && (
          <li>{t('serviceRequests.effective', { date: format.date(request.effectiveDate) })}</li>
        )}
        {request.requestedBy !== 'member' && (
          <li>{t('serviceRequests.askedBy', { who: t(`serviceRequests.by.${request.requestedBy}`) })}</li>
        )}
      </Box>
      {(request.resolution ?? lastNote) &&
        (request.status === 'Completed' || request.status === 'Rejected') && (
          <Typography sx={{ mt: 1, fontWeight: 500 }}>
            {t('serviceRequests.resolution', { resolution: request.resolution ?? lastNote ?? '' })}
          </Typography>
        )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="text"
          aria-expanded={open}
          aria-controls={detailsId}
          endIcon={
            <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
          }
          onClick={() => {
            setOpen((value) => !value);
          }}
        >
          {t('serviceRequests.details', { reference: request.referenceNumber })}
        </Button>
        {onCancel && request.canCancel && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => {
              onCancel(request);
            }}
          >
            {t('serviceRequests.cancel')}
          </Button>
        )}
      </Stack>
      <Collapse in={open} id={detailsId}>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {Object.keys(request.details).length > 0 && (
            <Box component="section" aria-label={t('serviceRequests.whatYouAsked')}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('serviceRequests.whatYouAsked')}
              </Typography>
              <RequestDetails details={request.details} />
            </Box>
          )}
          {request.attachments.length > 0 && (
            <Box component="section" aria-label={t('serviceRequests.attachments')}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('serviceRequests.attachments')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {request.attachments.map((attachment) => (
                  <AttachmentLink key={attachment.id} request={request} attachment={attachment} />
                ))}
              </Box>
            </Box>
          )}
          <Box component="section" aria-label={t('serviceRequests.history')}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('serviceRequests.history')}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
              {request.history.map((entry, index) => (
                <li key={index}>
                  {t('serviceRequests.historyEntry', {
                    status: t(`serviceRequests.status.${entry.status}`),
                    date: day(entry.at),
                    by: t(`serviceRequests.by.${entry.by}`),
                  })}
                  {entry.note && (
                    <Typography sx={{ fontStyle: 'italic' }}>
                      {t('serviceRequests.note', { note: entry.note })}
                    </Typography>
                  )}
                </li>
              ))}
            </Box>
          </Box>
        </Stack>
      </Collapse>
    </Paper>
  );
}
