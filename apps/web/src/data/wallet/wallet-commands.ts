import type {
  AddBankAccountRequest,
  AddCreditCardRequest,
  MakeDefaultRequest,
  UpdateBankAccountRequest,
  Wallet,
  WalletOpened,
} from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/**
 * SPEC §7 wallet commands (issue 9), each sent with its `Idempotency-Key` (useCommand gives one per
 * attempt). Every one answers with the wallet as it now is.
 */

/** The household's wallet: made on first use, when the first method is saved. */
export const openWallet = (householdId: string, idempotencyKey: string): Promise<WalletOpened> =>
  apiCommand(
    'POST',
    `/api/v1/Wallet/household/${encodeURIComponent(householdId)}`,
    (c) => c.WalletOpenedSchema,
    undefined,
    idempotencyKey,
  );

/** Where a new method goes: the wallet's id, or the household whose wallet is opened first. */
export type WalletTarget = { walletId: string } | { householdId: string };

async function walletIdOf(target: WalletTarget, idempotencyKey: string): Promise<string> {
  if ('walletId' in target) return target.walletId;
  // Derived from the add's key: a retry of the add retries (and replays) the same opening.
  return (await openWallet(target.householdId, `${idempotencyKey}:open`)).id;
}

export const addCreditCard = async (
  target: WalletTarget,
  request: AddCreditCardRequest,
  idempotencyKey: string,
): Promise<Wallet> =>
  apiCommand(
    'POST',
    `/api/v1/Wallet/add-credit-card/${encodeURIComponent(await walletIdOf(target, idempotencyKey))}`,
    (c) => c.WalletSchema,
    request,
    idempotencyKey,
  );

export const addBankAccount = async (
  target: WalletTarget,
  request: AddBankAccountRequest,
  idempotencyKey: string,
): Promise<Wallet> =>
  apiCommand(
    'POST',
    `/api/v1/Wallet/add-bank-account/${encodeURIComponent(await walletIdOf(target, idempotencyKey))}`,
    (c) => c.WalletSchema,
    request,
    idempotencyKey,
  );

export const removeWalletMethod = (
  walletId: string,
  kind: 'card' | 'bankAccount',
  itemId: string,
  idempotencyKey: string,
): Promise<Wallet> =>
  apiCommand(
    'PUT',
    `/api/v1/Wallet/${kind === 'card' ? 'remove-credit-card' : 'remove-bank-account'}/${encodeURIComponent(walletId)}/${encodeURIComponent(itemId)}`,
    (c) => c.WalletSchema,
    undefined,
    idempotencyKey,
  );

export const makeDefaultMethod = (
  walletId: string,
  request: MakeDefaultRequest,
  idempotencyKey: string,
): Promise<Wallet> =>
  apiCommand(
    'PUT',
    `/api/v1/Wallet/make-default/${encodeURIComponent(walletId)}`,
    (c) => c.WalletSchema,
    request,
    idempotencyKey,
  );

export const updateBankAccount = (
  request: UpdateBankAccountRequest,
  idempotencyKey: string,
): Promise<Wallet> =>
  apiCommand('PUT', '/api/v1/Wallet/update-bank-account', (c) => c.WalletSchema, request, idempotencyKey);
