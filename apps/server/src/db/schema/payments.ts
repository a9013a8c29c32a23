import { sql } from 'drizzle-orm';
import {
  boolean,
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
    /**
     * Pending: a bank payment not settled yet; Returned: a bank payment the bank sent back (R01, …);
     * Voided: cancelled by staff before it settled; Refunded: all of it paid back (issue 13).
     */
    transactionStatus: text({
      enum: ['Pending', 'Succeeded', 'Failed', 'Refunded', 'Returned', 'Voided'],
    }).notNull(),
    paymentMethod: text({ enum: paymentMethods }).notNull(),
    /** Last digits and brand of the method, for the receipt (card last4 / account last3). */
    methodLastDigits: text(),
    methodBrand: text(),
    paymentSource: text({
      enum: ['Portal', 'Guest', 'Binder', 'Autopay', 'Scheduled', 'Phone', 'Mail'],
    }).notNull(),
    failureReason: text(),
    /** Who paid, as given with the payment (the billing name); null for history from other channels. */
    payerName: text(),
    /** The paid-through date right after this payment was applied (the receipt says what it paid through). */
    paidThroughDate: date(),
    /** The binder payment that made the coverage effective. */
    effectuatedCoverage: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_transaction_id_key').on(t.transactionId),
    check(
      'payments_status_check',
      sql`${t.transactionStatus} in ('Pending', 'Succeeded', 'Failed', 'Refunded', 'Returned', 'Voided')`,
    ),
    index('payments_policy_date_idx').on(t.policyId, t.transactionDate.desc(), t.createdAt.desc()),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A refund or void of a payment by staff (issue 13 payments desk): with the reason, who did it, and the
 * processor's answer. One per payment and idempotency key; a refund may be partial.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['refund', 'void'] }).notNull(),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    status: text({ enum: ['Pending', 'Succeeded', 'Failed'] }).notNull(),
    processorRefundId: text(),
    failureReason: text(),
    idempotencyKey: text().notNull(),
    staffSubject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_idempotency_key').on(t.idempotencyKey),
    check('payment_refunds_kind_check', sql`${t.kind} in ('refund', 'void')`),
    check('payment_refunds_status_check', sql`${t.status} in ('Pending', 'Succeeded', 'Failed')`),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
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
    /**
     * Scheduled → Processing (claimed by a job run, `claimedAt`) → Paid | Pending (a bank payment not
     * settled yet) | Failed (declined, `failureReason`); Cancelled by the member, or Cleared by SPEC §4's
     * rule (a payment on another date clears the policy's scheduled payments).
     */
    status: text({ enum: ['Scheduled', 'Processing', 'Paid', 'Pending', 'Failed', 'Cancelled', 'Cleared'] })
      .notNull()
      .default('Scheduled'),
    paymentId: uuid().references(() => payments.id),
    failureReason: text(),
    /** When a job run claimed it; a claim older than the lease is taken over (the run died). */
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_payments_policy_idx').on(t.policyId, t.paymentDate),
    // The job runner claims due payments by date.
    index('scheduled_payments_due_idx')
      .on(t.paymentDate)
      .where(sql`${t.status} in ('Scheduled', 'Processing')`),
    check('scheduled_payments_amount_positive', sql`${t.paymentAmountCents} > 0`),
    check(
      'scheduled_payments_status_check',
      sql`${t.status} in ('Scheduled', 'Processing', 'Paid', 'Pending', 'Failed', 'Cancelled', 'Cleared')`,
    ),
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
    /** Runs on the policy's due date (0) or this many days before it; `runDay` is the day that gives. */
    daysBeforeDue: integer().notNull().default(0),
    /** The member's cap: a bill above it is not charged (they are told instead). */
    maxAmountCents: integer(),
    /** The billed month (first day) whose charge the member asked to skip once. */
    skipPeriod: date(),
    state: text({ enum: ['Active', 'Cancelled'] })
      .notNull()
      .default('Active'),
    startDate: date().notNull(),
    endDate: date(),
    lastProcessed: date(),
    /** The subscription that replaced this one (SPEC §4 replace: the new one is created, then this cancelled). */
    replacedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('autopay_subscriptions_policy_idx').on(t.policyId),
    index('autopay_subscriptions_run_day_idx')
      .on(t.runDay)
      .where(sql`${t.state} = 'Active'`),
    check('autopay_run_day_range', sql`${t.runDay} between 1 and 28`),
    check('autopay_days_before_due_range', sql`${t.daysBeforeDue} between 0 and 10`),
    check('autopay_fixed_amount', sql`${t.amountType} <> 'Fixed' or ${t.amountCents} > 0`),
    check('autopay_max_amount_positive', sql`${t.maxAmountCents} is null or ${t.maxAmountCents} > 0`),
  ],
);

/**
 * One autopay charge of one billed month: created when the advance notice goes out (Upcoming) or when
 * the charge is claimed (Processing), unique per subscription and month so a month is charged at most
 * once whatever the number of instances, retries or crashes (the processor key is derived from it too).
 */
export const autopayRuns = pgTable(
  'autopay_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => autopaySubscriptions.id, { onDelete: 'cascade' }),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** The billed month (its first day). */
    period: date().notNull(),
    /** The day it is (or was) due to be charged. */
    runDate: date().notNull(),
    status: text({
      enum: ['Upcoming', 'Processing', 'Paid', 'Pending', 'RetryScheduled', 'Failed', 'Skipped'],
    }).notNull(),
    attempt: integer().notNull().default(0),
    nextAttemptDate: date(),
    amountCents: integer(),
    paymentId: uuid().references(() => payments.id),
    /** Why it was skipped or failed (a code: `nothing-due`, `above-maximum`, `skipped-by-member`, a decline code). */
    reason: text(),
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autopay_runs_once_per_month').on(t.subscriptionId, t.period),
    index('autopay_runs_due_idx')
      .on(t.runDate)
      .where(sql`${t.status} in ('Upcoming', 'Processing', 'RetryScheduled')`),
    check(
      'autopay_runs_status_check',
      sql`${t.status} in ('Upcoming', 'Processing', 'Paid', 'Pending', 'RetryScheduled', 'Failed', 'Skipped')`,
    ),
  ],
);

/**
 * Idempotency records of command requests (plugins/idempotency.ts, docs/decisions/015): a retry with the
 * same key from the same caller returns the first answer and never charges twice. `requestHash` refuses
 * the same key reused for a different request; `lockedUntil` is the lease of the request being run, so a
 * record left `in-progress` by a crashed instance is taken over once it expires.
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
    lockedUntil: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_records_expires_idx').on(t.expiresAt),
  ],
);
