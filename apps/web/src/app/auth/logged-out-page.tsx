import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { RestIllustration } from '../../ui/illustration';

/**
 * SPEC §2 logged-out screen: an illustration, a heading and a sub-text. After an idle time-out (or a
 * session the server ended) the wording comes from the account time-out keys; after a sign-out the
 * member chose, it says they signed out.
 */
export function LoggedOutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const timedOut = reason === 'timeout' || reason === 'ended';
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640, py: 2 }} data-testid="logged-out-page">
      <RestIllustration />
      <Typography variant="h4" component="h1">
        {timedOut ? t('account.timeOut.title') : t('account.signedOut.title')}
      </Typography>
      <Typography>{timedOut ? t('account.timeOut.subtext') : t('account.signedOut.subtext')}</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        {t('account.signInAgain')}
      </Button>
    </Stack>
  );
}

export default LoggedOutPage;
