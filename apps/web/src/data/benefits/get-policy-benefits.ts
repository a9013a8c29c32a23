import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdCards, PolicyBenefits } from '@portal/contracts';
import { apiGet } from '../../lib/api';

/**
 * A policy's benefits and its member ID cards (issue 12; apps/server modules/benefits): what each plan
 * covers, in and out of network, and one card per covered member.
 */

const policyPath = (policyId: string, what: string) =>
  `/api/v1/Policy/${encodeURIComponent(policyId)}/${what}`;

/** `GET /api/v1/Policy/:policyId/benefits`. */
export const getPolicyBenefits = (policyId: string, signal?: AbortSignal): Promise<PolicyBenefits> =>
  apiGet(policyPath(policyId, 'benefits'), (c) => c.PolicyBenefitsSchema, { signal });

/** `GET /api/v1/Policy/:policyId/id-cards`. */
export const getIdCards = (policyId: string, signal?: AbortSignal): Promise<IdCards> =>
  apiGet(policyPath(policyId, 'id-cards'), (c) => c.IdCardsSchema, { signal });

/** Every benefits query of a credential starts with this key (a plan change makes them stale). */
export const benefitsKey = (credentialKey: string) => ['benefits', credentialKey] as const;

export const policyBenefitsQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: [...benefitsKey(credentialKey), 'plans', policyId],
    queryFn: ({ signal }) => getPolicyBenefits(policyId, signal),
  });

export const idCardsQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: [...benefitsKey(credentialKey), 'id-cards', policyId],
    queryFn: ({ signal }) => getIdCards(policyId, signal),
  });

// A failure is said in place on these pages (with "Try again"), not by the global error page.
const inPlace = { meta: { redirectOnError: false } };

export const usePolicyBenefits = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...policyBenefitsQueryOptions(credentialKey, policyId ?? ''),
    enabled: policyId !== null,
    ...inPlace,
  });

export const useIdCards = (credentialKey: string, policyId: string | null) =>
  useQuery({ ...idCardsQueryOptions(credentialKey, policyId ?? ''), enabled: policyId !== null, ...inPlace });
