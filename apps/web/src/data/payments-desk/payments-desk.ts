import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DeskPaymentPage,
  DeskResult,
  RefundPaymentRequest,
  RetryResult,
  VoidPaymentRequest,
} from '@portal/contracts';
import { apiCommand, apiGet } from '../../lib/api';

/**
 * Issue 13, the staff payments desk: find payments, refund or void one (each with its Idempotency-Key,
 * from useCommand), the billing day's failed work and its retries.
 */

export interface DeskSearch {
  q: string;
  page: number;
  pageSize: number;
}

/** `GET /api/v1/payments-desk/payments`: by policy number, exchange subscriber id, transaction id or household. */
export const searchDeskPayments = (search: DeskSearch, signal?: AbortSignal): Promise<DeskPaymentPage> =>
  apiGet(
    `/api/v1/payments-desk/payments?${new URLSearchParams({ q: search.q, page: String(search.page), pageSize: String(search.pageSize) }).toString()}`,
    (c) => c.DeskPaymentPageSchema,
    { signal },
  );

/** Every desk search starts with this key (a refund makes them stale). */
export const deskPaymentsKey = (credentialKey: string) => ['payments-desk', credentialKey] as const;

export const useDeskPayments = (credentialKey: string, search: DeskSearch | null) =>
  useQuery({
    ...queryOptions({
      queryKey: [...deskPaymentsKey(credentialKey), search],
      queryFn: ({ signal }) => searchDeskPayments(search ?? { q: '', page: 1, pageSize: 10 }, signal),
      placeholderData: keepPreviousData,
    }),
    enabled: search !== null,
    meta: { redirectOnError: false },
  });

export const refundDeskPayment = (
  paymentId: string,
  request: RefundPaymentRequest,
  idempotencyKey: string,
): Promise<DeskResult> =>
  apiCommand(
    'POST',
    `/api/v1/payments-desk/payments/${encodeURIComponent(paymentId)}/refund`,
    (c) => c.DeskResultSchema,
    request,
    idempotencyKey,
  );

export const voidDeskPayment = (
  paymentId: string,
  request: VoidPaymentRequest,
  idempotencyKey: string,
): Promise<DeskResult> =>
  apiCommand(
    'POST',
    `/api/v1/payments-desk/payments/${encodeURIComponent(paymentId)}/void`,
    (c) => c.DeskResultSchema,
    request,
    idempotencyKey,
  );

/** `GET /api/v1/payments-desk/failed-work`. */
export const failedWorkKey = (credentialKey: string) => ['payments-desk-failed', credentialKey] as const;

export const useFailedWork = (credentialKey: string, enabled: boolean) =>
  useQuery({
    queryKey: failedWorkKey(credentialKey),
    queryFn: ({ signal }) =>
      apiGet('/api/v1/payments-desk/failed-work', (c) => c.FailedWorkSchema, { signal }),
    enabled,
    meta: { redirectOnError: false },
  });

export const retryFailedJob = (jobId: string, idempotencyKey: string): Promise<RetryResult> =>
  apiCommand(
    'POST',
    `/api/v1/payments-desk/failed-jobs/${encodeURIComponent(jobId)}/retry`,
    (c) => c.RetryResultSchema,
    undefined,
    idempotencyKey,
  );

export const retryFailedAutopayRun = (runId: string, idempotencyKey: string): Promise<RetryResult> =>
  apiCommand(
    'POST',
    `/api/v1/payments-desk/failed-autopay-runs/${encodeURIComponent(runId)}/retry`,
    (c) => c.RetryResultSchema,
    undefined,
    idempotencyKey,
  );
