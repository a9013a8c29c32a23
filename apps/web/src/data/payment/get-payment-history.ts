import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentHistoryQuery, PaymentPage } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/v1/Policy/:policyId/payments: a page of the policy's payments, newest first, filtered. */
export function getPaymentHistory(
  policyId: string,
  query: PaymentHistoryQuery,
  signal?: AbortSignal,
): Promise<PaymentPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.status) params.set('status', query.status);
  return apiGet(
    `/api/v1/Policy/${encodeURIComponent(policyId)}/payments?${params.toString()}`,
    (c) => c.PaymentPageSchema,
    { signal },
  );
}

/** Every history query of a policy starts with this key (a payment invalidates them all). */
export const paymentHistoryKey = (credentialKey: string, policyId: string) =>
  ['payment-history', credentialKey, policyId] as const;

export const paymentHistoryQueryOptions = (
  credentialKey: string,
  policyId: string,
  query: PaymentHistoryQuery,
) =>
  queryOptions({
    queryKey: [...paymentHistoryKey(credentialKey, policyId), query],
    queryFn: ({ signal }) => getPaymentHistory(policyId, query, signal),
    placeholderData: keepPreviousData,
  });

export const usePaymentHistory = (credentialKey: string, policyId: string, query: PaymentHistoryQuery) =>
  useQuery(paymentHistoryQueryOptions(credentialKey, policyId, query));
