import {
  changeRouteFor,
  compareCalendarDates,
  coverageAmountAccess,
  coverageDateOptions,
  coverageDateReasonsFor,
  coverageDetailStatus,
  dueDayRule,
  endCoverageOptions,
  endCoverageReasonsFor,
  estimatedPremium,
  hraDiscount,
  isSpanCancelled,
  isSpanCurrent,
  marketCoverage,
  planChoices,
  planProduct,
  premiumAfterTaxCredit,
  premiumBreakdown,
  type CalendarDate,
  type CoverageAmountAccess,
  type CoverageChangeLimits,
  type CoverageFacts,
  type RoleConfig,
} from '@portal/domain';
import type { AccountConfig, CoverageDateOptions, CoverageDetails, CoverageSpan, EndCoverageOptions, PlanChoices, PlanOption } from '@portal/contracts';
import type { Database, Executor } from '../../db/client';
import { autopayList } from '../autopay/service';
import { hraOf } from '../finance/service';
import { scheduledPaymentList } from '../scheduled-payment/service';
import { coverageFactsOf, coveredMembers, overlaps, shownSpan } from './facts';
import { cataloguePlans, type CoverageBundle, type CoverageSpanRow, type PlanRow } from './repository';

/**
 * The coverage module's reads (issue 11): coverage details with the amounts the caller's roles may see
 * (SPEC §6), and what ending coverage, changing its dates and changing plan allow on a policy — each
 * from packages/domain's rules (coverage-changes.ts, plan-change.ts), so the page shows exactly what the
 * commands accept.
 */

export interface CoverageRules {
  today: CalendarDate;
  account: AccountConfig;
  roles: RoleConfig;
}

export const limitsOf = (account: AccountConfig): CoverageChangeLimits => ({
  maxDaysAhead: account.coverageChanges.maxDaysAhead,
  deathDateWindowMonths: account.members.deathDateWindowMonths,
});

const routeOf = (bundle: CoverageBundle, change: 'end-coverage' | 'coverage-dates' | 'change-plan') =>
  changeRouteFor({ offExchange: bundle.policy.offExchange, marketCoverage: bundle.policy.marketCoverage }, change);

const later = (a: CalendarDate, b: CalendarDate) => (compareCalendarDates(a, b) >= 0 ? a : b);
const earlierOrNull = (a: CalendarDate | null, b: CalendarDate | null) => (a === null ? b : b === null ? a : compareCalendarDates(a, b) <= 0 ? a : b);

/** SPEC §3 CoverageDetail of one span, with only the amount groups the caller may see. */
function spanView(bundle: CoverageBundle, span: CoverageSpanRow, shownId: string | null, access: CoverageAmountAccess, today: CalendarDate): CoverageSpan {
  const market = marketCoverage(bundle.policy.marketCoverage);
  const cancelled = isSpanCancelled(span);
  // A cancelled span may end before it starts: its members are those of its first day.
  const period = { startDate: span.startDate, endDate: cancelled ? span.startDate : span.endDate };
  const hraOn = isSpanCurrent(period, today) ? today : span.startDate;
  const breakdown = premiumBreakdown(
    {
      premiumAmount: span.premiumAmountCents,
      taxCreditAmount: span.taxCreditAmountCents,
      otherSubsidyAmount: span.otherSubsidyAmountCents,
      hraAmount: hraDiscount(span.premiumAmountCents, hraOf(bundle.policy), hraOn),
      csrAmount: span.csrAmountCents,
    },
    market,
  );
  const members = bundle.memberRows
    .filter((row) => overlaps({ startDate: row.span.startDate, endDate: isSpanCancelled(row.span) ? row.span.startDate : row.span.endDate }, period))
    .map((row) => ({
      memberId: row.member.id,
      firstName: row.member.firstName,
      lastName: row.member.lastName,
      relationship: row.span.relationship,
      startDate: later(row.span.startDate, span.startDate),
      endDate: cancelled ? span.endDate : earlierOrNull(row.span.endDate, span.endDate),
      cancelled: cancelled || isSpanCancelled(row.span),
    }));
  return {
    id: span.id,
    startDate: span.startDate,
    endDate: span.endDate,
    cancelled,
    status: coverageDetailStatus(span.effectuatedDate),
    current: span.id === shownId,
    planId: span.planId,
    planName: span.plan.planName,
    metalLevel: span.plan.metalLevel,
    planType: span.planType,
    groupOrPolicyNumber: span.groupOrPolicyNumber,
    premium: access.premium ? { premiumCents: breakdown.premium, policyRateCents: span.policyRateAmountCents } : null,
    subsidies: access.subsidies
      ? {
          taxCreditCents: breakdown.taxCredit,
          costSharingReductionCents: breakdown.costSharingReduction,
          otherSubsidyCents: breakdown.otherSubsidy,
          employerContributionCents: breakdown.employerContribution,
          hraCents: breakdown.hra,
          memberShareCents: breakdown.memberShare,
        }
      : null,
    members,
  };
}

