/**
 * Coverage details, ending coverage and changing coverage dates (issue 11; SPEC §1 "end coverage, change
 * coverage dates", §5 "End-coverage reasons per role are restricted by conditions", §6 "Coverage details
 * needs role-based access control"; docs/decisions/025-coverage-changes.md).
 *
 * Who may do what comes from role-config (each role's `coverageDetailAmounts`, `endCoverageReasons` and
 * `coverageDateReasons`); what a reason allows — the dates, and whether it applies to this policy at all —
 * is decided here from the policy's facts, so the page and the server give the same answer.
 */
import {
  addDays,
  addMonths,
  calendarDate,
  compareCalendarDates,
  endOfMonth,
  parseCalendarDate,
  startOfMonth,
  type CalendarDate,
} from './calendar-date';
import type { MarketCoverage } from './coverage';
import type { DateWindow } from './dependents';
import { roleDefinitions, type RoleConfig, type RoleDefinition } from './roles';

// ── SPEC §6: which amounts of a coverage span a role may see ─────────────────────────────────────

/**
 * The amounts of a coverage span, in two groups a role is given separately (role-config
 * `coverageDetailAmounts`):
 * - `premium`: the span's premium and the policy rate — what the plan costs;
 * - `subsidies`: the tax credit (APTC), cost-sharing reductions, other subsidies or an employer's
 *   contribution, the HRA, and the member's share. APTC and CSR follow from the household's income, so
 *   a role that helps choose plans (a broker) may see prices without seeing them; the member's share is
 *   in this group because premium − share would give the subsidies away.
 */
export const COVERAGE_AMOUNT_GROUPS = ['premium', 'subsidies'] as const;
export type CoverageAmountGroup = (typeof COVERAGE_AMOUNT_GROUPS)[number];

export type CoverageAmountAccess = Readonly<Record<CoverageAmountGroup, boolean>>;

/** The union of what the caller's roles give (unknown roles give nothing). */
function grantedList(
  roles: readonly string[],
  config: RoleConfig,
  pick: (definition: RoleDefinition) => readonly string[] | undefined,
): Set<string> {
  return new Set(roleDefinitions(roles, config).flatMap((definition) => pick(definition) ?? []));
}

/** SPEC §6: the amount groups the caller's roles may see on coverage details. */
export function coverageAmountAccess(roles: readonly string[], config: RoleConfig): CoverageAmountAccess {
  const granted = grantedList(roles, config, (definition) => definition.coverageDetailAmounts);
  return { premium: granted.has('premium'), subsidies: granted.has('subsidies') };
}

