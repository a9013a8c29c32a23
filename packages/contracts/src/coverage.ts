import { z } from 'zod';
import {
  correctionCrossesOtherEnd,
  COVERAGE_DATE_REASONS,
  END_COVERAGE_REASONS,
  isCalendarDate,
  PLAN_CHANGE_EVENTS,
  planChangeEventWindow,
  requestedDateProblem,
  type CalendarDate,
  type DateRule,
} from '@portal/domain';
import { CalendarDateSchema, CentsSchema, TypedDateSchema, UuidSchema } from './common';

/**
 * Coverage details, ending coverage, changing coverage dates and changing plan (issue 11; SPEC §3
 * CoverageDetail, Policy eligiblePlans/eligibleRenewalPlans, §5, §6; packages/domain coverage-changes.ts
 * and plan-change.ts; docs/decisions/025-coverage-changes.md).
 */

const Line = z.enum(['Medical', 'Dental', 'Vision']);
const Market = z.enum(['Individual', 'Group', 'None']);

/** SPEC §6: which amount groups the caller's roles may see; amounts of a hidden group are not sent at all. */
export const VisibleAmountsSchema = z
  .object({ premium: z.boolean(), subsidies: z.boolean() })
  .meta({ id: 'VisibleAmounts' });

/** What the plan costs for the span (the `premium` group). */
export const SpanPremiumSchema = z.object({
  premiumCents: CentsSchema,
  /** SPEC §3 policyRateAmount (monthlyPolicyAmount in tables). */
  policyRateCents: CentsSchema,
});

/**
 * What pays part of it and what is left for the member (the `subsidies` group), each under its own name
 * (DOMAIN "Money"; packages/domain `premiumBreakdown`): the tax credit of an individual policy, an
 * employer's contribution to a group policy, other help otherwise; CSR lowers cost sharing, not the premium.
 */
export const SpanSubsidiesSchema = z.object({
  taxCreditCents: CentsSchema,
  costSharingReductionCents: CentsSchema,
  otherSubsidyCents: CentsSchema,
  employerContributionCents: CentsSchema,
  hraCents: CentsSchema,
  memberShareCents: CentsSchema,
});

export const CoverageSpanMemberSchema = z.object({
  memberId: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  relationship: z.string(),
  /** The member's coverage within this span. */
  startDate: CalendarDateSchema,
  endDate: CalendarDateSchema.nullable(),
  cancelled: z.boolean(),
});

export const CoverageSpanSchema = z
  .object({
    id: UuidSchema,
    startDate: CalendarDateSchema,
    endDate: CalendarDateSchema.nullable(),
    /** A span that never took effect (SPEC §4 cancelled spans). */
    cancelled: z.boolean(),
    status: z.enum(['Effectuated', 'Not Effectuated']),
    /** The span the policy shows today (SPEC §4 span choice). */
    current: z.boolean(),
    planId: z.string(),
    planName: z.string(),
    metalLevel: z.string().nullable(),
    planType: z.string(),
    groupOrPolicyNumber: z.string(),
    /** Null when the caller's roles may not see premiums. */
    premium: SpanPremiumSchema.nullable(),
    /** Null when the caller's roles may not see subsidies. */
    subsidies: SpanSubsidiesSchema.nullable(),
    members: z.array(CoverageSpanMemberSchema),
  })
  .meta({ id: 'CoverageSpan' });
export type CoverageSpan = z.infer<typeof CoverageSpanSchema>;

/** `GET /api/v1/Policy/{policyId}/coverage-details`. */
export const CoverageDetailsSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    lineOfCoverage: Line,
    marketCoverage: Market,
    offExchange: z.boolean(),
    visibleAmounts: VisibleAmountsSchema,
    /** Newest first. */
    spans: z.array(CoverageSpanSchema),
  })
  .meta({ id: 'CoverageDetails' });
export type CoverageDetails = z.infer<typeof CoverageDetailsSchema>;

const DateWindowSchema = z.object({ earliest: CalendarDateSchema, latest: CalendarDateSchema });

const reasonOption = <R extends readonly [string, ...string[]]>(reasons: R) =>
  z.object({
    reason: z.enum(reasons),
    unavailable: z
      .enum([
        'coverage-ended',
        'group-election',
        'already-started',
        'window-passed',
        'no-end-date',
        'no-date-left',
      ])
      .nullable(),
    dateRule: z.enum(['end-of-month', 'first-of-month', 'any-day']),
    window: DateWindowSchema.nullable(),
    noteRequired: z.boolean(),
  });

