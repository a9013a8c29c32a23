import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { households } from './households';
import { documents } from './documents';

/** SPEC §3 Notification: portal messages to a household; unread becomes read (opened). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid()
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
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
    // The unread count in the header is asked on every page: a partial index keeps it small.
    index('notifications_unread_idx')
      .on(t.householdId)
      .where(sql`${t.readAt} is null`),
  ],
);
