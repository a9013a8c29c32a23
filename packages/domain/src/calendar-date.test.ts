import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarDate,
  calendarDateOf,
  compareCalendarDates,
  daysBetween,
  daysInMonth,
  endOfMonth,
  formatUsDate,
  isCalendarDate,
  isDateWithin,
  isLeapYear,
  parseCalendarDate,
  startOfMonth,
} from './calendar-date';

/** Any date from 1900-01-01 to about 2200, as a day offset turned into a date by an independent UTC oracle. */
const utcDate = (dayOffset: number): string =>
  new Date(Date.UTC(1900, 0, 1) + dayOffset * 86_400_000).toISOString().slice(0, 10);
const anyDate = fc.integer({ min: 0, max: 110_000 }).map(utcDate);

describe('isLeapYear / daysInMonth', () => {
  it('follows the Gregorian rules', () => {
    expect([2024, 2000, 1600].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
  });

  it('gives February 29 days only in leap years, and 30/31 for the other months', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect([4, 6, 9, 11].map((m) => daysInMonth(2025, m))).toEqual([30, 30, 30, 30]);
    expect([1, 3, 5, 7, 8, 10, 12].map((m) => daysInMonth(2025, m))).toEqual([31, 31, 31, 31, 31, 31, 31]);
  });

  it('refuses a month outside 1-12', () => {
    expect(() => daysInMonth(2025, 13)).toThrow(RangeError);
    expect(() => daysInMonth(2025, 0)).toThrow(RangeError);
  });
});

describe('isCalendarDate / parseCalendarDate / calendarDate', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-4-1')).toBe(false);
    expect(isCalendarDate('2025-04-01T00:00:00Z')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate(20250401)).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });

  it('splits a date into numbers and refuses invalid text', () => {
    expect(parseCalendarDate('2025-03-09')).toEqual({ year: 2025, month: 3, day: 9 });
    expect(() => parseCalendarDate('2025-13-01')).toThrow(RangeError);
    expect(() => parseCalendarDate('')).toThrow(RangeError);
  });

  it('builds zero-padded dates and refuses impossible ones', () => {
    expect(calendarDate(2025, 3, 9)).toBe('2025-03-09');
    expect(calendarDate(5, 1, 1)).toBe('0005-01-01');
    expect(() => calendarDate(2023, 2, 29)).toThrow(RangeError);
    expect(() => calendarDate(2025, 1, 1.5)).toThrow(RangeError);
    expect(() => calendarDate(10_000, 1, 1)).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('crosses month ends, year ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-15', 0)).toBe('2025-01-15');
    expect(addDays('2024-01-01', 366)).toBe('2025-01-01');
  });

  it('refuses fractional days', () => {
    expect(() => addDays('2025-01-01', 0.5)).toThrow(RangeError);
  });

  it('refuses an impossible date every time it is asked, not only the first', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(() => addDays('2023-02-29', 1)).toThrow(RangeError);
      expect(() => daysBetween('2025-01-01', '2025-02-30')).toThrow(RangeError);
    }
    expect(daysBetween('2025-01-01', '2025-03-01')).toBe(59);
    expect(daysBetween('2025-03-01', '2025-01-01')).toBe(-59);
  });

  it('agrees with UTC day arithmetic for any date and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (offset, days) => {
          expect(addDays(utcDate(offset), days)).toBe(utcDate(offset + days));
        },
      ),
    );
  });

  it('is undone by the opposite offset and measured by daysBetween', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -3000, max: 3000 }), (date, days) => {
        const moved = addDays(date, days);
        expect(addDays(moved, -days)).toBe(date);
        expect(daysBetween(date, moved)).toBe(days);
      }),
    );
  });
});

