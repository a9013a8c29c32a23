import { z } from 'zod';
import { BirthDateSchema } from './common';

/**
 * What a guest gives to find the account they want to pay (`POST /api/v1/guest/locate-account`): the
 * member ID from the ID card or a bill (the exchange subscriber ID, or the issuer's policy number), the
 * subscriber's date of birth, and the ZIP code of the home address — the facts a member has at hand and
 * a stranger is unlikely to know all of.
 */
export const LocateAccountRequestSchema = z
  .object({
    identifierType: z.enum(['exchangeSubscriberId', 'policyNumber']),
    identifier: z
      .string()
      .trim()
      .min(4)
      .max(30)
      .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes only'),
    dateOfBirth: BirthDateSchema,
    zipCode: z
      .string()
      .trim()
      .regex(/^[0-9]{5}(-?[0-9]{4})?$/, 'a 5-digit ZIP code'),
  })
  .meta({ id: 'LocateAccountRequest' });
export type LocateAccountRequest = z.infer<typeof LocateAccountRequestSchema>;

export const LocateAccountResponseSchema = z
  .object({
    /**
     * When the guest session ends at the latest. The session itself is the HttpOnly cookie set with this
     * answer (docs/decisions/050): no token reaches the browser.
     */
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'LocateAccountResponse' });
export type LocateAccountResponse = z.infer<typeof LocateAccountResponseSchema>;

/** The one answer for wrong facts and for no such account alike (no account enumeration). */
export const ACCOUNT_NOT_FOUND_PROBLEM = {
  type: 'urn:portal:problem:account-not-found',
  title: 'Account not found',
  status: 404,
  detail: 'No account matches these details. Check them and try again.',
} as const;
