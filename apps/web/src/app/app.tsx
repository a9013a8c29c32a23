import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import type { RuntimeConfig } from '../config/load-config';
import { baseTheme } from './theme';
import { StartupSpinner } from './layout/startup-spinner';
import { PortalApp } from './portal-app';
import { preloadPage } from './router';
import { startPortal } from './startup';

type Phase = { status: 'starting' } | { status: 'failed' } | { status: 'ready'; config: RuntimeConfig };

/**
 * SPEC §8: when configuration or languages cannot be loaded, a plain translated page says so (in the
 * language the visitor chose before, from the static translations) instead of a blank screen.
 */
function StartupFailed() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('startup.failedHeading')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('startup.failedBody')}</Typography>
      <Button
        variant="contained"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('startup.reload')}
      </Button>
    </Box>
  );
}

export function App() {
  const [phase, setPhase] = useState<Phase>({ status: 'starting' });
  useEffect(() => {
    let cancelled = false;
    preloadPage(window.location.pathname);
    startPortal().then(
      ({ config, validation }) => {
        if (cancelled) return;
        setPhase({ status: 'ready', config });
        // SPEC §8: a configuration that fails its schema rejects startup, even after the first screen.
        validation.catch(() => {
          if (!cancelled) setPhase({ status: 'failed' });
        });
      },
      () => {
        if (!cancelled) setPhase({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (phase.status === 'ready') return <PortalApp config={phase.config} />;
  return (
    <ThemeProvider theme={baseTheme}>
      <CssBaseline />
      {phase.status === 'starting' ? <StartupSpinner /> : <StartupFailed />}
    </ThemeProvider>
  );
}
