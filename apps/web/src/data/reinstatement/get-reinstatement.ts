import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReinstatementOffer } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/**
 * `GET /api/v1/Policy/:policyId/reinstatement` (issue 11): what reinstating a terminated policy takes today
 * — when and why it ended, the amount and the months it pays for, the deadline — or why it cannot be.
 */
export const getReinstatement = (policyId: string, signal?: AbortSignal): Promise<ReinstatementOffer> =>
  apiGet(`/api/v1/Policy/${encodeURIComponent(policyId)}/reinstatement`, (c) => c.ReinstatementOfferSchema, {
    signal,
  });

/** Every reinstatement query of a credential: a payment that reinstates (or asks to) makes them stale. */
export const reinstatementKey = (credentialKey: string) => ['reinstatement', credentialKey] as const;

export const reinstatementQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: [...reinstatementKey(credentialKey), policyId],
    queryFn: ({ signal }) => getReinstatement(policyId, signal),
    // Explained in place on the page (SPEC §8: a reinstatement failure is only logged, never the error page).
    meta: { redirectOnError: false },
  });

/** Waits (no request) while no policy is chosen. */
export const useReinstatement = (credentialKey: string, policyId: string | null) =>
  useQuery({ ...reinstatementQueryOptions(credentialKey, policyId ?? ''), enabled: policyId !== null });
