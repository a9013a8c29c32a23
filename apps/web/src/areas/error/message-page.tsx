import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '../../kit/Button';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';

/** A plain, translated message with a way back home (not-found and server-error pages). */
export function MessagePage({ prefix }: { prefix: 'notFound' | 'serverError' }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t(`${prefix}.heading`)}
      </Typography>
      <Typography>{t(`${prefix}.body`)}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t(`${prefix}.home`)}
      </Button>
    </Stack>
  );
}
