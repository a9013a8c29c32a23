import { useQuery } from '@tanstack/react-query';
import type { DisconnectAppResponse } from '@portal/contracts';
import { apiCommand, apiGet } from '../../lib/api';

/** Issue 37 (docs/decisions/054): the SMART apps the member connected to their records, and disconnecting one. */

export const connectedAppsKey = (credentialKey: string) => ['connected-apps', credentialKey] as const;

/** GET /api/v1/account/connected-apps (a member's own account only). */
export const useConnectedApps = (credentialKey: string, enabled: boolean) =>
  useQuery({
    queryKey: connectedAppsKey(credentialKey),
    queryFn: ({ signal }) =>
      apiGet('/api/v1/account/connected-apps', (c) => c.ConnectedAppsSchema, { signal }),
    enabled,
    meta: { redirectOnError: false },
  });

/** POST /api/v1/account/connected-apps/disconnect (a command: Idempotency-Key). */
export const disconnectApp = (clientId: string, idempotencyKey: string): Promise<DisconnectAppResponse> =>
  apiCommand(
    'POST',
    '/api/v1/account/connected-apps/disconnect',
    (c) => c.DisconnectAppResponseSchema,
    { clientId },
    idempotencyKey,
  );
