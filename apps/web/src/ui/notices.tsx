import { useTranslation } from 'react-i18next';
import Alert from '../kit/Alert';
import Button from '../kit/Button';
import CircularProgress from '../kit/CircularProgress';
import Stack from '../kit/Stack';
import Typography from '../kit/Typography';

/**
 * What a page says in place while a part of it loads, and when that part could not be loaded (SPEC §8:
 * failures of a part of a page are said where the part would be, with a way to try again).
 */

/** Loading, said politely (role=status) beside a spinner that assistive technology skips. */
export function LoadingNotice({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label}</Typography>
    </Stack>
  );
}

/** Could not be loaded (an alert: role=alert), with "Try again". */
export function LoadFailedNotice({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('form.tryAgain')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
