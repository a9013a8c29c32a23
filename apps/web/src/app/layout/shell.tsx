import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useRouteTitle } from '../../ui/route-title';
import { LanguageSelect } from './language-select';

const MAIN_ID = 'main-content';

/** The frame around every page: skip link, header, main landmark and footer. */
export function Shell() {
  const { t } = useTranslation();
  useRouteTitle();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Button
        href={`#${MAIN_ID}`}
        variant="contained"
        sx={{
          position: 'absolute',
          left: 8,
          top: -64,
          zIndex: (theme) => theme.zIndex.tooltip,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToMain')}
      </Button>
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar sx={{ minHeight: 64 }}>
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
          >
            {t('app.name')}
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" id={MAIN_ID} tabIndex={-1} maxWidth="lg" sx={{ flex: 1, py: 4, outline: 'none' }}>
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
              <CircularProgress aria-label={t('app.loading')} />
            </Box>
          }
        >
          <Outlet />
        </Suspense>
      </Container>
      <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', py: 2 }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <LanguageSelect />
          <Typography variant="body2">{t('app.version', { version: __APP_VERSION__ })}</Typography>
        </Container>
      </Box>
    </Box>
  );
}
