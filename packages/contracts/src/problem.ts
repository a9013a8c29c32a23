import { z } from 'zod';

/**
 * Stable `type` URIs of the API's error answers (RFC 9457 problem details). The web app maps each
 * type to a translated message; the `title` is English for developers only.
 */
export const ProblemType = {
  validation: 'urn:portal:problem:validation-failed',
  unauthenticated: 'urn:portal:problem:unauthenticated',
  forbidden: 'urn:portal:problem:forbidden',
  accountNotFound: 'urn:portal:problem:account-not-found',
  notFound: 'urn:portal:problem:not-found',
  methodNotAllowed: 'urn:portal:problem:method-not-allowed',
  payloadTooLarge: 'urn:portal:problem:payload-too-large',
  unsupportedMediaType: 'urn:portal:problem:unsupported-media-type',
  rateLimited: 'urn:portal:problem:rate-limited',
  unavailable: 'urn:portal:problem:service-unavailable',
  badRequest: 'urn:portal:problem:bad-request',
  internal: 'urn:portal:problem:internal-error',
  /** The caller's roles do not grant the action (role-config `actions`, SPEC §6). */
  actionNotAllowed: 'urn:portal:problem:action-not-allowed',
  /** A command route was called without a usable `Idempotency-Key` header. */
  idempotencyKeyRequired: 'urn:portal:problem:idempotency-key-required',
  /** The same `Idempotency-Key` was sent with a different request (RFC draft: 422). */
  idempotencyKeyReused: 'urn:portal:problem:idempotency-key-reused',
  /** A request with this `Idempotency-Key` is still running: retry in a moment. */
  idempotencyInProgress: 'urn:portal:problem:idempotency-in-progress',
  /** The record changed since the caller read it (a version or ETag did not match). */
  conflict: 'urn:portal:problem:conflict',
  /** A business rule refuses the change (the detail and `errors` say which). */
  unprocessable: 'urn:portal:problem:unprocessable',
  /** The payment processor declined the payment; `declineCode` says why. */
  paymentDeclined: 'urn:portal:problem:payment-declined',
  /** The processor did not answer in time: the payment may or may not have been made; retry with the same key. */
  paymentOutcomeUnknown: 'urn:portal:problem:payment-outcome-unknown',
  /** A processor webhook whose signature, age or replay check failed. */
  webhookRejected: 'urn:portal:problem:webhook-rejected',
} as const;
export type ProblemType = (typeof ProblemType)[keyof typeof ProblemType];

export const FieldErrorSchema = z.object({
  /** Where the bad value is, e.g. `body.events.0.level` or `query.page`. */
  field: z.string(),
  /** Why it was refused, in English, for developers. */
  reason: z.string(),
  /**
   * Why it was refused, as a stable code the web translates: zod's issue codes (`too_small`,
   * `invalid_format`, …) or a business rule's (`above-maximum`, `date-in-future`, …).
   */
  code: z.string().optional(),
  /** Values the message needs (`{ minimum: '1.00' }`), never the submitted value itself. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional(),
    /** Payment declines: the processor's reason (`card_declined`, `insufficient_funds`, …). */
    declineCode: z.string().optional(),
    /** A `conflict` (409): the record as it is now, so the page can say what changed since it was read. */
    current: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Problem', description: 'An error answer (RFC 9457, application/problem+json).' });
export type Problem = z.infer<typeof ProblemSchema>;
