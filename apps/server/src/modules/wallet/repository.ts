import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { walletBankAccounts, walletCards, wallets } from '../../db/schema';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletCardRow = typeof walletCards.$inferSelect;
export type WalletBankAccountRow = typeof walletBankAccounts.$inferSelect;

export async function loadWallet(db: Database, walletId: string) {
  const [wallet, cards, bankAccounts] = await Promise.all([
    db.select().from(wallets).where(eq(wallets.id, walletId)),
    db
      .select()
      .from(walletCards)
      .where(and(eq(walletCards.walletId, walletId), eq(walletCards.state, 'Active')))
      .orderBy(walletCards.createdAt, walletCards.id),
    db
      .select()
      .from(walletBankAccounts)
      .where(and(eq(walletBankAccounts.walletId, walletId), eq(walletBankAccounts.state, 'Active')))
      .orderBy(walletBankAccounts.createdAt, walletBankAccounts.id),
  ]);
  return { wallet: wallet[0], cards, bankAccounts };
}

/** A wallet item found by its processor token: what a payment or subscription pays from. */
export interface WalletItemByToken {
  token: string;
  kind: 'card' | 'bankAccount';
  id: string;
  lastDigits: string;
  brand: string;
  nickname: string | null;
  removed: boolean;
}

/**
 * The household's wallet items behind these tokens (removed ones included: a payment may name a method
 * removed since). Only the household's own wallet is searched, so another household's method is never
 * described.
 */
export async function walletItemsByToken(db: Database, householdId: string | null, tokens: readonly string[]): Promise<Map<string, WalletItemByToken>> {
  const wanted = [...new Set(tokens)];
  if (householdId === null || wanted.length === 0) return new Map();
  const ownWallet = sql`(select ${wallets.id} from ${wallets} where ${wallets.householdId} = ${householdId})`;
  const [cards, bankAccounts] = await Promise.all([
    db
      .select({ token: walletCards.token, id: walletCards.id, lastDigits: walletCards.last4, brand: walletCards.cardType, nickname: walletCards.nickname, state: walletCards.state })
      .from(walletCards)
      .where(and(inArray(walletCards.token, wanted), sql`${walletCards.walletId} in ${ownWallet}`)),
    db
      .select({
        token: walletBankAccounts.token,
        id: walletBankAccounts.id,
        lastDigits: walletBankAccounts.last3,
        brand: walletBankAccounts.accountType,
        nickname: walletBankAccounts.nickname,
        state: walletBankAccounts.state,
      })
      .from(walletBankAccounts)
      .where(and(inArray(walletBankAccounts.token, wanted), sql`${walletBankAccounts.walletId} in ${ownWallet}`)),
  ]);
  const items = [
    ...cards.map((row) => ({ ...row, kind: 'card' as const })),
    ...bankAccounts.map((row) => ({ ...row, kind: 'bankAccount' as const })),
  ];
  return new Map(
    items.map(({ state, ...item }) => [item.token, { ...item, removed: state === 'Removed' }]),
  );
}
