import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Client monitoring events posted by the web app (SPEC §7 `POST v1/Logging`): errors and notable
 * events seen in members' browsers. Free text is scrubbed of identifiers before it is stored.
 */
export const clientEvents = pgTable(
  'client_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    level: text('level').notNull(),
    event: text('event').notNull(),
    message: text('message'),
    page: text('page'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    requestId: text('request_id').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    check('client_events_level_check', sql`${table.level} in ('debug', 'info', 'warn', 'error')`),
    index('client_events_received_at_idx').on(table.receivedAt),
  ],
);
