import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicySummary, ServiceRequest } from '@portal/contracts';
import Add from '@mui/icons-material/Add';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import ToggleButton from '../../../kit/ToggleButton';
import ToggleButtonGroup from '../../../kit/ToggleButtonGroup';
import Typography from '../../../kit/Typography';
import { serviceRequestsKey, useServiceRequests } from '../../../data/service-request/get-service-requests';
import { cancelServiceRequest } from '../../../data/service-request/service-request-commands';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useCommand } from '../../../ui/form';
import { useSnackbar } from '../../../ui/snackbar';
import { GeneralRequestDialog } from './general-request-dialog';
import { RequestCard } from './request-card';
import { PROBLEMS, useProblemText } from '../../../ui/problems';

type Filter = 'all' | 'open' | 'closed';

/**
 * A household's service requests (issue 11), for one policy or all: open or closed ones, each with what
 * was asked, its history and files; cancelling one nobody has started on (after confirming, with the
 * version the member saw), and sending a general request.
 */
export function RequestsView({
  householdId,
  policyId,
  policies,
  showPolicy,
}: {
  householdId: string;
  policyId: string | undefined;
  policies: readonly PolicySummary[];
  showPolicy: boolean;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const snackbar = useSnackbar();
  const [filter, setFilter] = useState<Filter>('all');
  const [writing, setWriting] = useState(false);
  const [sent, setSent] = useState<ServiceRequest | null>(null);
  const [cancelling, setCancelling] = useState<ServiceRequest | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const list = useServiceRequests(viewer.credentialKey, householdId, { policyId, status: filter });
  const canCreate = viewer.session.actions.includes('create-service-request');
  const cancel = useCommand({
    send: (request: ServiceRequest, key: string) => cancelServiceRequest(request.id, request.version, key),
    invalidates: () => [serviceRequestsKey(viewer.credentialKey), ['notifications']],
  });
  const cancelText = useProblemText(PROBLEMS.cancelRequest);
  const cancelError = (): string | null => (cancel.error ? cancelText(cancel.error) : null);
  const confirmCancel = async () => {
    if (!cancelling) return;
    const done = await cancel.submit(cancelling);
    if (!done) {
      // The list may be out of date (staff took it up, another tab cancelled it): show it as it is now.
      void list.refetch();
      return;
    }
    setCancelling(null);
    snackbar.show(t('serviceRequests.cancelled', { reference: done.referenceNumber }));
    listHeading.current?.focus();
  };

  const items = list.data?.items ?? [];
  const emptyKey =
    filter === 'open'
      ? 'serviceRequests.emptyOpen'
      : filter === 'closed'
        ? 'serviceRequests.emptyClosed'
        : 'serviceRequests.empty';
  return (
    <Stack spacing={2.5}>
      {sent && (
        <Alert
          severity="success"
          role="status"
          onClose={() => {
            setSent(null);
          }}
        >
          {t('serviceRequests.form.sent', { reference: sent.referenceNumber })}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography ref={listHeading} tabIndex={-1} variant="h5" component="h2" sx={{ outline: 'none' }}>
            {t('serviceRequests.heading')}
          </Typography>
          {list.data && (
            <Typography color="text.secondary">
              {t('serviceRequests.openCount', { count: list.data.openCount })}
            </Typography>
          )}
        </Box>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => {
              setSent(null);
              setWriting(true);
            }}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('serviceRequests.new')}
          </Button>
        )}
      </Stack>
      <ToggleButtonGroup
        value={filter}
        exclusive
        size="small"
        aria-label={t('serviceRequests.filter.label')}
        onChange={(_event, value: Filter | null) => {
          if (value) setFilter(value);
        }}
      >
        {(['all', 'open', 'closed'] as const).map((value) => (
          <ToggleButton key={value} value={value}>
            {t(`serviceRequests.filter.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list.isError && !list.data ? (
        <Alert severity="warning">{t('serviceRequests.unavailable')}</Alert>
      ) : !list.data ? (
        <Box role="status" aria-label={t('serviceRequests.loading')}>
          <Skeleton variant="rounded" height={140} />
        </Box>
      ) : items.length === 0 ? (
        <Typography>{t(emptyKey)}</Typography>
      ) : (
        <Stack spacing={2} component="section" aria-label={t('serviceRequests.heading')}>
          {items.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              showPolicy={showPolicy}
              onCancel={canCreate ? setCancelling : null}
            />
          ))}
        </Stack>
      )}
      {writing && (
        <GeneralRequestDialog
          householdId={householdId}
          policies={policies}
          initialPolicyId={policyId ?? null}
          onClose={() => {
            setWriting(false);
          }}
          onSent={(request) => {
            setWriting(false);
            setSent(request);
            listHeading.current?.focus();
          }}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          id="cancel-request"
          title={t('serviceRequests.cancelTitle', { reference: cancelling.referenceNumber })}
          body={t('serviceRequests.cancelBody')}
          keepLabel={t('serviceRequests.cancelKeep')}
          confirmLabel={t('serviceRequests.cancelConfirm')}
          busy={cancel.pending}
          error={cancelError()}
          onKeep={() => {
            cancel.reset();
            setCancelling(null);
          }}
          onConfirm={() => void confirmCancel()}
        />
      )}
    </Stack>
  );
}
