import Box from '../../kit/Box';
import CircularProgress from '../../kit/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while the portal starts (configuration, languages, sign-in state). */
export function StartupSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}
    >
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
