import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { households } from './households';
import { brokers } from './parties';
import { documents } from './documents';

/**
 * SPEC §3 Notification: portal messages to a household; unread becomes read (opened). Issue 13: or to a
 * broker (his alerts about his clients) — each message has exactly one inbox, so a household's queries
 * never see a broker's message about it, nor a broker's another's.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid().references(() => households.id, { onDelete: 'cascade' }),
    brokerId: uuid().references(() => brokers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    /** Translation key of the message template, e.g. `notification.paymentReceived`. */
    templateName: text().notNull(),
    additionalValues: jsonb().$type<Record<string, string | number>>(),
    parentId: uuid().references((): AnyPgColumn => notifications.id, { onDelete: 'set null' }),
    link: text(),
    linkTextKey: text(),
    dropDownLink: text(),
    dropDownLinkTextKey: text(),
    documentId: uuid().references(() => documents.id, { onDelete: 'set null' }),
    hasAttachment: boolean().notNull().default(false),
  },
  (t) => [
    index('notifications_household_created_idx').on(t.householdId, t.createdAt.desc()),
    index('notifications_broker_created_idx').on(t.brokerId, t.createdAt.desc()),
    check('notifications_one_inbox', sql`(${t.householdId} is null) <> (${t.brokerId} is null)`),
    // The unread count in the header is asked on every page: a partial index keeps it small.
    index('notifications_unread_idx')
      .on(t.householdId)
      .where(sql`${t.readAt} is null`),
  ],
);