// ── Reasons ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Why coverage ends (DOMAIN "End coverage"; 45 CFR 155.430(b)). Members give the first four; staff may
 * also record a death or fraud (role-config `endCoverageReasons`).
 * - `other-coverage`: other minimum essential coverage (a job's plan, Medicare, Medicaid);
 * - `moved-out-of-area`: a move out of the plan's service area;
 * - `cost`: the member can no longer afford it;
 * - `no-reason`: the member's choice, no reason given;
 * - `death`: the subscriber died (staff record it from a notice or a call);
 * - `fraud`: fraud or intentional misrepresentation (a rescission, 45 CFR 147.128; staff only).
 */
export const END_COVERAGE_REASONS = [
  'other-coverage',
  'moved-out-of-area',
  'cost',
  'no-reason',
  'death',
  'fraud',
] as const;
export type EndCoverageReason = (typeof END_COVERAGE_REASONS)[number];

/**
 * Why a coverage date should be different (role-config `coverageDateReasons`):
 * - `start-later`: start later, while the coverage has not started or the first premium (binder) is unpaid;
 * - `start-earlier`: start earlier, back to a qualifying life event within the special enrolment window;
 * - `end-later`: keep the coverage longer when an end date is already set and still to come;
 * - `correction`: staff correct either date within the plan year (the exchange's or the employer's record
 *   says otherwise).
 */
export const COVERAGE_DATE_REASONS = ['start-later', 'start-earlier', 'end-later', 'correction'] as const;
export type CoverageDateReason = (typeof COVERAGE_DATE_REASONS)[number];

/** The end-coverage reasons the caller's roles may give, in the order above. */
export function endCoverageReasonsFor(roles: readonly string[], config: RoleConfig): EndCoverageReason[] {
  const granted = grantedList(roles, config, (definition) => definition.endCoverageReasons);
  return END_COVERAGE_REASONS.filter((reason) => granted.has(reason));
}

/** The coverage-date reasons the caller's roles may give, in the order above. */
export function coverageDateReasonsFor(roles: readonly string[], config: RoleConfig): CoverageDateReason[] {
  const granted = grantedList(roles, config, (definition) => definition.coverageDateReasons);
  return COVERAGE_DATE_REASONS.filter((reason) => granted.has(reason));
}

// ── The facts and the limits ──────────────────────────────────────────────────────────────────────

/** What the rules need of a policy. */
export interface CoverageFacts {
  readonly today: CalendarDate;
  readonly market: MarketCoverage;
  /**
   * The policy's coverage shown today (SPEC §4 span choice), with contiguous spans merged: when it began
   * and when it ends (null: no end date). Null when the policy has no coverage that took effect.
   */
  readonly coverage: { readonly startDate: CalendarDate; readonly endDate: CalendarDate | null } | null;
  /** The last day paid for (SPEC §3 Finance), if anything was paid. */
  readonly paidThroughDate: CalendarDate | null;
  /** Whether the coverage took effect (its binder was paid: SPEC §4 Effectuated). */
  readonly effectuated: boolean;
}

/** The tenant's limits (account.json `coverageChanges`, `members.deathDateWindowMonths`). */
export interface CoverageChangeLimits {
  /** A requested date is at most this many days after today (the issuer plans no further ahead). */
  readonly maxDaysAhead: number;
  /** SPEC §5: a death is reported from this many months back to today. */
  readonly deathDateWindowMonths: number;
}

/**
 * 45 CFR 155.420(c): a special enrolment period lasts 60 days from a qualifying life event; an earlier
 * start of coverage goes back at most that far.
 */
export const QUALIFYING_EVENT_WINDOW_DAYS = 60;

/** How a requested date must fall. */
export type DateRule = 'end-of-month' | 'first-of-month' | 'any-day';

/** Why a reason does not apply to this policy now (the page says so; the server refuses it). */
export type ReasonUnavailable =
  /** Nothing left to end or change: the coverage ended, or never took effect. */
  | 'coverage-ended'
  /** SPEC §5 condition: an employer plan's election holds for the plan year (26 CFR 1.125-4): cost or no reason is not enough. */
  | 'group-election'
  /** Start later: the coverage already started and its first premium was paid. */
  | 'already-started'
  /** Start earlier: more than 60 days since the coverage started. */
  | 'window-passed'
  /** End later: no end date is set, or it has passed. */
  | 'no-end-date'
  /** The rules leave no date (e.g. a coverage that starts on January 1 cannot start earlier in its plan year). */
  | 'no-date-left';

/** One reason as the caller may use it on this policy. */
export interface ReasonOption<R extends string> {
  readonly reason: R;
  /** Null: the reason applies. */
  readonly unavailable: ReasonUnavailable | null;
  readonly dateRule: DateRule;
  /** The dates allowed (both included); null when unavailable. */
  readonly window: DateWindow | null;
  /** Staff must say what the reason rests on (a fraud finding, a correction's source). */
  readonly noteRequired: boolean;
}

const later = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareCalendarDates(a, b) >= 0 ? a : b);
const earlier = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareCalendarDates(a, b) <= 0 ? a : b);
const isBefore = (a: CalendarDate, b: CalendarDate): boolean => compareCalendarDates(a, b) < 0;
const yearOf = (date: CalendarDate): number => parseCalendarDate(date).year;
/** The last day of the month before `date`'s month: the last month end strictly before a date that is one. */
const endOfPreviousMonth = (date: CalendarDate): CalendarDate => addDays(startOfMonth(date), -1);
/** The last month end on or before `date`. */
const monthEndOnOrBefore = (date: CalendarDate): CalendarDate =>
  endOfMonth(date) === date ? date : endOfPreviousMonth(date);
