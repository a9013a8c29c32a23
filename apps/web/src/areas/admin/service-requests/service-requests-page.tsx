import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSignedInViewer } from '../../../lib/viewer';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { RequestsView } from './requests-view';

/**
 * /admin/policy-selection/service-requests (SPEC §2; issue 11): the selected policy's service requests —
 * the changes and questions sent about it, where each stands, its history with staff's notes — and a
 * general request of the member's own. The policy selection is kept across pages (SPEC §4).
 */
export default function ServiceRequestsPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  // Without an earlier choice, the medical policy: the one most changes are about.
  const { policy, choices } = useSelectedPolicy(viewer.policies, (candidate) => candidate.lineOfCoverage === 'Medical');
  const household = viewer.household.households.find((entry) => entry.policies.some((summary) => summary.id === policy?.id)) ?? viewer.household.households[0];
  const householdId = household?.household.id ?? null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('serviceRequests.title')}
        </Typography>
        <Typography>{t('serviceRequests.intro')}</Typography>
      </Stack>
      <PolicySelector choices={choices} selected={policy} />
      {householdId === null || !policy ? (
        <Alert severity="info">{t('serviceRequests.noHousehold')}</Alert>
      ) : (
        <RequestsView householdId={householdId} policyId={policy.id} policies={household?.policies ?? []} showPolicy={false} />
      )}
    </Stack>
  );
}