/** What a page that changes coverage says about the policy and its people. */
const CoverageChangeBase = z.object({
  policyId: UuidSchema,
  policyNumber: z.string(),
  lineOfCoverage: Line,
  marketCoverage: Market,
  planName: z.string().nullable(),
  /** Issue 11: an on-exchange policy's coverage changes are the exchange's (`exchange`), others the issuer's. */
  route: z.enum(['issuer', 'exchange']),
  /** The coverage shown today, contiguous spans merged; null when none took effect. */
  coverage: z.object({ startDate: CalendarDateSchema, endDate: CalendarDateSchema.nullable() }).nullable(),
  members: z.array(
    z.object({ id: UuidSchema, firstName: z.string(), lastName: z.string(), relationship: z.string() }),
  ),
  today: CalendarDateSchema,
});

/** `GET /api/v1/Policy/{policyId}/end-coverage`: the reasons the caller may give and what each allows. */
export const EndCoverageOptionsSchema = CoverageChangeBase.extend({
  paidThroughDate: CalendarDateSchema.nullable(),
  reasons: z.array(reasonOption(END_COVERAGE_REASONS)),
  /** What happens to payments set up for later (the statement before confirming). */
  autopay: z.object({ active: z.boolean(), runDay: z.number().int().nullable() }),
  scheduledPayments: z.array(
    z.object({ id: UuidSchema, paymentDate: CalendarDateSchema, paymentAmountCents: CentsSchema }),
  ),
}).meta({ id: 'EndCoverageOptions' });
export type EndCoverageOptions = z.infer<typeof EndCoverageOptionsSchema>;

const NoteSchema = z.string().trim().max(500);

/** `POST /api/v1/Policy/{policyId}/end-coverage`. */
export const EndCoverageRequestSchema = z
  .object({
    reason: z.enum(END_COVERAGE_REASONS),
    /** The last day of coverage. */
    endDate: TypedDateSchema,
    note: NoteSchema.optional(),
  })
  .meta({ id: 'EndCoverageRequest' });
export type EndCoverageRequest = z.input<typeof EndCoverageRequestSchema>;

/** `GET /api/v1/Policy/{policyId}/coverage-dates`. */
export const CoverageDateOptionsSchema = CoverageChangeBase.extend({
  reasons: z.array(reasonOption(COVERAGE_DATE_REASONS)),
}).meta({ id: 'CoverageDateOptions' });
export type CoverageDateOptions = z.infer<typeof CoverageDateOptionsSchema>;

/** `POST /api/v1/Policy/{policyId}/coverage-dates`: a different start or end date. */
export const ChangeCoverageDatesRequestSchema = z
  .object({
    reason: z.enum(COVERAGE_DATE_REASONS),
    /** Which date: only a correction names it (the other reasons each change one date). */
    which: z.enum(['start', 'end']).optional(),
    date: TypedDateSchema,
    note: NoteSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.reason === 'correction' && body.which === undefined)
      context.addIssue({ code: 'custom', path: ['which'], message: 'say which date a correction changes' });
  })
  .meta({ id: 'ChangeCoverageDatesRequest' });
export type ChangeCoverageDatesRequest = z.input<typeof ChangeCoverageDatesRequestSchema>;

/** A plan the policy may move to, with what it would cost this policy's people (SPEC §3 Plan). */
export const PlanOptionSchema = z
  .object({
    planId: z.string(),
    planName: z.string(),
    lineOfCoverage: Line,
    metalLevel: z.string().nullable(),
    planType: z.string(),
    planYear: z.number().int(),
    deductibleCents: CentsSchema,
    outOfPocketMaxCents: CentsSchema,
    drugsCovered: z.string(),
    sbcUrl: z.string().nullable(),
    /** The monthly premium for these people (the current plan's is what they pay; others are estimated). Null when premiums are hidden. */
    premiumCents: CentsSchema.nullable(),
    /** After the tax credit the policy gets now (none on a catastrophic plan). Null when subsidies are hidden. */
    premiumAfterTaxCreditCents: CentsSchema.nullable(),
    /** Next year's version of the plan the policy has now: it renews by itself, nothing to ask for. */
    renewsCurrent: z.boolean(),
  })
  .meta({ id: 'PlanOption' });
export type PlanOption = z.infer<typeof PlanOptionSchema>;

const PlanChoiceSetSchema = z.object({ effectiveDate: CalendarDateSchema, plans: z.array(PlanOptionSchema) });

/** `GET /api/v1/Policy/{policyId}/plan-choices`: SPEC §3 Policy eligiblePlans and eligibleRenewalPlans beside the current plan. */
export const PlanChoicesSchema = z
  .object({
    policyId: UuidSchema,
    policyNumber: z.string(),
    lineOfCoverage: Line,
    marketCoverage: Market,
    route: z.enum(['issuer', 'exchange']),
    visibleAmounts: VisibleAmountsSchema,
    /** The tax credit the policy gets now (null when subsidies are hidden). */
    taxCreditCents: CentsSchema.nullable(),
    current: PlanOptionSchema.nullable(),
    eligible: PlanChoiceSetSchema.nullable(),
    renewal: PlanChoiceSetSchema.nullable(),
    /** A change to an `eligible` plan needs a qualifying life event in the last 60 days (outside open enrolment). */
    qualifyingEventNeeded: z.boolean(),
    today: CalendarDateSchema,
  })
  .meta({ id: 'PlanChoices' });
