import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { updatePortalState } from '../../lib/portal-state';
import { useViewer } from '../../lib/viewer';

/**
 * Staff and brokers looking at a member (SPEC §2 member search) see, on every page, whose account it
 * is and that they act for them, with a way back to their own view.
 */
export function ActingForBanner() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!viewer?.actingFor) return null;
  const holder = viewer.policies[0]?.policyHolder;
  const name = holder ? `${holder.firstName} ${holder.lastName}` : null;
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
      {name
        ? t('actingFor.viewing', { name, id: viewer.actingFor })
        : t('actingFor.noMatch', { id: viewer.actingFor })}
    </Alert>
  );
}
