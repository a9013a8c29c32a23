import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentPage, DocumentType } from '@portal/contracts';
import { apiGet } from '../../lib/api';

export interface DocumentFilter {
  type: DocumentType;
  page?: number;
  pageSize: number;
  year?: number | null;
  policyId?: string | null;
}

const search = (filter: DocumentFilter): string => {
  const params = new URLSearchParams({
    type: filter.type,
    page: String(filter.page ?? 1),
    pageSize: String(filter.pageSize),
  });
  if (filter.year) params.set('year', String(filter.year));
  if (filter.policyId) params.set('policyId', filter.policyId);
  return params.toString();
};

/** GET /api/v1/Household/:householdId/documents (newest first): one page of one type, optionally of one year and policy. */
export const getHouseholdDocuments = (
  householdId: string,
  filter: DocumentFilter,
  signal?: AbortSignal,
): Promise<DocumentPage> =>
  apiGet(
    `/api/v1/Household/${encodeURIComponent(householdId)}/documents?${search(filter)}`,
    (c) => c.DocumentPageSchema,
    { signal },
  );

export const householdDocumentsKey = (credentialKey: string, householdId: string) =>
  ['household-documents', credentialKey, householdId] as const;

export const householdDocumentsQueryOptions = (
  credentialKey: string,
  householdId: string,
  type: DocumentType,
  pageSize: number,
) => documentsQueryOptions(credentialKey, householdId, { type, pageSize });

export const documentsQueryOptions = (credentialKey: string, householdId: string, filter: DocumentFilter) =>
  queryOptions({
    queryKey: [
      ...householdDocumentsKey(credentialKey, householdId),
      filter.type,
      filter.pageSize,
      filter.page ?? 1,
      filter.year ?? null,
      filter.policyId ?? null,
    ],
    queryFn: ({ signal }) => getHouseholdDocuments(householdId, filter, signal),
  });

/** The documents pages' list: failures are said in place (meta), the previous page stays while the next loads. */
export const useHouseholdDocuments = (credentialKey: string, householdId: string, filter: DocumentFilter) =>
  useQuery({
    ...documentsQueryOptions(credentialKey, householdId, filter),
    placeholderData: keepPreviousData,
    meta: { redirectOnError: false },
  });
