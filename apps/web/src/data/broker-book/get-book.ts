import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookFilter, BookPage, BookQuery, GroupFromSubscribersResponse } from '@portal/contracts';
import { apiBlob, apiGet } from '../../lib/api';
import { policyQueryOptions } from '../policy/get-policy';

/** The query string of a book request: only what is set (flags as `true`). */
export function bookSearch(filter: Partial<BookFilter> & { page?: number; pageSize?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** `GET /api/v1/Broker/book`: a page of the signed-in broker's book, sorted and filtered on the server. */
export const getBook = (query: BookQuery, signal?: AbortSignal): Promise<BookPage> =>
  apiGet(`/api/v1/Broker/book?${bookSearch(query)}`, (c) => c.BookPageSchema, { signal });

export const bookQueryOptions = (credentialKey: string, query: BookQuery) =>
  queryOptions({
    queryKey: ['broker-book', credentialKey, query],
    queryFn: ({ signal }) => getBook(query, signal),
    // The grid keeps the rows it shows while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });

export const useBook = (credentialKey: string, query: BookQuery) =>
  useQuery(bookQueryOptions(credentialKey, query));

/** `GET /api/v1/Broker/book.csv`: the filtered book as a CSV file (fetched with the token, saved as a blob). */
export const getBookCsv = (filter: BookFilter): Promise<Blob> =>
  apiBlob(`/api/v1/Broker/book.csv?${bookSearch(filter)}`);

/**
 * A client's policy for the client page: a refusal (403, not his client) or an unknown id (404) is shown
 * in place, not as the error page, and not retried.
 */
export const useClientPolicy = (credentialKey: string, policyId: string) =>
  useQuery({
    ...policyQueryOptions(credentialKey, policyId),
    enabled: policyId !== '',
    retry: false,
    meta: { redirectOnError: false },
  });

/** `GET /api/v1/Group/FromSubscribers` (SPEC §7): the employer group of a group client. */
export const getGroups = (
  issuerSubscriberIds: readonly string[],
  signal?: AbortSignal,
): Promise<GroupFromSubscribersResponse> =>
  apiGet(
    `/api/v1/Group/FromSubscribers?subscriberEntityIds=${encodeURIComponent(issuerSubscriberIds.join(','))}`,
    (c) => c.GroupFromSubscribersResponseSchema,
    { signal },
  );

export const useGroups = (credentialKey: string, issuerSubscriberIds: readonly string[], enabled: boolean) =>
  useQuery({
    queryKey: ['groups', credentialKey, issuerSubscriberIds],
    queryFn: ({ signal }) => getGroups(issuerSubscriberIds, signal),
    enabled: enabled && issuerSubscriberIds.length > 0,
    meta: { redirectOnError: false },
  });
