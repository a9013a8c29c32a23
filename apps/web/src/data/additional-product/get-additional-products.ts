import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseholdAdditionalProducts } from '@portal/contracts';
import { apiGet } from '../../lib/api';

export const additionalProductsKey = (credentialKey: string) =>
  ['additional-products', credentialKey] as const;

/** `GET /api/v1/Household/:householdId/additional-products`: the tenant's cards as this household sees them. */
export const getAdditionalProducts = (
  householdId: string,
  signal?: AbortSignal,
): Promise<HouseholdAdditionalProducts> =>
  apiGet(
    `/api/v1/Household/${encodeURIComponent(householdId)}/additional-products`,
    (c) => c.HouseholdAdditionalProductsSchema,
    { signal },
  );

export const additionalProductsQueryOptions = (credentialKey: string, householdId: string) =>
  queryOptions({
    queryKey: [...additionalProductsKey(credentialKey), householdId],
    queryFn: ({ signal }) => getAdditionalProducts(householdId, signal),
  });

export const useAdditionalProducts = (credentialKey: string, householdId: string | null) =>
  useQuery({
    ...additionalProductsQueryOptions(credentialKey, householdId ?? ''),
    enabled: householdId !== null,
  });
