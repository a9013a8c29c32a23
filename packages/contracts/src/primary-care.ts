import { z } from 'zod';
import { PCP_SEARCH_RADII_MILES, PCP_SPECIALTIES, PROVIDER_LANGUAGES } from '@portal/domain';
import { CalendarDateSchema, UuidSchema } from './common';
import { ServiceRequestSchema } from './service-request';

/**
 * Choosing a primary care provider (issue 12; SPEC §2 /admin/pcp-select): the provider directory, a
 * policy's members with their PCP, and the choice (a `pcp` service request).
 */

export const PcpSpecialtySchema = z.enum(PCP_SPECIALTIES);
export const ProviderLanguageSchema = z.enum(PROVIDER_LANGUAGES);
/** A National Provider Identifier: 10 digits (CMS). */
export const NpiSchema = z.string().regex(/^[12][0-9]{9}$/, 'an NPI: 10 digits');

export const ProviderSchema = z
  .object({
    /** The provider's NPI: it names them in the directory. */
    npi: NpiSchema,
    firstName: z.string(),
    lastName: z.string(),
    /** MD, DO, NP, PA-C. */
    credential: z.string(),
    gender: z.enum(['female', 'male']),
    specialty: PcpSpecialtySchema,
    languages: z.array(ProviderLanguageSchema),
    practiceName: z.string(),
    address: z.object({
      street1: z.string(),
      street2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      countyName: z.string(),
    }),
    phone: z.string(),
    acceptingNewPatients: z.boolean(),
    /** The networks (by id) the provider is in. */
    networks: z.array(z.string()),
    /** Miles from the ZIP code searched from (null without one). */
    distanceMiles: z.number().nullable(),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof ProviderSchema>;

const SearchName = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}][\p{L}\p{M}' .&-]*$/u, 'letters, spaces, apostrophes, dots, ampersands and dashes only');

/** `GET /api/v1/providers`: every criterion optional; a radius needs a ZIP code. */
export const ProviderSearchQuerySchema = z
  .object({
    /** Matches the start of the provider's first or last name, or of a word of the practice's name. */
    name: SearchName.optional(),
    specialty: PcpSpecialtySchema.optional(),
    language: ProviderLanguageSchema.optional(),
    zipCode: z
      .string()
      .trim()
      .regex(/^[0-9]{5}$/, 'a 5-digit ZIP code')
      .optional(),
    radiusMiles: z.coerce
      .number()
      .int()
      .refine((miles) => (PCP_SEARCH_RADII_MILES as readonly number[]).includes(miles), {
        message: `one of ${PCP_SEARCH_RADII_MILES.join(', ')}`,
      })
      .optional(),
    /** A network id (the plan's: `GET /api/v1/Policy/{policyId}/pcp` names it). */
    network: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    acceptingNewPatients: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(10),
  })
  .refine((query) => query.radiusMiles === undefined || query.zipCode !== undefined, {
    message: 'a distance needs a ZIP code to measure from',
    path: ['radiusMiles'],
  });
/** A search as the web sends it (the numbers coerced from the query string on the server). */
export type ProviderSearchQuery = Omit<
  z.input<typeof ProviderSearchQuerySchema>,
  'radiusMiles' | 'page' | 'pageSize'
> & { radiusMiles?: number; page?: number; pageSize?: number };

export const ProviderSearchResponseSchema = z
  .object({
    items: z.array(ProviderSchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    /** The place distances are measured from (the ZIP code searched). */
    origin: z.object({ zipCode: z.string(), city: z.string() }).nullable(),
  })
  .meta({ id: 'ProviderSearchResponse' });
export type ProviderSearchResponse = z.infer<typeof ProviderSearchResponseSchema>;

/** A provider as a member's choice remembers them (what the request stored). */
export const ChosenProviderSchema = z.object({
  npi: z.string(),
  name: z.string(),
  specialty: z.string(),
  practiceName: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The practitioner as the directory has them now (null once it no longer lists them): names them in the reader's language. */
  person: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      credential: z.string(),
      gender: z.enum(['female', 'male']),
    })
    .nullable(),
});
export type ChosenProvider = z.infer<typeof ChosenProviderSchema>;

export const PcpMemberSchema = z.object({
  memberId: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  relationship: z.string(),
  /** Age today (whole years): which specialties see them. */
  age: z.number().int().min(0),
  /** The PCP on record: the last choice completed. */
  current: z.object({ provider: ChosenProviderSchema, since: CalendarDateSchema }).nullable(),
  /** A choice waiting for review. */
  pending: z
    .object({ provider: ChosenProviderSchema, requestId: UuidSchema, referenceNumber: z.string() })
    .nullable(),
});
export type PcpMember = z.infer<typeof PcpMemberSchema>;

/** `GET /api/v1/Policy/{policyId}/pcp`: the policy's members and their PCP, and whether they choose one here. */
export const PcpOverviewSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    planName: z.string().nullable(),
    planType: z.string().nullable(),
    /** SPEC §4 conditions for this policy: selection enabled, plan type whitelisted, OnlyPCP not false. */
    offered: z.boolean(),
    /** The plan's provider network (null when the directory has none for it). */
    network: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Why members cannot choose here: SPEC §4's conditions are not met, or the policy has no household to track the request in. */
    unavailableReason: z.enum(['not-offered', 'no-household']).nullable(),
    /** Whether a choice applies at once (tenant configuration) or waits for review. */
    appliesAtOnce: z.boolean(),
    members: z.array(PcpMemberSchema),
  })
  .meta({ id: 'PcpOverview' });
export type PcpOverview = z.infer<typeof PcpOverviewSchema>;

/** `POST /api/v1/Policy/{policyId}/pcp`: a PCP for each member named (one member once). */
export const SelectPcpRequestSchema = z
  .object({
    choices: z
      .array(z.object({ memberId: UuidSchema, npi: NpiSchema }))
      .min(1)
      .max(20)
      .refine((choices) => new Set(choices.map((choice) => choice.memberId)).size === choices.length, {
        message: 'one choice per member',
      }),
  })
  .meta({ id: 'SelectPcpRequest' });
export type SelectPcpRequest = z.infer<typeof SelectPcpRequestSchema>;

export const SelectPcpResponseSchema = ServiceRequestSchema;

/**
 * `details` of a `pcp` service request: one choice per member, in the order of the request's `memberIds`
 * (what the member saw of the provider when choosing, so the record stays readable if the directory changes).
 */
export const PcpRequestDetailsSchema = z.object({
  choices: z.array(
    z.object({
      memberName: z.string(),
      providerName: z.string(),
      npi: z.string(),
      specialty: z.string(),
      practiceName: z.string(),
      providerAddress: z.string(),
      providerPhone: z.string(),
    }),
  ),
});
export type PcpRequestDetails = z.infer<typeof PcpRequestDetailsSchema>;
