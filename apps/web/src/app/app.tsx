import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '../kit/Box';
import Typography from '../kit/Typography';
import Button from '../kit/Button';
import { applyCssOverrides, validateLater, type RuntimeConfig } from '../config/load-config';
import { ThemeStyle } from '../kit/ThemeStyle';
import { StartupSpinner } from './layout/startup-spinner';
import { PortalApp } from './portal-app';
import { preloadPage } from './router';
import type { ServerState } from './server-state';
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

/**
 * The portal: the startup screen while SPEC §4 startup runs, then the portal. A page rendered on the server
 * (docs/decisions/058) passes what it was rendered from (`server`): the portal is ready at once, so the
 * markup is hydrated as it is; the configuration's check still runs once the page is shown.
 */
export function App({ server }: { server?: Pick<ServerState, 'config' | 'queries'> | undefined }) {
  const [phase, setPhase] = useState<Phase>(() =>
    server ? { status: 'ready', config: server.config } : { status: 'starting' },
  );
  const rendered = server !== undefined;
  useEffect(() => {
    let cancelled = false;
    const fail = () => {
      if (!cancelled) setPhase({ status: 'failed' });
    };
    if (rendered) {
      // The server rendered with the configuration (entry-server.tsx); the browser checks it as always.
      if (phase.status === 'ready') {
        if (typeof document !== 'undefined') applyCssOverrides();
        validateLater(phase.config).catch(fail);
      }
      return () => {
        cancelled = true;
      };
    }
    void preloadPage(window.location.pathname);
    startPortal().then(({ config, validation }) => {
      if (cancelled) return;
      setPhase({ status: 'ready', config });
      // SPEC §8: a configuration that fails its schema rejects startup, even after the first screen.
      validation.catch(fail);
    }, fail);
    return () => {
      cancelled = true;
    };
    // Startup runs once; the phase it sets is not a reason to start again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase.status === 'ready') return <PortalApp config={phase.config} queries={server?.queries} />;
  return (
    <>
      <ThemeStyle />
      {phase.status === 'starting' ? <StartupSpinner /> : <StartupFailed />}
    </>
  );
}
