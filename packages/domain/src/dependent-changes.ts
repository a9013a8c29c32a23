/**
 * Adding and removing dependents as requests (issue 11 manage-dependents; DOMAIN "Changes and requests":
 * special enrolment; SPEC §5 "Dependents"). The qualifying life events a dependent is added for, the date
 * the coverage would start, and when the coverage of a dependent who leaves ends.
 */
import {
  addDays,
  compareCalendarDates,
  endOfMonth,
  startOfMonth,
  addMonths,
  isDateWithin,
} from './calendar-date';
import type { CalendarDate } from './calendar-date';
import { deathReasonDateWindow, type DateWindow, type DependentRules } from './dependents';

/**
 * Qualifying life events that open a special enrolment period for a new dependent (45 CFR 155.420(d)(2):
 * birth, adoption, placement for adoption or in foster care, a child support or other court order;
 * (d)(2)(i) marriage; (d)(1) loss of minimum essential coverage).
 */
export const ADD_DEPENDENT_EVENTS = [
  'birth',
  'adoption',
  'foster-care',
  'court-order',
  'marriage',
  'loss-of-coverage',
] as const;
export type AddDependentEvent = (typeof ADD_DEPENDENT_EVENTS)[number];

/** Why a dependent leaves the policy. */
export const REMOVE_DEPENDENT_REASONS = [
  'divorce',
  'death',
  'aged-out',
  'other-coverage',
  'moved-out',
  'custody-ended',
  'other',
] as const;
export type RemoveDependentReason = (typeof REMOVE_DEPENDENT_REASONS)[number];

/** A dependent's relationship to the subscriber (SPEC §3 Member relationship; `self` is the subscriber). */
export const DEPENDENT_RELATIONSHIPS = [
  'spouse',
  'child',
  'domesticPartner',
  'stepchild',
  'ward',
  'other',
] as const;
export type DependentRelationship = (typeof DEPENDENT_RELATIONSHIPS)[number];

/**
 * 45 CFR 155.420(c)(1)-(2): a special enrolment period lasts 60 days from the event; for a loss of
 * coverage it also opens 60 days before it, so a member can ask ahead and keep covered without a gap.
 */
export const SPECIAL_ENROLLMENT_WINDOW_DAYS = 60;

/** The dates a life event may have happened on to add a dependent for it today. */
export function lifeEventWindow(event: AddDependentEvent, today: CalendarDate): DateWindow {
  return {
    earliest: addDays(today, -SPECIAL_ENROLLMENT_WINDOW_DAYS),
    latest: event === 'loss-of-coverage' ? addDays(today, SPECIAL_ENROLLMENT_WINDOW_DAYS) : today,
  };
}

const firstOfNextMonth = (date: CalendarDate): CalendarDate => startOfMonth(addMonths(startOfMonth(date), 1));
const later = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareCalendarDates(a, b) >= 0 ? a : b);

/**
 * The dates coverage for a dependent added for `event` may start on, earliest first (45 CFR 155.420(b)(2)):
 * - birth, adoption, foster care, court order: the day of the event, or — if the member prefers — the first
 *   of the month after the request ((b)(2)(i): coverage effective "on the date of birth, adoption,
 *   placement … or court order", and the enrollee may elect the first of the month following plan selection);
 * - marriage: the first of the month after the request ((b)(2)(ii): after plan selection);
 * - loss of coverage: the first of the month after the loss, or after the request when the loss is already
 *   past ((b)(2)(iv)). `eventDate` is then the last day of the other coverage.
 */
export function coverageStartOptions(
  event: AddDependentEvent,
  eventDate: CalendarDate,
  today: CalendarDate,
): CalendarDate[] {
  switch (event) {
    case 'birth':
    case 'adoption':
    case 'foster-care':
    case 'court-order': {
      const next = firstOfNextMonth(today);
      return next === eventDate ? [eventDate] : [eventDate, next];
    }
    case 'marriage':
      return [firstOfNextMonth(today)];
    case 'loss-of-coverage':
      return [firstOfNextMonth(later(eventDate, today))];
  }
}

/**
 * The dates a dependent's leaving may be reported with: for a death, SPEC §5's window (from
 * `deathDateWindowMonths` months ago to today); for anything else, the special enrolment window of 60 days
 * either side of today (a change that already happened, or one planned such as a move or other coverage).
 */
export function removalDateWindow(
  reason: RemoveDependentReason,
  today: CalendarDate,
  rules: Pick<DependentRules, 'deathDateWindowMonths'>,
): DateWindow {
  if (reason === 'death') return deathReasonDateWindow(today, rules);
  return {
    earliest: addDays(today, -SPECIAL_ENROLLMENT_WINDOW_DAYS),
    latest: addDays(today, SPECIAL_ENROLLMENT_WINDOW_DAYS),
  };
}

export const isWithinWindow = (date: CalendarDate, window: DateWindow): boolean =>
  isDateWithin(date, window.earliest, window.latest);

/**
 * Issue 11 "removing a dependent with a reason and date (end-of-month rules)", read as:
 * - a death ends the coverage on the date of death (nobody is covered after it; premiums for later months
 *   are given back);
 * - anything else ends it on the last day of the month the event happens in (45 CFR 155.430(d): coverage
 *   ends at the end of a month), and never in the past: an event in a month that is already over ends the
 *   coverage on the last day of the current month, because the issuer does not end coverage retroactively.
 */
export function lastDayOfCoverage(
  reason: RemoveDependentReason,
  eventDate: CalendarDate,
  today: CalendarDate,
): CalendarDate {
  if (reason === 'death') return eventDate;
  return endOfMonth(later(eventDate, today));
}

/** What happens to a dependent's coverage when they leave: it ends on a day, or — not started yet — never starts. */
export interface RemovalOutcome {
  readonly lastDayOfCoverage: CalendarDate;
  /** The coverage would start after that day: it is cancelled instead of ended. */
  readonly neverStarts: boolean;
}

/** {@link lastDayOfCoverage} against the dependent's own coverage (from `coverageStart`). */
export function removalOutcome(
  reason: RemoveDependentReason,
  eventDate: CalendarDate,
  today: CalendarDate,
  coverageStart: CalendarDate | null,
): RemovalOutcome {
  const last = lastDayOfCoverage(reason, eventDate, today);
  return {
    lastDayOfCoverage: last,
    neverStarts: coverageStart !== null && compareCalendarDates(last, coverageStart) < 0,
  };
}
