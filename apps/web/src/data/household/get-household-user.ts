import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseholdUserResponse } from '@portal/contracts';
import { apiPost } from '../../lib/api';

/**
 * POST /api/v1/Household/user (SPEC §7): the caller's households and policies and the navigation
 * scenario (SPEC §4). Staff and brokers with member-search pass an exchange subscriber ID to look at
 * that member instead (SPEC §2 member search).
 */
export const getHouseholdUser = (search: string | null, signal?: AbortSignal): Promise<HouseholdUserResponse> =>
  apiPost('/api/v1/Household/user', (c) => c.HouseholdUserResponseSchema, search ? { exchangeSubscriberId: search } : {}, { signal });

export const householdUserQueryOptions = (credentialKey: string, search: string | null) =>
  queryOptions({
    queryKey: ['household-user', credentialKey, search],
    queryFn: ({ signal }) => getHouseholdUser(search, signal),
  });

export const useHouseholdUser = (credentialKey: string | null, search: string | null) =>
  useQuery({ ...householdUserQueryOptions(credentialKey ?? '', search), enabled: credentialKey !== null });