/** The first of a month on or after `date`. */
const monthStartOnOrAfter = (date: CalendarDate): CalendarDate =>
  startOfMonth(date) === date ? date : startOfMonth(addMonths(startOfMonth(date), 1));
/** The first of a month on or before `date`. */
const monthStartOnOrBefore = (date: CalendarDate): CalendarDate => startOfMonth(date);

function option<R extends string>(
  reason: R,
  dateRule: DateRule,
  window: DateWindow | null,
  unavailable: ReasonUnavailable | null,
  noteRequired = false,
): ReasonOption<R> {
  if (unavailable) return { reason, unavailable, dateRule, window: null, noteRequired };
  if (!window || isBefore(window.latest, window.earliest))
    return { reason, unavailable: 'no-date-left', dateRule, window: null, noteRequired };
  return { reason, unavailable: null, dateRule, window, noteRequired };
}

/** Whether the coverage has nothing left to end: none, or it ended before today. */
const hasEnded = (facts: CoverageFacts): boolean =>
  facts.coverage === null ||
  (facts.coverage.endDate !== null && isBefore(facts.coverage.endDate, facts.today));

// ── Ending coverage ───────────────────────────────────────────────────────────────────────────────

/**
 * What `reason` allows on this policy (SPEC §5 "End-coverage reasons per role are restricted by
 * conditions"). The rules, and why:
 *
 * - **A chosen end is the last day of a month** (45 CFR 155.430(d): coverage ends at the end of a month;
 *   premiums are monthly, so a mid-month end would bill or refund part of a month). It is **never in the
 *   past**: the earliest is the end of this month — the issuer does not take back coverage a member had.
 * - **Not before the paid-through date**: months already paid are kept, so a member who paid ahead is
 *   covered for what they paid — **unless the reason is other coverage** (paying twice for two coverages
 *   is what a refund is for: those months are refunded) or staff record a death or fraud.
 * - **At most `maxDaysAhead` days ahead** (90 in the baseline): further out, people's plans change and the
 *   request would sit for months; the member can come back nearer the time. When the paid-through date is
 *   further out than that, its month end is the only date offered.
 * - **Before the end already set**: a coverage that ends on a known day can only end earlier here.
 * - **An employer plan's election holds for its plan year** (26 CFR 1.125-4): on a group policy, cost or
 *   no reason is not enough; other coverage or a move out of the area is (both are permitted changes).
 * - **Death** (staff): on the date of death, from SPEC §5's window (`deathDateWindowMonths` back) to today,
 *   not before the coverage began; premiums paid for later months are refunded.
 * - **Fraud** (staff): a rescission, on any day from the coverage's start to today, with a note saying
 *   what the finding rests on (45 CFR 147.128: the member is given 30 days' notice before it takes effect).
 */
export function endCoverageOption(
  reason: EndCoverageReason,
  facts: CoverageFacts,
  limits: CoverageChangeLimits,
): ReasonOption<EndCoverageReason> {
  const { today, coverage } = facts;
  if (hasEnded(facts) || coverage === null)
    return option(
      reason,
      reason === 'death' || reason === 'fraud' ? 'any-day' : 'end-of-month',
      null,
      'coverage-ended',
      reason === 'fraud',
    );
  const lastDay = coverage.endDate === null ? null : coverage.endDate;
  switch (reason) {
    case 'death': {
      const earliest = later(coverage.startDate, addMonths(today, -limits.deathDateWindowMonths));
      const latest = lastDay === null ? today : earlier(today, lastDay);
      return option(reason, 'any-day', { earliest, latest }, null);
    }
    case 'fraud': {
      const latest = lastDay === null ? today : earlier(today, lastDay);
      return option(reason, 'any-day', { earliest: coverage.startDate, latest }, null, true);
    }
    case 'cost':
    case 'no-reason':
      if (facts.market === 'Group') return option(reason, 'end-of-month', null, 'group-election');
      return option(reason, 'end-of-month', voluntaryEndWindow(reason, facts, limits), null);
    case 'other-coverage':
    case 'moved-out-of-area':
      return option(reason, 'end-of-month', voluntaryEndWindow(reason, facts, limits), null);
  }
}

