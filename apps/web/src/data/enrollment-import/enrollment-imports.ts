import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

/** Issue 34, decision 056: the admin page of X12 834 imports (role action `view-enrollment-imports`). */

export const VIEW_IMPORTS_ACTION = 'view-enrollment-imports';

export const enrollmentImportsKey = (credentialKey: string) => ['enrollment-imports', credentialKey] as const;

/** `GET /api/v1/admin/enrollment-imports`: newest first, a page at a time. */
export const useEnrollmentImports = (
  credentialKey: string,
  page: { page: number; pageSize: number },
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...enrollmentImportsKey(credentialKey), page],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/v1/admin/enrollment-imports?${new URLSearchParams({ page: String(page.page), pageSize: String(page.pageSize) }).toString()}`,
        (c) => c.EnrollmentImportPageSchema,
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    meta: { redirectOnError: false },
  });

/** `GET /api/v1/admin/enrollment-imports/{id}`: its transaction sets, the members they name, why a set was rejected. */
export const useEnrollmentImport = (credentialKey: string, importId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...enrollmentImportsKey(credentialKey), 'detail', importId],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/v1/admin/enrollment-imports/${encodeURIComponent(importId)}`,
        (c) => c.EnrollmentImportDetailSchema,
        { signal },
      ),
    enabled,
    meta: { redirectOnError: false },
  });
