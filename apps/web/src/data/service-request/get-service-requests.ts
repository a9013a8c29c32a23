import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequest, ServiceRequestList } from '@portal/contracts';
import { apiGet } from '../../lib/api';

export type ServiceRequestFilter = { policyId?: string | undefined; status?: 'open' | 'closed' | 'all' };

/** `GET /api/v1/Household/:householdId/service-requests`: the household's requests, newest first, with their history. */
export const getServiceRequests = (
  householdId: string,
  filter: ServiceRequestFilter,
  signal?: AbortSignal,
): Promise<ServiceRequestList> => {
  const query = new URLSearchParams();
  if (filter.policyId) query.set('policyId', filter.policyId);
  if (filter.status) query.set('status', filter.status);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return apiGet(
    `/api/v1/Household/${encodeURIComponent(householdId)}/service-requests${search}`,
    (c) => c.ServiceRequestListSchema,
    { signal },
  );
};

/** `GET /api/v1/ServiceRequest/:id`: one request with its history. */
export const getServiceRequest = (id: string, signal?: AbortSignal): Promise<ServiceRequest> =>
  apiGet(`/api/v1/ServiceRequest/${encodeURIComponent(id)}`, (c) => c.ServiceRequestSchema, { signal });

/**
 * Every service-request query of a credential starts with this key: any command that makes or moves a
 * request (on any page: an address change, a new dependent, a cancellation) invalidates them all.
 */
export const serviceRequestsKey = (credentialKey: string) => ['service-requests', credentialKey] as const;

export const serviceRequestsQueryOptions = (
  credentialKey: string,
  householdId: string,
  filter: ServiceRequestFilter = {},
) =>
  queryOptions({
    queryKey: [
      ...serviceRequestsKey(credentialKey),
      householdId,
      filter.policyId ?? null,
      filter.status ?? 'all',
    ],
    queryFn: ({ signal }) => getServiceRequests(householdId, filter, signal),
  });

export const useServiceRequests = (
  credentialKey: string,
  householdId: string | null,
  filter: ServiceRequestFilter = {},
) =>
  useQuery({
    ...serviceRequestsQueryOptions(credentialKey, householdId ?? '', filter),
    enabled: householdId !== null,
  });

export const serviceRequestQueryOptions = (credentialKey: string, id: string) =>
  queryOptions({
    queryKey: [...serviceRequestsKey(credentialKey), 'one', id],
    queryFn: ({ signal }) => getServiceRequest(id, signal),
  });

export const useServiceRequest = (credentialKey: string, id: string | null) =>
  useQuery({ ...serviceRequestQueryOptions(credentialKey, id ?? ''), enabled: id !== null });
