import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiBlob, apiGet } from '../../lib/api';

/** Issue 13: the audit trail (administrators) and "who has seen my information" (members). */

export interface AuditFilters {
  member?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

const paramsOf = (filters: AuditFilters, page?: { page: number; pageSize: number }) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  if (page) {
    params.set('page', String(page.page));
    params.set('pageSize', String(page.pageSize));
  }
  return params.toString();
};

export const useAuditSearch = (
  credentialKey: string,
  search: { filters: AuditFilters; page: number; pageSize: number } | null,
) =>
  useQuery({
    queryKey: ['audit', credentialKey, search],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/v1/audit?${paramsOf(search?.filters ?? {}, search ?? undefined)}`,
        (c) => c.AuditPageSchema,
        { signal },
      ),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    meta: { redirectOnError: false },
  });

/** `GET /api/v1/audit.csv` with the same filters: fetched with the token, saved by the browser. */
export const getAuditCsv = (filters: AuditFilters): Promise<Blob> =>
  apiBlob(`/api/v1/audit.csv?${paramsOf(filters)}`);

export const useAccessHistory = (
  credentialKey: string,
  householdId: string | null,
  page: { page: number; pageSize: number },
) =>
  useQuery({
    queryKey: ['access-history', credentialKey, householdId, page],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/v1/Household/${encodeURIComponent(householdId ?? '')}/access-history?page=${page.page}&pageSize=${page.pageSize}`,
        (c) => c.AccessHistoryPageSchema,
        { signal },
      ),
    enabled: householdId !== null,
    placeholderData: keepPreviousData,
    meta: { redirectOnError: false },
  });
