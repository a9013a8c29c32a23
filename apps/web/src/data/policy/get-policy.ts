import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PolicyDetail } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/v1/Policy/:policyId: one policy with finance, coverage spans, plan and members (SPEC §3). */
export const getPolicy = (policyId: string, signal?: AbortSignal): Promise<PolicyDetail> =>
  apiGet(`/api/v1/Policy/${encodeURIComponent(policyId)}`, (c) => c.PolicyDetailSchema, { signal });

export const policyQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: ['policy', credentialKey, policyId],
    queryFn: ({ signal }) => getPolicy(policyId, signal),
  });

/** Waits (no request) while there is no policy to load: an empty id would ask for `/Policy/` itself. */
export const usePolicy = (credentialKey: string, policyId: string) =>
  useQuery({ ...policyQueryOptions(credentialKey, policyId), enabled: policyId !== '' });
