import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import { useSignedInViewer } from '../../../lib/viewer';
import { useSelectedPolicy } from '../../../ui/policy-selector';
import { RequestPageShape } from '../request-page-shape';
import { RequestsView } from './requests-view';

/**
 * /admin/service-requests-alt (SPEC §2; issue 11): every service request of the household at once, for
 * every policy and none, newest first — the same requests as the per-policy page, without choosing one.
 */
export default function ServiceRequestsAltPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { policy } = useSelectedPolicy(viewer.policies);
  const household =
    viewer.household.households.find((entry) =>
      entry.policies.some((summary) => summary.id === policy?.id),
    ) ?? viewer.household.households[0];
  return (
    <RequestPageShape
      title={t('serviceRequests.altHeading')}
      intro={t('serviceRequests.altIntro')}
      maxWidth={880}
    >
      {household ? (
        <RequestsView
          householdId={household.household.id}
          policyId={undefined}
          policies={household.policies}
          showPolicy
        />
      ) : (
        <Alert severity="info">{t('serviceRequests.noHousehold')}</Alert>
      )}
    </RequestPageShape>
  );
}
