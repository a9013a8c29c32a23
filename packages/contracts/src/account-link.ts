import { z } from 'zod';
import { ssnProblem } from '@portal/domain';
import { BirthDateSchema, UuidSchema } from './common';
import { LocateAccountRequestSchema } from './guest';

/**
 * Issue 12, SPEC §2 account/home/link-account, §9 "link-account searchable field SSN": a signed-in member
 * whose account is not linked to a member record links it with the subscriber's member ID, date of birth
 * and the configured searchable field — the SSN (only its last four digits are compared: the full number
 * is never stored or logged) or the home ZIP code. Wrong facts and an unknown member get the same answer
 * as locate-account (no enumeration).
 */

/** An SSN (`123-45-6789`, `123 45 6789` or nine digits), refused with the SPEC §5 pattern it breaks (`ssn-format`, `ssn-area-000`, …). */
export const SsnSchema = z
  .string()
  .trim()
  .min(1)
  .max(11)
  .superRefine((value, context) => {
    const problem = ssnProblem(value);
    if (problem)
      context.addIssue({
        code: 'custom',
        message: `not a valid SSN (${problem})`,
        params: { code: `ssn-${problem}` },
      });
  });

export const LinkAccountRequestSchema = z
  .object({
    identifierType: LocateAccountRequestSchema.shape.identifierType,
    identifier: LocateAccountRequestSchema.shape.identifier,
    dateOfBirth: BirthDateSchema,
    /** When the tenant's searchable field is `SSN`. */
    ssn: SsnSchema.optional(),
    /** When the tenant's searchable field is `ZipCode`. */
    zipCode: LocateAccountRequestSchema.shape.zipCode.optional(),
  })
  .meta({ id: 'LinkAccountRequest' });
export type LinkAccountRequest = z.infer<typeof LinkAccountRequestSchema>;

/** The web form: the searchable field the tenant configured is required. */
export const linkAccountFormSchema = (searchableField: 'SSN' | 'ZipCode') =>
  LinkAccountRequestSchema.superRefine((value, context) => {
    const missing = searchableField === 'SSN' ? value.ssn === undefined : value.zipCode === undefined;
    if (missing)
      context.addIssue({
        code: 'custom',
        message: 'required',
        path: [searchableField === 'SSN' ? 'ssn' : 'zipCode'],
      });
  });

export const LinkAccountResponseSchema = z
  .object({
    /** The member record the account now belongs to. */
    memberId: UuidSchema,
    householdId: UuidSchema.nullable(),
    /** How many policies the member can now see. */
    policyCount: z.number().int().min(0),
  })
  .meta({ id: 'LinkAccountResponse' });
export type LinkAccountResponse = z.infer<typeof LinkAccountResponseSchema>;
