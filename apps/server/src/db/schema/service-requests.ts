import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { households } from './households';
import { policies } from './policies';

/** Service requests: off-exchange changes and questions that staff process (DOMAIN "Changes and requests"). */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    referenceNumber: text().notNull().unique(),
    householdId: uuid()
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    policyId: uuid().references(() => policies.id, { onDelete: 'set null' }),
    type: text().notNull(),
    status: text({ enum: ['Submitted', 'InReview', 'Completed', 'Rejected', 'Withdrawn'] }).notNull().default('Submitted'),
    subject: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>(),
    resolution: text(),
    submittedBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_requests_household_idx').on(t.householdId, t.createdAt.desc()),
    check('service_requests_status_check', sql`${t.status} in ('Submitted', 'InReview', 'Completed', 'Rejected', 'Withdrawn')`),
  ],
);
