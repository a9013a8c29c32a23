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

/**
 * An autopay subscription or a scheduled payment that pays with a wallet method: such a method cannot
 * be removed until they pay with another (issue 9), and the wallet page says which they are.
 */
export const WalletItemUseSchema = z
  .object({
    kind: z.enum(['autopay', 'scheduledPayment']),
    id: UuidSchema,
    policyId: UuidSchema,
    policyNumber: z.string(),
    /** Autopay: the subscription's name. */
    name: z.string().nullable(),
    /** Scheduled payment: its date (`YYYY-MM-DD`). */
    paymentDate: z.string().nullable(),
    /** Autopay of a fixed amount, or a scheduled payment: the amount in cents. */
    amountCents: z.number().int().nullable(),
  })
  .meta({ id: 'WalletItemUse' });
export type WalletItemUse = z.infer<typeof WalletItemUseSchema>;

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
    usedBy: z.array(WalletItemUseSchema),
  })
  .meta({ id: 'WalletCard' });
export type WalletCard = z.infer<typeof WalletCardSchema>;

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
    usedBy: z.array(WalletItemUseSchema),
  })
  .meta({ id: 'WalletBankAccount' });
export type WalletBankAccount = z.infer<typeof WalletBankAccountSchema>;

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

// ---------- SPEC §7 wallet commands (issue 9) ----------

/**
 * A processor token from the hosted fields (docs/decisions/016): opaque letters, digits, `_` and `-`,
 * and never something shaped like a card or account number.
 */
export const PaymentTokenSchema = z
  .string()
  .trim()
  .min(8)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .refine((value) => !/^[0-9]+$/.test(value), {
    message: 'a processor token, not a number',
    params: { code: 'token-invalid' },
  });

/** Optional free text: an empty field means "none". */
const optionalText = (max: number) => z.string().trim().max(max).default('');
const EMAIL = /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OptionalEmailSchema = z.string().trim().max(254).regex(EMAIL).default('');
const HolderNameSchema = z.string().trim().min(1).max(100);

export const BillingAddressInputSchema = z.object({
  street1: z.string().trim().min(1).max(100),
  street2: optionalText(100),
  city: z.string().trim().min(1).max(60),
  state: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/),
});

/**
 * SPEC §7 `POST v1/Wallet/add-credit-card/{walletId}`: `isDefault` and `paymentToken` (the hosted
 * fields' token), with the non-secret facts the member types on the portal's own page. The billing
 * ZIP code is the one typed in the hosted fields (the processor tells us).
 */
export const AddCreditCardRequestSchema = z
  .object({
    paymentToken: PaymentTokenSchema,
    isDefault: z.boolean().default(false),
    cardHolderName: HolderNameSchema,
    billingAddress: BillingAddressInputSchema,
    nickname: optionalText(40),
    email: OptionalEmailSchema,
  })
  .meta({ id: 'AddCreditCardRequest' });
export type AddCreditCardRequest = z.input<typeof AddCreditCardRequestSchema>;

/** SPEC §7 `POST v1/Wallet/add-bank-account/{walletId}`. */
export const AddBankAccountRequestSchema = z
  .object({
    paymentToken: PaymentTokenSchema,
    isDefault: z.boolean().default(false),
    accountHolderName: HolderNameSchema,
    accountHolderAddress: optionalText(200),
    nickname: optionalText(40),
    email: OptionalEmailSchema,
  })
  .meta({ id: 'AddBankAccountRequest' });
export type AddBankAccountRequest = z.input<typeof AddBankAccountRequestSchema>;

/**
 * SPEC §7 `PUT v1/Wallet/make-default/{walletId}` (`isDefault: true`, `paymentToken`): the browser
 * never sees a saved method's token, so the method is named by its wallet item id (`itemId`).
 */
export const MakeDefaultRequestSchema = z
  .object({
    isDefault: z.literal(true),
    itemId: UuidSchema,
  })
  .meta({ id: 'MakeDefaultRequest' });
export type MakeDefaultRequest = z.input<typeof MakeDefaultRequestSchema>;

/**
 * SPEC §7 `PUT v1/Wallet/update-bank-account` (`token`, `nickname`, `accountHolderName`,
 * `accountHolderAddress`, `email`): the account is named by its wallet item id (`itemId`) in place of
 * its token, which never reaches the browser.
 */
export const UpdateBankAccountRequestSchema = z
  .object({
    itemId: UuidSchema,
    nickname: optionalText(40),
    accountHolderName: HolderNameSchema,
    accountHolderAddress: optionalText(200),
    email: OptionalEmailSchema,
  })
  .meta({ id: 'UpdateBankAccountRequest' });
export type UpdateBankAccountRequest = z.input<typeof UpdateBankAccountRequestSchema>;

export const WalletIdParamsSchema = z.object({ walletId: UuidSchema });
export const WalletItemParamsSchema = z.object({ walletId: UuidSchema, id: UuidSchema });

/** Opens the household's wallet (made on first use): its id and reference. */
export const HouseholdWalletParamsSchema = z.object({ householdId: UuidSchema });
export const WalletOpenedSchema = z
  .object({ id: UuidSchema, referenceId: z.string() })
  .meta({ id: 'WalletOpened' });
export type WalletOpened = z.infer<typeof WalletOpenedSchema>;
