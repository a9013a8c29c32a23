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
} as const;
export type ProblemType = (typeof ProblemType)[keyof typeof ProblemType];

export const FieldErrorSchema = z.object({
  /** Where the bad value is, e.g. `body.events.0.level` or `query.page`. */
  field: z.string(),
  /** Why it was refused, in English, for developers. */
  reason: z.string(),
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
  })
  .meta({ id: 'Problem', description: 'An error answer (RFC 9457, application/problem+json).' });
export type Problem = z.infer<typeof ProblemSchema>;
