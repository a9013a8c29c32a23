import { queryOptions } from '@tanstack/react-query';
import type { PaperlessSettings } from '@portal/contracts';
import { apiGet } from '../../lib/api';

export const paperlessKey = (credentialKey: string, householdId: string) =>
  ['paperless', credentialKey, householdId] as const;

/** GET /api/v1/Household/:householdId/paperless: the delivery choices, the address and a pending confirmation. */
export const getPaperless = (householdId: string, signal?: AbortSignal): Promise<PaperlessSettings> =>
  apiGet(`/api/v1/Household/${encodeURIComponent(householdId)}/paperless`, (c) => c.PaperlessSettingsSchema, {
    signal,
  });

export const paperlessQueryOptions = (credentialKey: string, householdId: string) =>
  queryOptions({
    queryKey: paperlessKey(credentialKey, householdId),
    queryFn: ({ signal }) => getPaperless(householdId, signal),
  });
