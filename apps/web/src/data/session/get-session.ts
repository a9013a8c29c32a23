import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/v1/session: who the API takes the caller to be (kind, roles, permissions, scope). */
export const getSession = (signal?: AbortSignal): Promise<SessionInfo> =>
  apiGet('/api/v1/session', (c) => c.SessionInfoSchema, { signal });

/** Keyed by the credential, so a new sign-in never shows the previous person's session. */
export const sessionQueryOptions = (credentialKey: string) =>
  queryOptions({
    queryKey: ['session', credentialKey],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: Infinity,
  });

export const useSession = (credentialKey: string | null) =>
  useQuery({ ...sessionQueryOptions(credentialKey ?? ''), enabled: credentialKey !== null });
