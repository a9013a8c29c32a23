import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One member loop of a transaction set as the admin page of imports shows it (decision 056). */
export interface TransactionMember {
  subscriber: boolean;
  /** INS02 (18 self, 01 spouse, 19 child, …). */
  relationship: string | null;
  /** INS03 of the loop. */
  maintenance: string | null;
  subscriberId: string | null;
  memberId: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Issue 34 (docs/decisions/051): each inbound X12 834 interchange, once. `senderId` + `controlNumber`
 * (ISA06 + ISA13) identify it: the same interchange imported again changes nothing and answers the first
 * import's summary. A file refused whole (malformed) is kept too, without that key when it had no readable
 * ISA, with the segment and reason in `summary` and its TA1/999 beside it.
 */
export const enrollmentImports = pgTable(
  'enrollment_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    senderId: text(),
    controlNumber: text(),
    fileName: text().notNull(),
    /** How it came: the command line, the API, the drop folder. */
    source: text({ enum: ['cli', 'api', 'inbox'] }).notNull(),
    /**
     * `duplicate` (decision 056): the interchange came again after it was processed; nothing changed, the
     * row only says when and how it was sent again (its summary is the first import's, `duplicate: true`).
     */
    status: text({ enum: ['processed', 'refused', 'duplicate'] }).notNull(),
    /** What the caller was told (`{ interchange, transactions, applied, rejected, held, members }`). */
    summary: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The 999 implementation acknowledgment (and the TA1 for an envelope error), as sent back. */
    ack999: text(),
    ta1: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollment_imports_interchange_key')
      .on(t.senderId, t.controlNumber)
      .where(sql`${t.status} = 'processed'`),
    index('enrollment_imports_received_idx').on(t.receivedAt),
    check('enrollment_imports_status_check', sql`${t.status} in ('processed', 'refused', 'duplicate')`),
    check('enrollment_imports_source_check', sql`${t.source} in ('cli', 'api', 'inbox')`),
  ],
);

/**
 * One 834 transaction set (ST…SE) of an import and what became of it: applied, rejected with its reason
 * and segment, or held — a change or termination for an enrolment not yet added, kept (its parsed content
 * in `payload`) until the addition arrives, then applied in effective-date order (`released`).
 */
export const enrollmentTransactions = pgTable(
  'enrollment_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid()
      .notNull()
      .references(() => enrollmentImports.id, { onDelete: 'cascade' }),
    /** ST02. */
    controlNumber: text().notNull(),
    status: text({ enum: ['applied', 'rejected', 'held', 'released'] }).notNull(),
    /** The exchange subscriber id (REF*0F) of the enrolment group. */
    subscriberId: text(),
    /** INS03 of the subscriber's loop (021, 001, 024, 025, 030). */
    maintenance: text(),
    effectiveDate: date(),
    /** Why it was rejected (a code and a sentence), and the segment's position in the file. */
    reason: text(),
    segment: integer(),
    policyId: uuid(),
    /**
     * When the consumer's request reached the exchange (2750 REQUEST SUBMIT TIMESTAMP), as the file wrote
     * it (CCYYMMDDHHMMSS in the exchange's own time, whose zone the 834 does not say).
     */
    requestSubmitted: text(),
    payload: jsonb().$type<Record<string, unknown>>(),
    /**
     * Who the set names (decision 056): each member loop's INS, REF*0F/REF*17 and NM1*IL name as the file
     * wrote them, read even when the set was rejected, for the admin page of imports. No SSN, no address.
     */
    members: jsonb().$type<TransactionMember[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enrollment_transactions_import_idx').on(t.importId),
    index('enrollment_transactions_held_idx')
      .on(t.subscriberId)
      .where(sql`${t.status} = 'held'`),
    check(
      'enrollment_transactions_status_check',
      sql`${t.status} in ('applied', 'rejected', 'held', 'released')`,
    ),
  ],
);

/**
 * Issue 34: an on-exchange enrolment effectuated by its paid binder, once per coverage span, recorded
 * from the payment's `payment.binder-paid` outbox event; the day's effectuation 834 reports it to the
 * exchange (`reportedFile`, the file in ENROLLMENT_OUTBOX_DIR).
 */
export const enrollmentEffectuations = pgTable(
  'enrollment_effectuations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid().notNull(),
    spanId: uuid().notNull(),
    paymentId: uuid(),
    /** The day the binder was paid. */
    effectuatedOn: date().notNull(),
    coverageStart: date().notNull(),
    paidThroughDate: date(),
    reportedFile: text(),
    reportedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollment_effectuations_span_key').on(t.spanId),
    index('enrollment_effectuations_unreported_idx')
      .on(t.effectuatedOn)
      .where(sql`${t.reportedAt} is null`),
  ],
);
