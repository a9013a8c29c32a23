import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberActivityResponse } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/** GET /api/v1/staff/members/:householdId/activity (member 360): latest notifications and contact history. */
export const getMemberActivity = (
  householdId: string,
  signal?: AbortSignal,
): Promise<MemberActivityResponse> =>
  apiGet(
    `/api/v1/staff/members/${encodeURIComponent(householdId)}/activity`,
    (c) => c.MemberActivityResponseSchema,
    { signal },
  );

export const memberActivityKey = (credentialKey: string, householdId: string) =>
  ['member-activity', credentialKey, householdId] as const;

export const memberActivityQueryOptions = (credentialKey: string, householdId: string) =>
  queryOptions({
    queryKey: memberActivityKey(credentialKey, householdId),
    queryFn: ({ signal }) => getMemberActivity(householdId, signal),
  });

/**
 * The 360's activity section: read again each time the 360 opens (staff come back to it after acting for
 * the member, and their change must show); a failure is said in place.
 */
export const useMemberActivity = (credentialKey: string, householdId: string | null) =>
  useQuery({
    ...memberActivityQueryOptions(credentialKey, householdId ?? ''),
    enabled: householdId !== null,
    refetchOnMount: 'always',
    meta: { redirectOnError: false },
  });
