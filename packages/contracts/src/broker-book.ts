import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, UuidSchema } from './common';

/**
 * Issue 13: a broker's book of business (`GET /api/v1/Broker/book`, `GET /api/v1/Broker/book.csv`) —
 * every policy where the signed-in broker is broker of record, one row per policy, paged, sorted,
 * filtered and searched on the server.
 */

export const BOOK_SORT_FIELDS = [
  'holder',
  'policyNumber',
  'status',
  'financeStatus',
  'amountDue',
  'paidThrough',
  'graceEnds',
  'renewal',
  'line',
] as const;
export type BookSortField = (typeof BOOK_SORT_FIELDS)[number];

export const BOOK_ENROLLMENT_STATUSES = [
  'Active',
  'Pending',
  'Terminated',
  'Cancelled',
  'GracePeriod',
] as const;
export const BOOK_MARKETS = ['individual', 'group'] as const;
export const BOOK_LINES = ['Medical', 'Dental', 'Vision'] as const;
/** The yes/no filters: past due, in a grace period, renewal pending, autopay off. */
export const BOOK_FLAGS = ['pastDue', 'gracePeriod', 'renewalPending', 'autopayOff'] as const;
export type BookFlag = (typeof BOOK_FLAGS)[number];

/** A flag is on when given as `true` (a query string has no booleans); anything else is a 400. */
const Flag = z.enum(['true', 'false']).optional();

/** The filters and search shared by a page and the CSV export. */
export const BookFilterSchema = z.object({
  /** Name (any part), policy number or exchange / issuer subscriber id (from its start); case-insensitive. */
  q: z.string().trim().max(60).optional(),
  status: z.enum(BOOK_ENROLLMENT_STATUSES).optional(),
  market: z.enum(BOOK_MARKETS).optional(),
  line: z.enum(BOOK_LINES).optional(),
  pastDue: Flag,
  gracePeriod: Flag,
  renewalPending: Flag,
  autopayOff: Flag,
  sort: z.enum(BOOK_SORT_FIELDS).default('holder'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type BookFilter = z.infer<typeof BookFilterSchema>;

export const BookQuerySchema = BookFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type BookQuery = z.infer<typeof BookQuerySchema>;

export const BookRowSchema = z
  .object({
    policyId: UuidSchema,
    householdId: UuidSchema.nullable(),
    holderFirstName: z.string(),
    holderLastName: z.string(),
    policyNumber: z.string(),
    issuerSubscriberId: z.string(),
    exchangeSubscriberId: z.string().nullable(),
    lineOfCoverage: z.enum(BOOK_LINES),
    market: z.enum(['individual', 'group', 'none']),
    offExchange: z.boolean(),
    enrollmentStatus: z.enum(BOOK_ENROLLMENT_STATUSES),
    /** Null for a policy with no finance record yet. */
    financeStatus: z
      .enum(['Current', 'PastDue', 'GracePeriod', 'Delinquent', 'Terminated', 'Binder'])
      .nullable(),
    amountDueCents: CentsSchema,
    pastDueCents: CentsSchema,
    paidThroughDate: CalendarDateSchema.nullable(),
    /** The last day of the grace period the policy is in, if any. */
    gracePeriodEndDate: CalendarDateSchema.nullable(),
    autopay: z.boolean(),
    /** The first day of a coming renewal span not yet effectuated (renewal pending), if any. */
    renewalStartDate: CalendarDateSchema.nullable(),
  })
  .meta({ id: 'BookRow' });
export type BookRow = z.infer<typeof BookRowSchema>;

export const BookPageSchema = z
  .object({
    items: z.array(BookRowSchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** Rows matching the filters. */
    total: z.number().int().min(0),
    /** Alerts over the whole book, whatever the filters: clients in a grace period and renewals pending. */
    alerts: z.object({ gracePeriod: z.number().int().min(0), renewalPending: z.number().int().min(0) }),
  })
  .meta({ id: 'BookPage' });
export type BookPage = z.infer<typeof BookPageSchema>;

/** The columns of the CSV export, in order (its header row). */
export const BOOK_CSV_COLUMNS = [
  'policy_number',
  'holder_last_name',
  'holder_first_name',
  'issuer_subscriber_id',
  'exchange_subscriber_id',
  'line',
  'market',
  'enrollment_status',
  'finance_status',
  'amount_due',
  'past_due',
  'paid_through',
  'grace_period_ends',
  'autopay',
  'renewal_starts',
] as const;
