import {
  addDays,
  changeRouteFor,
  mergeContiguousSpans,
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
import type {
  AccountConfig,
  CoverageDateOptions,
  CoverageDetails,
  CoverageSpan,
  EndCoverageOptions,
  PlanChoices,
  PlanOption,
} from '@portal/contracts';
import type { Database, Executor, Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { issueDocument } from '../document/service';
import { autopayList, stopAutopayOfPolicy } from '../autopay/service';
import { hraOf } from '../finance/service';
import { scheduledPaymentList } from '../scheduled-payment/service';
import { coverageFactsOf, coveredMembers, overlaps, shownSpan } from './facts';
import { cataloguePlans, planById } from '../benefits/service';
import { loadCoverageBundle, type CoverageBundle, type CoverageSpanRow, type PlanRow } from './repository';
import { insertMemberSpans, updateMemberSpan } from '../member/service';
import { insertCoverageSpan, lockPolicy, setEnrollmentStatus, updateCoverageSpan } from '../policy/service';

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
  changeRouteFor(
    { offExchange: bundle.policy.offExchange, marketCoverage: bundle.policy.marketCoverage },
    change,
  );

const later = (a: CalendarDate, b: CalendarDate) => (compareCalendarDates(a, b) >= 0 ? a : b);
const earlierOrNull = (a: CalendarDate | null, b: CalendarDate | null) =>
  a === null ? b : b === null ? a : compareCalendarDates(a, b) <= 0 ? a : b;

/** SPEC §3 CoverageDetail of one span, with only the amount groups the caller may see. */
function spanView(
  bundle: CoverageBundle,
  span: CoverageSpanRow,
  shownId: string | null,
  access: CoverageAmountAccess,
  today: CalendarDate,
): CoverageSpan {
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
    .filter((row) =>
      overlaps(
        {
          startDate: row.span.startDate,
          endDate: isSpanCancelled(row.span) ? row.span.startDate : row.span.endDate,
        },
        period,
      ),
    )
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
    premium: access.premium
      ? { premiumCents: breakdown.premium, policyRateCents: span.policyRateAmountCents }
      : null,
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
export function coverageDetailsView(
  bundle: CoverageBundle,
  roles: readonly string[],
  rules: CoverageRules,
): CoverageDetails {
  const access = coverageAmountAccess(roles, rules.roles);
  const shown = shownSpan(bundle, rules.today);
  return {
    policyId: bundle.policy.id,
    policyNumber: bundle.policy.policyNumber,
    lineOfCoverage: bundle.policy.lineOfCoverage,
    marketCoverage: marketCoverage(bundle.policy.marketCoverage),
    offExchange: bundle.policy.offExchange,
    visibleAmounts: access,
    spans: [...bundle.spans]
      .reverse()
      .map((span) => spanView(bundle, span, shown?.id ?? null, access, rules.today)),
  };
}

function changeBase(
  bundle: CoverageBundle,
  facts: CoverageFacts,
  change: 'end-coverage' | 'coverage-dates',
  rules: CoverageRules,
) {
  const shown = shownSpan(bundle, rules.today);
  return {
    policyId: bundle.policy.id,
    policyNumber: bundle.policy.policyNumber,
    lineOfCoverage: bundle.policy.lineOfCoverage,
    marketCoverage: marketCoverage(bundle.policy.marketCoverage),
    planName: shown?.plan.planName ?? null,
    route: routeOf(bundle, change),
    coverage: facts.coverage,
    members: coveredMembers(bundle, facts, { fromToday: change === 'end-coverage' }).map(
      ({ member, span }) => ({
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        relationship: span.relationship,
      }),
    ),
    today: rules.today,
  };
}

/** `GET /api/v1/Policy/{policyId}/end-coverage`: the caller's reasons with their dates, and what else ends. */
export async function endCoverageOptionsView(
  db: Database,
  bundle: CoverageBundle,
  roles: readonly string[],
  rules: CoverageRules,
): Promise<EndCoverageOptions> {
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
      .map((item) => ({
        id: item.id,
        paymentDate: item.paymentDate,
        paymentAmountCents: item.paymentAmountCents,
      })),
  };
}

/** `GET /api/v1/Policy/{policyId}/coverage-dates`: the caller's reasons with the dates each allows. */
export function coverageDateOptionsView(
  bundle: CoverageBundle,
  roles: readonly string[],
  rules: CoverageRules,
): CoverageDateOptions {
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
  return (
    plan.planYear === current.planYear + 1 &&
    plan.planName === current.planName &&
    planProduct(plan.id) === planProduct(current.id)
  );
}

function planOption(
  plan: PlanRow,
  premium: number,
  taxCredit: number,
  access: CoverageAmountAccess,
  renews = false,
): PlanOption {
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
    premiumAfterTaxCreditCents: access.subsidies
      ? premiumAfterTaxCredit(premium, taxCredit, plan.metalLevel)
      : null,
    renewsCurrent: renews,
  };
}

/** The plans a policy may move to, as packages/domain's `planChoices` gives them, priced for its people. */
export async function planChoicesOf(db: Executor, bundle: CoverageBundle, rules: CoverageRules) {
  const facts = coverageFactsOf(bundle, rules.today);
  const shown = shownSpan(bundle, rules.today);
  if (!shown || !facts.coverage) return { facts, shown: null, choices: null };
  const catalogue = await cataloguePlans(db, bundle.policy.lineOfCoverage, [
    shown.plan.planYear,
    shown.plan.planYear + 1,
  ]);
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
    {
      groupMarketProducts: rules.account.coverageChanges.groupMarketProducts,
      openEnrollment: rules.account.coverageChanges.openEnrollment,
    },
  );
  return { facts, shown, choices };
}

