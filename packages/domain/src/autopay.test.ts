import { describe, expect, it } from 'vitest';
import { autopayRunDay, autopayRunOf, autopayRunsDue, billedMonthDueNext, nextAutopayRun } from './autopay';
import type { PaymentDueDayRule } from './billing';

const first: PaymentDueDayRule = { implementation: 'constant', dueDay: 1 };
const thirtyFirst: PaymentDueDayRule = { implementation: 'constant', dueDay: 31 };
const dayBefore: PaymentDueDayRule = { implementation: 'offset', offsetDays: -1 };

describe('autopayRunOf (SPEC §4 Autopay, §9 due day)', () => {
  it('runs on the due date or that many days before it', () => {
    expect(autopayRunOf('2026-03-01', first, 0)).toEqual({
      period: '2026-03-01',
      dueDate: '2026-03-01',
      runDate: '2026-03-01',
    });
    expect(autopayRunOf('2026-03-15', first, 3)).toEqual({
      period: '2026-03-01',
      dueDate: '2026-03-01',
      runDate: '2026-02-26',
    });
  });

  it('caps a constant due day at the month end, leap years included', () => {
    expect(autopayRunOf('2026-02-01', thirtyFirst, 0).dueDate).toBe('2026-02-28');
    expect(autopayRunOf('2028-02-01', thirtyFirst, 0).dueDate).toBe('2028-02-29');
    expect(autopayRunOf('2026-04-01', thirtyFirst, 10)).toMatchObject({
      dueDate: '2026-04-30',
      runDate: '2026-04-20',
    });
  });

  it('follows an offset rule into the month before', () => {
    expect(autopayRunOf('2026-03-01', dayBefore, 2)).toEqual({
      period: '2026-03-01',
      dueDate: '2026-02-28',
      runDate: '2026-02-26',
    });
  });

  it('refuses days before the due date outside 0-10', () => {
    expect(() => autopayRunOf('2026-03-01', first, 11)).toThrow(RangeError);
    expect(() => autopayRunOf('2026-03-01', first, -1)).toThrow(RangeError);
    expect(() => autopayRunOf('2026-03-01', first, 1.5)).toThrow(RangeError);
  });
});

describe('billedMonthDueNext', () => {
  it('is the month whose due date is next, the due date itself included', () => {
    expect(billedMonthDueNext('2026-03-01', first)).toBe('2026-03-01');
    expect(billedMonthDueNext('2026-03-02', first)).toBe('2026-04-01');
    expect(billedMonthDueNext('2026-02-28', thirtyFirst)).toBe('2026-02-01');
    expect(billedMonthDueNext('2026-03-01', thirtyFirst)).toBe('2026-03-01');
  });

  it('finds a month whose due date falls in the month before it', () => {
    expect(billedMonthDueNext('2026-02-28', dayBefore)).toBe('2026-03-01');
    expect(billedMonthDueNext('2026-03-01', dayBefore)).toBe('2026-04-01');
  });
});

describe('autopayRunsDue', () => {
  const schedule = { rule: first, daysBeforeDue: 3, advanceNoticeDays: 3, startDate: '2026-02-01' };

  it('says nothing before the notice, the notice from run date − notice days, the charge from the run date', () => {
    // March 1 is due; its run date is 26 February, its notice 23 February.
    expect(autopayRunsDue('2026-02-22', schedule)).toEqual([]);
    expect(autopayRunsDue('2026-02-23', schedule)).toEqual([
      { run: { period: '2026-03-01', dueDate: '2026-03-01', runDate: '2026-02-26' }, phase: 'notice' },
    ]);
    expect(autopayRunsDue('2026-02-25', schedule).map((due) => due.phase)).toEqual(['notice']);
    expect(autopayRunsDue('2026-02-26', schedule)).toEqual([
      { run: { period: '2026-03-01', dueDate: '2026-03-01', runDate: '2026-02-26' }, phase: 'charge' },
    ]);
  });

  it('keeps the month before in view, to catch up a run date no billing day saw', () => {
    expect(autopayRunsDue('2026-03-05', schedule).map((due) => [due.run.period, due.phase])).toEqual([
      ['2026-03-01', 'charge'],
    ]);
  });

  it('never looks at a month whose run date came before the subscription started', () => {
    expect(autopayRunsDue('2026-02-27', { ...schedule, startDate: '2026-02-27' })).toEqual([]);
    expect(
      autopayRunsDue('2026-03-26', { ...schedule, startDate: '2026-02-27' }).map((due) => [
        due.run.period,
        due.phase,
      ]),
    ).toEqual([['2026-04-01', 'notice']]);
  });

  it('sees the following month’s notice when the notice period reaches past the next due date', () => {
    const long = { rule: first, daysBeforeDue: 10, advanceNoticeDays: 25, startDate: '2026-01-01' };
    expect(autopayRunsDue('2026-02-25', long).map((due) => [due.run.period, due.phase])).toEqual([
      ['2026-02-01', 'charge'],
      ['2026-03-01', 'charge'],
      ['2026-04-01', 'notice'],
    ]);
  });
});

describe('nextAutopayRun', () => {
  const schedule = { rule: first, daysBeforeDue: 0, startDate: '2026-02-10', done: () => false };

  it('is the month whose due date is next, on its run date', () => {
    expect(nextAutopayRun('2026-02-20', schedule)).toEqual({
      period: '2026-03-01',
      dueDate: '2026-03-01',
      runDate: '2026-03-01',
    });
  });

  it('passes over months already run and months before the start', () => {
    expect(
      nextAutopayRun('2026-02-20', { ...schedule, done: (period) => period === '2026-03-01' }),
    ).toMatchObject({ period: '2026-04-01' });
    expect(nextAutopayRun('2026-03-01', { ...schedule, startDate: '2026-03-02' })).toMatchObject({
      period: '2026-04-01',
    });
  });

  it('says today for a run date that passed without its charge (caught up by the next billing day)', () => {
    expect(nextAutopayRun('2026-03-03', { ...schedule, daysBeforeDue: 0 })).toEqual({
      period: '2026-03-01',
      dueDate: '2026-03-01',
      runDate: '2026-03-03',
    });
  });

  it('gives up after three years of months all run', () => {
    expect(() => nextAutopayRun('2026-03-03', { ...schedule, done: () => true })).toThrow(RangeError);
  });
});

describe('autopayRunDay (SPEC §3 runDay)', () => {
  it('is the day of the month of the next run, at most 28', () => {
    expect(autopayRunDay('2026-02-10', { implementation: 'constant', dueDay: 15 }, 5)).toBe(10);
    expect(autopayRunDay('2026-02-10', first, 2)).toBe(27);
    expect(autopayRunDay('2026-02-10', thirtyFirst, 0)).toBe(28);
  });
});
