import type { Wallet, WalletItemUse } from '@portal/contracts';
import { readTogether, type Executor } from '../../db/client';
import { activeSubscriptionsPayingWith } from '../autopay/service';
import { scheduledPaymentsPayingWith } from '../scheduled-payment/service';
import { loadWallet } from './repository';

/** The autopay subscriptions and scheduled payments that pay with each of these tokens. */
export async function usesOfTokens(
  db: Executor,
  tokens: readonly string[],
): Promise<Map<string, WalletItemUse[]>> {
  const [subscriptions, scheduled] = await readTogether(db, [
    () => activeSubscriptionsPayingWith(db, tokens),
    () => scheduledPaymentsPayingWith(db, tokens),
  ]);
  const uses = new Map<string, WalletItemUse[]>();
  const add = (token: string, use: WalletItemUse) => uses.set(token, [...(uses.get(token) ?? []), use]);
  for (const row of subscriptions) {
    add(row.paymentToken, {
      kind: 'autopay',
      id: row.id,
      policyId: row.policyId,
      policyNumber: row.policyNumber,
      name: row.name,
      paymentDate: null,
      amountCents: row.amountCents,
    });
  }
  for (const row of scheduled) {
    add(row.paymentToken, {
      kind: 'scheduledPayment',
      id: row.id,
      policyId: row.policyId,
      policyNumber: row.policyNumber,
      name: null,
      paymentDate: row.paymentDate,
      amountCents: row.amountCents,
    });
  }
  return uses;
}

/**
 * SPEC §3 Wallet without what must not leave the server: tokens (the default is named by its item),
 * and the routing number beyond its last four digits. Each method says which autopay subscriptions
 * and scheduled payments pay with it.
 */
export async function walletView(db: Executor, walletId: string): Promise<Wallet | null> {
  const { wallet, cards, bankAccounts } = await loadWallet(db, walletId);
  if (!wallet) return null;
  const uses = await usesOfTokens(db, [
    ...cards.map((card) => card.token),
    ...bankAccounts.map((account) => account.token),
  ]);
  const defaultCard = cards.find((card) => card.token === wallet.defaultToken);
  const defaultBank = bankAccounts.find((account) => account.token === wallet.defaultToken);
  return {
    id: wallet.id,
    referenceId: wallet.referenceId,
    defaultItem: defaultCard
      ? { kind: 'card', id: defaultCard.id }
      : defaultBank
        ? { kind: 'bankAccount', id: defaultBank.id }
        : null,
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
      usedBy: uses.get(card.token) ?? [],
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
      usedBy: uses.get(account.token) ?? [],
    })),
  };
}