export type PlanChoices = z.infer<typeof PlanChoicesSchema>;

/** `POST /api/v1/Policy/{policyId}/change-plan`. */
export const ChangePlanRequestSchema = z
  .object({
    planId: z.string().trim().min(1).max(30),
    /** Next year's plan (from January 1) rather than this year's (from the first of next month). */
    renewal: z.boolean(),
    qualifyingEvent: z.enum(PLAN_CHANGE_EVENTS).optional(),
    eventDate: TypedDateSchema.optional(),
  })
  .meta({ id: 'ChangePlanRequest' });
export type ChangePlanRequest = z.input<typeof ChangePlanRequestSchema>;

// ── The forms: the request schemas plus the rules of the options the page was given ───────────────

/** A reason as the page was given it (EndCoverageOptions / CoverageDateOptions `reasons`). */
interface ReasonRules {
  readonly reason: string;
  readonly unavailable: string | null;
  readonly dateRule: DateRule;
  readonly window: { readonly earliest: CalendarDate; readonly latest: CalendarDate } | null;
  readonly noteRequired: boolean;
}

type Issues = z.core.$RefinementCtx;

/** The chosen reason's rules, as the server checks them (packages/domain), said on the fields at fault. */
function checkReason(
  reasons: readonly ReasonRules[],
  chosen: { reason: string; date: string; note?: string | undefined },
  dateField: string,
  context: Issues,
): ReasonRules | null {
  const option = reasons.find((candidate) => candidate.reason === chosen.reason);
  if (!option) return null;
  if (option.unavailable !== null) {
    context.addIssue({
      code: 'custom',
      path: ['reason'],
      message: 'this reason does not apply now',
      params: { code: option.unavailable },
    });
    return null;
  }
  if (option.noteRequired && (chosen.note ?? '').trim() === '')
    context.addIssue({
      code: 'custom',
      path: ['note'],
      message: 'say what this rests on',
      params: { code: 'note-needed' },
    });
  if (!isCalendarDate(chosen.date)) return option;
  const problem = requestedDateProblem(option, chosen.date);
  if (problem && option.window)
    context.addIssue({
      code: 'custom',
      path: [dateField],
      message: problem,
      params: { code: problem, earliest: option.window.earliest, latest: option.window.latest },
    });
  return problem ? null : option;
}

/** The end-coverage form (the page's reasons and their dates). */
export function endCoverageFormSchema(reasons: readonly ReasonRules[]) {
  return EndCoverageRequestSchema.superRefine((body, context) => {
    checkReason(reasons, { reason: body.reason, date: body.endDate, note: body.note }, 'endDate', context);
  });
}

/** The change-coverage-dates form: the reason's rules, and a correction on its side of the other date. */
export function coverageDatesFormSchema(
  reasons: readonly ReasonRules[],
  coverage: { startDate: CalendarDate; endDate: CalendarDate | null } | null,
) {
  return ChangeCoverageDatesRequestSchema.superRefine((body, context) => {
    const option = checkReason(
      reasons,
      { reason: body.reason, date: body.date, note: body.note },
      'date',
      context,
    );
    if (!option || !coverage) return;
    const target = body.reason === 'correction' ? body.which : body.reason === 'end-later' ? 'end' : 'start';
    if (target === undefined) return;
    const current = target === 'start' ? coverage.startDate : coverage.endDate;
    if (current === body.date)
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'already the date',
        params: { code: 'date-unchanged' },
      });
    else if (correctionCrossesOtherEnd(target, body.date, coverage))
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'crosses the other date',
        params: { code: 'date-crosses-other-end' },
      });
  });
}

/** The life event a change of this year's plan is asked for (outside open enrolment). */
export function planChangeEventFormSchema(today: CalendarDate) {
  return z
    .object({ qualifyingEvent: z.enum(PLAN_CHANGE_EVENTS), eventDate: TypedDateSchema })
    .superRefine((body, context) => {
      if (!isCalendarDate(body.eventDate)) return;
      const window = planChangeEventWindow(body.qualifyingEvent, today);
      const problem = requestedDateProblem({ dateRule: 'any-day', window }, body.eventDate);
      if (problem)
        context.addIssue({
          code: 'custom',
          path: ['eventDate'],
          message: problem,
          params: { code: problem, earliest: window.earliest, latest: window.latest },
        });
    });
}
export type PlanChangeEventForm = z.input<ReturnType<typeof planChangeEventFormSchema>>;
