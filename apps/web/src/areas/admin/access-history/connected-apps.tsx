import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import CircularProgress from '../../../kit/CircularProgress';
import Paper from '../../../kit/Paper';
import Typography from '../../../kit/Typography';
import type { ConnectedApp } from '@portal/contracts';
import {
  connectedAppsKey,
  disconnectApp,
  useConnectedApps,
} from '../../../data/connected-apps/connected-apps';
import { loose } from '../../../i18n/loose';
import { useCommand } from '../../../ui/form/use-command';
import { useFormatters } from '../../../ui/format';

/** The scopes a member is told about, by their text's key (the other scopes only sign the app in). */
const SCOPE_KEYS: Readonly<Record<string, string>> = {
  'patient/Patient.rs': 'patient',
  'patient/Coverage.rs': 'coverage',
  offline_access: 'offline',
};

/**
 * Issue 37 (docs/decisions/054): the apps the member allowed to read their information through the FHIR
 * Patient Access API (SMART on FHIR) — what each reads, since and until when — and disconnecting one,
 * which ends its access at once. A member's own account only (staff acting for them do not see it).
 */
export function ConnectedApps({ credentialKey }: { credentialKey: string }) {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  const apps = useConnectedApps(credentialKey, true);
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const disconnect = useCommand({
    send: (clientId: string, key: string) => disconnectApp(clientId, key),
    invalidates: () => [connectedAppsKey(credentialKey)],
  });
  const onDisconnect = async (app: ConnectedApp) => {
    setDone(null);
    const answer = await disconnect.submit(app.clientId);
    if (answer) {
      setDone(app.name);
      status.current?.focus();
    }
  };
  const reads = (app: ConnectedApp) =>
    app.scopes
      .map((scope) => SCOPE_KEYS[scope])
      .filter((key) => key !== undefined)
      .map((key) => lt(`connectedApps.scope.${key}`, { defaultValue: '' }))
      .filter((text) => text !== '')
      .join('; ');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="connected-apps-heading" sx={{ p: 2 }}>
      <Typography id="connected-apps-heading" variant="h6" component="h2">
        {t('connectedApps.heading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('connectedApps.intro')}</Typography>
      <Box ref={status} tabIndex={-1} aria-live="polite" sx={{ outline: 'none' }}>
        {done && <Alert severity="success">{t('connectedApps.disconnected', { name: done })}</Alert>}
      </Box>
      {disconnect.error !== null && <Alert severity="error">{t('connectedApps.disconnectFailed')}</Alert>}
      {apps.isPending && <CircularProgress aria-label={t('app.processing')} />}
      {apps.isError && <Alert severity="error">{t('connectedApps.loadFailed')}</Alert>}
      {apps.data && apps.data.apps.length === 0 && (
        <Typography color="text.secondary">{t('connectedApps.none')}</Typography>
      )}
      {apps.data && apps.data.apps.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {apps.data.apps.map((app) => (
            <Box
              component="li"
              key={app.clientId}
              data-testid="connected-app"
              sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
            >
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {t('connectedApps.appName', { name: app.name, publisher: app.publisher })}
              </Typography>
              <Typography variant="body2">{t('connectedApps.reads', { what: reads(app) })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {app.expiresAt
                  ? t('connectedApps.since', {
                      since: format.date(app.connectedAt.slice(0, 10)),
                      until: format.date(app.expiresAt.slice(0, 10)),
                    })
                  : t('connectedApps.sinceOnly', { since: format.date(app.connectedAt.slice(0, 10)) })}
              </Typography>
              <Button
                variant="outlined"
                sx={{ mt: 1 }}
                disabled={disconnect.pending}
                onClick={() => {
                  void onDisconnect(app);
                }}
              >
                {t('connectedApps.disconnect', { name: app.name })}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
