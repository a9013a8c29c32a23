import { queryOptions } from '@tanstack/react-query';
import type { DocumentPage, DocumentType } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/v1/Household/:householdId/documents (newest first), one page of one type. */
export const getHouseholdDocuments = (householdId: string, type: DocumentType, pageSize: number, signal?: AbortSignal): Promise<DocumentPage> =>
  apiGet(`/api/v1/Household/${encodeURIComponent(householdId)}/documents?type=${type}&page=1&pageSize=${pageSize}`, (c) => c.DocumentPageSchema, { signal });

export const householdDocumentsQueryOptions = (credentialKey: string, householdId: string, type: DocumentType, pageSize: number) =>
  queryOptions({
    queryKey: ['household-documents', credentialKey, householdId, type, pageSize],
    queryFn: ({ signal }) => getHouseholdDocuments(householdId, type, pageSize, signal),
  });
