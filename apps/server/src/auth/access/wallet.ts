import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { households, walletBankAccounts, wallets } from '../../db/schema';
import type { Principal } from '../principal';
import { notFound, refuse, requirePrincipal } from './core';
import { mayAccessHousehold } from './household';

/**
 * A wallet (SPEC §7 `POST v1/Wallet/{referenceId}` and the wallet commands) follows its household's
 * rule, except that brokers see none: their book of business is policies, and role-config gives
 * brokers neither wallet pages nor payment actions. For the same reason an asserted session reaches a
 * wallet through the policies its assertion names, not through a broker id. A guest pays with a card
 * or account entered for that payment: the household's saved methods (holder names, billing
 * addresses, emails) are not theirs to see or change.
 */
async function mayAccessWallet(db: Database, principal: Principal, householdId: string): Promise<boolean> {
  switch (principal.kind) {
    case 'broker':
    case 'guest':
      return false;
    case 'asserted':
      return mayAccessHousehold(db, { ...principal, brokerId: null }, householdId);
    case 'member':
    case 'staff':
      return mayAccessHousehold(db, principal, householdId);
  }
}

export interface WalletRef {
  id: string;
  householdId: string;
  referenceId: string;
}

async function checked(
  request: FastifyRequest,
  db: Database,
  wallet: WalletRef | undefined,
): Promise<WalletRef> {
  const principal = requirePrincipal(request);
  if (!wallet) throw notFound('wallet');
  if (!(await mayAccessWallet(db, principal, wallet.householdId))) {
    // Another household's wallet answers exactly like an unknown one (the refusal is still audited).
    throw await refuse(request, 'wallet', [wallet.id], wallet.householdId, notFound('wallet'));
  }
  return wallet;
}

const walletColumns = { id: wallets.id, householdId: wallets.householdId, referenceId: wallets.referenceId };

/** The wallet by its reference (SPEC §7 fetch wallet). */
export async function authorizeWallet(
  request: FastifyRequest,
  db: Database,
  referenceId: string,
): Promise<WalletRef> {
  const [wallet] = await db.select(walletColumns).from(wallets).where(eq(wallets.referenceId, referenceId));
  return checked(request, db, wallet);
}

/** The wallet by its id (the `{walletId}` of the wallet commands). */
export async function authorizeWalletById(
  request: FastifyRequest,
  db: Database,
  walletId: string,
): Promise<WalletRef> {
  const [wallet] = await db.select(walletColumns).from(wallets).where(eq(wallets.id, walletId));
  return checked(request, db, wallet);
}

/** The wallet a bank account belongs to (SPEC §7 update-bank-account names only the account). */
export async function authorizeBankAccountItem(
  request: FastifyRequest,
  db: Database,
  itemId: string,
): Promise<WalletRef & { itemId: string }> {
  const [row] = await db
    .select(walletColumns)
    .from(walletBankAccounts)
    .innerJoin(wallets, eq(wallets.id, walletBankAccounts.walletId))
    .where(eq(walletBankAccounts.id, itemId));
  if (!row) throw notFound('bank account');
  return { ...(await checked(request, db, row)), itemId };
}

/** A household whose wallet is opened (made on first use): the same rule as its wallet. */
export async function authorizeHouseholdWallet(
  request: FastifyRequest,
  db: Database,
  householdId: string,
): Promise<{ householdId: string }> {
  const principal = requirePrincipal(request);
  const [household] = await db
    .select({ id: households.id })
    .from(households)
    .where(eq(households.id, householdId));
  if (!household) throw notFound('household');
  if (!(await mayAccessWallet(db, principal, householdId))) {
    throw await refuse(request, 'wallet', [], householdId, notFound('household'));
  }
  return { householdId };
}
