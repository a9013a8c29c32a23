import { z } from 'zod';

export { ProblemType } from './problem-type';

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
