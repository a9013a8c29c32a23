import { z } from 'zod';
import { NAVIGATION_SCENARIOS } from '@portal/domain';
import { AddressSchema, CalendarDateSchema, CentsSchema, UuidSchema } from './common';
import { BenefitLineSchema } from './benefits';

const Line = z.enum(['Medical', 'Dental', 'Vision']);

export const DateSpanSchema = z.object({
  startDate: CalendarDateSchema,
  endDate: CalendarDateSchema.nullable(),
});

/** What a policy list shows and what the navigation rules of SPEC §4 need. */
export const PolicySummarySchema = z
  .object({
    id: UuidSchema,
    /** The coverage span this entry shows; an extra future span of the same policy is its own entry (SPEC §4). */
    spanId: UuidSchema.nullable(),
    isPrimaryPolicy: z.boolean(),
    householdId: UuidSchema.nullable(),
    policyNumber: z.string(),
    exchangeSubscriberId: z.string().nullable(),
    issuerSubscriberId: z.string(),
    marketCoverage: z.enum(['Individual', 'Group', 'None']),
    offExchange: z.boolean(),
    lineOfCoverage: Line,
    enrollmentStatus: z.string(),
    /** Translation key of the status to show (SPEC §4 "Policy display status"). */
    displayStatus: z.string(),
    /** Active / Pending / Inactive from the policy's spans (SPEC §4 "Member status" rules). */
    status: z.enum(['Active', 'Pending', 'Inactive']),
    active: z.boolean(),
    planId: z.string().nullable(),
    planName: z.string().nullable(),
    planType: z.string().nullable(),
    stateSource: z.string().nullable(),
    span: DateSpanSchema.nullable(),
    earliestBeginDate: CalendarDateSchema.nullable(),
    hasFutureSpan: z.boolean(),
    policyHolder: z.object({ firstName: z.string(), lastName: z.string() }),
    reinstatementStatus: z.enum(['Eligible', 'Manual', 'NotEligible']).nullable(),
    amountDueCents: CentsSchema,
    paymentDueDate: CalendarDateSchema.nullable(),
    hasAutoPay: z.boolean(),
    financeStatus: z.string().nullable(),
  })
  .meta({ id: 'PolicySummary' });
export type PolicySummary = z.infer<typeof PolicySummarySchema>;

export const ScenarioSchema = z
  .object({
    base: z.enum(NAVIGATION_SCENARIOS),
    exchange: z.enum(['OnExchangePolicy', 'OffExchangePolicy']).nullable(),
    scenarios: z.array(z.enum(NAVIGATION_SCENARIOS)),
  })
  .meta({ id: 'Scenario' });

/** SPEC §3 "household entry": a household and its policies. */
export const HouseholdEntrySchema = z
  .object({
    household: z.object({
      id: UuidSchema,
      exchangeId: z.string().nullable(),
      /** SPEC §7 `POST v1/Wallet/{referenceId}`: the household's wallet, once it has one (none for guests and brokers). */
      walletReferenceId: z.string().nullable(),
    }),
    policies: z.array(PolicySummarySchema),
  })
  .meta({ id: 'HouseholdEntry' });

/** `POST /api/v1/Household/user`: everything the scenario rules of SPEC §4 need, and the scenario itself. */
export const HouseholdUserResponseSchema = z
  .object({
    households: z.array(HouseholdEntrySchema),
    /** Policies the caller may see that belong to no household (SPEC §4 PoliciesNoHousehold). */
    policies: z.array(PolicySummarySchema),
    scenario: ScenarioSchema,
    today: CalendarDateSchema,
  })
  .meta({ id: 'HouseholdUserResponse' });
export type HouseholdUserResponse = z.infer<typeof HouseholdUserResponseSchema>;

/** SPEC §7 `POST v1/Household/user` body: the asserted user (optional; the token already says who calls). */
export const HouseholdUserRequestSchema = z
  .object({
    /** Look up one subscriber's household (customer service with member-search; SPEC §2 member search). */
    exchangeSubscriberId: z.string().trim().min(1).max(30).optional(),
    /**
     * Open one member found by staff's member search (issue 13): their household, or for policies that
     * belong to no household one of those policies — also for off-exchange members with no exchange id.
     */
    householdId: UuidSchema.optional(),
    policyId: UuidSchema.optional(),
  })
  .meta({ id: 'HouseholdUserRequest' });

/**
 * A grace period the policy is in (DOMAIN "Grace period"): until when paying what is past due keeps the
 * coverage, and when the coverage ends if it is not paid.
 */
export const GracePeriodSchema = z
  .object({
    /** `aptc`: the three months of 45 CFR 156.270; `state`: the state's grace period (`payments.stateGracePeriodDays`). */
    kind: z.enum(['aptc', 'state']),
    /** The first unpaid month's due date. */
    startDate: CalendarDateSchema,
    /** The last day on which paying `amountCents` keeps the coverage. */
    endDate: CalendarDateSchema,
    /**
     * The last day of coverage if it is not paid by `endDate`: with APTC the last day of grace month 1
     * (45 CFR 156.270(g)), otherwise the paid-through date.
     */
    coverageEndsOn: CalendarDateSchema,
    /** What stops it: everything past due (the finance's past amount due). */
    amountCents: CentsSchema,
    /** The months (first days) that amount is for. */
    months: z.array(CalendarDateSchema),
  })
  .meta({ id: 'GracePeriod' });

