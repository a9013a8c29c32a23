import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberSearchQuery, MemberSearchResponse } from '@portal/contracts';
import { apiPost } from '../../lib/api';

/**
 * POST /api/v1/staff/member-search (issue 13): a page of the members one kind of search matches. A
 * POST: the search terms stay out of URLs. Staff with member-search only.
 */
export const searchMembers = (
  query: MemberSearchQuery,
  signal?: AbortSignal,
): Promise<MemberSearchResponse> =>
  apiPost('/api/v1/staff/member-search', (c) => c.MemberSearchResponseSchema, query, { signal });

export const memberSearchQueryOptions = (credentialKey: string, query: MemberSearchQuery) =>
  queryOptions({
    queryKey: ['member-search', credentialKey, query],
    queryFn: ({ signal }) => searchMembers(query, signal),
    // A search is asked for, not kept fresh: no background refresh re-runs (and re-audits) it.
    staleTime: Infinity,
    refetchInterval: false,
  });

/** The results of the search asked for (none before one is); failures are said in place, the last page stays while the next loads. */
export const useMemberSearch = (credentialKey: string, query: MemberSearchQuery | null) =>
  useQuery({
    ...memberSearchQueryOptions(credentialKey, query ?? { kind: 'exchangeId', page: 1, pageSize: 10 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { redirectOnError: false },
  });
