import type { ClientEvent } from '@portal/contracts';

/**
 * SPEC §7/§8 client monitoring events (`POST /api/v1/Logging`, public). Fire and forget: a failure to
 * log must never break what the member is doing. Only the route path goes along, never the query.
 */
export function logClientEvent(event: Omit<ClientEvent, 'page'>): void {
  const body = JSON.stringify({ events: [{ ...event, page: window.location.pathname.slice(0, 300) }] });
  try {
    void fetch('/api/v1/Logging', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Nothing more to do: the log itself is best effort.
  }
}

/** SPEC §8 diagnostics, spelled as the SPEC spells them. */
export const DIAGNOSTICS = {
  configOrLanguages: 'Error Loading Configurations or Languages',
  noClaims: 'No claims available',
  noRoutes: 'No Routes available for non-saml, non-poweruser.',
  noAuthConfig: 'Cannot find config.AuthConfig',
} as const;