describe('addMonths', () => {
  it('caps the day at the end of the target month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-07-31', -5)).toBe('2024-02-29');
    expect(addMonths('2025-05-31', 1)).toBe('2025-06-30');
  });

  it('crosses years both ways', () => {
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
    expect(addMonths('2025-01-15', -13)).toBe('2023-12-15');
    expect(addMonths('2025-01-15', 24)).toBe('2027-01-15');
  });

  it('refuses fractional months', () => {
    expect(() => addMonths('2025-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('comparing and ranges', () => {
  it('compares dates as a sort comparator would', () => {
    expect(compareCalendarDates('2025-01-01', '2025-01-02')).toBe(-1);
    expect(compareCalendarDates('2025-01-02', '2025-01-02')).toBe(0);
    expect(compareCalendarDates('2026-01-01', '2025-12-31')).toBe(1);
    expect(['2025-03-01', '2024-12-31', '2025-01-15'].sort(compareCalendarDates)).toEqual([
      '2024-12-31',
      '2025-01-15',
      '2025-03-01',
    ]);
  });

  it('orders dates the same way as their text', () => {
    fc.assert(
      fc.property(anyDate, anyDate, (a, b) => {
        expect(compareCalendarDates(a, b)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('gives the first and last day of a month', () => {
    expect(startOfMonth('2024-02-17')).toBe('2024-02-01');
    expect(endOfMonth('2024-02-17')).toBe('2024-02-29');
    expect(endOfMonth('2023-02-01')).toBe('2023-02-28');
    expect(endOfMonth('2025-12-31')).toBe('2025-12-31');
  });

  it('tests inclusive ranges, open-ended when the end is null', () => {
    expect(isDateWithin('2025-01-01', '2025-01-01', '2025-01-31')).toBe(true);
    expect(isDateWithin('2025-01-31', '2025-01-01', '2025-01-31')).toBe(true);
    expect(isDateWithin('2025-02-01', '2025-01-01', '2025-01-31')).toBe(false);
    expect(isDateWithin('2024-12-31', '2025-01-01', null)).toBe(false);
    expect(isDateWithin('2099-12-31', '2025-01-01', null)).toBe(true);
  });
});

describe('calendarDateOf', () => {
  it('gives the date in the named time zone, not the machine one', () => {
    const instant = new Date('2025-01-01T03:00:00Z');
    expect(calendarDateOf(instant, 'UTC')).toBe('2025-01-01');
    expect(calendarDateOf(instant, 'America/New_York')).toBe('2024-12-31');
    expect(calendarDateOf(new Date('2024-02-29T23:30:00Z'), 'Asia/Tokyo')).toBe('2024-03-01');
  });

  it('answers the same for a zone asked again (formatters are reused)', () => {
    const instant = new Date('2025-07-04T02:00:00Z');
    expect(calendarDateOf(instant, 'America/Los_Angeles')).toBe('2025-07-03');
    expect(calendarDateOf(instant, 'America/Los_Angeles')).toBe('2025-07-03');
    expect(calendarDateOf(new Date('2025-07-04T12:00:00Z'), 'America/Los_Angeles')).toBe('2025-07-04');
  });

  it('turns the day at the zone’s midnight, to the millisecond, however often it was asked just before', () => {
    const midnight = Date.parse('2025-03-01T05:00:00Z'); // 00:00 in New York
    for (let i = 0; i < 3; i += 1)
      expect(calendarDateOf(new Date(midnight - 1), 'America/New_York')).toBe('2025-02-28');
    expect(calendarDateOf(new Date(midnight), 'America/New_York')).toBe('2025-03-01');
    expect(calendarDateOf(new Date(midnight - 1), 'America/New_York')).toBe('2025-02-28');
    // Kathmandu is 5 h 45 min ahead of UTC.
    expect(calendarDateOf(new Date('2025-02-28T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2025-02-28');
    expect(calendarDateOf(new Date('2025-02-28T18:15:00Z'), 'Asia/Kathmandu')).toBe('2025-03-01');
  });
});

describe('formatUsDate', () => {
  it('writes MM/DD/YYYY for the make-payment request', () => {
    expect(formatUsDate('2025-03-09')).toBe('03/09/2025');
    expect(() => formatUsDate('2025-02-30')).toThrow(RangeError);
  });
});
