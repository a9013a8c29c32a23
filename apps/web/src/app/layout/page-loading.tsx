import Box from '../../kit/Box';
import CircularProgress from '../../kit/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A page's content is on its way (inside the shell, so the header and menu stay usable). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
