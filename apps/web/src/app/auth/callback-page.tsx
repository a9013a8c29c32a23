import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { DIAGNOSTICS, logClientEvent } from '../../lib/client-log';

/**
 * /auth/callback as a page: the server finishes sign-in at this address (docs/decisions/050) and sends the
 * browser on; it shows this page only when sign-in did not finish (`?failed=cancelled|failed`), or to
 * whoever opens the address by hand.
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const cancelled = params.get('failed') === 'cancelled';

  useEffect(() => {
    logClientEvent({
      level: 'warn',
      event: 'auth.callback-failed',
      message: cancelled ? 'sign-in cancelled' : DIAGNOSTICS.noClaims,
    });
  }, [cancelled]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('signIn.callbackHeading')}
      </Typography>
      <Alert severity={cancelled ? 'info' : 'error'}>
        {t(cancelled ? 'signIn.cancelled' : 'signIn.failed')}
      </Alert>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('signIn.tryAgain')}
      </Button>
    </Stack>
  );
}

export default CallbackPage;
