// No zod here: the web app's pages import these constants without loading the schemas
// (apps/web/src/lib/contracts.ts; package.json exports this file as `@portal/contracts/problem-type`).

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
  /**
   * Staff who act for members touched a member's records without an acting session for that member
   * (none, or one for another member): start one — choose the member and a reason — first (decision 043).
   */
  actingSessionRequired: 'urn:portal:problem:acting-session-required',
  /** Staff already act for a member: end that acting session before starting another (decision 043). */
  actingSessionActive: 'urn:portal:problem:acting-session-active',
} as const;
export type ProblemType = (typeof ProblemType)[keyof typeof ProblemType];
