import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { households } from './households';

/**
 * A request to confirm a paperless e-mail address (SPEC §2 /admin/email-confirmation): the link sent
 * to the address carries a random token; only its SHA-256 is kept. Confirming applies `requested`
 * (the delivery choices made when the link was asked for).
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid()
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    /** The delivery choices to apply once confirmed: `{ invoices, notices, taxForms }`. */
    requested: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** A newer request for the same household replaced this one before it was confirmed. */
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_confirmations_token_key').on(t.tokenHash),
    index('email_confirmations_household_idx').on(t.householdId),
  ],
);

/**
 * Outgoing e-mail (docs/decisions/018): a row per message, written in the transaction that decided
 * to send it (an outbox dispatch, a confirmation request), sent later by `mail/sender.ts`, which
 * claims rows with SKIP LOCKED. The body is cleared once sent: the row then only proves it went out.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    householdId: uuid().references(() => households.id, { onDelete: 'set null' }),
    /** What kind of message (`document-issued`, `email-confirmation`, …), for logs and tests. */
    kind: text().notNull(),
    /** The outbox event it came from: one e-mail per event and kind, whatever happens. */
    outboxEventId: bigint({ mode: 'number' }),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text(),
    htmlBody: text(),
    language: text().notNull(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when the sender holds it (after a crash another sender takes it over). */
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mail_queue_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    uniqueIndex('mail_queue_event_kind_key').on(t.outboxEventId, t.kind),
    index('mail_queue_due_idx')
      .on(t.availableAt, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/** Demo mode only: what the in-process SMTP catcher received, listed by the development mailbox. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    messageId: text(),
    fromAddress: text().notNull(),
    toAddresses: jsonb().$type<string[]>().notNull(),
    subject: text().notNull(),
    textBody: text(),
    htmlBody: text(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
  },
  (t) => [index('dev_mailbox_received_idx').on(t.receivedAt.desc())],
);
