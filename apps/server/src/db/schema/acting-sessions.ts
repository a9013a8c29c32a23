import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { households } from './households';
import { members, policies } from './policies';

/**
 * Staff acting for a member (issue 33 item 14; docs/decisions/043): who (the staff user's subject, as
 * the audit log names them, and role), for whom (a household, or for policies without a household the
 * subscriber whose loose policies they are), why (a reason code and a line of free text), when it
 * started, was last used and ended, and how it ended. A staff user has at most one open session (the
 * partial unique index); every audit row written while it is under way names it (`audit_log.acting_session_id`).
 */
export const actingSessions = pgTable(
  'acting_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    staffSubject: text().notNull(),
    staffRole: text(),
    householdId: uuid().references(() => households.id, { onDelete: 'cascade' }),
    /** For policies that belong to no household: their subscriber (the scope is that subscriber's loose policies). */
    subscriberMemberId: uuid().references(() => members.id, { onDelete: 'cascade' }),
    /** For policies that belong to no household: the policy the member was opened by. */
    policyId: uuid().references(() => policies.id, { onDelete: 'set null' }),
    /** The member chosen among the search results (the subscriber when none was named). */
    memberId: uuid().references(() => members.id, { onDelete: 'set null' }),
    reason: text({
      enum: ['member-called', 'member-wrote', 'correcting-record', 'service-request', 'other'],
    }).notNull(),
    /** Free text beside the reason (at most 200 characters, scrubbed of numbers that look like cards or SSNs). */
    note: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last call that used it: it ends `actingIdleSeconds` after this. */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text({ enum: ['ended', 'signed-out', 'idle'] }),
  },
  (t) => [
    uniqueIndex('acting_sessions_one_open_key')
      .on(t.staffSubject)
      .where(sql`${t.endedAt} is null`),
    index('acting_sessions_household_idx').on(t.householdId, t.startedAt),
    check('acting_sessions_target', sql`${t.householdId} is not null or ${t.subscriberMemberId} is not null`),
    check(
      'acting_sessions_reason_check',
      sql`${t.reason} in ('member-called', 'member-wrote', 'correcting-record', 'service-request', 'other')`,
    ),
    check('acting_sessions_ended', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
  ],
);
