import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ServiceQueueDetail,
  ServiceQueuePage,
  ServiceQueueQuery,
  ServiceQueueSummary,
} from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** The staff queue of service requests (issue 13): its pages, the dashboard's counts, one request. */

/** Every queue query of a credential starts with this key: a claim or a decision invalidates them all. */
export const serviceQueueKey = (credentialKey: string) => ['service-queue', credentialKey] as const;

/** `GET /api/v1/ServiceQueue`: one page of the queue, filtered and sorted. */
export const getServiceQueue = (
  query: ServiceQueueQuery,
  signal?: AbortSignal,
): Promise<ServiceQueuePage> => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][])
    if (value !== undefined && value !== '') search.set(key, String(value));
  return apiGet(`/api/v1/ServiceQueue?${search.toString()}`, (c) => c.ServiceQueuePageSchema, { signal });
};

/** `GET /api/v1/ServiceQueue/summary`: open requests per type with their ages. */
export const getServiceQueueSummary = (signal?: AbortSignal): Promise<ServiceQueueSummary> =>
  apiGet('/api/v1/ServiceQueue/summary', (c) => c.ServiceQueueSummarySchema, { signal });

/** `GET /api/v1/ServiceQueue/:id`: one request with the requested values beside the current ones. */
export const getServiceQueueRequest = (id: string, signal?: AbortSignal): Promise<ServiceQueueDetail> =>
  apiGet(`/api/v1/ServiceQueue/${encodeURIComponent(id)}`, (c) => c.ServiceQueueDetailSchema, { signal });

export const useServiceQueue = (credentialKey: string, query: ServiceQueueQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...serviceQueueKey(credentialKey), 'page', query],
      queryFn: ({ signal }) => getServiceQueue(query, signal),
      // A new filter keeps the previous page on screen until the next one arrives.
      placeholderData: keepPreviousData,
      meta: { redirectOnError: false },
    }),
  );

export const useServiceQueueSummary = (credentialKey: string) =>
  useQuery(
    queryOptions({
      queryKey: [...serviceQueueKey(credentialKey), 'summary'],
      queryFn: ({ signal }) => getServiceQueueSummary(signal),
      meta: { redirectOnError: false },
    }),
  );

export const useServiceQueueRequest = (credentialKey: string, id: string) =>
  useQuery(
    queryOptions({
      queryKey: [...serviceQueueKey(credentialKey), 'one', id],
      queryFn: ({ signal }) => getServiceQueueRequest(id, signal),
      meta: { redirectOnError: false },
    }),
  );
