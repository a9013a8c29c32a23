import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addresses, households } from './households';
import { brokers, employerGroups } from './parties';
import { plans } from './plans';

/**
 * SPEC §3 Member: a person covered (or once covered) by the issuer. The full SSN is never stored:
 * only its last four digits, for display and for matching during account linking.
 */
export const members = pgTable(
  'members',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid().references(() => households.id, { onDelete: 'set null' }),
    /** The issuer's member folder id (SPEC `GET v1/Member/2/{folderId}`). */
    folderId: text().notNull(),
    exchangeMemberId: text(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    dob: date().notNull(),
    gender: text({ enum: ['female', 'male', 'other'] }).notNull(),
    ssnLast4: text(),
    tobacco: boolean().notNull().default(false),
    email: text(),
    /** Raised by every change: a change made from an older read is refused (409, issue 11). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_folder_id_key').on(t.folderId),
    uniqueIndex('members_exchange_member_id_key').on(t.exchangeMemberId),
    index('members_household_idx').on(t.householdId),
    /** Staff find a member by name and date of birth (issue 13). */
    index('members_name_dob_idx').on(sql`lower(${t.lastName})`, t.dob, sql`lower(${t.firstName})`),
    index('members_email_idx').on(sql`lower(${t.email})`),
    check('members_ssn_last4_format', sql`${t.ssnLast4} is null or ${t.ssnLast4} ~ '^[0-9]{4}$'`),
    check('members_gender_check', sql`${t.gender} in ('female', 'male', 'other')`),
  ],
);

/**
 * SPEC §3 Policy: one subscriber's enrolment in one line of coverage with one issuer. Its history is a
 * list of coverage spans. `marketCoverage` is the server's code (1 Individual, 2 Group, else None).
 */
export const policies = pgTable(
  'policies',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid().references(() => households.id, { onDelete: 'set null' }),
    subscriberMemberId: uuid()
      .notNull()
      .references(() => members.id),
    /** The issuer's policy number, printed on ID cards and invoices. */
    policyNumber: text().notNull(),
    /** The issuer's subscriber id (SPEC issuerId). */
    issuerSubscriberId: text().notNull(),
    /** The exchange subscriber id (SPEC exchangeId), on-exchange policies only. */
    exchangeSubscriberId: text(),
    /** The exchange the enrolment came through, as its 834 says (2750 SOURCE EXCHANGE ID, e.g. a state's code). */
    sourceExchangeId: text(),
    marketCoverage: integer().notNull(),
    offExchange: boolean().notNull(),
    lineOfCoverage: text({ enum: ['Medical', 'Dental', 'Vision'] }).notNull(),
    enrollmentType: text({ enum: ['New', 'Renewal', 'SpecialEnrollment', 'Reinstatement'] }).notNull(),
    /** Enrolment status from the enrolment system, mapped to a label through configuration (SPEC §4). */
    enrollmentStatus: text({
      enum: ['Active', 'Pending', 'Terminated', 'Cancelled', 'GracePeriod'],
    }).notNull(),
    groupId: uuid().references(() => employerGroups.id),
    brokerId: uuid().references(() => brokers.id),
    residentialAddressId: uuid().references(() => addresses.id),
    mailingAddressId: uuid().references(() => addresses.id),
    fileSource: text({ enum: ['Exchange', 'Issuer', 'Employer'] }).notNull(),
    isPrimary: boolean().notNull().default(true),
    /** Employer HRA (SPEC §9): a percentage of premium or a flat amount, within a date range. */
    hraKind: text({ enum: ['percentage', 'flat'] }),
    hraPercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    hraAmountCents: integer(),
    hraStartDate: date(),
    hraEndDate: date(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('policies_policy_number_key').on(t.policyNumber),
    index('policies_exchange_subscriber_idx').on(t.exchangeSubscriberId),
    index('policies_household_idx').on(t.householdId),
    index('policies_subscriber_idx').on(t.subscriberMemberId),
    index('policies_broker_idx').on(t.brokerId),
    index('policies_group_idx').on(t.groupId),
    index('policies_issuer_subscriber_idx').on(t.issuerSubscriberId),
    check('policies_market_coverage_check', sql`${t.marketCoverage} in (0, 1, 2)`),
    check(
      'policies_exchange_id_when_on_exchange',
      sql`${t.offExchange} or ${t.exchangeSubscriberId} is not null`,
    ),
    check('policies_group_when_group_market', sql`${t.marketCoverage} <> 2 or ${t.groupId} is not null`),
    check(
      'policies_hra_shape',
      sql`${t.hraKind} is null or (${t.hraStartDate} is not null and ((${t.hraKind} = 'percentage' and ${t.hraPercent} between 0 and 100) or (${t.hraKind} = 'flat' and ${t.hraAmountCents} >= 0)))`,
    ),
  ],
);

/**
 * SPEC §3 CoverageDetail (a coverage span): one plan and one premium for a period. `cancelled` marks a
 * span that never took effect. Effectuated when it has an effectuated date (the binder was paid).
 */
