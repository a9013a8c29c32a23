/**
 * Changing plan (issue 11 change-plan; SPEC §3 Policy `eligiblePlans`, `eligibleRenewalPlans`; DOMAIN
 * "Plans and coverage", "Changes and requests"; docs/decisions/025-coverage-changes.md).
 *
 * The plans a policy may move to come from the issuer's plan catalogue (the plans table):
 * - the same **line of coverage** (medical to medical) and the same **market** — a plan's market is that of
 *   its HIOS product (`planMarket`): the tenant lists its group (SHOP) products, every other product is
 *   individual market;
 * - the same **channel**: an on-exchange policy's plans are on-exchange variants (-01, or the silver
 *   cost-sharing variant -04/-05/-06 the household already qualifies for: CSR exists only on silver plans,
 *   45 CFR 156.420), an off-exchange or group policy's the -00 variants;
 * - **catastrophic** plans only when every member is under 30 (45 CFR 156.155(a)(1); the portal does not
 *   know of hardship exemptions);
 * - **eligible plans**: the policy's plan year, from the first of next month — only while that day is still
 *   in the plan year and the coverage runs on it;
 * - **renewal plans**: next year's plans, from January 1, once open enrolment for next year has started
 *   (1 November in the baseline) and while the coverage runs to the end of the plan year.
 * A change of the current year's plan outside open enrolment needs a qualifying life event (45 CFR 155.420)
 * within the last 60 days; choosing next year's plan during open enrolment does not.
 */
import {
  addDays,
  addMonths,
  calendarDate,
  compareCalendarDates,
  parseCalendarDate,
  startOfMonth,
  type CalendarDate,
} from './calendar-date';
import type { Cents } from './money';
import type { DateWindow } from './dependents';
import type { MarketCoverage } from './coverage';
import { QUALIFYING_EVENT_WINDOW_DAYS } from './coverage-changes';

/** A plan of the catalogue, as the rules need it (SPEC §3 Plan). */
export interface CataloguePlan {
  readonly id: string;
  readonly lineOfCoverage: string;
  readonly metalLevel: string | null;
  readonly planYear: number;
  readonly effectiveDate: CalendarDate;
  readonly effectiveEndDate: CalendarDate;
  /** The plan's reference monthly rate (SPEC §3 Plan monthlyPremium). */
  readonly monthlyPremiumCents: Cents;
}

const PLAN_ID = /^([0-9]{5})([A-Z]{2})([0-9]{3})([0-9]{4})(?:-([0-9]{2}))?$/;

/** The HIOS product number of a plan id (`77421MA0010003-04` → `001`), or null for another shape. */
export function planProduct(planId: string): string | null {
  return PLAN_ID.exec(planId)?.[3] ?? null;
}

/** The variant suffix of a plan id (`-04` → `04`), or null without one. */
export function planVariant(planId: string): string | null {
  return PLAN_ID.exec(planId)?.[5] ?? null;
}

/** The plan id without its variant: the same plan whatever the variant. */
export function planBaseId(planId: string): string {
  return planId.replace(/-[0-9]{2}$/, '');
}

/** The market a plan is sold in: its product's (the tenant's `coverageChanges.groupMarketProducts`). */
export function planMarket(planId: string, groupMarketProducts: readonly string[]): 'Individual' | 'Group' {
  const product = planProduct(planId);
  return product !== null && groupMarketProducts.includes(product) ? 'Group' : 'Individual';
}

/** The silver cost-sharing-reduction variants (DOMAIN "Plan ID"). */
const CSR_VARIANTS = ['04', '05', '06'];

/** Open enrolment: from a month and day to a month and day of the next year (1 November – 15 January). */
export interface OpenEnrollment {
  readonly startMonth: number;
  readonly startDay: number;
  readonly endMonth: number;
  readonly endDay: number;
}

/** The plan year open enrolment is for on `today`, or null outside it (1 Nov 2026 – 15 Jan 2027 is for 2027). */
export function openEnrollmentYear(today: CalendarDate, window: OpenEnrollment): number | null {
  const { year } = parseCalendarDate(today);
  if (compareCalendarDates(today, calendarDate(year, window.startMonth, window.startDay)) >= 0)
    return year + 1;
  if (compareCalendarDates(today, calendarDate(year, window.endMonth, window.endDay)) <= 0) return year;
  return null;
}

/** The people and the policy the choice is for. */
export interface PlanChangeFacts {
  readonly today: CalendarDate;
  readonly market: MarketCoverage;
  readonly lineOfCoverage: string;
  readonly offExchange: boolean;
  /** The plan the policy shows today (SPEC §4 span choice). */
  readonly currentPlanId: string;
  readonly currentPlanYear: number;
  /** The coverage the plan is on (contiguous spans merged): when it ends, if known. */
  readonly coverageEndDate: CalendarDate | null;
  /** Dates of birth of the members covered. */
  readonly memberBirthDates: readonly CalendarDate[];
}

export interface PlanChangeSettings {
  readonly groupMarketProducts: readonly string[];
  readonly openEnrollment: OpenEnrollment;
}

/** A set of plans to choose from, and the day a change to one of them takes effect. */
export interface PlanChoiceSet<P extends CataloguePlan> {
  readonly effectiveDate: CalendarDate;
  readonly plans: P[];
}

export interface PlanChoices<P extends CataloguePlan> {
  /** This plan year's plans from the first of next month; null when no change fits in the plan year. */
  readonly eligible: PlanChoiceSet<P> | null;
  /** Next year's plans from January 1; null before open enrolment starts. */
  readonly renewal: PlanChoiceSet<P> | null;
  /** Whether a change to an `eligible` plan needs a qualifying life event (outside open enrolment). */
  readonly qualifyingEventNeeded: boolean;
}

