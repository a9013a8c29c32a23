import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HostedFieldsConfig } from '@portal/contracts';
import { apiGet, appOrigin } from '../../lib/api';

/**
 * GET /api/v1/processor/hosted-fields (docs/decisions/016): the processor's origin and its hosted fields
 * pages in the active language, for this page's origin. Guests use it too (a one-time card). Each answer
 * opens a tokenisation session for the caller (docs/decisions/039), so the pages' URLs change with
 * every fetch.
 */
export const getHostedFields = (language: string, signal?: AbortSignal): Promise<HostedFieldsConfig> =>
  apiGet(
    `/api/v1/processor/hosted-fields?language=${encodeURIComponent(language)}&parentOrigin=${encodeURIComponent(appOrigin())}`,
    (c) => c.HostedFieldsConfigSchema,
    { signal },
  );

/** A page shown this long after the session was opened asks for a new one (sessions last an hour). */
const SESSION_REUSE_MS = 15 * 60 * 1000;

export const hostedFieldsQueryOptions = (credentialKey: string, language: string) =>
  queryOptions({
    queryKey: ['hosted-fields', credentialKey, language],
    queryFn: ({ signal }) => getHostedFields(language, signal),
    staleTime: SESSION_REUSE_MS,
    // A new session is a new frame, which empties what the member typed: never in the background
    // (the app's 4-minute refresh, focus, reconnect). A frame whose session ran out says so, and its
    // page fetches anew (HostedFields `onExpired`).
    refetchInterval: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useHostedFields = (credentialKey: string, language: string) =>
  useQuery(hostedFieldsQueryOptions(credentialKey, language));
