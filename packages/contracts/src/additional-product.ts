import { z } from 'zod';
import { CalendarDateSchema, TypedDateSchema, UuidSchema } from './common';
import { AdditionalProductSchema } from './content';
import { AttachmentUploadSchema } from './service-request';

/**
 * Issue 12, SPEC §2 /admin/additional-products, §3 Additional-product card: the household's view of the
 * configured cards and the in-portal application (an `additional-product` service request).
 */

export const AdditionalProductStatusSchema = z.enum(['available', 'covered', 'requested']);

/** `GET /api/v1/Household/{householdId}/additional-products`. */
export const HouseholdAdditionalProductsSchema = z
  .object({
    items: z.array(
      AdditionalProductSchema.extend({
        /** `covered`: a policy of this line covers the household now; `requested`: an application is open. */
        status: AdditionalProductStatusSchema,
        /** The open application's reference, when `requested`. */
        referenceNumber: z.string().nullable(),
      }),
    ),
    /** Who may be named on an application: the household's people. */
    members: z.array(
      z.object({
        memberId: UuidSchema,
        firstName: z.string(),
        lastName: z.string(),
        relationship: z.string().nullable(),
      }),
    ),
    /** Coverage may start on the first of a month from `earliestStart` to `latestStart`. */
    earliestStart: CalendarDateSchema,
    latestStart: CalendarDateSchema,
  })
  .meta({ id: 'HouseholdAdditionalProducts' });
export type HouseholdAdditionalProducts = z.infer<typeof HouseholdAdditionalProductsSchema>;

/** `POST /api/v1/Household/{householdId}/additional-products`: apply in the portal for a configured internal product. */
export const AdditionalProductApplicationSchema = z
  .object({
    product: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
    memberIds: z
      .array(UuidSchema)
      .min(1)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'each person once' }),
    startDate: TypedDateSchema,
    note: z.string().trim().max(1000).optional(),
    /** A supporting document (proof of residence, a letter from another plan), PDF, JPEG or PNG. */
    attachment: AttachmentUploadSchema.optional(),
  })
  .meta({ id: 'AdditionalProductApplication' });
export type AdditionalProductApplication = z.input<typeof AdditionalProductApplicationSchema>;