export const FinanceSchema = z
  .object({
    premiumAmountDueCents: CentsSchema,
    currentAmountDueCents: CentsSchema,
    pastAmountDueCents: CentsSchema,
    /** The months (first days) the past amount due is for, oldest first: the same ledger as the amounts. */
    pastDueMonths: z.array(CalendarDateSchema),
    /** The months (first days) the current amount due is for (invoiced, not yet past due; or the binder's month). */
    currentDueMonths: z.array(CalendarDateSchema),
    subsidizedAmountCents: CentsSchema,
    hraAmountCents: CentsSchema,
    unallocatedAmountCents: CentsSchema,
    paymentDueDate: CalendarDateSchema.nullable(),
    paidThroughDate: CalendarDateSchema.nullable(),
    status: z.string(),
    delinquent: z.boolean(),
    hasAutoPay: z.boolean(),
    paperless: z.boolean(),
    paperlessEmail: z.string().nullable(),
    /** The grace period an active policy is in today (APTC or the state's), or null. */
    gracePeriod: GracePeriodSchema.nullable(),
    /** SPEC §9 balance: the total due, or the unallocated credit when nothing is due. */
    balance: z.object({ source: z.enum(['total-due', 'unallocated']), amountCents: CentsSchema }),
  })
  .meta({ id: 'Finance' });

export const CoverageDetailSchema = z
  .object({
    id: UuidSchema,
    addFolderId: z.string(),
    startDate: CalendarDateSchema,
    endDate: CalendarDateSchema.nullable(),
    cancelled: z.boolean(),
    premiumAmountCents: CentsSchema,
    policyRateAmountCents: CentsSchema,
    taxCreditAmountCents: CentsSchema,
    csrAmountCents: CentsSchema,
    otherSubsidyAmountCents: CentsSchema,
    /** premium − APTC − other subsidy − HRA (DOMAIN "Money"). */
    memberResponsibilityCents: CentsSchema,
    planId: z.string(),
    planType: z.string(),
    status: z.enum(['Effectuated', 'Not Effectuated']),
    groupOrPolicyNumber: z.string(),
  })
  .meta({ id: 'CoverageDetail' });

export const PlanSchema = z
  .object({
    planId: z.string(),
    lineOfCoverage: Line,
    planName: z.string(),
    metalLevel: z.string().nullable(),
    planType: z.string(),
    effectiveYear: z.number().int(),
    effectiveDate: CalendarDateSchema,
    effectiveEndDate: CalendarDateSchema,
    monthlyPremiumCents: CentsSchema,
    deductibleCents: CentsSchema,
    outOfPocketMaxCents: CentsSchema,
    drugsCovered: z.string(),
    sbcUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    summary: z.string().nullable(),
    /** The plan's design (issue 12): what the member pays, in network and out, as cents and percentages. */
    details: z.array(BenefitLineSchema),
  })
  .meta({ id: 'Plan' });

export const PolicyMemberSchema = z
  .object({
    id: UuidSchema,
    folderId: z.string(),
    exchangeMemberId: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    dob: CalendarDateSchema,
    gender: z.string(),
    relationship: z.string(),
    ratingAge: z.number().int(),
    tobacco: z.boolean(),
    /** Only the last four digits are ever stored or shown. */
    ssnLast4: z.string().nullable(),
    status: z.enum(['Active', 'Pending', 'Inactive']),
    /** Contiguous spans merged (SPEC §4). */
    spans: z.array(DateSpanSchema),
    effectiveDate: CalendarDateSchema.nullable(),
    endDate: CalendarDateSchema.nullable(),
  })
  .meta({ id: 'PolicyMember' });

export const BrokerSchema = z
  .object({
    id: UuidSchema,
    npn: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    agencyName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'Broker' });

export const PolicyDetailSchema = PolicySummarySchema.extend({
  finance: FinanceSchema.nullable(),
  coverageDetails: z.array(CoverageDetailSchema),
  plan: PlanSchema.nullable(),
  members: z.array(PolicyMemberSchema),
  broker: BrokerSchema.nullable(),
  group: z.object({ id: UuidSchema, groupNumber: z.string(), name: z.string() }).nullable(),
  residentialAddress: AddressSchema.nullable(),
  mailingAddress: AddressSchema.nullable(),
  contactInformation: z
    .object({
      email: z.string().nullable(),
      homePhone: z.string().nullable(),
      mobilePhone: z.string().nullable(),
      preferredContactMethod: z.string(),
    })
    .nullable(),
  reinstatementEligibility: z
    .object({
      reinstatementStatus: z.enum(['Eligible', 'Manual', 'NotEligible']),
      expirationDate: CalendarDateSchema.nullable(),
      amountDueCents: CentsSchema,
      /**
       * The months (first days) `amountDueCents` pays for: the months past due on the ended coverage and
       * each month since it ended, as if it had gone on (the finance's `pastDueMonths` come first).
       */
      months: z.array(CalendarDateSchema),
    })
    .nullable(),
  hra: z
    .object({
      kind: z.enum(['percentage', 'flat']),
      percent: z.number().nullable(),
      amountCents: CentsSchema.nullable(),
      startDate: CalendarDateSchema,
      endDate: CalendarDateSchema.nullable(),
      discountThisMonthCents: CentsSchema,
    })
    .nullable(),
  scheduledPaymentCount: z.number().int(),
}).meta({ id: 'PolicyDetail' });
export type PolicyDetail = z.infer<typeof PolicyDetailSchema>;

export const PolicyParamsSchema = z.object({ policyId: UuidSchema });
