import { useEffect } from 'react';
import { useConfig } from '../../config/config-context';
import { apiSend } from '../../lib/api';

/**
 * SPEC §4/§9 keep-alive: while signed in, a GET to the configured URL at the configured interval
 * (default every 600 s to /api/health). Its answer does not matter; a failure is ignored.
 */
export function KeepAlive() {
  const { keepAliveUrl, keepAliveIntervalSeconds } = useConfig().account.session;
  useEffect(() => {
    if (!keepAliveUrl) return;
    const interval = window.setInterval(() => {
      apiSend('GET', keepAliveUrl, { acceptStatuses: [503] }).catch(() => undefined);
    }, keepAliveIntervalSeconds * 1000);
    return () => {
      window.clearInterval(interval);
    };
  }, [keepAliveUrl, keepAliveIntervalSeconds]);
  return null;
}
