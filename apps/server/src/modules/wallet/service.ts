import { canAddWalletMethod, cardExpiryStatus, type CalendarDate } from '@portal/domain';
import type { AccountConfig, WalletItemRef } from '@portal/contracts';
import type { Database, Executor } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { householdOwner } from '../../processor/owner';
import type { TokenDescription } from '../../processor/port';
import {
  activeItemCount,
  activeSameMethod,
  activeWalletItem,
  allSavedMethods,
  ensureWallet,
  insertBankAccount,
  insertCard,
  itemHoldingToken,
  setDefaultToken,
  walletItemsByToken,
  type WalletItemByToken,
} from './repository';

// The saved methods behind processor tokens, for autopay and scheduled payments.
export { walletItemsByToken } from './repository';

/**
 * The household's wallet items that hold these processor tokens (server side: what a scheduled payment
 * or an autopay charge pays with), by token; a removed item is there, marked removed.
 */
export function paymentMethodsByToken(
  db: Database,
  householdId: string | null,
  tokens: readonly string[],
): Promise<Map<string, WalletItemByToken>> {
  return walletItemsByToken(db, householdId, tokens);
}

/** The browser's view of a wallet item: its id and display facts, never its token. */
export function walletItemRef(item: WalletItemByToken | undefined): WalletItemRef | null {
  if (!item) return null;
  return {
    kind: item.kind,
    id: item.id,
    lastDigits: item.lastDigits,
    brand: item.brand,
    nickname: item.nickname,
    removed: item.removed,
  };
}

/**
 * A saved method of the household's wallet to pay with: its processor token (server side only) and
 * display facts; undefined when the id is not an active item of that household's wallet.
 */
export async function savedPaymentMethod(db: Executor, householdId: string, itemId: string) {
  return activeWalletItem(db, householdId, itemId);
}

export interface SaveToWalletInput {
  householdId: string;
  /** What the processor says the fresh token is (`app.processor.describeToken`, before the transaction). */
  description: TokenDescription;
  isDefault: boolean;
  nickname: string | null;
  email: string | null;
  /** Cards: the holder and the billing address (the ZIP code is the one typed in the hosted fields). */
  cardHolder?: {
    name: string;
    billingAddress: { street1: string; street2: string | null; city: string; state: string };
  };
  /** Bank accounts: the holder and their address. */
  accountHolder?: { name: string; address: string | null };
  /** The tenant's account configuration (wallet limit, accepted payment types). */
  account: AccountConfig;
  today: CalendarDate;
}

export type SaveToWalletRefusal =
  | 'method-type-not-accepted'
  | 'card-expired'
  | 'limit-reached'
  | 'already-saved'
  | 'token-taken'
  | 'holder-missing';

export type SaveToWalletResult =
  | {
      saved: true;
      walletId: string;
      item: WalletItemRef;
      defaultChanged: boolean;
      events: OutboxEventInput[];
    }
  | { saved: false; reason: SaveToWalletRefusal; maximum?: number };

const KIND_TO_PAYMENT_TYPE = { card: 'CardPayments', bankAccount: 'CheckingOrSavings' } as const;

/**
 * Saves a fresh processor token in the household's wallet, inside the caller's transaction (the add
 * commands, and "save to my wallet" while paying). The wallet is made on first use and locked while
 * its limit is checked. The caller adds `events` to its command's outbox events.
 */
