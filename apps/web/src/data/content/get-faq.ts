import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqResponse } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** `GET /api/v1/faq`: the tenant's FAQ topics (SPEC §3), as translation keys of their questions and answers. */
export const getFaq = (signal?: AbortSignal): Promise<FaqResponse> =>
  apiGet('/api/v1/faq', (c) => c.FaqResponseSchema, { signal });

export const faqQueryOptions = (credentialKey: string) =>
  queryOptions({
    queryKey: ['faq', credentialKey],
    queryFn: ({ signal }) => getFaq(signal),
    staleTime: 60 * 60 * 1000,
  });

// A failure is said in place (with "Try again"), not by the global error page.
export const useFaq = (credentialKey: string) =>
  useQuery({ ...faqQueryOptions(credentialKey), meta: { redirectOnError: false } });
