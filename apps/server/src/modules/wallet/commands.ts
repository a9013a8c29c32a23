import type {
  AddBankAccountRequestSchema,
  AddCreditCardRequestSchema,
  UpdateBankAccountRequestSchema,
  Wallet,
  WalletOpened,
} from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import type { AccountConfig } from '@portal/contracts';
import type { z } from 'zod';
import type { WalletRef } from '../../auth/access';
import type { Transaction } from '../../db/client';
import { ruleViolation, type CommandOutcome } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { ProblemType } from '@portal/contracts';
import type { Principal } from '../../auth/principal';
import { ownsToken } from '../../processor/owner';
import type { TokenDescription } from '../../processor/port';
import {
  ensureWallet,
  lockWallet,
  removeItem,
  setDefaultToken,
  updateBankAccount,
  walletItem,
} from './repository';
import { saveToWallet, type SaveToWalletRefusal } from './service';
import { usesOfTokens, walletView } from './view';

/**
 * The wallet commands of SPEC §7 (issue 9), each run by the routes through the write path
 * (docs/decisions/014: action `manage-wallet`, record access, one transaction with audit and events).
 * Each answers with the wallet as it now is.
 */

const REFUSALS: Record<SaveToWalletRefusal, { code: string; reason: string }> = {
  'method-type-not-accepted': {
    code: 'method-type-not-accepted',
    reason: 'This kind of payment method is not accepted.',
  },
  'card-expired': { code: 'card-expired', reason: 'The card has expired.' },
  'limit-reached': { code: 'limit-reached', reason: 'The wallet holds as many methods as allowed.' },
  'already-saved': { code: 'already-saved', reason: 'This method is already in the wallet.' },
  // Another household's token is not described: to this caller it does not exist.
  'token-taken': { code: 'token-unknown', reason: 'The payment processor does not know this token.' },
  'holder-missing': { code: 'required', reason: 'The holder is required.' },
};

async function currentWallet(tx: Transaction, walletId: string): Promise<Wallet> {
  const view = await walletView(tx, walletId);
  if (!view) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such wallet.');
  return view;
}

const emptyToNull = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value;

/**
 * The token must be one the processor knows, made for this caller (issue 33 item 1: another household's
 * or session's token answers like an unknown one; the audit row says what it was), of the kind being added.
 */
export function checkToken(
  description: TokenDescription | null,
  kind: 'card' | 'bankAccount',
  principal: Principal,
): TokenDescription {
  if (!description)
    throw ruleViolation(
      'body.paymentToken',
      'token-unknown',
      'The payment processor does not know this token.',
    );
  if (!ownsToken(principal, description)) {
    const refusal = ruleViolation(
      'body.paymentToken',
      'token-unknown',
      'The payment processor does not know this token.',
    );
    refusal.auditReason = 'token-not-yours';
    throw refusal;
  }
  if (description.kind !== kind)
    throw ruleViolation(
      'body.paymentToken',
      'token-kind',
      `This token is not a ${kind === 'card' ? 'card' : 'bank account'}.`,
    );
  return description;
}

interface AddContext {
  wallet: WalletRef;
  description: TokenDescription;
  account: AccountConfig;
  today: CalendarDate;
}

async function add(
  tx: Transaction,
  context: AddContext,
  details: Omit<Parameters<typeof saveToWallet>[1], 'householdId' | 'description' | 'account' | 'today'>,
): Promise<CommandOutcome<Wallet>> {
  await lockWallet(tx, context.wallet.id);
  const saved = await saveToWallet(tx, {
    householdId: context.wallet.householdId,
    description: context.description,
    account: context.account,
    today: context.today,
    ...details,
  });
  if (!saved.saved) {
    const refusal = REFUSALS[saved.reason];
    throw ruleViolation(
      'body.paymentToken',
      refusal.code,
      refusal.reason,
      saved.maximum === undefined ? undefined : { maximum: saved.maximum },
    );
  }
  return {
    result: await currentWallet(tx, saved.walletId),
    audit: {
      action: saved.item.kind === 'card' ? 'wallet.add-card' : 'wallet.add-bank-account',
      recordType: `wallet-${saved.item.kind === 'card' ? 'card' : 'bank-account'}`,
      recordIds: [saved.item.id],
    },
    events: saved.events,
  };
}

export function addCreditCard(
  tx: Transaction,
  context: AddContext,
  body: z.output<typeof AddCreditCardRequestSchema>,
) {
  return add(tx, context, {
    isDefault: body.isDefault,
    nickname: emptyToNull(body.nickname),
    email: emptyToNull(body.email),
    cardHolder: {
      name: body.cardHolderName,
      billingAddress: {
        street1: body.billingAddress.street1,
        street2: emptyToNull(body.billingAddress.street2),
        city: body.billingAddress.city,
        state: body.billingAddress.state,
      },
    },
  });
}

export function addBankAccount(
  tx: Transaction,
  context: AddContext,
  body: z.output<typeof AddBankAccountRequestSchema>,
) {
  return add(tx, context, {
    isDefault: body.isDefault,
    nickname: emptyToNull(body.nickname),
    email: emptyToNull(body.email),
    accountHolder: { name: body.accountHolderName, address: emptyToNull(body.accountHolderAddress) },
  });
}