export async function saveToWallet(tx: Executor, input: SaveToWalletInput): Promise<SaveToWalletResult> {
  const { description } = input;
  if (!input.account.payments.paymentTypes.includes(KIND_TO_PAYMENT_TYPE[description.kind]))
    return { saved: false, reason: 'method-type-not-accepted' };
  if (
    description.kind === 'card' &&
    cardExpiryStatus(description.expirationMonth, description.expirationYear, input.today, 0) === 'expired'
  ) {
    return { saved: false, reason: 'card-expired' };
  }
  const { wallet } = await ensureWallet(tx, input.householdId);
  const holding = await itemHoldingToken(tx, description.token);
  if (holding && holding.walletId !== wallet.id) return { saved: false, reason: 'token-taken' };
  if (holding?.state === 'Active') return { saved: false, reason: 'already-saved' };
  // Issue 33 item 2: the same card or account typed again is a new token of the same fingerprint. The
  // wallet is locked (ensureWallet), so two saves of it at once cannot both get past this.
  const { fingerprint } = description;
  if (fingerprint !== null) {
    const same =
      description.kind === 'card'
        ? {
            kind: 'card' as const,
            fingerprint,
            expirationMonth: description.expirationMonth,
            expirationYear: description.expirationYear,
          }
        : { kind: 'bankAccount' as const, fingerprint };
    if (await activeSameMethod(tx, wallet.id, same)) return { saved: false, reason: 'already-saved' };
  }
  const maximum = input.account.wallet.maxPaymentMethods;
  if (!canAddWalletMethod(await activeItemCount(tx, wallet.id), maximum))
    return { saved: false, reason: 'limit-reached', maximum };

  let item: WalletItemRef;
  if (description.kind === 'card') {
    if (!input.cardHolder) return { saved: false, reason: 'holder-missing' };
    const address = input.cardHolder.billingAddress;
    const row = await insertCard(tx, {
      walletId: wallet.id,
      token: description.token,
      fingerprint: description.fingerprint,
      cardType: description.brand,
      last4: description.last4,
      expirationMonth: description.expirationMonth,
      expirationYear: description.expirationYear,
      funding: description.funding,
      cardHolderName: input.cardHolder.name,
      nickname: input.nickname,
      email: input.email,
      billingStreet1: address.street1,
      billingStreet2: address.street2,
      billingCity: address.city,
      billingState: address.state,
      billingZipCode: description.postalCode ?? '',
    });
    if (!row) return { saved: false, reason: 'token-taken' };
    item = {
      kind: 'card',
      id: row.id,
      lastDigits: row.last4,
      brand: row.cardType,
      nickname: row.nickname,
      removed: false,
    };
  } else {
    if (!input.accountHolder) return { saved: false, reason: 'holder-missing' };
    const row = await insertBankAccount(tx, {
      walletId: wallet.id,
      token: description.token,
      fingerprint: description.fingerprint,
      last3: description.last3,
      routingNumber: description.routingNumber,
      bankName: description.bankName,
      accountType: description.accountType,
      accountHolderName: input.accountHolder.name,
      accountHolderAddress: input.accountHolder.address,
      nickname: input.nickname,
      email: input.email,
    });
    if (!row) return { saved: false, reason: 'token-taken' };
    item = {
      kind: 'bankAccount',
      id: row.id,
      lastDigits: row.last3,
      brand: row.accountType,
      nickname: row.nickname,
      removed: false,
    };
  }
  // The first method saved becomes the default, as does one saved "as default".
  const defaultChanged = input.isDefault || wallet.defaultToken === null;
  if (defaultChanged) await setDefaultToken(tx, wallet.id, description.token);
  const events: OutboxEventInput[] = [
    {
      type: 'wallet.method-added',
      householdId: input.householdId,
      payload: {
        kind: item.kind,
        brand: item.brand,
        last4: item.lastDigits,
        isDefault: defaultChanged ? 1 : 0,
      },
    },
  ];
  return { saved: true, walletId: wallet.id, item, defaultChanged, events };
}

/**
 * Demo mode: every saved method's display facts, so the sandbox processor knows the demo data's tokens,
 * owned by their household (docs/decisions/039). Their fingerprint is unknown: nobody typed their numbers.
 */
export async function savedMethodDescriptions(db: Database): Promise<TokenDescription[]> {
  const { cards, banks } = await allSavedMethods(db);
  return [
    ...cards.map(({ householdId, ...card }) => ({
      kind: 'card' as const,
      ...card,
      owner: householdOwner(householdId),
      fingerprint: null,
    })),
    ...banks.map(({ householdId, ...bank }) => ({
      kind: 'bankAccount' as const,
      ...bank,
      owner: householdOwner(householdId),
      fingerprint: null,
    })),
  ];
}

// --- reads for autopay (issue 38) ---
// A billing day's page of autopay charges: the cards' expiry and the methods behind tokens across households, each in one round trip.
export { cardExpiries, walletMethodsOf, type WalletMethod } from './repository';
// --- reads for household ---
export { walletReferenceOf } from './repository';
