import { z } from 'zod';

/**
 * Issue 34 (docs/decisions/052, docs/ISSUER-EVENTS.md): the events the portal publishes to the issuer's
 * systems as signed webhooks (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`
 * v1 HMAC-SHA256). Every body is `{ type, timestamp, data }`; `data` names records by id and carries no
 * secret and no full number. One schema per type: the docs' JSON Schemas are generated from these.
 */

const Uuid = z.uuid();
const Day = z.iso.date();
const Cents = z.number().int();

const base = {
  householdId: Uuid.nullable(),
  policyId: Uuid.nullable(),
  policyNumber: z.string().nullable(),
};

export const ISSUER_EVENT_DATA = {
  'member.contact-changed': z.object({
    ...base,
    serviceRequestId: Uuid,
    referenceNumber: z.string(),
    change: z.enum(['contact', 'mailing-address', 'residential-address']),
  }),
  'dependents.requested': z.object({ ...base, serviceRequestId: Uuid, referenceNumber: z.string() }),
  'dependents.approved': z.object({ ...base, serviceRequestId: Uuid, referenceNumber: z.string() }),
  'coverage.ended': z.object({
    ...base,
    reason: z.enum(['member-request', 'non-payment', 'binder-not-paid']),
    serviceRequestId: Uuid.nullable(),
    documentId: Uuid.nullable(),
  }),
  'coverage.reinstated': z.object({ ...base, serviceRequestId: Uuid, referenceNumber: z.string() }),
  'coverage.effectuated': z.object({ ...base, coverageStart: Day, paymentId: Uuid.nullable() }),
  'payment.succeeded': z.object({
    ...base,
    paymentId: Uuid,
    amountCents: Cents,
    paymentDate: Day.nullable(),
    settled: z.boolean(),
  }),
  'payment.returned': z.object({ ...base, paymentId: Uuid, amountCents: Cents.nullable() }),
  'payment.refunded': z.object({ ...base, paymentId: Uuid, amountCents: Cents.nullable() }),
  'autopay.changed': z.object({
    ...base,
    change: z.enum(['enrolled', 'changed', 'replaced', 'cancelled', 'skip-next', 'skip-undone']),
    subscriptionId: Uuid.nullable(),
  }),
  'service-request.status-changed': z.object({
    ...base,
    serviceRequestId: Uuid,
    referenceNumber: z.string(),
    requestType: z.string(),
    status: z.enum(['submitted', 'in-review', 'completed', 'rejected', 'cancelled']),
  }),
} as const;

export type IssuerEventType = keyof typeof ISSUER_EVENT_DATA;
export const ISSUER_EVENT_TYPES = Object.keys(ISSUER_EVENT_DATA) as IssuerEventType[];

/** The body of every webhook. */
export const IssuerEventEnvelopeSchema = z.object({
  type: z.enum(ISSUER_EVENT_TYPES as [IssuerEventType, ...IssuerEventType[]]),
  /** When the change happened (the outbox event's time), ISO 8601. */
  timestamp: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});

export const WebhookSubscriberRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  /** The types it receives; none or empty: every type of the catalogue. */
  eventTypes: z
    .array(z.enum(ISSUER_EVENT_TYPES as [IssuerEventType, ...IssuerEventType[]]))
    .max(ISSUER_EVENT_TYPES.length)
    .optional(),
});

export const WebhookSubscriberSchema = z.object({
  id: Uuid,
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last rotation of its signing secret (decision 056), or null. */
  secretRotatedAt: z.string().nullable(),
  /** Until then the secret a rotation replaced signs too (a second `v1,` signature); null: one secret. */
  previousSecretValidUntil: z.string().nullable(),
  deliveries: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
});

export type WebhookSubscriber = z.infer<typeof WebhookSubscriberSchema>;

/** Created: the signing secret (`whsec_…`) is in this answer only, never again. */
export const WebhookSubscriberCreatedSchema = WebhookSubscriberSchema.extend({ secret: z.string() });
export const WebhookSubscriberListSchema = z.object({ items: z.array(WebhookSubscriberSchema) });
export const WebhookSubscriberParamsSchema = z.object({ subscriberId: Uuid });

export const WebhookReplayRequestSchema = z.object({
  /** Every event for this subscriber written since then is sent again (delivered or failed ones too), in order. */
  since: z.iso.datetime({ offset: true }),
});
export const WebhookReplayResultSchema = z.object({ requeued: z.number().int() });

/** Decision 056: an edit of a subscriber — any of its name, URL and event types (empty: every type). */
export const WebhookSubscriberUpdateSchema = WebhookSubscriberRequestSchema.partial().refine(
  (body) => body.name !== undefined || body.url !== undefined || body.eventTypes !== undefined,
  {
    path: ['name'],
    params: { code: 'nothing-to-change' },
    message: 'Give a name, a URL or event types to change.',
  },
);
export type WebhookSubscriberUpdate = z.infer<typeof WebhookSubscriberUpdateSchema>;

/**
 * Decision 056: a new signing secret. By default the one it replaces keeps signing beside it for 24 hours
 * (a second `v1,` signature in `webhook-signature`), so the receiver can switch without losing a message;
 * `endPreviousNow` (a secret that leaked) drops the old one at once.
 */
export const WebhookSecretRotationSchema = z.object({ endPreviousNow: z.boolean().default(false) });
export type WebhookSecretRotation = z.infer<typeof WebhookSecretRotationSchema>;
export const WebhookSecretRotatedSchema = WebhookSubscriberSchema.extend({ secret: z.string() });
