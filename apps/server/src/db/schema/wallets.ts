import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { households } from './households';

/**
 * SPEC §3 Wallet: a household's saved payment methods. Only processor tokens and display facts are kept:
 * never a full card number, a CVV or a full bank account number (there is no column that could hold one).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid()
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** SPEC `POST v1/Wallet/{referenceId}`: the id the wallet is fetched by. */
    referenceId: text().notNull(),
    /** The processor token of the default payment method, if any. */
    defaultToken: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_household_key').on(t.householdId),
    uniqueIndex('wallets_reference_id_key').on(t.referenceId),
  ],
);

const walletItemState = ['Active', 'Removed'] as const;

export const walletCards = pgTable(
  'wallet_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    /**
     * The processor's fingerprint of the card number (docs/decisions/039): the same card saved again
     * has the same one. Keyed by the processor, never reversible to the number; null on older rows.
     */
    fingerprint: text(),
    cardType: text({ enum: ['Visa', 'Mastercard', 'Amex', 'Discover'] }).notNull(),
    last4: text().notNull(),
    expirationMonth: integer().notNull(),
    expirationYear: integer().notNull(),
    cardHolderName: text().notNull(),
    funding: text({ enum: ['credit', 'debit', 'prepaid'] }).notNull(),
    nickname: text(),
    email: text(),
    billingStreet1: text().notNull(),
    billingStreet2: text(),
    billingCity: text().notNull(),
    billingState: text().notNull(),
    billingZipCode: text().notNull(),
    state: text({ enum: walletItemState }).notNull().default('Active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_cards_token_key').on(t.token),
    index('wallet_cards_wallet_idx').on(t.walletId),
    index('wallet_cards_fingerprint_idx').on(t.walletId, t.fingerprint),
    check('wallet_cards_last4_format', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check(
      'wallet_cards_expiry',
      sql`${t.expirationMonth} between 1 and 12 and ${t.expirationYear} between 2000 and 2100`,
    ),
    check('wallet_cards_token_not_a_number', sql`${t.token} !~ '^[0-9 -]+$'`),
  ],
);

export const walletBankAccounts = pgTable(
  'wallet_bank_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    /** The processor's fingerprint of routing + account number (docs/decisions/039); null on older rows. */
    fingerprint: text(),
    /** SPEC §3 bankAccounts.last3: the last three digits of the account number. */
    last3: text().notNull(),
    /** ABA routing numbers identify the bank (public), not the account. */
    routingNumber: text().notNull(),
    bankName: text(),
    accountType: text({ enum: ['Checking', 'Savings'] }).notNull(),
    nickname: text(),
    accountHolderName: text().notNull(),
    accountHolderAddress: text(),
    email: text(),
    state: text({ enum: walletItemState }).notNull().default('Active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_bank_accounts_token_key').on(t.token),
    index('wallet_bank_accounts_wallet_idx').on(t.walletId),
    index('wallet_bank_accounts_fingerprint_idx').on(t.walletId, t.fingerprint),
    check('wallet_bank_accounts_last3_format', sql`${t.last3} ~ '^[0-9]{3}$'`),
    check('wallet_bank_accounts_routing_format', sql`${t.routingNumber} ~ '^[0-9]{9}$'`),
    check('wallet_bank_accounts_token_not_a_number', sql`${t.token} !~ '^[0-9 -]+$'`),
  ],
);
