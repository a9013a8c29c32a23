import { z } from 'zod';
import { normalizeUsPhone } from '@portal/domain';
import { BirthDateSchema, CalendarDateSchema, UuidSchema } from './common';
import { ActingReasonSchema } from './acting-session';
import { NotificationSchema } from './notification';

/**
 * Find a member (issue 13): customer service and administrators — the `member-search` permission —
 * look a member up by one kind of fact and open them in the portal's "acting for" state.
 */

export const MEMBER_SEARCH_KINDS = ['exchangeId', 'policyNumber', 'nameDob', 'phone', 'email'] as const;
export const MemberSearchKindSchema = z.enum(MEMBER_SEARCH_KINDS);
export type MemberSearchKind = z.infer<typeof MemberSearchKindSchema>;

/** At most this many members on a page of results. */
export const MEMBER_SEARCH_MAX_PAGE_SIZE = 25;

const required = (context: z.core.$RefinementCtx, field: string) => {
  context.addIssue({
    code: 'custom',
    path: [field],
    message: 'required for this kind of search',
    params: { code: 'required' },
  });
};

/**
 * `POST /api/v1/staff/member-search` (a POST: names, dates of birth, phones and e-mails stay out of URLs
 * and so out of access logs). One kind of search at a time; the fields it needs are required, the others
 * ignored. The form and the route share this schema.
 */
export const MemberSearchRequestSchema = z
  .object({
    kind: MemberSearchKindSchema,
    exchangeSubscriberId: z.string().trim().max(30).optional(),
    policyNumber: z.string().trim().max(30).optional(),
    lastName: z.string().trim().max(60).optional(),
    /** Optional with a last name: matches the start of the first name, ignoring case. */
    firstName: z.string().trim().max(60).optional(),
    dateOfBirth: z.union([z.literal(''), BirthDateSchema]).optional(),
    phone: z
      .string()
      .trim()
      .max(25)
      .refine((value) => value === '' || normalizeUsPhone(value) !== null, {
        message: 'a 10-digit US phone number',
        params: { code: 'phone-invalid' },
      })
      .optional(),
    email: z.union([z.literal(''), z.email().max(254)]).optional(),
    /** 1 when not given. */
    page: z.number().int().min(1).max(1000).optional(),
    /** 10 when not given. */
    pageSize: z.number().int().min(1).max(MEMBER_SEARCH_MAX_PAGE_SIZE).optional(),
  })
  .superRefine((value, context) => {
    const empty = (text: string | undefined) => text === undefined || text.trim() === '';
    switch (value.kind) {
      case 'exchangeId':
        if (empty(value.exchangeSubscriberId)) required(context, 'exchangeSubscriberId');
        break;
      case 'policyNumber':
        if (empty(value.policyNumber)) required(context, 'policyNumber');
        break;
      case 'nameDob':
        // The last name is required with the date of birth: a date of birth alone matches too many people.
        if (empty(value.lastName)) required(context, 'lastName');
        if (empty(value.dateOfBirth)) required(context, 'dateOfBirth');
        break;
      case 'phone':
        if (empty(value.phone)) required(context, 'phone');
        break;
      case 'email':
        if (empty(value.email)) required(context, 'email');
        break;
    }
  })
  .meta({ id: 'MemberSearchRequest' });
export type MemberSearchRequest = z.infer<typeof MemberSearchRequestSchema>;
/** A request with its page settled (what the server runs). */
export type MemberSearchQuery = MemberSearchRequest & { page: number; pageSize: number };
export const MEMBER_SEARCH_DEFAULT_PAGE_SIZE = 10;
export const memberSearchQuery = (request: MemberSearchRequest): MemberSearchQuery => ({
  ...request,
  page: request.page ?? 1,
  pageSize: request.pageSize ?? MEMBER_SEARCH_DEFAULT_PAGE_SIZE,
});

/** One member found: who they are, their household and the policies they are covered by. */
export const MemberSearchResultSchema = z
  .object({
    memberId: UuidSchema,
    /** Null for a member whose policies belong to no household (opened by a policy instead). */
    householdId: UuidSchema.nullable(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: CalendarDateSchema,
    /** Whether the member is the subscriber of one of the policies listed. */
    subscriber: z.boolean(),
    policies: z.array(
      z.object({
        id: UuidSchema,
        policyNumber: z.string(),
        exchangeSubscriberId: z.string().nullable(),
        lineOfCoverage: z.enum(['Medical', 'Dental', 'Vision']),
        offExchange: z.boolean(),
        enrollmentStatus: z.string(),
        /** Translation key of the status to show (SPEC §4 "Policy display status"). */
        displayStatus: z.string(),
      }),
    ),
  })
  .meta({ id: 'MemberSearchResult' });
export type MemberSearchResult = z.infer<typeof MemberSearchResultSchema>;

export const MemberSearchResponseSchema = z
  .object({
    items: z.array(MemberSearchResultSchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  })
  .meta({ id: 'MemberSearchResponse' });
export type MemberSearchResponse = z.infer<typeof MemberSearchResponseSchema>;

/**
 * One entry of a household's contact history: something staff or a broker did on the household's
 * records (from the audit log): who (role and name), when, what and how it ended. Never the data itself.
 */
export const ContactHistoryEntrySchema = z
  .object({
    occurredAt: z.iso.datetime(),
    actorRole: z.string().nullable(),
    /** The staff user's or broker's name, when the account is known. */
    actorName: z.string().nullable(),
    action: z.string(),
    recordType: z.string().nullable(),
    outcome: z.enum(['success', 'denied', 'failure']),
    /** Why staff were acting for the member when they did it (their acting session's reason; decision 043). */
    actingReason: ActingReasonSchema.nullable(),
  })
  .meta({ id: 'ContactHistoryEntry' });
export type ContactHistoryEntry = z.infer<typeof ContactHistoryEntrySchema>;

/**
 * `GET /api/v1/staff/members/{householdId}/activity` (member 360): what the portal's other reads do not
 * give staff — the household's latest notifications and its contact history.
 */
export const MemberActivityResponseSchema = z
  .object({
    householdId: UuidSchema,
    notifications: z.array(NotificationSchema),
    contactHistory: z.array(ContactHistoryEntrySchema),
  })
  .meta({ id: 'MemberActivityResponse' });
export type MemberActivityResponse = z.infer<typeof MemberActivityResponseSchema>;
