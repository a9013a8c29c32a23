import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PcpOverview, ProviderSearchQuery, ProviderSearchResponse } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** Every PCP query of a credential starts with this key: a choice invalidates them all. */
export const pcpKey = (credentialKey: string) => ['pcp', credentialKey] as const;

/** `GET /api/v1/Policy/:policyId/pcp`: the policy's members with their primary care provider. */
export const getPcpOverview = (policyId: string, signal?: AbortSignal): Promise<PcpOverview> =>
  apiGet(`/api/v1/Policy/${encodeURIComponent(policyId)}/pcp`, (c) => c.PcpOverviewSchema, { signal });

export const pcpOverviewQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: [...pcpKey(credentialKey), 'policy', policyId],
    queryFn: ({ signal }) => getPcpOverview(policyId, signal),
  });

export const usePcpOverview = (credentialKey: string, policyId: string | null) =>
  useQuery({ ...pcpOverviewQueryOptions(credentialKey, policyId ?? ''), enabled: policyId !== null });

/** `GET /api/v1/providers`: the directory, a page at a time. */
export const searchProviders = (
  query: ProviderSearchQuery,
  signal?: AbortSignal,
): Promise<ProviderSearchResponse> => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  return apiGet(`/api/v1/providers?${params.toString()}`, (c) => c.ProviderSearchResponseSchema, { signal });
};

export const providerSearchQueryOptions = (credentialKey: string, query: ProviderSearchQuery) =>
  queryOptions({
    queryKey: [...pcpKey(credentialKey), 'providers', query],
    queryFn: ({ signal }) => searchProviders(query, signal),
  });

/**
 * The directory's answer to a search (none until the member searches). A failed search is said in place
 * (the member can correct a ZIP code or try again); the previous page stays while the next one loads.
 */
export const useProviderSearch = (credentialKey: string, query: ProviderSearchQuery | null) =>
  useQuery({
    ...providerSearchQueryOptions(credentialKey, query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { redirectOnError: false },
    refetchInterval: false,
  });
