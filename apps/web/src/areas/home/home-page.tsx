import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useHealth } from '../../data/health/get-health';

function ServiceStatus() {
  const { t } = useTranslation();
  const health = useHealth();
  if (health.isPending) {
    return (
      <Alert severity="info" role="status">
        {t('home.status.checking')}
      </Alert>
    );
  }
  if (health.isError) {
    return (
      <Alert severity="error" role="status">
        {t('home.status.unreachable')}
      </Alert>
    );
  }
  const ok = health.data.status === 'ok';
  return (
    <Alert severity={ok ? 'success' : 'warning'} role="status">
      {t(ok ? 'home.status.ok' : 'home.status.degraded')}
    </Alert>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('home.heading')}
      </Typography>
      <Typography>{t('home.intro')}</Typography>
      <Paper variant="outlined" component="section" aria-labelledby="service-status-heading" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" id="service-status-heading" gutterBottom>
          {t('home.status.heading')}
        </Typography>
        <ServiceStatus />
      </Paper>
    </Stack>
  );
}

export { HomePage as Component };
export const handle = { titleKey: 'home.title' };
