import type { Wallet, WalletItemRef } from '@portal/contracts';
import type { Database } from '../../db/client';
import { loadWallet, type WalletItemByToken } from './repository';

/** The browser's view of a wallet item: its id and display facts, never its token. */
export function walletItemRef(item: WalletItemByToken | undefined): WalletItemRef | null {
  if (!item) return null;
  return { kind: item.kind, id: item.id, lastDigits: item.lastDigits, brand: item.brand, nickname: item.nickname, removed: item.removed };
}

/**
 * SPEC §3 Wallet without what must not leave the server: tokens (the default is named by its item),
 * and the routing number beyond its last four digits.
 */
export async function walletView(db: Database, walletId: string): Promise<Wallet | null> {
  const { wallet, cards, bankAccounts } = await loadWallet(db, walletId);
  if (!wallet) return null;
  const defaultCard = cards.find((card) => card.token === wallet.defaultToken);
  const defaultBank = bankAccounts.find((account) => account.token === wallet.defaultToken);
  return {
    id: wallet.id,
    referenceId: wallet.referenceId,
    defaultItem: defaultCard ? { kind: 'card', id: defaultCard.id } : defaultBank ? { kind: 'bankAccount', id: defaultBank.id } : null,
    creditCards: cards.map((card) => ({
      id: card.id,
      cardType: card.cardType,
      last4: card.last4,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      cardHolderName: card.cardHolderName,
      nickname: card.nickname,
      funding: card.funding,
      email: card.email,
      billingAddress: {
        street1: card.billingStreet1,
        street2: card.billingStreet2,
        city: card.billingCity,
        state: card.billingState,
        zipCode: card.billingZipCode,
      },
      state: card.state,
      isDefault: card === defaultCard,
    })),
    bankAccounts: bankAccounts.map((account) => ({
      id: account.id,
      accountType: account.accountType,
      last3: account.last3,
      routingNumberLast4: account.routingNumber.slice(-4),
      bankName: account.bankName,
      nickname: account.nickname,
      accountHolderName: account.accountHolderName,
      accountHolderAddress: account.accountHolderAddress,
      email: account.email,
      state: account.state,
      isDefault: account === defaultBank,
    })),
  };
}
