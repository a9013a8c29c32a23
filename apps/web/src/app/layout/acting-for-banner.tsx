import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import { updatePortalState, usePortalState } from '../../lib/portal-state';
import { useViewer } from '../../lib/viewer';

// Staff's banner loads with the staff's words, never on a member's first page (docs/decisions/033, 043).
const StaffActingBanner = lazy(() => import('../../areas/admin/members/staff-acting-banner'));

/**
 * Staff and brokers looking at a member (SPEC §2 member search) see, on every page, whose account it
 * is and that they act for them, with a way back to their own view. Staff's is their acting session.
 */
export function ActingForBanner() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { actingFor } = usePortalState();
  if (viewer?.actingSession)
    return (
      <Suspense fallback={null}>
        <StaffActingBanner acting={viewer.actingSession} />
      </Suspense>
    );
  const holder = viewer?.policies[0]?.policyHolder;
  // Only while a member is open: a search that found nobody is said once, by the page (no banner, no
  // "end member view" for a view that never began).
  if (!viewer?.actingFor || !holder) return null;
  const name = `${holder.firstName} ${holder.lastName}`;
  const byExchangeId = actingFor?.idType !== 'Household' && actingFor?.idType !== 'Policy';
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="region"
      aria-label={t('actingFor.label')}
      sx={{ mb: 3, borderWidth: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            queryClient.removeQueries({ queryKey: ['household-user'] });
            queryClient.removeQueries({ queryKey: ['policy'] });
            updatePortalState({ actingFor: null });
            void navigate(DEFAULT_ROUTE);
          }}
        >
          {t('actingFor.end')}
        </Button>
      }
    >
      <span>
        {byExchangeId
          ? t('actingFor.viewing', { name, id: viewer.actingFor })
          : t('actingFor.viewingFound', { name, id: viewer.actingFor })}
      </span>
    </Alert>
  );
}
