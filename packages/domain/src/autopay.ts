/**
 * Autopay run dates (SPEC §3 Subscription, §4 Autopay, §9 payment due day; DOMAIN "Money": autopay
 * charges the amount due on a run day each month from a wallet token). A subscription runs once per
 * billed month, on the month's due date or a few days before it (`daysBeforeDue`); the member hears of
 * the coming debit `advanceNoticeDays` before the run date.
 */
import {
  addDays,
  addMonths,
  compareCalendarDates,
  parseCalendarDate,
  startOfMonth,
  type CalendarDate,
} from './calendar-date';
import { paymentDueDate, type PaymentDueDayRule } from './billing';

/** The most days before the due date a member may have autopay run. */
export const MAX_AUTOPAY_DAYS_BEFORE_DUE = 10;

/** One billed month of a subscription: its due date and the day autopay charges it. */
export interface AutopayRunDates {
  /** The billed month (its first day). */
  readonly period: CalendarDate;
  readonly dueDate: CalendarDate;
  /** The due date less `daysBeforeDue`. */
  readonly runDate: CalendarDate;
}

/**
 * SPEC §9 + §4 Autopay: the due date of the billed month `period` (the configured due-day rule; a
 * constant due day is capped at month end) and the run date `daysBeforeDue` days before it. Throws a
 * RangeError for `daysBeforeDue` outside 0-{@link MAX_AUTOPAY_DAYS_BEFORE_DUE}.
 */
export function autopayRunOf(
  period: CalendarDate,
  rule: PaymentDueDayRule,
  daysBeforeDue: number,
): AutopayRunDates {
  if (!Number.isInteger(daysBeforeDue) || daysBeforeDue < 0 || daysBeforeDue > MAX_AUTOPAY_DAYS_BEFORE_DUE) {
    throw new RangeError(`daysBeforeDue must be 0-${MAX_AUTOPAY_DAYS_BEFORE_DUE}, got ${daysBeforeDue}`);
  }
  const month = startOfMonth(period);
  const dueDate = paymentDueDate(month, rule);
  return { period: month, dueDate, runDate: addDays(dueDate, -daysBeforeDue) };
}

/**
 * SPEC §9: the billed month (first day) whose due date is next on `day` — a due date on `day` itself
 * counts. Due dates grow month by month under either rule, even when an offset puts a month's due date
 * in the month before it.
 */
export function billedMonthDueNext(day: CalendarDate, rule: PaymentDueDayRule): CalendarDate {
  let month = startOfMonth(day);
  while (compareCalendarDates(paymentDueDate(addMonths(month, -1), rule), day) >= 0)
    month = addMonths(month, -1);
  while (compareCalendarDates(paymentDueDate(month, rule), day) < 0) month = addMonths(month, 1);
  return month;
}

/** What is due for one billed month on a day: its advance notice, or its charge. */
export interface AutopayRunDue {
  readonly run: AutopayRunDates;
  readonly phase: 'notice' | 'charge';
}

export interface AutopaySchedule {
  readonly rule: PaymentDueDayRule;
  readonly daysBeforeDue: number;
  /** The subscription's first day: a month whose run date comes before it is not this subscription's. */
  readonly startDate: CalendarDate;
}

/**
 * SPEC §4 Autopay, the daily step's view of one subscription on `day`: of the month whose due date is
 * next, the month after it (its notice can come first when the notice period is long) and the month
 * before it (a run date that passed while no billing day ran is caught up), each month from the first
 * whose run date is on or after the subscription's start — its charge from the run date on, its advance
 * notice from `advanceNoticeDays` before it. Oldest first.
 */
export function autopayRunsDue(
  day: CalendarDate,
  schedule: AutopaySchedule & { advanceNoticeDays: number },
): AutopayRunDue[] {
  const next = billedMonthDueNext(day, schedule.rule);
  const due: AutopayRunDue[] = [];
  for (const offset of [-1, 0, 1]) {
    const run = autopayRunOf(addMonths(next, offset), schedule.rule, schedule.daysBeforeDue);
    if (compareCalendarDates(run.runDate, schedule.startDate) < 0) continue;
    if (compareCalendarDates(day, run.runDate) >= 0) due.push({ run, phase: 'charge' });
    else if (compareCalendarDates(day, addDays(run.runDate, -schedule.advanceNoticeDays)) >= 0)
      due.push({ run, phase: 'notice' });
  }
  return due;
}

/**
 * SPEC §4 Autopay, what the member is told: the next billed month this subscription will charge on or
 * after `today` (a month already run — `done` — is passed over), with the day it will be charged (the run
 * date, or today for a run date that passed without the charge: the next billing day catches it up).
 */
export function nextAutopayRun(
  today: CalendarDate,
  schedule: AutopaySchedule & { done: (period: CalendarDate) => boolean },
): AutopayRunDates {
  let month = addMonths(billedMonthDueNext(today, schedule.rule), -1);
  for (let step = 0; step < 36; step++, month = addMonths(month, 1)) {
    const run = autopayRunOf(month, schedule.rule, schedule.daysBeforeDue);
    if (compareCalendarDates(run.runDate, schedule.startDate) < 0 || schedule.done(run.period)) continue;
    return compareCalendarDates(run.runDate, today) < 0 ? { ...run, runDate: today } : run;
  }
  throw new RangeError('no autopay run in the next three years');
}

/** SPEC §3 Subscription `runDay`: the day of the month autopay runs (from the next run), 1-28. */
export function autopayRunDay(today: CalendarDate, rule: PaymentDueDayRule, daysBeforeDue: number): number {
  const run = autopayRunOf(billedMonthDueNext(today, rule), rule, daysBeforeDue);
  return Math.min(28, parseCalendarDate(run.runDate).day);
}
