import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE, normalizeRoute } from '@portal/domain';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { refreshSession } from '../../lib/auth/auth';
import { isSafeRelativePath } from '../../lib/auth/session-storage';
import { BUILT_ROUTES } from '../routes';
import { PageLoading } from '../layout/page-loading';

/** Where to continue: the assertion's relative `next` when that page exists, else the overview. */
function destination(next: string | null): string {
  if (!isSafeRelativePath(next)) return DEFAULT_ROUTE;
  const path = normalizeRoute(next);
  return BUILT_ROUTES.some((route) => normalizeRoute(route) === path) ? next : DEFAULT_ROUTE;
}

/**
 * /auth/asserted: the SAML endpoint verified an assertion, started the session (its cookie; the token
 * stays on the server, docs/decisions/050) and sent the browser here with where to go. SPEC §1 asserted sessions.
 */
export function AssertedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const next = new URLSearchParams(window.location.search).get('next');
    let live = true;
    refreshSession().then(
      (credential) => {
        if (!live) return;
        if (credential?.kind === 'portal' && credential.type === 'asserted')
          void navigate(destination(next), { replace: true });
        // Shown only when the hand-over started no session: a user action led here.
        else setFailed(true);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!failed) return <PageLoading />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('signIn.assertedHeading')}
      </Typography>
      <Alert severity="error">{t('signIn.assertedFailed')}</Alert>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('signIn.tryAgain')}
      </Button>
    </Stack>
  );
}

export default AssertedPage;
