import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledPaymentList } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** `GET /api/v1/Policy/:policyId/scheduled-payments`: the policy's scheduled payments (Scheduled first) and how many more may be set up. */
export const getScheduledPayments = (policyId: string, signal?: AbortSignal): Promise<ScheduledPaymentList> =>
  apiGet(
    `/api/v1/Policy/${encodeURIComponent(policyId)}/scheduled-payments`,
    (c) => c.ScheduledPaymentListSchema,
    { signal },
  );

/** Every scheduled-payment query of a credential starts with this key (a change invalidates them all). */
export const scheduledPaymentsKey = (credentialKey: string) => ['scheduled-payments', credentialKey] as const;

export const scheduledPaymentsQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: [...scheduledPaymentsKey(credentialKey), policyId],
    queryFn: ({ signal }) => getScheduledPayments(policyId, signal),
  });

/**
 * A list that cannot load is said in place with "Try again" (the page's own alert), not by the global
 * error page: under React DOM that alert showed only until the error page's navigation (rendered as a
 * transition) replaced it; React's API on Preact renders both at once (docs/decisions/038).
 */
export const useScheduledPayments = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...scheduledPaymentsQueryOptions(credentialKey, policyId ?? ''),
    enabled: policyId !== null,
    meta: { redirectOnError: false },
  });
