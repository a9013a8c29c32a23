import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseholdUserResponse } from '@portal/contracts';
import { apiPost } from '../../lib/api';
import type { ActingFor } from '../../lib/portal-state';

/**
 * POST /api/v1/Household/user (SPEC §7): the caller's households and policies and the navigation
 * scenario (SPEC §4). Staff and brokers with member-search pass an exchange subscriber ID to look at
 * that member instead (SPEC §2 member search).
 */
export type MemberLookup = Pick<ActingFor, 'idType' | 'id'>;

/** The request's body: an exchange subscriber ID (the header's search), or a household or policy found by the find-a-member page. */
const lookupBody = (search: MemberLookup | null) =>
  !search
    ? {}
    : search.idType === 'Household'
      ? { householdId: search.id }
      : search.idType === 'Policy'
        ? { policyId: search.id }
        : { exchangeSubscriberId: search.id };

export const getHouseholdUser = (
  search: MemberLookup | null,
  signal?: AbortSignal,
): Promise<HouseholdUserResponse> =>
  apiPost('/api/v1/Household/user', (c) => c.HouseholdUserResponseSchema, lookupBody(search), { signal });

export const householdUserQueryOptions = (credentialKey: string, search: MemberLookup | null) =>
  queryOptions({
    queryKey: ['household-user', credentialKey, search ? `${search.idType}:${search.id}` : null],
    queryFn: ({ signal }) => getHouseholdUser(search, signal),
  });

/**
 * While the member looked up changes, the page stays if nobody was being looked at before (the same
 * sign-in, no household, no policy): staff who start acting for a member from a page of their own — the
 * payments desk, the queue — keep it, and no member's records ever show under another member's name.
 */
const keptWhileNobodyWasOpen =
  (credentialKey: string) =>
  (
    previous: HouseholdUserResponse | undefined,
    previousQuery: { queryKey: readonly unknown[] } | undefined,
  ) =>
    previous &&
    previousQuery?.queryKey[1] === credentialKey &&
    previous.households.length === 0 &&
    previous.policies.length === 0
      ? previous
      : undefined;

export const useHouseholdUser = (credentialKey: string | null, search: MemberLookup | null) =>
  useQuery({
    ...householdUserQueryOptions(credentialKey ?? '', search),
    enabled: credentialKey !== null,
    placeholderData: keptWhileNobodyWasOpen(credentialKey ?? ''),
  });