/** `GET /api/v1/Policy/{policyId}/coverage-details`: every span, newest first, amounts per the caller's roles. */
export function coverageDetailsView(bundle: CoverageBundle, roles: readonly string[], rules: CoverageRules): CoverageDetails {
  const access = coverageAmountAccess(roles, rules.roles);
  const shown = shownSpan(bundle, rules.today);
  return {
    policyId: bundle.policy.id,
    policyNumber: bundle.policy.policyNumber,
    lineOfCoverage: bundle.policy.lineOfCoverage,
    marketCoverage: marketCoverage(bundle.policy.marketCoverage),
    offExchange: bundle.policy.offExchange,
    visibleAmounts: access,
    spans: [...bundle.spans].reverse().map((span) => spanView(bundle, span, shown?.id ?? null, access, rules.today)),
  };
}

function changeBase(bundle: CoverageBundle, facts: CoverageFacts, change: 'end-coverage' | 'coverage-dates', rules: CoverageRules) {
  const shown = shownSpan(bundle, rules.today);
  return {
    policyId: bundle.policy.id,
    policyNumber: bundle.policy.policyNumber,
    lineOfCoverage: bundle.policy.lineOfCoverage,
    marketCoverage: marketCoverage(bundle.policy.marketCoverage),
    planName: shown?.plan.planName ?? null,
    route: routeOf(bundle, change),
    coverage: facts.coverage,
    members: coveredMembers(bundle, facts, { fromToday: change === 'end-coverage' }).map(({ member, span }) => ({
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      relationship: span.relationship,
    })),
    today: rules.today,
  };
}

/** `GET /api/v1/Policy/{policyId}/end-coverage`: the caller's reasons with their dates, and what else ends. */
export async function endCoverageOptionsView(db: Database, bundle: CoverageBundle, roles: readonly string[], rules: CoverageRules): Promise<EndCoverageOptions> {
  const facts = coverageFactsOf(bundle, rules.today);
  const policy = { id: bundle.policy.id, householdId: bundle.policy.householdId };
  const [autopay, scheduled] = await Promise.all([
    autopayList(db, policy, rules.account, rules.today, dueDayRule(rules.account.payments.dueDate)),
    scheduledPaymentList(db, policy, { today: rules.today, account: rules.account }),
  ]);
  const active = autopay.items.find((item) => item.state === 'Active');
  return {
    ...changeBase(bundle, facts, 'end-coverage', rules),
    paidThroughDate: facts.paidThroughDate,
    reasons: endCoverageOptions(endCoverageReasonsFor(roles, rules.roles), facts, limitsOf(rules.account)),
    autopay: { active: active !== undefined, runDay: active?.runDay ?? null },
    scheduledPayments: scheduled.items
      .filter((item) => item.status === 'Scheduled')
      .map((item) => ({ id: item.id, paymentDate: item.paymentDate, paymentAmountCents: item.paymentAmountCents })),
  };
}

/** `GET /api/v1/Policy/{policyId}/coverage-dates`: the caller's reasons with the dates each allows. */
export function coverageDateOptionsView(bundle: CoverageBundle, roles: readonly string[], rules: CoverageRules): CoverageDateOptions {
  const facts = coverageFactsOf(bundle, rules.today);
  return {
    ...changeBase(bundle, facts, 'coverage-dates', rules),
    reasons: coverageDateOptions(coverageDateReasonsFor(roles, rules.roles), facts, limitsOf(rules.account)),
  };
}

