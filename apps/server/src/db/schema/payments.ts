import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { policies } from './policies';

const paymentMethods = ['Card', 'BankAccount'] as const;

/** SPEC §3 Payment: the premium payment history of a policy. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    transactionDate: date().notNull(),
    /** The processor's transaction id. */
    transactionId: text().notNull(),
    transactionStatus: text({ enum: ['Pending', 'Succeeded', 'Failed', 'Refunded'] }).notNull(),
    paymentMethod: text({ enum: paymentMethods }).notNull(),
    /** Last digits and brand of the method, for the receipt (card last4 / account last3). */
    methodLastDigits: text(),
    methodBrand: text(),
    paymentSource: text({ enum: ['Portal', 'Guest', 'Binder', 'Autopay', 'Scheduled', 'Phone', 'Mail'] }).notNull(),
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_transaction_id_key').on(t.transactionId),
    index('payments_policy_date_idx').on(t.policyId, t.transactionDate.desc(), t.createdAt.desc()),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** SPEC §3 Scheduled payment: a one-time payment set for a future date. */
export const scheduledPayments = pgTable(
  'scheduled_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    paymentAmountCents: integer().notNull(),
    paymentDate: date().notNull(),
    paymentMethod: text({ enum: paymentMethods }).notNull(),
    paymentToken: text().notNull(),
    description: text(),
    status: text({ enum: ['Scheduled', 'Processing', 'Paid', 'Failed', 'Cancelled'] }).notNull().default('Scheduled'),
    paymentId: uuid().references(() => payments.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_payments_policy_idx').on(t.policyId, t.paymentDate),
    // The job runner claims due payments by date.
    index('scheduled_payments_due_idx').on(t.paymentDate).where(sql`${t.status} = 'Scheduled'`),
    check('scheduled_payments_amount_positive', sql`${t.paymentAmountCents} > 0`),
  ],
);

/** SPEC §3 Subscription (autopay): charges the amount due (or a fixed amount) on a run day each month. */
export const autopaySubscriptions = pgTable(
  'autopay_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    amountType: text({ enum: ['AmountDue', 'Fixed'] }).notNull(),
    amountCents: integer(),
    paymentMethod: text({ enum: paymentMethods }).notNull(),
    paymentToken: text().notNull(),
    runDay: integer().notNull(),
    state: text({ enum: ['Active', 'Cancelled'] }).notNull().default('Active'),
    startDate: date().notNull(),
    endDate: date(),
    lastProcessed: date(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('autopay_subscriptions_policy_idx').on(t.policyId),
    index('autopay_subscriptions_run_day_idx').on(t.runDay).where(sql`${t.state} = 'Active'`),
    check('autopay_run_day_range', sql`${t.runDay} between 1 and 28`),
    check('autopay_fixed_amount', sql`${t.amountType} <> 'Fixed' or ${t.amountCents} > 0`),
  ],
);

/**
 * Idempotency records for payment requests: a retry with the same key from the same caller returns the
 * first answer and never charges twice. `requestHash` refuses the same key reused for a different request.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    state: text({ enum: ['in-progress', 'completed'] }).notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_records_expires_idx').on(t.expiresAt)],
);