export const coverageSpans = pgTable(
  'coverage_spans',
  {
    id: uuid().primaryKey().defaultRandom(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    addFolderId: text().notNull(),
    startDate: date().notNull(),
    endDate: date(),
    cancelled: boolean().notNull().default(false),
    planId: text()
      .notNull()
      .references(() => plans.id),
    planType: text({ enum: ['HMO', 'PPO', 'EPO', 'POS'] }).notNull(),
    premiumAmountCents: integer().notNull(),
    policyRateAmountCents: integer().notNull(),
    taxCreditAmountCents: integer().notNull().default(0),
    csrAmountCents: integer().notNull().default(0),
    otherSubsidyAmountCents: integer().notNull().default(0),
    effectuatedDate: date(),
    groupOrPolicyNumber: text().notNull(),
    /** The rating area the premium was rated in (2750 RATING AREA, e.g. `R-MA003`), from this span's start. */
    ratingArea: text(),
  },
  (t) => [
    index('coverage_spans_policy_start_idx').on(t.policyId, t.startDate),
    check(
      'coverage_spans_amounts_non_negative',
      sql`${t.premiumAmountCents} >= 0 and ${t.policyRateAmountCents} >= 0 and ${t.taxCreditAmountCents} >= 0 and ${t.csrAmountCents} >= 0 and ${t.otherSubsidyAmountCents} >= 0`,
    ),
    check(
      'coverage_spans_credit_within_premium',
      sql`${t.taxCreditAmountCents} + ${t.otherSubsidyAmountCents} <= ${t.premiumAmountCents}`,
    ),
    check(
      'coverage_spans_dates_ordered',
      sql`${t.cancelled} or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);

/** A member's coverage on a policy for a period (SPEC §3 Member: relationship, spans, rating age, tobacco). */
export const memberSpans = pgTable(
  'member_spans',
  {
    id: uuid().primaryKey().defaultRandom(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    relationship: text({
      enum: ['self', 'spouse', 'child', 'domesticPartner', 'stepchild', 'ward', 'other'],
    }).notNull(),
    startDate: date().notNull(),
    endDate: date(),
    cancelled: boolean().notNull().default(false),
    ratingAge: integer().notNull(),
    tobacco: boolean().notNull().default(false),
  },
  (t) => [
    index('member_spans_policy_idx').on(t.policyId),
    index('member_spans_member_idx').on(t.memberId),
    check(
      'member_spans_dates_ordered',
      sql`${t.cancelled} or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    check('member_spans_rating_age', sql`${t.ratingAge} between 0 and 130`),
  ],
);

/** SPEC §3 Finance: the billing state of a policy, kept current by payments and the billing jobs. */
export const finances = pgTable(
  'finances',
  {
    policyId: uuid()
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    premiumAmountDueCents: integer().notNull(),
    currentAmountDueCents: integer().notNull(),
    pastAmountDueCents: integer().notNull().default(0),
    subsidizedAmountCents: integer().notNull().default(0),
    hraAmountCents: integer().notNull().default(0),
    unallocatedAmountCents: integer().notNull().default(0),
    paymentDueDate: date(),
    paidThroughDate: date(),
    status: text({
      enum: ['Current', 'PastDue', 'GracePeriod', 'Delinquent', 'Terminated', 'Binder'],
    }).notNull(),
    delinquent: boolean().notNull().default(false),
    gracePeriodStartDate: date(),
    gracePeriodEndDate: date(),
    /** The months (first days, `YYYY-MM-DD`) the past and current amounts due are for: one ledger says what it covers. */
    pastDueMonths: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currentDueMonths: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last day the billing clock ran for this policy (jobs/billing-day: each policy once a day). */
    clockDate: date(),
    /**
     * The finance status last told to the member (a notice and a notification): the billing clock announces
     * past due and grace periods from it, a payment that pays everything past due announces the way back.
     * Null until the first announcement (the stored status stands for it).
     */
    announcedStatus: text({
      enum: ['Current', 'PastDue', 'GracePeriod', 'Delinquent', 'Terminated', 'Binder'],
    }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'finances_amounts_non_negative',
      sql`${t.premiumAmountDueCents} >= 0 and ${t.currentAmountDueCents} >= 0 and ${t.pastAmountDueCents} >= 0 and ${t.unallocatedAmountCents} >= 0 and ${t.hraAmountCents} >= 0 and ${t.subsidizedAmountCents} >= 0`,
    ),
    check(
      'finances_grace_period_shape',
      sql`(${t.gracePeriodStartDate} is null) = (${t.gracePeriodEndDate} is null)`,
    ),
  ],
);

/** SPEC §3 Reinstatement eligibility of a terminated policy. */
export const reinstatementEligibility = pgTable(
  'reinstatement_eligibility',
  {
    policyId: uuid()
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    reinstatementStatus: text({ enum: ['Eligible', 'Manual', 'NotEligible'] }).notNull(),
    expirationDate: date(),
    amountDueCents: integer().notNull().default(0),
    /** The months (first days) the amount due pays for: those past due and every month since the coverage ended. */
    months: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [check('reinstatement_amount_non_negative', sql`${t.amountDueCents} >= 0`)],
);
