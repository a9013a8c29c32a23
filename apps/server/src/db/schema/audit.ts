import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to whose records, when, with what outcome and from where. Never the health data itself:
 * only record types and ids. Reads of member data, every change, sign-ins and refusals are written here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorSubject: text(),
    actorRole: text(),
    /** The household whose records were touched (customer service and brokers act for members). */
    actingForHouseholdId: uuid(),
    /**
     * The acting session under way when staff wrote this row for the household it names (decision 043):
     * who acted for the member, and why. No foreign key: the audit log outlives what it describes.
     */
    actingSessionId: uuid(),
    action: text().notNull(),
    route: text(),
    recordType: text(),
    recordIds: text().array(),
    outcome: text({ enum: ['success', 'denied', 'failure'] }).notNull(),
    reason: text(),
    ip: text(),
    userAgent: text(),
    requestId: text(),
  },
  (t) => [
    index('audit_log_occurred_idx').on(t.occurredAt),
    index('audit_log_actor_idx').on(t.actorSubject, t.occurredAt),
    index('audit_log_household_idx').on(t.actingForHouseholdId, t.occurredAt),
    index('audit_log_action_idx').on(t.action, t.occurredAt),
    index('audit_log_acting_session_idx')
      .on(t.actingSessionId)
      .where(sql`${t.actingSessionId} is not null`),
  ],
);