/**
 * Whether `plan` is next year's version of the current plan (the same product and name): it renews by
 * itself, so choosing it asks for nothing (the catalogue keeps one row per plan id and year).
 */
export function renewsCurrent(plan: PlanRow, current: PlanRow): boolean {
  return plan.planYear === current.planYear + 1 && plan.planName === current.planName && planProduct(plan.id) === planProduct(current.id);
}

function planOption(plan: PlanRow, premium: number, taxCredit: number, access: CoverageAmountAccess, renews = false): PlanOption {
  return {
    planId: plan.id,
    planName: plan.planName,
    lineOfCoverage: plan.lineOfCoverage,
    metalLevel: plan.metalLevel,
    planType: plan.planType,
    planYear: plan.planYear,
    deductibleCents: plan.deductibleCents,
    outOfPocketMaxCents: plan.outOfPocketMaxCents,
    drugsCovered: plan.drugsCovered,
    sbcUrl: plan.sbcUrl,
    premiumCents: access.premium ? premium : null,
    premiumAfterTaxCreditCents: access.subsidies ? premiumAfterTaxCredit(premium, taxCredit, plan.metalLevel) : null,
    renewsCurrent: renews,
  };
}

/** The plans a policy may move to, as packages/domain's `planChoices` gives them, priced for its people. */
export async function planChoicesOf(db: Executor, bundle: CoverageBundle, rules: CoverageRules) {
  const facts = coverageFactsOf(bundle, rules.today);
  const shown = shownSpan(bundle, rules.today);
  if (!shown || !facts.coverage) return { facts, shown: null, choices: null };
  const catalogue = await cataloguePlans(db, bundle.policy.lineOfCoverage, [shown.plan.planYear, shown.plan.planYear + 1]);
  const members = coveredMembers(bundle, facts, { fromToday: true });
  const choices = planChoices(
    catalogue,
    {
      today: rules.today,
      market: facts.market,
      lineOfCoverage: bundle.policy.lineOfCoverage,
      offExchange: bundle.policy.offExchange,
      currentPlanId: shown.planId,
      currentPlanYear: shown.plan.planYear,
      coverageEndDate: facts.coverage.endDate,
      memberBirthDates: members.map(({ member }) => member.dob),
    },
    { groupMarketProducts: rules.account.coverageChanges.groupMarketProducts, openEnrollment: rules.account.coverageChanges.openEnrollment },
  );
  return { facts, shown, choices };
}

/** `GET /api/v1/Policy/{policyId}/plan-choices`: the current plan beside this year's and next year's choices. */
export async function planChoicesView(db: Database, bundle: CoverageBundle, roles: readonly string[], rules: CoverageRules): Promise<PlanChoices> {
  const access = coverageAmountAccess(roles, rules.roles);
  const { shown, choices } = await planChoicesOf(db, bundle, rules);
  const taxCredit = shown?.taxCreditAmountCents ?? 0;
  const priced = (set: { effectiveDate: CalendarDate; plans: PlanRow[] } | null) =>
    set && shown
      ? {
          effectiveDate: set.effectiveDate,
          plans: set.plans
            .map((plan) => planOption(plan, estimatedPremium(shown.premiumAmountCents, shown.plan.monthlyPremiumCents, plan.monthlyPremiumCents), taxCredit, access, renewsCurrent(plan, shown.plan)))
            .sort((x, y) => (x.premiumCents ?? 0) - (y.premiumCents ?? 0) || x.planName.localeCompare(y.planName)),
        }
      : null;
  return {
    policyId: bundle.policy.id,
    policyNumber: bundle.policy.policyNumber,
    lineOfCoverage: bundle.policy.lineOfCoverage,
    marketCoverage: marketCoverage(bundle.policy.marketCoverage),
    route: routeOf(bundle, 'change-plan'),
    visibleAmounts: access,
    taxCreditCents: access.subsidies && shown ? taxCredit : null,
    current: shown ? planOption(shown.plan, shown.premiumAmountCents, taxCredit, access) : null,
    eligible: priced(choices?.eligible ?? null),
    renewal: priced(choices?.renewal ?? null),
    qualifyingEventNeeded: choices?.qualifyingEventNeeded ?? true,
    today: rules.today,
  };
}
