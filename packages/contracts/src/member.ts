import { z } from 'zod';
import { CalendarDateSchema, UuidSchema } from './common';
import { DateSpanSchema } from './policy';

const MemberStatus = z.enum(['Active', 'Pending', 'Inactive']);

/** The member's coverage on one policy the caller may see. */
export const MemberPolicyCoverageSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    lineOfCoverage: z.enum(['Medical', 'Dental', 'Vision']),
    relationship: z.string(),
    ratingAge: z.number().int(),
    tobacco: z.boolean(),
    /** SPEC §4 member status on this policy. */
    status: MemberStatus,
    /** Contiguous spans merged, cancelled ones left out (SPEC §4). */
    spans: z.array(DateSpanSchema),
    effectiveDate: CalendarDateSchema.nullable(),
    endDate: CalendarDateSchema.nullable(),
  })
  .meta({ id: 'MemberPolicyCoverage' });

/** SPEC §7 `GET v1/Member/2/{folderId}` (member API version 2, SPEC §9): one member and their coverage. */
export const MemberDetailSchema = z
  .object({
    id: UuidSchema,
    folderId: z.string(),
    householdId: UuidSchema.nullable(),
    exchangeMemberId: z.string().nullable(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    dob: CalendarDateSchema,
    gender: z.string(),
    /** Only the last four digits are ever stored or shown. */
    ssnLast4: z.string().nullable(),
    tobacco: z.boolean(),
    /** SPEC §4 member status over every visible policy's spans. */
    status: MemberStatus,
    effectiveDate: CalendarDateSchema.nullable(),
    endDate: CalendarDateSchema.nullable(),
    policies: z.array(MemberPolicyCoverageSchema),
  })
  .meta({ id: 'MemberDetail' });
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

export const MemberParamsSchema = z.object({
  folderId: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, dashes and underscores only'),
});
