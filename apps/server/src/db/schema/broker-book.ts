import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { policies } from './policies';

/**
 * Issue 13, docs/decisions/036: one row per policy with every fact a broker's book shows, filters or sorts
 * on, so that a page is a range scan of the broker's rows instead of a few thousand look-ups in members,
 * finances, autopay and coverage spans. Kept by the database: deferred triggers on those tables recompute a
 * changed policy's row at commit with `broker_book_refresh` from the view `broker_book_facts` (migration
 * 0012) — the one definition of a row. Never written by the application. A policy without a broker of record
 * has its row too (broker null): every policy has a row to lock while it is refreshed.
 */
export const brokerBookRows = pgTable(
  'broker_book_rows',
  {
    policyId: uuid()
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** The policy's broker of record, null when it has none (no foreign key of its own: `policies.broker_id` has it). */
    brokerId: uuid(),
    householdId: uuid(),
    holderFirstName: text().notNull(),
    holderLastName: text().notNull(),
    /**
     * The names lower-cased once when written: the sort by policyholder and the name search read these
     * instead of lower-casing every row of the book on every page (lower() of UTF-8 text is the costly part).
     */
    holderFirstNameLower: text().notNull(),
    holderLastNameLower: text().notNull(),
    policyNumber: text().notNull(),
    issuerSubscriberId: text().notNull(),
    exchangeSubscriberId: text(),
    lineOfCoverage: text().notNull(),
    /** individual, group or none (from `policies.market_coverage`). */
    market: text().notNull(),
    offExchange: boolean().notNull(),
    enrollmentStatus: text().notNull(),
    financeStatus: text(),
    amountDueCents: integer().notNull(),
    pastDueCents: integer().notNull(),
    paidThroughDate: date(),
    /** Null when the policy is not in a grace period or has ended. */
    gracePeriodEndDate: date(),
    autopay: boolean().notNull(),
    /**
     * The starts of the policy's renewal spans not yet effectuated, ascending. Whether one is still to come
     * depends on the day, so the page compares them with the server's today instead of storing the answer.
     */
    renewalStartDates: date()
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
  },
  (t) => [
    /** The broker's rows in the default order (policyholder), which is also every page's range scan. */
    index('broker_book_rows_broker_holder_idx').on(
      t.brokerId,
      t.holderLastNameLower,
      t.holderFirstNameLower,
      t.policyId,
    ),
  ],
);
