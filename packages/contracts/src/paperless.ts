import { z } from 'zod';
import { UuidSchema } from './common';

/**
 * Paperless delivery (DOMAIN "Paperless", SPEC §2 /admin/paperless-settings, /admin/email-confirmation):
 * paper or electronic delivery for each kind of document, with the e-mail address that is told when
 * one arrives. Electronic delivery needs a confirmed address; electronic-only tax forms also need the
 * member's affirmative consent.
 */
export const DeliverySchema = z.enum(['paper', 'electronic']);
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryChoicesSchema = z.object({
  invoices: DeliverySchema,
  notices: DeliverySchema,
  taxForms: DeliverySchema,
});
export type DeliveryChoices = z.infer<typeof DeliveryChoicesSchema>;

export const PaperlessSettingsSchema = z
  .object({
    householdId: UuidSchema,
    delivery: DeliveryChoicesSchema,
    /** The address documents are announced to (SPEC §3 Finance `paperlessEmail`). */
    email: z.string().nullable(),
    emailConfirmed: z.boolean(),
    /** A confirmation link sent and not used yet: to which address, until when, for which choices. */
    pending: z
      .object({ email: z.string(), expiresAt: z.iso.datetime(), delivery: DeliveryChoicesSchema })
      .nullable(),
  })
  .meta({ id: 'PaperlessSettings' });
export type PaperlessSettings = z.infer<typeof PaperlessSettingsSchema>;

/** `PUT /api/v1/Household/{householdId}/paperless`: the choices; the form and the route share this schema. */
export const UpdatePaperlessRequestSchema = DeliveryChoicesSchema.extend({
  email: z.union([z.literal(''), z.email().max(254)]),
  /** "I agree to receive my tax forms electronically only" (required for electronic tax forms). */
  taxFormsConsent: z.boolean(),
})
  .superRefine((value, context) => {
    const electronic =
      value.invoices === 'electronic' || value.notices === 'electronic' || value.taxForms === 'electronic';
    if (electronic && value.email === '')
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'required',
        params: { code: 'email-required' },
      });
    if (value.taxForms === 'electronic' && !value.taxFormsConsent)
      context.addIssue({
        code: 'custom',
        path: ['taxFormsConsent'],
        message: 'consent required',
        params: { code: 'consent-required' },
      });
  })
  .meta({ id: 'UpdatePaperlessRequest' });
export type UpdatePaperlessRequest = z.infer<typeof UpdatePaperlessRequestSchema>;

export const UpdatePaperlessResponseSchema = z
  .object({
    /** `saved`: in force now. `confirmation-sent`: a link went to the new address; nothing changes until it is used. */
    status: z.enum(['saved', 'confirmation-sent']),
    settings: PaperlessSettingsSchema,
  })
  .meta({ id: 'UpdatePaperlessResponse' });
export type UpdatePaperlessResponse = z.infer<typeof UpdatePaperlessResponseSchema>;

/** `POST /api/v1/paperless/confirm-email`: the token from the link. */
export const ConfirmEmailRequestSchema = z
  .object({ token: z.string().min(20).max(200) })
  .meta({ id: 'ConfirmEmailRequest' });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequestSchema>;

/** Why a confirmation link did not work (the field error `code` on `body.token`). */
export const CONFIRMATION_TOKEN_ERRORS = [
  'token-invalid',
  'token-expired',
  'token-used',
  'token-superseded',
] as const;
