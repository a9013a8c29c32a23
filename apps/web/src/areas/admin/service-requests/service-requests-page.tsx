import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import { useSignedInViewer } from '../../../lib/viewer';
import { PolicySelector, useSelectedPolicy } from '../../../ui/policy-selector';
import { RequestPageShape } from '../request-page-shape';
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
  const { policy, choices } = useSelectedPolicy(
    viewer.policies,
    (candidate) => candidate.lineOfCoverage === 'Medical',
  );
  const household =
    viewer.household.households.find((entry) =>
      entry.policies.some((summary) => summary.id === policy?.id),
    ) ?? viewer.household.households[0];
  const householdId = household?.household.id ?? null;
  return (
    <RequestPageShape title={t('serviceRequests.title')} intro={t('serviceRequests.intro')} maxWidth={880}>
      <PolicySelector choices={choices} selected={policy} />
      {householdId === null || !policy ? (
        <Alert severity="info">{t('serviceRequests.noHousehold')}</Alert>
      ) : (
        <RequestsView
          householdId={householdId}
          policyId={policy.id}
          policies={household?.policies ?? []}
          showPolicy={false}
        />
      )}
    </RequestPageShape>
  );
}
