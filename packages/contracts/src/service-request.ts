import { z } from 'zod';
import { SERVICE_REQUEST_STATUSES, SERVICE_REQUEST_TYPES } from '@portal/domain';
import { CalendarDateSchema, UuidSchema } from './common';

/**
 * Service requests (issue 11; DOMAIN "Changes and requests"): every change a member asks for, with its
 * lifecycle (packages/domain service-requests.ts). Each page that makes one has its own request schema
 * (the requested values); this file has what every request shares.
 */

export const ServiceRequestTypeSchema = z.enum(SERVICE_REQUEST_TYPES);
export const ServiceRequestStatusSchema = z.enum(SERVICE_REQUEST_STATUSES);

/**
 * The version of a record the caller read (members, addresses, contact details, preferences, service
 * requests): a change sends it back, and one made from an older read is refused with 409 `conflict`,
 * whose `current` holds the record as it is now, so the page can say what changed.
 */
export const VersionSchema = z.number().int().min(1);

/** Who moved a request or asked for it: never a name, only the kind of person. */
export const RequestActorSchema = z.enum(['member', 'staff', 'broker', 'guest', 'system']);

export const ServiceRequestEventSchema = z.object({
  status: ServiceRequestStatusSchema,
  at: z.iso.datetime(),
  by: RequestActorSchema,
  /** What staff told the member (a rejection's reason, how it was done), when anything. */
  note: z.string().nullable(),
});

export const AttachmentContentTypeSchema = z.enum(['application/pdf', 'image/jpeg', 'image/png']);

export const ServiceRequestAttachmentSchema = z.object({
  id: UuidSchema,
  fileName: z.string(),
  contentType: AttachmentContentTypeSchema,
  sizeBytes: z.number().int().min(1),
});

export const ServiceRequestSchema = z
  .object({
    id: UuidSchema,
    /** What the member quotes on the phone. */
    referenceNumber: z.string(),
    type: ServiceRequestTypeSchema,
    status: ServiceRequestStatusSchema,
    policyId: UuidSchema.nullable(),
    policyNumber: z.string().nullable(),
    /** A general request's subject, in the member's words; null for a typed change (named by its type). */
    subject: z.string().nullable(),
    /** The requested values, as the type's request schema accepted them. */
    details: z.record(z.string(), z.unknown()),
    /** The members the change is about. */
    memberIds: z.array(UuidSchema),
    effectiveDate: CalendarDateSchema.nullable(),
    /** How it ended, in words for the member (a rejection's reason). */
    resolution: z.string().nullable(),
    requestedBy: RequestActorSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: VersionSchema,
    /** Only while it is Submitted (nobody has started on it). */
    canCancel: z.boolean(),
    history: z.array(ServiceRequestEventSchema),
    attachments: z.array(ServiceRequestAttachmentSchema),
  })
  .meta({ id: 'ServiceRequest' });
export type ServiceRequest = z.infer<typeof ServiceRequestSchema>;

export const ServiceRequestListSchema = z
  .object({
    items: z.array(ServiceRequestSchema),
    /** Requests still Submitted or In review. */
    openCount: z.number().int().min(0),
  })
  .meta({ id: 'ServiceRequestList' });
export type ServiceRequestList = z.infer<typeof ServiceRequestListSchema>;

export const ServiceRequestListQuerySchema = z.object({
  policyId: UuidSchema.optional(),
  status: z.enum(['open', 'closed', 'all']).default('all'),
});

export const ServiceRequestParamsSchema = z.object({ id: UuidSchema });
export const AttachmentParamsSchema = z.object({ id: UuidSchema, attachmentId: UuidSchema });

/** Base64 of at most `bytes` bytes (4 characters per 3 bytes), nothing else. */
const base64Of = (bytes: number) =>
  z
    .string()
    .max(Math.ceil(bytes / 3) * 4, { message: 'the file is too large' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'not base64' });

/** The largest attachment any tenant may allow (the tenant's own limit is `serviceRequests.attachmentMaxBytes`). */
export const ATTACHMENT_HARD_LIMIT_BYTES = 10 * 1024 * 1024;

export const AttachmentUploadSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** What the browser says it is; the server checks the content itself. */
  contentType: AttachmentContentTypeSchema,
  contentBase64: base64Of(ATTACHMENT_HARD_LIMIT_BYTES).min(1),
});
export type AttachmentUpload = z.infer<typeof AttachmentUploadSchema>;

/** `POST /api/v1/Household/{householdId}/service-requests`: a general request in the member's own words. */
export const GeneralRequestSchema = z
  .object({
    policyId: UuidSchema.optional(),
    subject: z.string().trim().min(1).max(120),
    message: z.string().trim().min(1).max(4000),
    attachment: AttachmentUploadSchema.optional(),
  })
  .meta({ id: 'GeneralRequest' });
export type GeneralRequest = z.input<typeof GeneralRequestSchema>;

/** `PUT /api/v1/ServiceRequest/{id}/cancel`: the version the member saw (a request staff took up meanwhile is not cancelled). */
export const CancelServiceRequestSchema = z
  .object({ version: VersionSchema })
  .meta({ id: 'CancelServiceRequest' });
