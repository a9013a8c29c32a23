import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, UuidSchema } from './common';
import { ServiceRequestStatusSchema } from './service-request';

/**
 * Reinstatement (issue 11; SPEC §2 /admin/policy-selection/span-selection/reactivate-plan, §3
 * Reinstatement eligibility): what restoring a terminated policy takes, and how a request to do it went.
 */

/** Why a policy cannot be reinstated now (packages/domain `ReinstatementRefusal`). */
export const ReinstatementRefusalSchema = z.enum([
  'not-terminated',
  'reinstatement-requested',
  'reinstatement-expired',
  'reinstatement-not-eligible',
]);

/** The reinstatement request still open for the policy: waiting for staff, or for its bank payment to clear. */
export const OpenReinstatementSchema = z.object({
  id: UuidSchema,
  referenceNumber: z.string(),
  status: ServiceRequestStatusSchema,
  waitingFor: z.enum(['review', 'payment']),
});

/** `GET /api/v1/Policy/{policyId}/reinstatement`: the offer as it stands today. */
export const ReinstatementOfferSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    planName: z.string().nullable(),
    lineOfCoverage: z.enum(['Medical', 'Dental', 'Vision']),
    /** SPEC §3 `reinstatementStatus`; null when the policy was never offered one. */
    reinstatementStatus: z.enum(['Eligible', 'Manual', 'NotEligible']).nullable(),
    /** Null when it may be asked for now; otherwise why not. */
    refusal: ReinstatementRefusalSchema.nullable(),
    /** The last day of coverage (null while the policy is in force). */
    coverageEndedOn: CalendarDateSchema.nullable(),
    /** Why it ended: premiums not paid (the billing clock), the member's own request, or another reason. */
    terminationReason: z.enum(['non-payment', 'voluntary', 'other']).nullable(),
    /**
     * SPEC §3 `amountDue`, from the ledger today: every month owed as if the coverage had gone on (the
     * months past due on the ended coverage and each month since), less money on account.
     */
    amountDueCents: CentsSchema,
    /** The months (first days) the amount pays for, oldest first. */
    months: z.array(CalendarDateSchema),
    /** Of those, the months past due on the ended coverage (the rest are the months since it ended). */
    pastDueMonths: z.array(CalendarDateSchema),
    /** SPEC §3 `expirationDate`: the last day to ask. */
    expirationDate: CalendarDateSchema.nullable(),
    /** The day the restored coverage runs through: the end of its plan year. */
    restoredThrough: CalendarDateSchema.nullable(),
    openRequest: OpenReinstatementSchema.nullable(),
  })
  .meta({ id: 'ReinstatementOffer' });
export type ReinstatementOffer = z.infer<typeof ReinstatementOfferSchema>;

/**
 * How a reinstatement payment's request went (the make-payment answer's `reinstatement`): reinstated at
 * once (Eligible, paid by card), waiting for staff (Manual), or waiting for the bank payment to clear.
 */
export const ReinstatementOutcomeSchema = z.object({
  serviceRequestId: UuidSchema,
  referenceNumber: z.string(),
  status: ServiceRequestStatusSchema,
  outcome: z.enum(['reinstated', 'in-review', 'awaiting-payment']),
  /** When reinstated: the day the restored coverage runs through. */
  coveredThrough: CalendarDateSchema.nullable(),
});
export type ReinstatementOutcome = z.infer<typeof ReinstatementOutcomeSchema>;
