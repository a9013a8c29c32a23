import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DemographicsChangeRequest,
  PolicyDemographics,
  ServiceRequest,
  UpdateLanguageRequest,
  UpdateLanguageResponse,
} from '@portal/contracts';
import { apiCommand, apiGet } from '../../lib/api';

export const demographicsKey = (credentialKey: string, policyId: string) =>
  ['demographics', credentialKey, policyId] as const;

/** `GET /api/v1/Policy/:policyId/demographics`: the policy's members (with versions and who may change them) and the household's language. */
export const getDemographics = (policyId: string, signal?: AbortSignal): Promise<PolicyDemographics> =>
  apiGet(`/api/v1/Policy/${encodeURIComponent(policyId)}/demographics`, (c) => c.PolicyDemographicsSchema, {
    signal,
  });

export const demographicsQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: demographicsKey(credentialKey, policyId),
    queryFn: ({ signal }) => getDemographics(policyId, signal),
  });

export const useDemographics = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...demographicsQueryOptions(credentialKey, policyId ?? ''),
    enabled: policyId !== null,
    meta: { redirectOnError: false },
  });

/** `POST /api/v1/Policy/:policyId/demographics`: one member's details, for review. */
export const requestDemographicsChange = (
  policyId: string,
  request: DemographicsChangeRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/demographics`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );

/** `PUT /api/v1/Household/:householdId/language`: applied at once. */
export const updateHouseholdLanguage = (
  householdId: string,
  request: UpdateLanguageRequest,
  idempotencyKey: string,
): Promise<UpdateLanguageResponse> =>
  apiCommand(
    'PUT',
    `/api/v1/Household/${encodeURIComponent(householdId)}/language`,
    (c) => c.UpdateLanguageResponseSchema,
    request,
    idempotencyKey,
  );
