import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';

/** Only a path of this portal (`/…`, never `//host`) is a place to go back to. */
function localPath(value: string | null): string | null {
  return value !== null && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : null;
}

/**
 * Issue 40: a part of the portal is briefly unavailable (the API answered 503 with Retry-After — the
 * database restarting, an instance overloaded). Not SPEC §8's "something went wrong": it says to try
 * again in a moment, and "Try again" asks again for what failed and goes back to the page the member was
 * on (`?from=`).
 */
export function UnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const from = localPath(params.get('from'));
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('unavailable.heading')}
      </Typography>
      <Typography>{t('unavailable.body')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant="contained"
          onClick={() => {
            // What failed is asked for again (the shell's own reads too, which stay mounted).
            void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
            void navigate(from ?? '/', { replace: true });
          }}
        >
          {t('unavailable.retry')}
        </Button>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('unavailable.home')}
        </Button>
      </Stack>
    </Stack>
  );
}

export default UnavailablePage;
