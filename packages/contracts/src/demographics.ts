import { z } from 'zod';
import { LANGUAGES } from '@portal/domain';
import { BirthDateSchema, UuidSchema } from './common';
import { ServiceRequestSchema, VersionSchema } from './service-request';

/**
 * Demographics (issue 11, SPEC §2 /admin/demographics): each member's name, date of birth, gender and
 * tobacco use — a `demographics` service request staff review (they rate the premium, and for on-exchange
 * policies the exchange decides them) — and the household's preferred language, applied at once.
 */

export const DemographicsGenderSchema = z.enum(['female', 'male', 'other']);
export const PreferredLanguageSchema = z.enum(LANGUAGES);

/** Letters of any language, spaces, hyphens, apostrophes and periods (O'Brien, Ana-Lúcia, Jr.). */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const name = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => NAME.test(value), { message: 'letters only', params: { code: 'name-characters' } });

export const DemographicsMemberSchema = z
  .object({
    id: UuidSchema,
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    dob: z.iso.date(),
    gender: z.string(),
    tobacco: z.boolean(),
    relationship: z.string(),
    version: VersionSchema,
    /** Whether the caller may ask to change this member's details (the subscriber: everyone on the policy). */
    canChange: z.boolean(),
  })
  .meta({ id: 'DemographicsMember' });
export type DemographicsMember = z.infer<typeof DemographicsMemberSchema>;

export const PolicyDemographicsSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    householdId: UuidSchema.nullable(),
    /** On-exchange: name, date of birth, gender and tobacco use are changed at the exchange. */
    onExchange: z.boolean(),
    members: z.array(DemographicsMemberSchema),
    /** The household's preferred language (null: the household has no preferences yet). */
    language: z.object({ value: PreferredLanguageSchema, version: VersionSchema.nullable() }),
  })
  .meta({ id: 'PolicyDemographics' });
export type PolicyDemographics = z.infer<typeof PolicyDemographicsSchema>;

/** `POST /api/v1/Policy/{policyId}/demographics`: one member's new details (a request for review). */
export const DemographicsChangeRequestSchema = z
  .object({
    memberId: UuidSchema,
    firstName: name(50),
    middleName: z.union([z.literal(''), name(50)]),
    lastName: name(60),
    dob: BirthDateSchema.refine((value) => value >= '1900-01-01', {
      message: 'after 1900',
      params: { code: 'date-too-old' },
    }),
    gender: DemographicsGenderSchema,
    tobacco: z.boolean(),
    /** The member's version the page read. */
    version: VersionSchema,
  })
  .meta({ id: 'DemographicsChangeRequest' });
export type DemographicsChangeRequest = z.input<typeof DemographicsChangeRequestSchema>;

/** `PUT /api/v1/Household/{householdId}/language`: applied at once. */
export const UpdateLanguageRequestSchema = z
  .object({ language: PreferredLanguageSchema, version: VersionSchema.nullable() })
  .meta({ id: 'UpdateLanguageRequest' });
export type UpdateLanguageRequest = z.infer<typeof UpdateLanguageRequestSchema>;

export const UpdateLanguageResponseSchema = z
  .object({ language: PreferredLanguageSchema, version: VersionSchema })
  .meta({ id: 'UpdateLanguageResponse' });
export type UpdateLanguageResponse = z.infer<typeof UpdateLanguageResponseSchema>;

export const DemographicsChangeResponseSchema = ServiceRequestSchema;
