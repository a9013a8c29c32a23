import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Issue 34 (docs/decisions/052): the issuer's systems that receive the portal's events as signed webhooks
 * (Standard Webhooks). The signing secret is kept encrypted (AES-256-GCM under WEBHOOK_SECRETS_KEY), never
 * in clear and never logged: it is shown once, when the subscriber is created.
 */
export const webhookSubscribers = pgTable(
  'webhook_subscribers',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    url: text().notNull(),
    /** `iv.tag.ciphertext`, base64url each: the `whsec_…` secret, encrypted. */
    secretCiphertext: text().notNull(),
    /** The event types it receives; empty: every type of the catalogue. */
    eventTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean().notNull().default(true),
    /**
     * Decision 056: after a rotation the secret it replaced keeps signing beside the new one (two `v1,`
     * signatures in `webhook-signature`) until `previousSecretExpiresAt`; then it is dropped.
     */
    previousSecretCiphertext: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    secretRotatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('webhook_subscribers_url', sql`${t.url} ~ '^https?://'`)],
);

/**
 * One event for one subscriber: written in the outbox dispatch that handles the event (so exactly once
 * per event and subscriber), then delivered at least once — in order per household, retried with backoff
 * until it is answered 2xx or its attempts are spent (`failed`); a replay puts it back to `pending`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: uuid()
      .notNull()
      .references(() => webhookSubscribers.id, { onDelete: 'cascade' }),
    outboxEventId: bigint({ mode: 'number' }).notNull(),
    /** The `webhook-id` header: the same on every attempt, so the subscriber deduplicates. */
    messageId: text().notNull(),
    householdId: uuid(),
    eventType: text().notNull(),
    /** The body sent: `{ type, timestamp, data }`. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Held by a deliverer until then (a crashed one's claim lapses). */
    leaseUntil: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.subscriberId, t.outboxEventId, t.eventType),
    uniqueIndex('webhook_deliveries_message_key').on(t.messageId),
    index('webhook_deliveries_pending_idx')
      .on(t.subscriberId, t.householdId, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
