import { z } from 'zod';
import { UuidSchema } from './common';

/**
 * SPEC §3 Wallet as the browser sees it: display facts only. Processor tokens, full card numbers and
 * full account numbers never leave the server (issue 4: "never a full card or account number").
 */

const WalletItemState = z.enum(['Active', 'Removed']);

/**
 * The wallet item a scheduled payment or an autopay subscription pays from, in place of its payment
 * token: enough for "Visa ending 4242 (Household card)".
 */
export const WalletItemRefSchema = z
  .object({
    kind: z.enum(['card', 'bankAccount']),
    id: UuidSchema,
    /** Card: last four digits; bank account: last three (SPEC §3 last4 / last3). */
    lastDigits: z.string(),
    /** Card brand (Visa, Mastercard, …) or bank account type (Checking, Savings). */
    brand: z.string(),
    nickname: z.string().nullable(),
    /** Removed from the wallet since (SPEC §4 Wallet "remove"): the payment still names it. */
    removed: z.boolean(),
  })
  .meta({ id: 'WalletItemRef' });
export type WalletItemRef = z.infer<typeof WalletItemRefSchema>;

export const WalletCardSchema = z
  .object({
    id: UuidSchema,
    cardType: z.enum(['Visa', 'Mastercard', 'Amex', 'Discover']),
    last4: z.string().regex(/^[0-9]{4}$/),
    expirationMonth: z.number().int().min(1).max(12),
    expirationYear: z.number().int(),
    cardHolderName: z.string(),
    nickname: z.string().nullable(),
    funding: z.enum(['credit', 'debit', 'prepaid']),
    email: z.string().nullable(),
    billingAddress: z.object({
      street1: z.string(),
      street2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
    }),
    state: WalletItemState,
    isDefault: z.boolean(),
  })
  .meta({ id: 'WalletCard' });

export const WalletBankAccountSchema = z
  .object({
    id: UuidSchema,
    accountType: z.enum(['Checking', 'Savings']),
    last3: z.string().regex(/^[0-9]{3}$/),
    /** The routing number's last four digits only: together with last3 nothing more is needed to recognise it. */
    routingNumberLast4: z.string().regex(/^[0-9]{4}$/),
    bankName: z.string().nullable(),
    nickname: z.string().nullable(),
    accountHolderName: z.string(),
    accountHolderAddress: z.string().nullable(),
    email: z.string().nullable(),
    state: WalletItemState,
    isDefault: z.boolean(),
  })
  .meta({ id: 'WalletBankAccount' });

/** SPEC §7 `POST v1/Wallet/{referenceId}` answer: the household's active cards and bank accounts. */
export const WalletSchema = z
  .object({
    id: UuidSchema,
    referenceId: z.string(),
    /** The default payment method (SPEC §3 defaultToken, named by its wallet item instead of its token). */
    defaultItem: z.object({ kind: z.enum(['card', 'bankAccount']), id: UuidSchema }).nullable(),
    creditCards: z.array(WalletCardSchema),
    bankAccounts: z.array(WalletBankAccountSchema),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletParamsSchema = z.object({
  referenceId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, dashes and underscores only'),
});
