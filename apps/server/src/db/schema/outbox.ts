import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox (docs/decisions/014): events written in the same transaction as the change that caused
 * them (a payment made, a wallet method added, …), then dispatched once to their channels (in-app
 * notifications today; live updates and e-mail later) by `outbox/dispatcher.ts`. A row is dispatched
 * when `dispatchedAt` is set, in the same transaction as what its handlers wrote.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What happened, e.g. `payment.succeeded`, `wallet.card-added`. */
    type: text().notNull(),
    householdId: uuid(),
    policyId: uuid(),
    /** What the handlers need (ids, amounts in cents, last digits): never a secret, never a full number. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Not dispatched before this time (a failed dispatch is retried later). */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);
