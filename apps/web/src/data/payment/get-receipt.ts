import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/v1/Payment/:paymentId: a payment's receipt. */
export const getReceipt = (paymentId: string, signal?: AbortSignal): Promise<Receipt> =>
  apiGet(`/api/v1/Payment/${encodeURIComponent(paymentId)}`, (c) => c.ReceiptSchema, { signal });

export const receiptQueryOptions = (credentialKey: string, paymentId: string) =>
  queryOptions({
    queryKey: ['receipt', credentialKey, paymentId],
    queryFn: ({ signal }) => getReceipt(paymentId, signal),
  });

export const useReceipt = (credentialKey: string, paymentId: string) =>
  useQuery(receiptQueryOptions(credentialKey, paymentId));
