import { z } from 'zod';
import { truncateZip } from '@portal/domain';
import { UuidSchema } from './common';
import { ServiceRequestSchema, VersionSchema } from './service-request';

/**
 * Addresses of a policy (issue 11, SPEC §2 /admin/policy-selection/manage-address, §3 Address, §5 zip):
 * where the subscriber lives (residential: it sets the rating area, so the premium and the subsidy) and
 * where the issuer writes (mailing). County and FIPS code always come from the ZIP reference on the
 * server, never from the browser.
 */

/** SPEC §5: a ZIP longer than 5 characters is cut to 5 (`02139-4307` → `02139`), after trimming. */
const zipTyped = z
  .string()
  .max(10)
  .transform((value) => truncateZip(value.trim()));

const ZIP_FORMAT = { message: '5 digits', params: { code: 'zip-invalid' } };

const addressFields = {
  street1: z.string().trim().min(1).max(100),
  street2: z.string().trim().max(100),
  city: z.string().trim().min(1).max(60),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((value) => value.toUpperCase()),
};

/** A residential address as typed: every part, with a 5-digit ZIP. */
export const ResidentialAddressInputSchema = z.object({
  ...addressFields,
  zipCode: zipTyped.refine((value) => /^[0-9]{5}$/.test(value), ZIP_FORMAT),
});
/** A mailing address as typed: the ZIP may be left empty (SPEC §5: only a warning). */
export const MailingAddressInputSchema = z.object({
  ...addressFields,
  zipCode: zipTyped.refine((value) => value === '' || /^[0-9]{5}$/.test(value), ZIP_FORMAT),
});

/** The address a page read (`addressId` and `version`), null when the policy has none in that role. */
const ReadVersion = { addressId: UuidSchema.nullable(), version: VersionSchema.nullable() };

/** `PUT /api/v1/Policy/{policyId}/mailing-address`: applied at once (a `mailing-address` request). */
export const UpdateMailingAddressRequestSchema = MailingAddressInputSchema.extend(ReadVersion).meta({
  id: 'UpdateMailingAddressRequest',
});
export type UpdateMailingAddressRequest = z.input<typeof UpdateMailingAddressRequestSchema>;

/** `POST /api/v1/Policy/{policyId}/residential-address`: a move, reviewed by staff (a `residential-address` request). */
export const ResidentialMoveRequestSchema = ResidentialAddressInputSchema.extend({
  ...ReadVersion,
  /** The day the member moved (or will move), if they say. */
  moveDate: z.union([z.literal(''), z.iso.date()]).optional(),
}).meta({ id: 'ResidentialMoveRequest' });
export type ResidentialMoveRequest = z.input<typeof ResidentialMoveRequestSchema>;

export const PolicyAddressSchema = z
  .object({
    addressId: UuidSchema,
    street1: z.string(),
    street2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    countyName: z.string().nullable(),
    fipsCode: z.string().nullable(),
    /** The state's rating area of the ZIP (residential only matters), when the reference knows it. */
    ratingArea: z.number().int().nullable(),
    version: VersionSchema,
    /** The household's other policies that use this same address in the same role (a change applies to them too). */
    sharedWith: z.array(
      z.object({ policyId: UuidSchema, policyNumber: z.string(), lineOfCoverage: z.string() }),
    ),
  })
  .meta({ id: 'PolicyAddress' });
export type PolicyAddress = z.infer<typeof PolicyAddressSchema>;

export const PolicyAddressesSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    /** On-exchange: a move to another rating area is reported to the exchange (account.exchange). */
    onExchange: z.boolean(),
    residential: PolicyAddressSchema.nullable(),
    /** Null: mail goes to the residential address. */
    mailing: PolicyAddressSchema.nullable(),
  })
  .meta({ id: 'PolicyAddresses' });
export type PolicyAddresses = z.infer<typeof PolicyAddressesSchema>;

export const UpdateMailingAddressResponseSchema = z
  .object({
    addresses: PolicyAddressesSchema,
    request: ServiceRequestSchema,
    /** The ZIP was left empty and filled in from the reference (the city has one ZIP code). */
    zipFilledIn: z.string().nullable(),
  })
  .meta({ id: 'UpdateMailingAddressResponse' });
export type UpdateMailingAddressResponse = z.infer<typeof UpdateMailingAddressResponseSchema>;

/** `GET /api/v1/zip/{zipCode}`: what the ZIP reference says of a ZIP code (SPEC §3 Address county). */
export const ZipParamsSchema = z.object({ zipCode: z.string().regex(/^[0-9]{5}(-?[0-9]{4})?$/) });

export const ZipLookupSchema = z
  .object({
    zipCode: z.string(),
    /** The USPS place name the reference gives (members may use another accepted name). */
    city: z.string(),
    state: z.string(),
    countyName: z.string(),
    /** The county's 5-digit Census FIPS code (state + county). */
    fipsCode: z.string().nullable(),
    ratingArea: z.number().int().nullable(),
  })
  .meta({ id: 'ZipLookup' });
export type ZipLookup = z.infer<typeof ZipLookupSchema>;