const notInWallet = (what: string) =>
  new HttpProblem(404, ProblemType.notFound, 'Not found', `No such ${what} in this wallet.`);

/**
 * SPEC §4 Wallet "remove": a method that an autopay subscription or a scheduled payment still pays
 * with stays until they pay with another (the wallet page names them and links to their pages).
 */
export async function removeMethod(
  tx: Transaction,
  wallet: WalletRef,
  kind: 'card' | 'bankAccount',
  itemId: string,
): Promise<CommandOutcome<Wallet>> {
  const locked = await lockWallet(tx, wallet.id);
  const item = await walletItem(tx, wallet.id, itemId);
  if (item?.kind !== kind || item.row.state !== 'Active')
    throw notInWallet(kind === 'card' ? 'card' : 'bank account');
  const uses = (await usesOfTokens(tx, [item.row.token])).get(item.row.token) ?? [];
  if (uses.length > 0) {
    const autopay = uses.filter((use) => use.kind === 'autopay').length;
    throw ruleViolation(
      'params.id',
      'method-in-use',
      'Autopay or scheduled payments pay with this method; change them first.',
      {
        autopay,
        scheduled: uses.length - autopay,
      },
    );
  }
  await removeItem(tx, kind, itemId);
  if (locked?.defaultToken === item.row.token) await setDefaultToken(tx, wallet.id, null);
  const lastDigits = item.kind === 'card' ? item.row.last4 : item.row.last3;
  const brand = item.kind === 'card' ? item.row.cardType : item.row.accountType;
  return {
    result: await currentWallet(tx, wallet.id),
    audit: {
      action: kind === 'card' ? 'wallet.remove-card' : 'wallet.remove-bank-account',
      recordType: `wallet-${kind === 'card' ? 'card' : 'bank-account'}`,
      recordIds: [itemId],
    },
    events: [
      {
        type: 'wallet.method-removed',
        householdId: wallet.householdId,
        payload: { kind, brand, last4: lastDigits },
      },
    ],
  };
}

/** SPEC §7 make-default: the method (named by its item id) becomes the wallet's default. */
export async function makeDefault(
  tx: Transaction,
  wallet: WalletRef,
  itemId: string,
): Promise<CommandOutcome<Wallet>> {
  const locked = await lockWallet(tx, wallet.id);
  const item = await walletItem(tx, wallet.id, itemId);
  if (!item || item.row.state !== 'Active')
    throw ruleViolation('body.itemId', 'not-yours', 'No such active method in this wallet.');
  const changed = locked?.defaultToken !== item.row.token;
  if (changed) await setDefaultToken(tx, wallet.id, item.row.token);
  const lastDigits = item.kind === 'card' ? item.row.last4 : item.row.last3;
  const brand = item.kind === 'card' ? item.row.cardType : item.row.accountType;
  return {
    result: await currentWallet(tx, wallet.id),
    audit: {
      action: 'wallet.make-default',
      recordType: `wallet-${item.kind === 'card' ? 'card' : 'bank-account'}`,
      recordIds: [itemId],
    },
    events: changed
      ? [
          {
            type: 'wallet.default-changed',
            householdId: wallet.householdId,
            payload: { kind: item.kind, brand, last4: lastDigits },
          },
        ]
      : [],
  };
}

/** SPEC §7 update-bank-account: nickname and holder details (the numbers never change: add a new account). */
export async function renameBankAccount(
  tx: Transaction,
  target: WalletRef & { itemId: string },
  body: z.output<typeof UpdateBankAccountRequestSchema>,
): Promise<CommandOutcome<Wallet>> {
  await lockWallet(tx, target.id);
  const item = await walletItem(tx, target.id, target.itemId);
  if (item?.kind !== 'bankAccount' || item.row.state !== 'Active') throw notInWallet('bank account');
  await updateBankAccount(tx, target.itemId, {
    nickname: emptyToNull(body.nickname),
    accountHolderName: body.accountHolderName,
    accountHolderAddress: emptyToNull(body.accountHolderAddress),
    email: emptyToNull(body.email),
  });
  return {
    result: await currentWallet(tx, target.id),
    audit: {
      action: 'wallet.update-bank-account',
      recordType: 'wallet-bank-account',
      recordIds: [target.itemId],
    },
    events: [
      {
        type: 'wallet.method-updated',
        householdId: target.householdId,
        payload: { kind: 'bankAccount', brand: item.row.accountType, last4: item.row.last3 },
      },
    ],
  };
}

/** Opens the household's wallet (made on first use; SPEC §7 names wallets by id and reference). */
export async function openWallet(
  tx: Transaction,
  householdId: string,
): Promise<CommandOutcome<WalletOpened>> {
  const { wallet, created } = await ensureWallet(tx, householdId);
  return {
    result: { id: wallet.id, referenceId: wallet.referenceId },
    audit: { action: created ? 'wallet.open' : 'wallet.read', recordType: 'wallet', recordIds: [wallet.id] },
  };
}
