import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@portal/contracts';
import { apiPost } from '../../lib/api';

/** SPEC §7 `POST /api/v1/Wallet/{referenceId}` ("fetch wallet"): saved cards and bank accounts, display facts only. */
export const getWallet = (referenceId: string, signal?: AbortSignal): Promise<Wallet> =>
  apiPost(`/api/v1/Wallet/${encodeURIComponent(referenceId)}`, (c) => c.WalletSchema, undefined, { signal });

export const walletQueryOptions = (credentialKey: string, referenceId: string) =>
  queryOptions({
    queryKey: ['wallet', credentialKey, referenceId],
    queryFn: ({ signal }) => getWallet(referenceId, signal),
  });

export const useWallet = (credentialKey: string, referenceId: string | null) =>
  useQuery({ ...walletQueryOptions(credentialKey, referenceId ?? ''), enabled: referenceId !== null });
