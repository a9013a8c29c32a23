import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerSearchQuery, BrokerSearchResponse } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** SPEC §7 `GET v1/Broker/search`: by first name, last name or NPN. */
export const searchBrokers = (
  query: BrokerSearchQuery,
  signal?: AbortSignal,
): Promise<BrokerSearchResponse> => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  return apiGet(`/api/v1/Broker/search?${params.toString()}`, (c) => c.BrokerSearchResponseSchema, {
    signal,
  });
};

export const brokerSearchQueryOptions = (credentialKey: string, query: BrokerSearchQuery) =>
  queryOptions({
    queryKey: ['broker-search', credentialKey, query],
    queryFn: ({ signal }) => searchBrokers(query, signal),
    staleTime: 5 * 60_000,
  });

/**
 * The brokers matching a search (none until the member searches). SPEC §8: a broker search failure feeds the
 * global error (the default: a failed first load opens /error/500).
 */
export const useBrokerSearch = (credentialKey: string, query: BrokerSearchQuery | null) =>
  useQuery({
    ...brokerSearchQueryOptions(credentialKey, query ?? {}),
    enabled: query !== null,
    refetchInterval: false,
    retry: 0,
  });
