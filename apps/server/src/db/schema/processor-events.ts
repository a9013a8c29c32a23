import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Webhook events received from the payment processor (docs/decisions/016), each recorded exactly once
 * by its event id, in the same transaction as the handlers that act on it (a settled or returned bank
 * payment). `deliveryId` names the signed delivery that brought it: the same delivery sent again is a
 * replay and is refused. An event that does not fit what it names is kept too, as refused.
 */
export const processorEvents = pgTable(
  'processor_events',
  {
    id: text().primaryKey(),
    type: text().notNull(),
    /** The processor's transaction id the event is about. */
    transactionId: text().notNull(),
    /** The event as received (ids, codes and our own metadata: never a card or account number). */
    payload: jsonb().notNull(),
    deliveryId: text().notNull(),
    /**
     * Issue 33 item 3: `applied` — the event fitted the payment (or refund) it names and was acted on;
     * `refused` — it did not (`refusalReason`), and nothing was changed.
     */
    outcome: text({ enum: ['applied', 'refused'] })
      .notNull()
      .default('applied'),
    refusalReason: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('processor_events_transaction_idx').on(t.transactionId)],
);
