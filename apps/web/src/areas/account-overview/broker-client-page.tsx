import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Link from '../../kit/Link';
import Paper from '../../kit/Paper';
import Skeleton from '../../kit/Skeleton';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useClientPolicy, useGroups } from '../../data/broker-book/get-book';
import { useServiceRequests } from '../../data/service-request/get-service-requests';
import { isApiError } from '../../lib/api';
import { useSignedInViewer } from '../../lib/viewer';
import { useFormatters } from '../../ui/format';
import { groupPolicies } from './overview-model';
import { PolicyCard } from './policy-card';
import { RecentDocuments } from './recent-documents';

/**
 * `/broker/clients/:policyId` (issue 13): one client of the signed-in broker — the policy overview (plan,
 * members, finance status, grace period), the employer group of a group client (SPEC §7
 * `GET v1/Group/FromSubscribers`), the household's documents and service requests. Read-only: the
 * broker's role-config actions are offered on their own pages. A policy that is not his is refused by
 * the API (403, audited there) and said so here.
 */
export default function BrokerClientPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const policyId = useParams().policyId ?? '';
  const detail = useClientPolicy(viewer.credentialKey, policyId);
  const policy = detail.data;
  const group = policy?.marketCoverage === 'Group';
  const groups = useGroups(viewer.credentialKey, policy ? [policy.issuerSubscriberId] : [], group);
  const householdId = policy?.householdId ?? null;
  const requests = useServiceRequests(viewer.credentialKey, householdId, { policyId });
  const entries = groupPolicies(viewer.policies.filter((summary) => summary.id === policyId));
  const entry = entries[0] ?? (policy ? { summary: policy, upcoming: [] } : undefined);

  const back = (
    <Link component={RouterLink} to="/broker">
      {t('broker.client.back')}
    </Link>
  );

  if (detail.isError) {
    const status = isApiError(detail.error) ? detail.error.status : 0;
    return (
      <Stack spacing={2} sx={{ maxWidth: 880 }}>
        <Typography variant="h4" component="h1">
          {t('broker.client.heading')}
        </Typography>
        <Alert severity={status === 403 || status === 404 ? 'warning' : 'error'} data-testid="client-refused">
          {status === 403
            ? t('broker.client.notYours')
            : status === 404
              ? t('broker.client.unknown')
              : t('broker.client.loadFailed')}
        </Alert>
        {back}
      </Stack>
    );
  }

  if (!policy || !entry) {
    return (
      <Stack spacing={2} role="status" aria-label={t('app.loading')}>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rectangular" height={200} />
      </Stack>
    );
  }

  const holder = `${policy.policyHolder.firstName} ${policy.policyHolder.lastName}`;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        {back}
        <Typography variant="h4" component="h1">
          {t('broker.client.headingFor', { name: holder })}
        </Typography>
        <Typography>{t('broker.client.intro')}</Typography>
      </Stack>

      <PolicyCard viewer={viewer} entry={entry} guest={false} />

      {group && (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="client-group-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="client-group-heading" variant="h5" component="h2" gutterBottom>
            {t('broker.client.group')}
          </Typography>
          {groups.data?.items.length ? (
            groups.data.items.map((item) => (
              <Typography key={item.id}>
                {item.name} · {t('broker.client.groupNumber', { number: item.groupNumber })}
              </Typography>
            ))
          ) : (
            <Typography>
              {groups.isError
                ? t('broker.client.groupFailed')
                : groups.isLoading
                  ? t('app.loading')
                  : t('broker.client.noGroup')}
            </Typography>
          )}
        </Paper>
      )}

      {householdId && <RecentDocuments viewer={viewer} householdId={householdId} />}

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="client-requests-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="client-requests-heading" variant="h5" component="h2" gutterBottom>
          {t('broker.client.requests')}
        </Typography>
        {requests.isError ? (
          <Alert severity="warning">{t('broker.client.requestsFailed')}</Alert>
        ) : !householdId || requests.data?.items.length === 0 ? (
          <Typography>{t('broker.client.noRequests')}</Typography>
        ) : !requests.data ? (
          <Typography role="status">{t('app.loading')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {requests.data.items.map((request) => (
              <Box
                component="li"
                key={request.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Typography sx={{ fontWeight: 600 }}>
                  {request.subject ??
                    t(`serviceRequests.type.${request.type}`, { defaultValue: request.type })}
                </Typography>
                <Typography variant="body2">
                  {t(`serviceRequests.status.${request.status}`, { defaultValue: request.status })} ·{' '}
                  {t('broker.client.reference', { reference: request.referenceNumber })} ·{' '}
                  {format.date(request.createdAt.slice(0, 10))}
                </Typography>
                {request.resolution && <Typography variant="body2">{request.resolution}</Typography>}
              </Box>
            ))}
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
