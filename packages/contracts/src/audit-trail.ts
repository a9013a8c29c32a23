import { z } from 'zod';
import { ActingReasonSchema } from './acting-session';
import { pageOf, PageQuerySchema, TypedDateSchema } from './common';

/**
 * Issue 13: the audit trail for administrators (search and CSV export) and, for members, "who has seen
 * my information" (docs/decisions/031).
 */

export const AuditSearchQuerySchema = PageQuerySchema.extend({
  /** The member: a policy number or an exchange subscriber id (their household's records). */
  member: z.string().trim().min(3).max(64).optional(),
  /** The staff user or broker: their username, or the actor subject as recorded. */
  actor: z.string().trim().min(2).max(100).optional(),
  /** The audited action, exactly (`read`, `refund-payment`, `access`, …). */
  action: z.string().trim().min(2).max(64).optional(),
  from: TypedDateSchema.optional(),
  to: TypedDateSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditSearchQuery = z.infer<typeof AuditSearchQuerySchema>;

/** The same filters without paging: the CSV has every row they match. */
export const AuditExportQuerySchema = AuditSearchQuerySchema.omit({ page: true, pageSize: true });
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

export const AuditRecordSchema = z
  .object({
    id: z.number().int(),
    occurredAt: z.iso.datetime(),
    actorSubject: z.string().nullable(),
    /** The account's username when the actor is a portal account. */
    actorName: z.string().nullable(),
    actorRole: z.string().nullable(),
    actingForHouseholdId: z.string().nullable(),
    action: z.string(),
    route: z.string().nullable(),
    recordType: z.string().nullable(),
    recordIds: z.array(z.string()).nullable(),
    outcome: z.enum(['success', 'denied', 'failure']),
    reason: z.string().nullable(),
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
    /** Staff acting for a member (decision 043): the acting session the record belongs to, and its reason. */
    actingSessionId: z.string().nullable(),
    actingReason: ActingReasonSchema.nullable(),
  })
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const AuditPageSchema = pageOf(AuditRecordSchema).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The CSV's columns, in order (the file's header row). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurredAt',
  'actorSubject',
  'actorName',
  'actorRole',
  'actingForHouseholdId',
  'action',
  'route',
  'recordType',
  'recordIds',
  'outcome',
  'reason',
  'ip',
  'requestId',
  'actingSessionId',
  'actingReason',
] as const;

export const AccessHistoryQuerySchema = PageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type AccessHistoryQuery = z.infer<typeof AccessHistoryQuerySchema>;

/** Which kind of record was read or changed, as the member's page names it (translated by the web). */
export const ACCESS_RECORD_KINDS = [
  'policy',
  'household',
  'payment',
  'wallet',
  'autopay',
  'scheduled-payment',
  'document',
  'notification',
  'service-request',
  'coverage',
  'benefits',
  'contact',
  'address',
  'member',
  'other',
] as const;
export type AccessRecordKind = (typeof ACCESS_RECORD_KINDS)[number];

export const AccessHistoryItemSchema = z
  .object({
    occurredAt: z.iso.datetime(),
    /**
     * Who: issuer staff (with their role), a broker, or an app the member connected (SMART on FHIR,
     * issue 37: its name and publisher); never an internal id.
     */
    who: z.object({
      kind: z.enum(['staff', 'broker', 'app']),
      /** customer-service, administrator, broker, app. */
      role: z.string(),
      /** The staff user's name or the broker's name (and agency). */
      name: z.string(),
    }),
    /** read: looked at; change: changed something (the action says what). */
    kind: z.enum(['read', 'change']),
    record: z.enum(ACCESS_RECORD_KINDS),
    /** The action as audited (`read`, `make-payment`, `refund-payment`, …): the web names the changes. */
    action: z.string(),
  })
  .meta({ id: 'AccessHistoryItem' });
export type AccessHistoryItem = z.infer<typeof AccessHistoryItemSchema>;

export const AccessHistoryPageSchema = pageOf(AccessHistoryItemSchema).meta({ id: 'AccessHistoryPage' });
export type AccessHistoryPage = z.infer<typeof AccessHistoryPageSchema>;
