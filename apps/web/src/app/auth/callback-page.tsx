import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { completeSignIn } from '../../lib/auth/auth';
import { DIAGNOSTICS, logClientEvent } from '../../lib/client-log';
import { PageLoading } from '../layout/page-loading';

// The authorization code can be redeemed once: a second run of the effect (React StrictMode) reuses it.
let pending: { url: string; result: Promise<string | null> } | null = null;

function finishOnce(url: string): Promise<string | null> {
  if (pending?.url !== url) pending = { url, result: completeSignIn(url) };
  return pending.result;
}

/**
 * /auth/callback: the identity provider sends the browser back here with an authorization code; it is
 * exchanged (with the PKCE verifier) for tokens, then SPEC §4: a consumer flow goes to its stored
 * pre-sign-in route or post-login URI, everyone else to the account overview.
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<'cancelled' | 'failed' | null>(null);

  useEffect(() => {
    const url = window.location.href;
    const error = new URL(url).searchParams.get('error');
    finishOnce(url).then(
      (target) => {
        void navigate(target ?? DEFAULT_ROUTE, { replace: true });
      },
      (reason: unknown) => {
        logClientEvent({
          level: 'warn',
          event: 'auth.callback-failed',
          message: error === 'access_denied' ? 'sign-in cancelled' : DIAGNOSTICS.noClaims,
          details: { reason: reason instanceof Error ? reason.message.slice(0, 200) : 'unknown' },
        });
        setFailed(error === 'access_denied' ? 'cancelled' : 'failed');
      },
    );
  }, [navigate]);

  if (!failed) return <PageLoading />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('signIn.callbackHeading')}
      </Typography>
      <Alert severity={failed === 'cancelled' ? 'info' : 'error'}>{t(failed === 'cancelled' ? 'signIn.cancelled' : 'signIn.failed')}</Alert>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('signIn.tryAgain')}
      </Button>
    </Stack>
  );
}

export default CallbackPage;