function voluntaryEndWindow(
  reason: EndCoverageReason,
  facts: CoverageFacts,
  limits: CoverageChangeLimits,
): DateWindow | null {
  const { today, coverage, paidThroughDate } = facts;
  if (!coverage) return null;
  let earliest = later(endOfMonth(today), endOfMonth(coverage.startDate));
  if (reason !== 'other-coverage' && paidThroughDate !== null)
    earliest = later(earliest, endOfMonth(paidThroughDate));
  let latest = later(monthEndOnOrBefore(addDays(today, limits.maxDaysAhead)), earliest);
  // A coverage with an end date only ends earlier here (ending on the same day would change nothing).
  if (coverage.endDate !== null) latest = earlier(latest, endOfPreviousMonth(coverage.endDate));
  return { earliest, latest };
}

/** Every reason the caller may give, with what it allows on this policy. */
export function endCoverageOptions(
  reasons: readonly EndCoverageReason[],
  facts: CoverageFacts,
  limits: CoverageChangeLimits,
): ReasonOption<EndCoverageReason>[] {
  return reasons.map((reason) => endCoverageOption(reason, facts, limits));
}

// ── Changing coverage dates ───────────────────────────────────────────────────────────────────────

/** Which date a request changes. */
export type CoverageDateTarget = 'start' | 'end';

/** The date a reason changes (a correction names it itself). */
export function coverageDateTarget(reason: Exclude<CoverageDateReason, 'correction'>): CoverageDateTarget {
  return reason === 'end-later' ? 'end' : 'start';
}

/**
 * What `reason` allows on this policy (the same way as ending coverage):
 *
 * - **Start later** (the first of a month, after the current start): only while the coverage has not
 *   started or its first premium is unpaid (Not Effectuated) — once a paid coverage has begun, it cannot
 *   be moved; at most `maxDaysAhead` ahead and within the plan year.
 * - **Start earlier** (any day, as a birth or adoption starts coverage on its day, 45 CFR 155.420(b)(2)):
 *   back at most 60 days from the current start and not before the plan year; asked within 60 days of the
 *   current start (the special enrolment window).
 * - **End later** (the last day of a month): only when an end date is set and still to come; up to the end
 *   of that plan year (a new year is a renewal, not a date change).
 * - **Correction** (staff, with a note): either date, any day of the coverage's plan year.
 */
export function coverageDateOption(
  reason: CoverageDateReason,
  facts: CoverageFacts,
  limits: CoverageChangeLimits,
): ReasonOption<CoverageDateReason> {
  const { today, coverage } = facts;
  const rule: DateRule =
    reason === 'start-later' ? 'first-of-month' : reason === 'end-later' ? 'end-of-month' : 'any-day';
  if (coverage === null || (hasEnded(facts) && reason !== 'correction'))
    return option(reason, rule, null, 'coverage-ended', reason === 'correction');
  const planYear = yearOf(coverage.startDate);
  switch (reason) {
    case 'start-later': {
      const started = !isBefore(today, coverage.startDate);
      if (started && facts.effectuated) return option(reason, rule, null, 'already-started');
      const earliest = startOfMonth(addMonths(startOfMonth(coverage.startDate), 1));
      let latest = earlier(
        monthStartOnOrBefore(addDays(today, limits.maxDaysAhead)),
        calendarDate(planYear, 12, 1),
      );
      if (coverage.endDate !== null) latest = earlier(latest, monthStartOnOrBefore(coverage.endDate));
      return option(reason, rule, { earliest: monthStartOnOrAfter(earliest), latest }, null);
    }
    case 'start-earlier': {
      if (isBefore(addDays(coverage.startDate, QUALIFYING_EVENT_WINDOW_DAYS), today))
        return option(reason, rule, null, 'window-passed');
      const earliest = later(
        addDays(coverage.startDate, -QUALIFYING_EVENT_WINDOW_DAYS),
        calendarDate(planYear, 1, 1),
      );
      return option(reason, rule, { earliest, latest: addDays(coverage.startDate, -1) }, null);
    }
    case 'end-later': {
      if (coverage.endDate === null || isBefore(coverage.endDate, today))
        return option(reason, rule, null, 'no-end-date');
      const earliest = endOfMonth(addDays(coverage.endDate, 1));
      return option(reason, rule, { earliest, latest: calendarDate(yearOf(coverage.endDate), 12, 31) }, null);
    }
    case 'correction':
      return option(
        reason,
        rule,
        { earliest: calendarDate(planYear, 1, 1), latest: calendarDate(planYear, 12, 31) },
        null,
        true,
      );
  }
}

