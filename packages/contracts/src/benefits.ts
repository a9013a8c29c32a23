import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, UuidSchema } from './common';
import { DocumentPdfQuerySchema } from './document';

/**
 * A plan's benefits and the member ID card (issue 12: /admin/policy-selection/view-benefits and
 * /account-overview/id-card; SPEC §3 Plan benefit keys; packages/domain benefits.ts). Costs travel as
 * data — cents and percentages — and each reader formats them in its own language.
 */

const AfterDeductible = z.boolean().meta({ description: 'Paid after the deductible is met' });

export const BenefitCostSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('copay'), cents: CentsSchema.min(0), afterDeductible: AfterDeductible }),
    z.object({
      kind: z.literal('coinsurance'),
      percent: z.number().min(0).max(100),
      afterDeductible: AfterDeductible,
    }),
    z.object({
      kind: z.literal('noCharge'),
      afterDeductible: AfterDeductible,
      firstVisits: z.number().int().positive().optional(),
    }),
    z.object({ kind: z.literal('notCovered') }),
    z.object({ kind: z.literal('amount'), cents: CentsSchema.min(0) }),
    z.object({ kind: z.literal('upTo'), cents: CentsSchema.min(0) }),
    z.object({ kind: z.literal('yesNo'), value: z.boolean() }),
    z.object({ kind: z.literal('text'), text: z.string() }),
  ])
  .meta({
    id: 'BenefitCost',
    description: 'What the member pays (or a plan amount): cents and percentages, formatted by the reader.',
  });
export type BenefitCostDto = z.infer<typeof BenefitCostSchema>;

export const BenefitLineSchema = z
  .object({
    /** The translation key of the benefit (`benefit.primaryCareVisit`). */
    key: z.string(),
    inNetwork: BenefitCostSchema,
    /** null: no separate out-of-network cost on file. */
    outOfNetwork: BenefitCostSchema.nullable(),
  })
  .meta({ id: 'BenefitLine' });

const InOutSchema = z.object({ inNetwork: BenefitCostSchema, outOfNetwork: BenefitCostSchema.nullable() });

export const PlanBenefitsSchema = z
  .object({
    planId: z.string(),
    planName: z.string(),
    lineOfCoverage: z.enum(['Medical', 'Dental', 'Vision']),
    metalLevel: z.string().nullable(),
    planType: z.string(),
    planYear: z.number().int(),
    /** The dates this policy is covered by the plan (its coverage span). */
    coverageStart: CalendarDateSchema,
    coverageEnd: CalendarDateSchema.nullable(),
    /** current: covers today; upcoming: starts later (a renewal or a change); past: the coverage has ended. */
    when: z.enum(['current', 'upcoming', 'past']),
    network: z.string().nullable(),
    summary: z.string().nullable(),
    /** SPEC §3 benefit keys: deductible, out-of-pocket maximum (in network from the plan, out of network from its design). */
    deductible: InOutSchema,
    outOfPocketMax: InOutSchema,
    drugsCovered: BenefitCostSchema,
    /** SPEC §3 "sbc url": the plan's published SBC, or the one the portal generates (`generated`). */
    sbc: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('generated') }),
      z.object({ kind: z.literal('external'), url: z.string() }),
    ]),
    lines: z.array(BenefitLineSchema),
  })
  .meta({ id: 'PlanBenefits' });
export type PlanBenefits = z.infer<typeof PlanBenefitsSchema>;

export const PolicyBenefitsSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    plans: z.array(PlanBenefitsSchema),
    /**
     * How much of the deductible and out-of-pocket maximum this year's claims have used. null: the portal
     * holds no claims, so it cannot say (the page explains where to find it).
     */
    spending: z
      .object({ year: z.number().int(), deductibleUsedCents: CentsSchema, outOfPocketUsedCents: CentsSchema })
      .nullable(),
  })
  .meta({ id: 'PolicyBenefits' });
export type PolicyBenefits = z.infer<typeof PolicyBenefitsSchema>;

export const PlanParamsSchema = z.object({
  policyId: UuidSchema,
  planId: z.string().regex(/^[0-9]{5}[A-Z]{2}[0-9]{7}(-[0-9]{2})?$/, 'a HIOS plan id'),
});

export const BenefitsPdfQuerySchema = DocumentPdfQuerySchema;

/** The QR code's modules, row by row ('1' dark, '0' light), drawn by the reader as it likes (docs/decisions). */
export const QrMatrixSchema = z
  .object({ text: z.string(), size: z.number().int().positive(), rows: z.array(z.string().regex(/^[01]+$/)) })
  .meta({ id: 'QrMatrix' });
export type QrMatrix = z.infer<typeof QrMatrixSchema>;

export const IdCardMemberSchema = z
  .object({
    /** The member's id at the issuer (the member folder id), also in the QR code. */
    memberId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    relationship: z.string(),
    subscriber: z.boolean(),
    coverageStart: CalendarDateSchema,
    /** The coverage starts after today (a card to keep for then). */
    upcoming: z.boolean(),
    qr: QrMatrixSchema,
  })
  .meta({ id: 'IdCardMember' });
export type IdCardMember = z.infer<typeof IdCardMemberSchema>;

export const IdCardsSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    /** The group number of an employer plan, else the policy number (SPEC §3 CoverageDetail groupOrPolicyNumber). */
    groupOrPolicyNumber: z.string(),
    employerName: z.string().nullable(),
    subscriberId: z.string(),
    exchangeSubscriberId: z.string().nullable(),
    issuer: z.object({ name: z.string(), hiosIssuerId: z.string(), payerId: z.string() }),
    plan: z.object({
      planId: z.string(),
      planName: z.string(),
      lineOfCoverage: z.enum(['Medical', 'Dental', 'Vision']),
      metalLevel: z.string().nullable(),
      planType: z.string(),
      network: z.string().nullable(),
    }),
    /** Pharmacy claims routing (medical plans that cover drugs). */
    rx: z.object({ bin: z.string(), pcn: z.string(), group: z.string() }).nullable(),
    deductible: InOutSchema,
    outOfPocketMax: InOutSchema,
    copays: z.array(BenefitLineSchema),
    phones: z.object({
      customerService: z.string(),
      providers: z.string(),
      pharmacy: z.string(),
      nurseLine: z.string(),
    }),
    website: z.string(),
    claimsAddress: z.string(),
    /** One card per member covered today or from a coming date; empty when nobody is. */
    cards: z.array(IdCardMemberSchema),
  })
  .meta({ id: 'IdCards' });
export type IdCards = z.infer<typeof IdCardsSchema>;

export const IdCardPdfQuerySchema = DocumentPdfQuerySchema.extend({
  /** One member's card only (their member id); every covered member's when absent. */
  memberId: z.string().max(40).optional(),
});
