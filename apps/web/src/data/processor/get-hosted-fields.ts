import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HostedFieldsConfig } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/**
 * GET /api/v1/processor/hosted-fields (docs/decisions/016): the processor's origin and its hosted fields
 * pages in the active language, for this page's origin. Guests use it too (a one-time card).
 */
export const getHostedFields = (language: string, signal?: AbortSignal): Promise<HostedFieldsConfig> =>
  apiGet(
    `/api/v1/processor/hosted-fields?language=${encodeURIComponent(language)}&parentOrigin=${encodeURIComponent(window.location.origin)}`,
    (c) => c.HostedFieldsConfigSchema,
    { signal },
  );

export const hostedFieldsQueryOptions = (credentialKey: string, language: string) =>
  queryOptions({
    queryKey: ['hosted-fields', credentialKey, language],
    queryFn: ({ signal }) => getHostedFields(language, signal),
    staleTime: Infinity,
  });

export const useHostedFields = (credentialKey: string, language: string) => useQuery(hostedFieldsQueryOptions(credentialKey, language));
