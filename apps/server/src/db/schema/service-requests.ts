import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { households } from './households';
import { policies } from './policies';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Service requests (issue 11; DOMAIN "Changes and requests"): every change a member asks for, typed, with
 * its lifecycle (packages/domain service-requests.ts). `details` holds the requested values, validated per
 * type by the contracts schema that accepted them; types that need no review are applied and completed
 * in the transaction that creates them.
 */
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
    status: text({ enum: ['Submitted', 'InReview', 'Completed', 'Rejected', 'Cancelled'] })
      .notNull()
      .default('Submitted'),
    /** The member's own words for a general request; typed requests are named by their type. */
    subject: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    /** The members the change is about (a dependent added or removed, whose demographics change, …). */
    memberIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The date the change should take effect, when it has one. */
    effectiveDate: date(),
    /** Why it was rejected, or how it was completed, in words the member reads. */
    resolution: text(),
    submittedBy: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    /** Who asked: the member, staff acting for them, a broker, a guest (the role, for the member's history). */
    requestedByRole: text(),
    requestedBySubject: text(),
    /** The staff user who claimed the request to process it (issue 13): one at a time. */
    assignedToSubject: text(),
    assignedToName: text(),
    claimedAt: timestamp({ withTimezone: true }),
    /** Raised by every change of status: a change based on an older version is refused (409). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_requests_household_idx').on(t.householdId, t.createdAt.desc()),
    index('service_requests_queue_idx').on(t.type, t.status, t.createdAt),
    index('service_requests_assignee_idx').on(t.assignedToSubject, t.status),
    index('service_requests_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('Submitted', 'InReview')`),
    check(
      'service_requests_status_check',
      sql`${t.status} in ('Submitted', 'InReview', 'Completed', 'Rejected', 'Cancelled')`,
    ),
    check(
      'service_requests_type_check',
      sql`${t.type} in ('contact', 'mailing-address', 'residential-address', 'demographics', 'add-dependent', 'remove-dependent', 'report-change', 'end-coverage', 'change-coverage-dates', 'reinstatement', 'change-plan', 'change-broker', 'pcp', 'additional-product', 'general')`,
    ),
  ],
);

/** A request's history: each status it reached, when, by whom, and the note the member may read. */
export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    status: text({ enum: ['Submitted', 'InReview', 'Completed', 'Rejected', 'Cancelled'] }).notNull(),
    /** `member`, `staff`, `broker`, `guest`, `system`: who moved it (never a name). */
    actorKind: text().notNull(),
    actorSubject: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_request_events_request_idx').on(t.requestId, t.id)],
);

/** A file a member attached to a request (PDF, JPEG or PNG, checked by content; size limit from config). */
export const serviceRequestAttachments = pgTable(
  'service_request_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    contentType: text({ enum: ['application/pdf', 'image/jpeg', 'image/png'] }).notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_request_attachments_request_idx').on(t.requestId),
    check(
      'service_request_attachments_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check('service_request_attachments_size_check', sql`${t.sizeBytes} > 0`),
  ],
);
