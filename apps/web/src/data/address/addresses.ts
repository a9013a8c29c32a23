import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PolicyAddresses,
  ResidentialMoveRequest,
  ServiceRequest,
  UpdateMailingAddressRequest,
  UpdateMailingAddressResponse,
  ZipLookup,
} from '@portal/contracts';
import { apiCommand, apiGet, isApiError } from '../../lib/api';

export const addressesKey = (credentialKey: string, policyId: string) =>
  ['addresses', credentialKey, policyId] as const;

/** `GET /api/v1/Policy/:policyId/addresses`: residential and mailing, with county, rating area, version and the policies sharing each. */
export const getAddresses = (policyId: string, signal?: AbortSignal): Promise<PolicyAddresses> =>
  apiGet(`/api/v1/Policy/${encodeURIComponent(policyId)}/addresses`, (c) => c.PolicyAddressesSchema, {
    signal,
  });

export const addressesQueryOptions = (credentialKey: string, policyId: string) =>
  queryOptions({
    queryKey: addressesKey(credentialKey, policyId),
    queryFn: ({ signal }) => getAddresses(policyId, signal),
  });

export const useAddresses = (credentialKey: string, policyId: string | null) =>
  useQuery({
    ...addressesQueryOptions(credentialKey, policyId ?? ''),
    enabled: policyId !== null,
    meta: { redirectOnError: false },
  });

/** `GET /api/v1/zip/:zipCode`: the ZIP reference's city, county, FIPS code and rating area; null for a ZIP it does not know. */
export async function lookUpZip(zipCode: string, signal?: AbortSignal): Promise<ZipLookup | null> {
  try {
    return await apiGet(`/api/v1/zip/${encodeURIComponent(zipCode)}`, (c) => c.ZipLookupSchema, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The reference's answer for a complete 5-digit ZIP (nothing is asked for a partial one). */
export const useZipLookup = (credentialKey: string, zipCode: string) =>
  useQuery({
    queryKey: ['zip', credentialKey, zipCode],
    queryFn: ({ signal }) => lookUpZip(zipCode, signal),
    enabled: /^[0-9]{5}$/.test(zipCode),
    staleTime: Infinity,
    meta: { redirectOnError: false },
  });

/** `PUT /api/v1/Policy/:policyId/mailing-address`: applied at once. */
export const updateMailingAddress = (
  policyId: string,
  request: UpdateMailingAddressRequest,
  idempotencyKey: string,
): Promise<UpdateMailingAddressResponse> =>
  apiCommand(
    'PUT',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/mailing-address`,
    (c) => c.UpdateMailingAddressResponseSchema,
    request,
    idempotencyKey,
  );

/** `POST /api/v1/Policy/:policyId/residential-address`: a move, for review. */
export const requestResidentialMove = (
  policyId: string,
  request: ResidentialMoveRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/residential-address`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );
