import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ServiceRequest } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Link from '../../kit/Link';
import Typography from '../../kit/Typography';
import type { QueryKey } from '@tanstack/react-query';
import { cancelServiceRequest } from '../../data/service-request/service-request-commands';
import { useSignedInViewer } from '../../lib/viewer';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCommand } from '../../ui/form';
import { PROBLEMS, useProblemText } from '../../ui/problems';

/**
 * What the pages of issue 12 that make requests (primary care provider, broker, additional products) say
 * about them (loading and failure in place are ui/notices.tsx): a request still open (with cancelling it while nobody has
 * started on it), and that a request was sent and where to follow it.
 */

const REQUESTS_PAGE = '/admin/policy-selection/service-requests';

/** A request of this kind still open: what it asks, where it stands, a link to follow it, and cancelling it. */
export function OpenRequestNotice({
  request,
  summary,
  invalidates,
}: {
  request: ServiceRequest;
  summary: string;
  invalidates: () => readonly QueryKey[];
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCommand({
    send: (open: ServiceRequest, key: string) => cancelServiceRequest(open.id, open.version, key),
    invalidates,
  });
  const canCancel = request.canCancel && viewer.session.actions.includes('create-service-request');
  const cancelText = useProblemText(PROBLEMS.cancelOpenRequest);
  const cancelError = (): string | null => (cancel.error ? cancelText(cancel.error) : null);
  const headingId = `open-request-${request.id}`;
  return (
    <Alert severity="info" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {t('requestNotice.openHeading', { reference: request.referenceNumber })}
      </Typography>
      <Typography>{summary}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('requestNotice.status', { status: t(`serviceRequests.status.${request.status}`) })}{' '}
        <Link component={RouterLink} to={REQUESTS_PAGE}>
          {t('requestNotice.follow')}
        </Link>
      </Typography>
      {canCancel && (
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          sx={{ mt: 1.5 }}
          onClick={() => {
            cancel.reset();
            setConfirming(true);
          }}
        >
          {t('requestNotice.cancel')}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          id={`cancel-${request.id}`}
          title={t('serviceRequests.cancelTitle', { reference: request.referenceNumber })}
          body={t('serviceRequests.cancelBody')}
          keepLabel={t('serviceRequests.cancelKeep')}
          confirmLabel={t('serviceRequests.cancelConfirm')}
          busy={cancel.pending}
          error={cancelError()}
          onKeep={() => {
            setConfirming(false);
          }}
          onConfirm={() => {
            void cancel.submit(request).then((done) => {
              if (done) setConfirming(false);
            });
          }}
        />
      )}
    </Alert>
  );
}

/** Said once a request is sent: what happens now, its reference, and where to follow it. */
export function RequestSentNotice({
  request,
  message,
  onClose,
}: {
  request: ServiceRequest;
  message: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="success"
      role="status"
      onClose={onClose}
      slotProps={{ closeButton: { title: t('app.dismiss'), 'aria-label': t('app.dismiss') } }}
    >
      <Typography sx={{ fontWeight: 600 }}>{message}</Typography>
      <Typography>
        {request.status === 'Completed'
          ? t('requestNotice.sentDone', { reference: request.referenceNumber })
          : t('requestNotice.sentReview', { reference: request.referenceNumber })}
      </Typography>
      <Link component={RouterLink} to={REQUESTS_PAGE}>
        {t('requestNotice.follow')}
      </Link>
    </Alert>
  );
}
