import { parseCalendarDate, type CalendarDate, type PaymentDueDayRule } from '@portal/domain';
import type { PlanRow } from './reference/plans';

/** What every household builder needs to know: the date the data is made for, and the shared rows. */
export interface SeedContext {
  /** The demo's "today": every date is relative to it, so the demo stays current. */
  readonly today: CalendarDate;
  readonly seed: string;
  readonly plans: ReadonlyMap<string, PlanRow>;
}

/**
 * The demo tenant's due-day rule (config/account.json `payments.dueDate`: constant, day 1): each
 * month's premium is due on its first day (SPEC §9).
 */
export const DUE_RULE: PaymentDueDayRule = { implementation: 'constant', dueDay: 1 };

/**
 * Orders two calendar dates. The generator compares dates millions of times; valid `YYYY-MM-DD`
 * dates order correctly as strings (packages/domain README, "Calendar dates"), and every date here
 * was made by the domain's own functions, so a string comparison is enough. Same contract as
 * `compareCalendarDates`.
 */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

const midnights = new Map<CalendarDate, number>();

/** The item at `index`, which the caller knows is there (a RangeError otherwise). */
export function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`No item at index ${index} of ${list.length}`);
  return item;
}

/** An instant on `date`, `minutes` after midnight UTC (business hours in Boston are 13:00-22:00 UTC). */
export function instant(date: CalendarDate, minutes: number): Date {
  let midnight = midnights.get(date);
  if (midnight === undefined) {
    const { year, month, day } = parseCalendarDate(date);
    midnight = Date.UTC(year, month - 1, day);
    midnights.set(date, midnight);
  }
  return new Date(midnight + minutes * 60_000);
}

export function yearOf(date: CalendarDate): number {
  return parseCalendarDate(date).year;
}

/** Whole years from `dob` to `on` (the age on that date). */
export function ageOn(dob: CalendarDate, on: CalendarDate): number {
  const birth = parseCalendarDate(dob);
  const at = parseCalendarDate(on);
  const hadBirthday = at.month > birth.month || (at.month === birth.month && at.day >= birth.day);
  return at.year - birth.year - (hadBirthday ? 0 : 1);
}
