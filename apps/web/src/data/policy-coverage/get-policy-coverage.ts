import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CoverageDateOptions,
  CoverageDetails,
  EndCoverageOptions,
  PlanChoices,
} from '@portal/contracts';
import { apiGet } from '../../lib/api';

/**
 * The coverage reads of a policy (issue 11; apps/server modules/policy-coverage): its coverage spans with the
 * amounts the caller's roles may see, and what ending coverage, changing its dates and changing plan allow.
 */

const policyPath = (policyId: string, what: string) =>
  `/api/v1/Policy/${encodeURIComponent(policyId)}/${what}`;

/** `GET /api/v1/Policy/:policyId/coverage-details`. */
export const getCoverageDetails = (policyId: string, signal?: AbortSignal): Promise<CoverageDetails> =>
  apiGet(policyPath(policyId, 'coverage-details'), (c) => c.CoverageDetailsSchema, { signal });

/** `GET /api/v1/Policy/:policyId/end-coverage`. */
export const getEndCoverageOptions = (policyId: string, signal?: AbortSignal): Promise<EndCoverageOptions> =>
  apiGet(policyPath(policyId, 'end-coverage'), (c) => c.EndCoverageOptionsSchema, { signal });

/** `GET /api/v1/Policy/:policyId/coverage-dates`. */
export const getCoverageDateOptions = (
  policyId: string,
  signal?: AbortSignal,
): Promise<CoverageDateOptions> =>
  apiGet(policyPath(policyId, 'coverage-dates'), (c) => c.CoverageDateOptionsSchema, { signal });

/** `GET /api/v1/Policy/:policyId/plan-choices`. */
export const getPlanChoices = (policyId: string, signal?: AbortSignal): Promise<PlanChoices> =>
  apiGet(policyPath(policyId, 'plan-choices'), (c) => c.PlanChoicesSchema, { signal });

/** Every coverage query of a credential starts with this key: a coverage request invalidates them all. */
export const policyCoverageKey = (credentialKey: string) => ['policy-coverage', credentialKey] as const;

const optionsOf = <T>(
  credentialKey: string,
  what: string,
  policyId: string,
  fetcher: (policyId: string, signal?: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...policyCoverageKey(credentialKey), what, policyId],
    queryFn: ({ signal }) => fetcher(policyId, signal),
  });

// A failure is said in place on these pages (with "Try again"), not by the global error page.
const inPlace = { meta: { redirectOnError: false } };

export const useCoverageDetails = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...optionsOf(credentialKey, 'details', policyId ?? '', getCoverageDetails),
    enabled: policyId !== null,
    ...inPlace,
  });

export const useEndCoverageOptions = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...optionsOf(credentialKey, 'end-coverage', policyId ?? '', getEndCoverageOptions),
    enabled: policyId !== null,
    ...inPlace,
  });

export const useCoverageDateOptions = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...optionsOf(credentialKey, 'coverage-dates', policyId ?? '', getCoverageDateOptions),
    enabled: policyId !== null,
    ...inPlace,
  });

export const usePlanChoices = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...optionsOf(credentialKey, 'plan-choices', policyId ?? '', getPlanChoices),
    enabled: policyId !== null,
    ...inPlace,
  });