/** Age in whole years on `date`. */
export function ageOn(dob: CalendarDate, date: CalendarDate): number {
  const born = parseCalendarDate(dob);
  const on = parseCalendarDate(date);
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}

/**
 * The plans of `year` the policy may move to on `effectiveDate` (see the rules at the top): one variant
 * per plan, the current plan left out.
 */
function candidates<P extends CataloguePlan>(
  catalogue: readonly P[],
  facts: PlanChangeFacts,
  settings: PlanChangeSettings,
  year: number,
  effectiveDate: CalendarDate,
): P[] {
  const market = facts.market === 'Group' ? 'Group' : 'Individual';
  const currentVariant = planVariant(facts.currentPlanId);
  const onExchangeVariants = currentVariant !== null && currentVariant !== '00';
  const under30 = facts.memberBirthDates.every((dob) => ageOn(dob, effectiveDate) < 30);
  const currentBase = planBaseId(facts.currentPlanId);
  const fits = catalogue.filter(
    (plan) =>
      plan.planYear === year &&
      plan.lineOfCoverage === facts.lineOfCoverage &&
      planMarket(plan.id, settings.groupMarketProducts) === market &&
      planBaseId(plan.id) !== currentBase &&
      compareCalendarDates(plan.effectiveDate, effectiveDate) <= 0 &&
      compareCalendarDates(effectiveDate, plan.effectiveEndDate) <= 0 &&
      (plan.metalLevel !== 'Catastrophic' || under30),
  );
  if (currentVariant === null) return fits;
  // One variant per plan: the one the policy's channel and cost-sharing level give.
  const byBase = new Map<string, P[]>();
  for (const plan of fits)
    byBase.set(planBaseId(plan.id), [...(byBase.get(planBaseId(plan.id)) ?? []), plan]);
  const chosen: P[] = [];
  for (const variants of byBase.values()) {
    const variantOf = (plan: P) => planVariant(plan.id);
    const pick = onExchangeVariants
      ? ((CSR_VARIANTS.includes(currentVariant)
          ? variants.find((plan) => variantOf(plan) === currentVariant)
          : undefined) ?? variants.find((plan) => variantOf(plan) === '01'))
      : variants.find((plan) => variantOf(plan) === '00' || variantOf(plan) === null);
    if (pick) chosen.push(pick);
  }
  return chosen;
}

/** SPEC §3 Policy `eligiblePlans` and `eligibleRenewalPlans` (the rules at the top of this file). */
export function planChoices<P extends CataloguePlan>(
  catalogue: readonly P[],
  facts: PlanChangeFacts,
  settings: PlanChangeSettings,
): PlanChoices<P> {
  const firstOfNextMonth = startOfMonth(addMonths(startOfMonth(facts.today), 1));
  const runsOn = (date: CalendarDate) =>
    facts.coverageEndDate === null || compareCalendarDates(date, facts.coverageEndDate) <= 0;
  const eligible =
    parseCalendarDate(firstOfNextMonth).year === facts.currentPlanYear && runsOn(firstOfNextMonth)
      ? {
          effectiveDate: firstOfNextMonth,
          plans: candidates(catalogue, facts, settings, facts.currentPlanYear, firstOfNextMonth),
        }
      : null;
  const nextYear = facts.currentPlanYear + 1;
  const newYearsDay = calendarDate(nextYear, 1, 1);
  const renewal =
    openEnrollmentYear(facts.today, settings.openEnrollment) === nextYear &&
    runsOn(calendarDate(facts.currentPlanYear, 12, 31))
      ? { effectiveDate: newYearsDay, plans: candidates(catalogue, facts, settings, nextYear, newYearsDay) }
      : null;
  return {
    eligible,
    renewal,
    qualifyingEventNeeded: openEnrollmentYear(facts.today, settings.openEnrollment) !== facts.currentPlanYear,
  };
}

/**
 * A plan's monthly premium for this policy's people, estimated from what they pay now: premiums are the
 * plan's rate times the same factors for the same people (age, rating area), so the current premium scaled
 * by the ratio of the two plans' rates (a renewal's new ages are not counted: it is an estimate).
 */
export function estimatedPremium(currentPremium: Cents, currentPlanRate: Cents, candidateRate: Cents): Cents {
  if (currentPlanRate <= 0) return candidateRate;
  return Math.round((currentPremium * candidateRate) / currentPlanRate);
}

/**
 * What the member would pay after the tax credit they get now (APTC is a fixed amount for the household,
 * whatever plan it buys, up to the premium); a catastrophic plan takes no tax credit (26 U.S.C. 36B(c)(3)(A)).
 */
export function premiumAfterTaxCredit(premium: Cents, taxCredit: Cents, metalLevel: string | null): Cents {
  if (metalLevel === 'Catastrophic') return premium;
  return Math.max(0, premium - taxCredit);
}

/** Qualifying life events a mid-year plan change is asked for (45 CFR 155.420(d)). */
export const PLAN_CHANGE_EVENTS = [
  'moved',
  'loss-of-coverage',
  'marriage',
  'birth-or-adoption',
  'other',
] as const;
export type PlanChangeEvent = (typeof PLAN_CHANGE_EVENTS)[number];

/** The dates the event may have happened on: the last 60 days (a loss of coverage also up to 60 days ahead). */
export function planChangeEventWindow(event: PlanChangeEvent, today: CalendarDate): DateWindow {
  return {
    earliest: addDays(today, -QUALIFYING_EVENT_WINDOW_DAYS),
    latest: event === 'loss-of-coverage' ? addDays(today, QUALIFYING_EVENT_WINDOW_DAYS) : today,
  };
}
