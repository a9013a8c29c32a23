import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import type { ActingSession } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import { afterActingChanged, endActingSession } from '../../../data/acting-session/acting-session';
import { useAllTexts } from '../../../i18n';
import { updatePortalState } from '../../../lib/portal-state';
import { problemMessageKey } from '../../../ui/form/problem-message';
import { MEMBER_360_PATH } from './open-member';

/**
 * Staff acting for a member (docs/decisions/043) see it on every page while it lasts: whom, why, a link
 * to the member 360 and the button that ends it — on the server, then back to the staff workspace.
 * Loaded with the staff's words (not a member's first page: docs/decisions/033).
 */
export default function StaffActingBanner({ acting }: { acting: ActingSession }) {
  const { t } = useTranslation();
  const texts = useAllTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (!texts) return null;
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
      sx={{ mb: 3, borderWidth: 2, '& .kit-alert-message': { flex: 1, minWidth: 0 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <div>
            {acting.label && acting.label !== name
              ? t('actingFor.actingNamed', { name, id: acting.label })
              : t('actingFor.acting', { name })}
          </div>
          <div>
            {t('actingFor.reason', { reason: t(`actingFor.reasons.${acting.reason}`) })}
            {acting.note ? ` — ${acting.note}` : ''}
          </div>
          <Link component={RouterLink} to={MEMBER_360_PATH} color="inherit">
            {t('actingFor.member360')}
          </Link>
        </div>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => void end()}
          disabled={ending}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
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
