import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import type { ActingSession } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { afterActingChanged, endActingSession } from '../../data/acting-session/acting-session';
import { updatePortalState, usePortalState } from '../../lib/portal-state';
import { useViewer } from '../../lib/viewer';
import { problemMessageKey } from '../../ui/form/problem-message';

/**
 * Staff acting for a member (docs/decisions/043) see it on every page while it lasts: whom, why, a link
 * to the member 360 and the button that ends it — on the server, then back to the staff workspace.
 */
function StaffActingBanner({ acting }: { acting: ActingSession }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const name = acting.memberName ?? acting.label ?? '';
  const end = async () => {
    setEnding(true);
    setFailure(null);
    try {
      await endActingSession();
      // Away from the member's page first: nothing of theirs is asked for again once the session is over.
      await navigate(DEFAULT_ROUTE);
      updatePortalState({ actingFor: null, selectedPolicyId: null });
      await afterActingChanged(queryClient, 'ended');
    } catch (error) {
      setFailure(error);
    } finally {
      setEnding(false);
    }
  };
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="region"
      aria-label={t('actingFor.label')}
      sx={{ mb: 3, borderWidth: 2, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <div>{acting.label && acting.label !== name ? t('actingFor.actingNamed', { name, id: acting.label }) : t('actingFor.acting', { name })}</div>
          <div>
            {t('actingFor.reason', { reason: t(`actingFor.reasons.${acting.reason}`) })}
            {acting.note ? ` — ${acting.note}` : ''}
          </div>
          <Link component={RouterLink} to="/admin/members/member-360" color="inherit">
            {t('actingFor.member360')}
          </Link>
        </div>
        <Button variant="outlined" color="inherit" onClick={() => void end()} disabled={ending} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          {t('actingFor.endActing', { name })}
        </Button>
      </Stack>
      {failure !== null && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {t(problemMessageKey(failure))}
        </Alert>
      )}
    </Alert>
  );
}

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
  if (viewer?.actingSession) return <StaffActingBanner acting={viewer.actingSession} />;
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
      <span>{byExchangeId ? t('actingFor.viewing', { name, id: viewer.actingFor }) : t('actingFor.viewingFound', { name, id: viewer.actingFor })}</span>
    </Alert>
  );
}
