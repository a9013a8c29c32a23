/**
 * Calendar dates as `YYYY-MM-DD` strings.
 *
 * Coverage spans, due dates and payment dates are days on a calendar, not instants: a span that
 * starts on 2025-03-01 starts on that day whatever the time zone of the server or the browser.
 * Everything here is integer arithmetic on day numbers, never `Date` arithmetic in local time,
 * so no result shifts across time zones or daylight-saving changes. Functions that need "today"
 * take it as a parameter; {@link calendarDateOf} turns an instant into the date in a named zone.
 */

/** SPEC §3, §4: a calendar date written `YYYY-MM-DD` (year 0001-9999). Valid ones compare correctly as strings. */
export type CalendarDate = string;

/** SPEC §3, §4: the numeric parts of a {@link CalendarDate}; `month` is 1-12 and `day` is 1-31. */
export interface CalendarDateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `year` is a Gregorian leap year (SPEC §9 due dates must handle 29 February). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** SPEC §9: number of days in `month` (1-12) of `year`. Throws a RangeError for a month outside 1-12. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`month must be 1-12, got ${month}`);
  }
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function partsAreValid(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function matchParts(value: string): CalendarDateParts | null {
  const match = DATE_PATTERN.exec(value);
  if (match === null) return null;
  const [, y = '', m = '', d = ''] = match;
  const parts = { year: Number(y), month: Number(m), day: Number(d) };
  return partsAreValid(parts.year, parts.month, parts.day) ? parts : null;
}

/** SPEC §3, §4: whether `value` is a real calendar date written `YYYY-MM-DD` (so `2023-02-29` is not). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && matchParts(value) !== null;
}

/** SPEC §3, §4: splits a `YYYY-MM-DD` date into its parts. Throws a RangeError when it is not a real date. */
export function parseCalendarDate(date: CalendarDate): CalendarDateParts {
  const parts = matchParts(date);
  if (parts === null) throw new RangeError(`not a YYYY-MM-DD calendar date: ${JSON.stringify(date)}`);
  return parts;
}

/** SPEC §3, §4: builds a `YYYY-MM-DD` date from its parts. Throws a RangeError when they are not a real date. */
export function calendarDate(year: number, month: number, day: number): CalendarDate {
  if (!partsAreValid(year, month, day)) {
    throw new RangeError(`not a calendar date: ${year}-${month}-${day}`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Day numbers count days from 1970-01-01 in the proleptic Gregorian calendar
// (H. Hinnant, "chrono-compatible low-level date algorithms").
function toDayNumber({ year, month, day }: CalendarDateParts): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromDayNumber(dayNumber: number): CalendarDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return calendarDate(year, month, day);
}

// The day numbers of dates already seen: a page compares the same few dates many times over (a policy
// read compares its spans' dates dozens of times), and a look-up costs less than the pattern and the
// checks. Only valid dates are kept, so an invalid one still throws each time; the map is emptied
// when it grows past a few years of days.
const dayNumbers = new Map<string, number>();

function dayNumberOf(date: CalendarDate): number {
  let dayNumber = dayNumbers.get(date);
  if (dayNumber === undefined) {
    dayNumber = toDayNumber(parseCalendarDate(date));
    if (dayNumbers.size >= 4096) dayNumbers.clear();
    dayNumbers.set(date, dayNumber);
  }
  return dayNumber;
}

/** SPEC §4, §9: the date `days` days after `date` (before it when negative). Throws when `days` is not an integer. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  return fromDayNumber(dayNumberOf(date) + days);
}

/**
 * SPEC §5, §9: the date `months` months after `date` (before it when negative), with the day capped at the end
 * of the target month: 2024-01-31 + 1 month = 2024-02-29, 2024-07-31 − 5 months = 2024-02-29.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  if (!Number.isInteger(months)) throw new RangeError(`months must be an integer, got ${months}`);
  const { year, month, day } = parseCalendarDate(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return calendarDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** SPEC §4, §9: whole days from `from` to `to`: positive when `to` is later, 0 on the same day. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/** SPEC §4: −1, 0 or 1 as `a` is before, on or after `b`; usable as an `Array.prototype.sort` comparator. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  const difference = daysBetween(b, a);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

/** SPEC §9: the first day of the month `date` falls in. */
export function startOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = parseCalendarDate(date);
  return calendarDate(year, month, 1);
}

/** SPEC §9: the last day of the month `date` falls in (28, 29, 30 or 31). */
export function endOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = parseCalendarDate(date);
  return calendarDate(year, month, daysInMonth(year, month));
}

/**
 * Whether `date` lies in the inclusive range `start`…`end`; a `null` end means open-ended.
 * Used for coverage spans (SPEC §4) and HRA date ranges (SPEC §9).
 */
export function isDateWithin(date: CalendarDate, start: CalendarDate, end: CalendarDate | null): boolean {
  return compareCalendarDates(date, start) >= 0 && (end === null || compareCalendarDates(date, end) <= 0);
}

// Building an Intl.DateTimeFormat is costly and the server asks for "today" on every request.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

const lastDates = new Map<string, { second: number; date: CalendarDate }>();

/**
 * SPEC §4, §9: the calendar date that `instant` falls on in the IANA `timeZone` (for example the tenant's
 * `America/New_York`). This is how a caller at the edge obtains "today" to pass to the rules.
 */
export function calendarDateOf(instant: Date, timeZone: string): CalendarDate {
  // Every zone's offset is a whole number of seconds, so the date cannot change within a second: the
  // server asks on every request, and within the same second the last answer for the zone stands.
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last !== undefined && last.second === second) return last.date;
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  const date = calendarDate(value('year'), value('month'), value('day'));
  lastDates.set(timeZone, { second, date });
  return date;
}

/** `MM/DD/YYYY`, the date format of the make-payment request (SPEC §7). */
export function formatUsDate(date: CalendarDate): string {
  const { year, month, day } = parseCalendarDate(date);
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
}
