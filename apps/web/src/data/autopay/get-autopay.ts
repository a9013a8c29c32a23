import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutopayList } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** `GET /api/v1/Policy/{policyId}/autopay` (SPEC §3 Subscription): the policy's subscriptions, active first, and whether one more may be set up. */
export const getAutopay = (policyId: string, signal?: AbortSignal): Promise<AutopayList> =>
  apiGet(`/api/v1/Policy/${encodeURIComponent(policyId)}/autopay`, (c) => c.AutopayListSchema, { signal });

/** Every autopay query of a policy starts with this key (each command answers the list as it now is). */
export const autopayKey = (credentialKey: string, policyId: string) =>
  ['autopay', credentialKey, policyId] as const;

export const autopayQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: autopayKey(credentialKey, policyId),
    queryFn: ({ signal }) => getAutopay(policyId, signal),
  });

export const useAutopay = (credentialKey: string, policyId: string | null) =>
  useQuery({ ...autopayQueryOptions(credentialKey, policyId ?? ''), enabled: policyId !== null });
