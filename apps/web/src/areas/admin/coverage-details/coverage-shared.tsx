import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PolicySummary, ServiceRequest } from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { policyCoverageKey } from '../../../data/policy-coverage/get-policy-coverage';
import { serviceRequestsKey, useServiceRequests } from '../../../data/service-request/get-service-requests';
import { cancelServiceRequest } from '../../../data/service-request/service-request-commands';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { NewTabHint } from '../../../ui/new-tab-hint';
import { useSelectedPolicy } from '../../../ui/policy-selector';
import { useSnackbar } from '../../../ui/snackbar';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

/**
 * What the coverage pages share (issue 11): the page frame, the policy they act on (SPEC §4: the selection
 * kept in state), the on-exchange notice, loading and failure in place, a request already open, and the
 * confirmation that a request was sent.
 */

/** The policy a coverage page acts on: the one selected before, else the active medical one, else the first. */
export function useCoveragePolicy(): { policy: PolicySummary | null; choices: PolicySummary[] } {
  const viewer = useSignedInViewer();
  return useSelectedPolicy(viewer.policies, (policy) => policy.active && policy.lineOfCoverage === 'Medical');
}

export function CoveragePageFrame({
  title,
  intro,
  back,
  children,
}: {
  title: string;
  intro: ReactNode;
  back?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      {back && (
        <Box>
          <Button
            component={RouterLink}
            to="/admin/policy-selection/coverage-details"
            startIcon={<ArrowBack />}
            size="small"
          >
            {t('policyCoverage.backToDetails')}
          </Button>
        </Box>
      )}
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography>{intro}</Typography>
      </Stack>
      {children}
    </Stack>
  );
}

/** Nothing to act on: no policy (or staff who have not looked a member up yet). */
export function NoPolicy() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  return (
    <Alert severity="info">
      {viewer.session.kind === 'staff' && viewer.actingFor === null
        ? t('overview.findMember.body')
        : t('policyCoverage.noPolicies')}
    </Alert>
  );
}

/**
 * Issue 11: an on-exchange policy's coverage is changed at the exchange (packages/domain `changeRouteFor`).
 * The page says so plainly and links to it (config `exchange`), instead of taking a request the issuer
 * cannot act on.
 */
export function ExchangeNotice({ id, heading, body }: { id: string; heading: string; body: string }) {
  const { t } = useTranslation();
  const { name, url, phone } = useConfig().account.exchange;
  return (
    <Alert severity="info" component="section" role="region" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {heading}
      </Typography>
      <Typography sx={{ mb: 1 }}>{body}</Typography>
      <Stack spacing={0.5}>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ fontWeight: 600, alignSelf: 'flex-start' }}
        >
          {t('policyCoverage.exchange.link', { exchange: name })}
          <OpenInNew fontSize="small" aria-hidden="true" sx={{ verticalAlign: 'text-bottom', ml: 0.5 }} />
          <NewTabHint />
        </Link>
        {phone.trim() !== '' && (
          <Typography variant="body2">
            {t('policyCoverage.exchange.call', { exchange: name })}{' '}
            <Link href={`tel:${phone.replace(/[^0-9+]/g, '')}`} sx={{ whiteSpace: 'nowrap' }}>
              {phone}
            </Link>
          </Typography>
        )}
      </Stack>
    </Alert>
  );
}

/** The household's open request of one type for the policy (one at a time: the server refuses a second). */
export function useOpenRequest(policy: PolicySummary | null, type: ServiceRequest['type']) {
  const viewer = useSignedInViewer();
  const list = useServiceRequests(viewer.credentialKey, policy?.householdId ?? null, {
    policyId: policy?.id,
    status: 'open',
  });
  return {
    request: list.data?.items.find((item) => item.type === type) ?? null,
    loading: list.isPending && policy?.householdId != null,
  };
}

/** The queries a coverage request makes stale: the coverage reads, the requests, the notifications. */
export function useCoverageInvalidation() {
  const { credentialKey } = useSignedInViewer();
  return () => [policyCoverageKey(credentialKey), serviceRequestsKey(credentialKey), ['notifications']];
}

/**
 * A request of this kind that is still open: what it asks, its reference and status, a link to follow
 * it, and — while nobody has started on it — cancelling it after confirming (with the version the member
 * saw, so a request staff took up meanwhile is not cancelled).
 */
export function OpenRequest({ request, summary }: { request: ServiceRequest; summary: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const viewer = useSignedInViewer();
  const invalidates = useCoverageInvalidation();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCommand({
    send: (open: ServiceRequest, key: string) => cancelServiceRequest(open.id, open.version, key),
    invalidates,
  });
  const canCancel = request.canCancel && viewer.session.actions.includes('create-service-request');
  const cancelText = useProblemText(PROBLEMS.cancelRequest);
  const cancelError = (): string | null => (cancel.error ? cancelText(cancel.error) : null);
  return (
    <Alert severity="info" component="section" role="region" aria-labelledby={`open-request-${request.id}`}>
      <Typography
        id={`open-request-${request.id}`}
        variant="h6"
        component="h2"
        sx={{ fontSize: '1.05rem', mb: 0.5 }}
      >
        {t('policyCoverage.open.heading', { reference: request.referenceNumber })}
      </Typography>
      <Typography>{summary}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('policyCoverage.open.status', { status: t(`serviceRequests.status.${request.status}`) })}{' '}
        <Link component={RouterLink} to="/admin/policy-selection/service-requests">
          {t('policyCoverage.open.follow')}
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
          {t('policyCoverage.open.cancel')}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          id="cancel-coverage-request"
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
              if (!done) return;
              setConfirming(false);
              snackbar.show(t('serviceRequests.cancelled', { reference: done.referenceNumber }));
            });
          }}
        />
      )}
    </Alert>
  );
}

/** Said once a request is sent: its reference, that staff review it, and where to follow it. */
export function RequestSent({ request, onClose }: { request: ServiceRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Alert severity="success" role="status" onClose={onClose}>
      <Typography sx={{ fontWeight: 600 }}>
        {t('policyCoverage.sent.heading', { reference: request.referenceNumber })}
      </Typography>
      <Typography>
        {request.effectiveDate
          ? t('policyCoverage.sent.bodyEffective', { date: format.date(request.effectiveDate) })
          : t('policyCoverage.sent.body')}
      </Typography>
      <Link component={RouterLink} to="/admin/policy-selection/service-requests">
        {t('policyCoverage.open.follow')}
      </Link>
    </Alert>
  );
}

/** A text value of a request's details (what the page sent), or '' when it is not one. */
export const detailText = (request: ServiceRequest, key: string): string => {
  const value = request.details[key];
  return typeof value === 'string' ? value : '';
};

/** "January 31, 2027" or "no end date". */
export function useDateOrOpen() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (date: CalendarDate | null) => (date ? format.date(date) : t('policyCoverage.noEndDate'));
}
