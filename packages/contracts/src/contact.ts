import { z } from 'zod';
import { normalizeUsPhone } from '@portal/domain';
import { UuidSchema } from './common';
import { ServiceRequestSchema, VersionSchema } from './service-request';

/**
 * Contact information (issue 11, SPEC §2 /admin/policy-selection/contact-info): where the issuer reaches
 * the household — home and mobile phone, e-mail, and how they prefer to be reached. A change needs no
 * review: it is a `contact` service request applied at once. A change of a phone number is also sent to
 * the tenant's mailbox for contact-number changes (SPEC §3 mailbox names).
 */

export const CONTACT_METHODS = ['email', 'phone', 'mail'] as const;
export const ContactMethodSchema = z.enum(CONTACT_METHODS);
export type ContactMethod = z.infer<typeof ContactMethodSchema>;

export const ContactInformationSchema = z
  .object({
    householdId: UuidSchema,
    email: z.string().nullable(),
    /** `(617) 555-0142`. */
    homePhone: z.string().nullable(),
    mobilePhone: z.string().nullable(),
    preferredContactMethod: ContactMethodSchema,
    /** Null while the household has no contact record yet (a change then creates it). */
    version: VersionSchema.nullable(),
  })
  .meta({ id: 'ContactInformation' });
export type ContactInformation = z.infer<typeof ContactInformationSchema>;

/** A US phone number as typed (any usual spelling), or nothing: field code `phone-invalid` otherwise. */
export const UsPhoneInputSchema = z
  .string()
  .trim()
  .max(25)
  .refine((value) => value === '' || normalizeUsPhone(value) !== null, {
    message: 'a 10-digit US phone number',
    params: { code: 'phone-invalid' },
  });

/** `PUT /api/v1/Household/{householdId}/contact-information`: the form and the route share this schema. */
export const UpdateContactRequestSchema = z
  .object({
    /** The policy the page had selected: the request is filed under it (the details are the household's). */
    policyId: UuidSchema.optional(),
    email: z.union([z.literal(''), z.email().max(254)]),
    homePhone: UsPhoneInputSchema,
    mobilePhone: UsPhoneInputSchema,
    preferredContactMethod: ContactMethodSchema,
    /** The version the page read (null: there was no record). */
    version: VersionSchema.nullable(),
  })
  .superRefine((value, context) => {
    if (value.preferredContactMethod === 'email' && value.email.trim() === '')
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'needed to be reached by e-mail',
        params: { code: 'email-needed-for-preference' },
      });
    if (
      value.preferredContactMethod === 'phone' &&
      value.homePhone.trim() === '' &&
      value.mobilePhone.trim() === ''
    )
      context.addIssue({
        code: 'custom',
        path: ['mobilePhone'],
        message: 'a phone number is needed to be reached by phone',
        params: { code: 'phone-needed-for-preference' },
      });
  })
  .meta({ id: 'UpdateContactRequest' });
export type UpdateContactRequest = z.input<typeof UpdateContactRequestSchema>;

export const UpdateContactResponseSchema = z
  .object({
    contact: ContactInformationSchema,
    /** The `contact` request that recorded the change (Completed: applied at once). */
    request: ServiceRequestSchema,
    /** Whether a phone number changed (the tenant's contact-number mailbox was told). */
    phoneChanged: z.boolean(),
  })
  .meta({ id: 'UpdateContactResponse' });
export type UpdateContactResponse = z.infer<typeof UpdateContactResponseSchema>;
