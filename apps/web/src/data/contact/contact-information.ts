import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactInformation, UpdateContactRequest, UpdateContactResponse } from '@portal/contracts';
import { apiCommand, apiGet } from '../../lib/api';

export const contactKey = (credentialKey: string, householdId: string) =>
  ['contact-information', credentialKey, householdId] as const;

/** `GET /api/v1/Household/:householdId/contact-information`: phone numbers, e-mail, preferred method, version. */
export const getContactInformation = (
  householdId: string,
  signal?: AbortSignal,
): Promise<ContactInformation> =>
  apiGet(
    `/api/v1/Household/${encodeURIComponent(householdId)}/contact-information`,
    (c) => c.ContactInformationSchema,
    { signal },
  );

export const contactQueryOptions = (credentialKey: string, householdId: string) =>
  queryOptions({
    queryKey: contactKey(credentialKey, householdId),
    queryFn: ({ signal }) => getContactInformation(householdId, signal),
  });

export const useContactInformation = (credentialKey: string, householdId: string | null) =>
  useQuery({
    ...contactQueryOptions(credentialKey, householdId ?? ''),
    enabled: householdId !== null,
    meta: { redirectOnError: false },
  });

/** `PUT /api/v1/Household/:householdId/contact-information` (a command: Idempotency-Key). */
export const updateContactInformation = (
  householdId: string,
  request: UpdateContactRequest,
  idempotencyKey: string,
): Promise<UpdateContactResponse> =>
  apiCommand(
    'PUT',
    `/api/v1/Household/${encodeURIComponent(householdId)}/contact-information`,
    (c) => c.UpdateContactResponseSchema,
    request,
    idempotencyKey,
  );