/** `GET /api/v1/Policy/{policyId}/plan-choices`: the current plan beside this year's and next year's choices. */
export async function planChoicesView(
  db: Database,
  bundle: CoverageBundle,
  roles: readonly string[],
  rules: CoverageRules,
): Promise<PlanChoices> {
  const access = coverageAmountAccess(roles, rules.roles);
  const { shown, choices } = await planChoicesOf(db, bundle, rules);
  const taxCredit = shown?.taxCreditAmountCents ?? 0;
  const priced = (set: { effectiveDate: CalendarDate; plans: PlanRow[] } | null) =>
    set && shown
      ? {
          effectiveDate: set.effectiveDate,
          plans: set.plans
            .map((plan) =>
              planOption(
                plan,
                estimatedPremium(
                  shown.premiumAmountCents,
                  shown.plan.monthlyPremiumCents,
                  plan.monthlyPremiumCents,
                ),
                taxCredit,
                access,
                renewsCurrent(plan, shown.plan),
              ),
            )
            .sort(
              (x, y) => (x.premiumCents ?? 0) - (y.premiumCents ?? 0) || x.planName.localeCompare(y.planName),
            ),
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

/* ---------------------------------------------------------------------------------------------------
 * Approved changes (issue 13; docs/decisions/030): staff approving an end-coverage, change-coverage-dates
 * or change-plan request call these in the approval's transaction, under the policy's lock.
 * ------------------------------------------------------------------------------------------------- */

const isAfter = (a: CalendarDate, b: CalendarDate) => compareCalendarDates(a, b) > 0;

async function lockedCoverage(tx: Transaction, policyId: string): Promise<CoverageBundle> {
  await lockPolicy(tx, policyId);
  const bundle = await loadCoverageBundle(tx, policyId);
  if (!bundle) throw ruleViolation('params.id', 'policy-not-found', 'The request’s policy is gone.');
  return bundle;
}

/** Every live span (policy's and members') ends on `endDate`: those running past it end then, those starting after it are cancelled. */
async function endSpansOn(tx: Transaction, bundle: CoverageBundle, endDate: CalendarDate): Promise<number> {
  let changed = 0;
  for (const span of bundle.spans.filter((row) => !row.cancelled)) {
    if (isAfter(span.startDate, endDate)) await updateCoverageSpan(tx, span.id, { cancelled: true });
    else if (span.endDate === null || isAfter(span.endDate, endDate))
      await updateCoverageSpan(tx, span.id, { endDate });
    else continue;
    changed += 1;
  }
  for (const { span } of bundle.memberRows.filter((row) => !row.span.cancelled)) {
    if (isAfter(span.startDate, endDate)) await updateMemberSpan(tx, span.id, { cancelled: true });
    else if (span.endDate === null || isAfter(span.endDate, endDate))
      await updateMemberSpan(tx, span.id, { endDate });
  }
  return changed;
}

/**
 * An approved end of coverage: every span ends on the requested date (members' too), the enrolment is
 * Terminated once that day has passed, autopay stops (as the statement the member confirmed said), and
 * the member gets the termination notice. Scheduled payments are left as they are.
 */
export async function applyEndCoverage(
  tx: Transaction,
  input: { policyId: string; endDate: CalendarDate; reason: string; today: CalendarDate },
): Promise<OutboxEventInput[]> {
  const bundle = await lockedCoverage(tx, input.policyId);
  const changed = await endSpansOn(tx, bundle, input.endDate);
  if (changed === 0)
    throw ruleViolation('params.id', 'coverage-already-ends', 'The coverage already ends by then.');
  if (isAfter(input.today, input.endDate)) await setEnrollmentStatus(tx, bundle.policy.id, 'Terminated');
  // The statement the member confirmed said autopay stops (packages/domain `endCoverageEffects`).
  const autopay = await stopAutopayOfPolicy(
    tx,
    {
      id: bundle.policy.id,
      householdId: bundle.policy.householdId,
      policyNumber: bundle.policy.policyNumber,
    },
    input.today,
  );
  const plan =
    shownSpan(bundle, input.today)?.plan ?? bundle.spans.filter((span) => !span.cancelled).at(-1)?.plan;
  const notice = await issueDocument(tx, {
    householdId: bundle.policy.householdId,
    policyId: bundle.policy.id,
    type: 'notice',
    subtype: 'termination',
    documentDate: input.today,
    facts: {
      policyNumber: bundle.policy.policyNumber,
      planName: plan?.planName ?? null,
      terminationDate: input.endDate,
      reason: input.reason,
    },
    eventValues: { terminationDate: input.endDate },
  });
  return [...autopay, notice.event];
}

/**
 * An approved change of the coverage's start or end date: the coverage period's first span starts (or
 * its last span ends) on the new date, and members' spans that started (ended) with it move alike.
 */
export async function applyCoverageDates(
  tx: Transaction,
  input: {
    policyId: string;
    which: 'start' | 'end';
    currentDate: CalendarDate | null;
    newDate: CalendarDate;
  },
): Promise<void> {
  const bundle = await lockedCoverage(tx, input.policyId);
  const live = bundle.spans.filter((span) => !span.cancelled);
  const span =
    input.which === 'start'
      ? live.find((row) => row.startDate === input.currentDate)
      : live.find((row) => row.endDate === input.currentDate);
  if (!span)
    throw ruleViolation(
      'params.id',
      'coverage-changed',
      'The coverage no longer has the date this request changes.',
    );
  if (input.which === 'start') {
    if (span.endDate !== null && isAfter(input.newDate, span.endDate))
      throw ruleViolation('params.id', 'date-crosses-other-end', 'The new start is after the end.');
    await updateCoverageSpan(tx, span.id, { startDate: input.newDate });
    for (const { span: memberSpan } of bundle.memberRows.filter(
      (row) => !row.span.cancelled && row.span.startDate === input.currentDate,
    )) {
      await updateMemberSpan(tx, memberSpan.id, { startDate: input.newDate });
    }
  } else {
    if (isAfter(span.startDate, input.newDate))
      throw ruleViolation('params.id', 'date-crosses-other-end', 'The new end is before the start.');
    await updateCoverageSpan(tx, span.id, { endDate: input.newDate });
    for (const { span: memberSpan } of bundle.memberRows.filter(
      (row) => !row.span.cancelled && row.span.endDate === input.currentDate,
    )) {
      await updateMemberSpan(tx, memberSpan.id, { endDate: input.newDate });
    }
  }
}

/**
 * An approved plan change: the span in force on the effective date ends the day before it, and a new
 * span of the new plan runs from the effective date to the end of that plan year (or the old span's end,
 * if sooner), with the plan's premium and the old span's credits (never above the premium); the members
 * covered then get spans alike. The member gets the plan-change notice.
 */
export async function applyPlanChange(
  tx: Transaction,
  input: { policyId: string; planId: string; effectiveDate: CalendarDate; today: CalendarDate },
): Promise<OutboxEventInput[]> {
  const bundle = await lockedCoverage(tx, input.policyId);
  const plan = await planById(tx, input.planId);
  if (!plan)
    throw ruleViolation('params.id', 'plan-not-eligible', 'The requested plan is no longer offered.');
  const live = bundle.spans.filter((span) => !span.cancelled);
  const effective = input.effectiveDate;
  const old =
    live.find(
      (span) =>
        !isAfter(span.startDate, effective) && (span.endDate === null || !isAfter(effective, span.endDate)),
    ) ?? live.find((span) => addDays(effective, -1) === span.endDate);
  if (!old)
    throw ruleViolation(
      'params.id',
      'coverage-changed',
      'The policy has no coverage on the day the new plan starts.',
    );
  if (old.planId === plan.id)
    throw ruleViolation('params.id', 'plan-unchanged', 'The policy already has this plan.');
  const yearEnd = `${effective.slice(0, 4)}-12-31`;
  const end = old.endDate !== null && isAfter(yearEnd, old.endDate) ? old.endDate : yearEnd;
  // Whatever came after the effective date in the old plan gives way to the new one.
  await endSpansOn(tx, bundle, addDays(effective, -1));
  const credit = Math.min(old.taxCreditAmountCents, plan.monthlyPremiumCents);
  await insertCoverageSpan(tx, {
    policyId: bundle.policy.id,
    addFolderId: old.addFolderId,
    startDate: effective,
    endDate: end,
    planId: plan.id,
    planType: plan.planType,
    premiumAmountCents: plan.monthlyPremiumCents,
    policyRateAmountCents: plan.monthlyPremiumCents,
    taxCreditAmountCents: credit,
    otherSubsidyAmountCents: Math.min(old.otherSubsidyAmountCents, plan.monthlyPremiumCents - credit),
    groupOrPolicyNumber: old.groupOrPolicyNumber,
  });
  const onThatDay = bundle.memberRows.filter(
    ({ span }) =>
      !span.cancelled &&
      !isAfter(span.startDate, effective) &&
      (span.endDate === null || !isAfter(effective, span.endDate)),
  );
  await insertMemberSpans(
    tx,
    onThatDay.map(({ span }) => ({
      policyId: bundle.policy.id,
      memberId: span.memberId,
      relationship: span.relationship,
      startDate: effective,
      endDate: end,
      ratingAge: span.ratingAge,
      tobacco: span.tobacco,
    })),
  );
  const notice = await issueDocument(tx, {
    householdId: bundle.policy.householdId,
    policyId: bundle.policy.id,
    type: 'notice',
    subtype: 'plan-change',
    documentDate: input.today,
    facts: {
      policyNumber: bundle.policy.policyNumber,
      planName: plan.planName,
      previousPlanName: old.plan.planName,
      effectiveDate: effective,
      premiumCents: plan.monthlyPremiumCents,
    },
    eventValues: { effectiveDate: effective },
  });
  return [notice.event];
}

/** The coverage period in force (or last) with its plan: what the queue's comparison shows beside a request. */
export async function coverageNow(
  db: Executor,
  policyId: string,
  today: CalendarDate,
): Promise<{
  startDate: CalendarDate;
  endDate: CalendarDate | null;
  planName: string | null;
  enrollmentStatus: string;
} | null> {
  const bundle = await loadCoverageBundle(db, policyId);
  if (!bundle) return null;
  const facts = coverageFactsOf(bundle, today);
  const plan =
    shownSpan(bundle, today)?.plan ?? bundle.spans.filter((span) => !span.cancelled).at(-1)?.plan ?? null;
  const period = facts.coverage ?? mergeContiguousSpans(bundle.spans).at(-1) ?? null;
  return period
    ? {
        startDate: period.startDate,
        endDate: period.endDate,
        planName: plan?.planName ?? null,
        enrollmentStatus: bundle.policy.enrollmentStatus,
      }
    : null;
}