/** Every coverage-date reason the caller may give, with what it allows on this policy. */
export function coverageDateOptions(
  reasons: readonly CoverageDateReason[],
  facts: CoverageFacts,
  limits: CoverageChangeLimits,
): ReasonOption<CoverageDateReason>[] {
  return reasons.map((reason) => coverageDateOption(reason, facts, limits));
}

// ── Checking a requested date ─────────────────────────────────────────────────────────────────────

/** What is wrong with a date for a reason (the field's message code), or null. */
export type RequestedDateProblem =
  'not-end-of-month' | 'not-first-of-month' | 'date-before-earliest' | 'date-after-latest';

/** Whether `date` is allowed by `option` (an available reason): its shape first, then its window. */
export function requestedDateProblem(
  option: Pick<ReasonOption<string>, 'dateRule' | 'window'>,
  date: CalendarDate,
): RequestedDateProblem | null {
  if (option.dateRule === 'end-of-month' && endOfMonth(date) !== date) return 'not-end-of-month';
  if (option.dateRule === 'first-of-month' && startOfMonth(date) !== date) return 'not-first-of-month';
  if (!option.window) return 'date-after-latest';
  if (isBefore(date, option.window.earliest)) return 'date-before-earliest';
  if (isBefore(option.window.latest, date)) return 'date-after-latest';
  return null;
}

/**
 * A correction may not turn the coverage inside out: a new start after the current end, or a new end
 * before the current start.
 */
export function correctionCrossesOtherEnd(
  target: CoverageDateTarget,
  date: CalendarDate,
  coverage: NonNullable<CoverageFacts['coverage']>,
): boolean {
  return target === 'start'
    ? coverage.endDate !== null && isBefore(coverage.endDate, date)
    : isBefore(date, coverage.startDate);
}

// ── What ending coverage does to payments ─────────────────────────────────────────────────────────

/** A payment set up for later, as the statement names it. */
export interface PlannedPayment {
  readonly id: string;
  readonly paymentDate: CalendarDate;
}

/** What happens to payments set up for later when the coverage ends on `endDate`. */
export interface EndCoverageEffects<P extends PlannedPayment> {
  /** Autopay stops: it is turned off once the coverage ends (it still pays what is owed for the covered months until then). */
  readonly autopayStops: boolean;
  /** Scheduled payments on or before the end date: they go ahead (they pay for months that were covered). */
  readonly scheduledKept: P[];
  /** Scheduled payments after the end date: cancelled (nothing is owed for months without coverage). */
  readonly scheduledCancelled: P[];
}

/** The statement's facts: which payments go ahead and which stop when the coverage ends on `endDate`. */
export function endCoverageEffects<P extends PlannedPayment>(
  endDate: CalendarDate,
  autopayActive: boolean,
  scheduled: readonly P[],
): EndCoverageEffects<P> {
  return {
    autopayStops: autopayActive,
    scheduledKept: scheduled.filter((payment) => !isBefore(endDate, payment.paymentDate)),
    scheduledCancelled: scheduled.filter((payment) => isBefore(endDate, payment.paymentDate)),
  };
}
