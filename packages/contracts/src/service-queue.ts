import { z } from 'zod';
import { PageQuerySchema, pageOf, UuidSchema } from './common';
import {
  ServiceRequestSchema,
  ServiceRequestStatusSchema,
  ServiceRequestTypeSchema,
  VersionSchema,
} from './service-request';

/**
 * The staff queue of service requests (issue 13; docs/decisions/030): staff with the role action
 * `process-service-request` list, claim, compare, approve (the change applied in the same transaction) or
 * reject (with a reason the member reads) the requests members made (docs/decisions/024).
 */

/** Whose requests: everyone's, the caller's own claims, or nobody's yet. */
export const QueueAssigneeSchema = z.enum(['anyone', 'me', 'unassigned']);
/** `open`: Submitted or In review (the default); or one status; or every request. */
export const QueueStatusFilterSchema = z.enum(['open', 'all', ...ServiceRequestStatusSchema.options]);

export const ServiceQueueQuerySchema = PageQuerySchema.extend({
  type: ServiceRequestTypeSchema.optional(),
  status: QueueStatusFilterSchema.default('open'),
  /** Only requests made at least this many whole days ago. */
  olderThanDays: z.coerce.number().int().min(0).max(3650).optional(),
  assignee: QueueAssigneeSchema.default('anyone'),
  /** Oldest first (the default: what waits longest is done first) or newest first. */
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  /** One request by its reference number (as the member reads it out: case and spaces do not matter). */
  reference: z
    .string()
    .max(40)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .optional(),
});
export type ServiceQueueQuery = z.input<typeof ServiceQueueQuerySchema>;

/** The staff user holding a request (a name staff recognise; members never see it). */
export const QueueAssigneeViewSchema = z.object({
  name: z.string(),
  /** The caller holds it. */
  mine: z.boolean(),
  claimedAt: z.iso.datetime(),
  /** Older than the claim limit: another processor may take it over. */
  stale: z.boolean(),
});

export const ServiceQueueItemSchema = z.object({
  id: UuidSchema,
  referenceNumber: z.string(),
  type: ServiceRequestTypeSchema,
  status: ServiceRequestStatusSchema,
  policyNumber: z.string().nullable(),
  /** The household's subscriber, to tell requests apart on the phone. */
  subscriberName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  ageDays: z.number().int().min(0),
  assignee: QueueAssigneeViewSchema.nullable(),
  version: VersionSchema,
});
export type ServiceQueueItem = z.infer<typeof ServiceQueueItemSchema>;

export const ServiceQueuePageSchema = pageOf(ServiceQueueItemSchema).meta({ id: 'ServiceQueuePage' });
export type ServiceQueuePage = z.infer<typeof ServiceQueuePageSchema>;

/** The dashboard: open requests (Submitted or In review) per type, with their age. */
export const ServiceQueueSummarySchema = z
  .object({
    types: z.array(
      z.object({
        type: ServiceRequestTypeSchema,
        open: z.number().int().min(0),
        submitted: z.number().int().min(0),
        inReview: z.number().int().min(0),
        unassigned: z.number().int().min(0),
        oldestDays: z.number().int().min(0),
        averageDays: z.number().min(0),
      }),
    ),
    totalOpen: z.number().int().min(0),
  })
  .meta({ id: 'ServiceQueueSummary' });
export type ServiceQueueSummary = z.infer<typeof ServiceQueueSummarySchema>;

/**
 * One line of the comparison: what the request asks for beside what the record says now. `field` is a
 * stable key the page translates; values are text as stored (dates `YYYY-MM-DD`), null for none.
 */
export const QueueComparisonRowSchema = z.object({
  field: z.string(),
  /** Which person or thing the line is about (a dependent's name), when the request has several. */
  about: z.string().nullable(),
  requested: z.string().nullable(),
  current: z.string().nullable(),
});
export type QueueComparisonRow = z.infer<typeof QueueComparisonRowSchema>;

export const ServiceQueueDetailSchema = z
  .object({
    request: ServiceRequestSchema,
    householdId: UuidSchema,
    subscriberName: z.string().nullable(),
    ageDays: z.number().int().min(0),
    assignee: QueueAssigneeViewSchema.nullable(),
    comparison: z.array(QueueComparisonRowSchema),
    /** The people on the policy now, with their SPEC §4 status. */
    people: z.array(z.object({ name: z.string(), relationship: z.string(), status: z.string() })),
    /** Whether approving changes records (else approving answers the member and closes the request). */
    appliesChange: z.boolean(),
  })
  .meta({ id: 'ServiceQueueDetail' });
export type ServiceQueueDetail = z.infer<typeof ServiceQueueDetailSchema>;

/** `POST …/claim`: the version the processor saw; `takeOver` a stale claim of a colleague's. */
export const ClaimServiceRequestSchema = z
  .object({ version: VersionSchema, takeOver: z.boolean().default(false) })
  .meta({ id: 'ClaimServiceRequest' });
export const ReleaseServiceRequestSchema = z
  .object({ version: VersionSchema })
  .meta({ id: 'ReleaseServiceRequest' });

/** `POST …/approve`: an optional note the member reads with the outcome. */
export const ApproveServiceRequestSchema = z
  .object({ version: VersionSchema, note: z.string().trim().max(1000).optional() })
  .meta({ id: 'ApproveServiceRequest' });
export type ApproveServiceRequest = z.input<typeof ApproveServiceRequestSchema>;

/** `POST …/reject`: the reason, in words the member reads on their service-requests page and in the notification. */
export const RejectServiceRequestSchema = z
  .object({
    version: VersionSchema,
    reason: z.string().trim().min(5, { message: 'say why in a few words' }).max(1000),
  })
  .meta({ id: 'RejectServiceRequest' });
export type RejectServiceRequest = z.input<typeof RejectServiceRequestSchema>;
