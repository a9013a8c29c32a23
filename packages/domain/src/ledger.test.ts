import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocatePayments,
  amountOwedBy,
  dayOfMonth,
  financeSnapshot,
  invoiceDateOf,
  monthRuns,
  monthsBetween,
  monthStart,
  type BilledMonth,
  type FinanceInput,
} from './ledger';
import type { PaymentDueDayRule } from './billing';

const rule: PaymentDueDayRule = { implementation: 'constant', dueDay: 1 };
const due = (month: string) => `${month.slice(0, 7)}-01`;
const year2026 = (amount: number): BilledMonth[] =>
  monthsBetween('2026-01-01', '2026-12-31').map((month) => ({ month, amount }));

describe('months and dates', () => {
  it('lists the first day of each month and caps a day at the month end', () => {
    expect(monthsBetween('2026-11-15', '2027-02-01')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(monthStart('2026-02-17')).toBe('2026-02-01');
    expect(dayOfMonth('2026-02-01', 31)).toBe('2026-02-28');
    expect(dayOfMonth('2024-02-01', 30)).toBe('2024-02-29');
    expect(invoiceDateOf('2026-03-01')).toBe('2026-02-10');
    expect(invoiceDateOf('2026-01-01')).toBe('2025-12-10');
  });

  it('groups the months an amount covers into runs of consecutive months, across a year end', () => {
    expect(monthRuns([])).toEqual([]);
    expect(monthRuns(['2026-11-01'])).toEqual([{ first: '2026-11-01', last: '2026-11-01' }]);
    expect(monthRuns(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01'])).toEqual([
      { first: '2026-11-01', last: '2027-02-01' },
    ]);
    // A gap between two spans of coverage starts a new run.
    expect(monthRuns(['2026-03-01', '2026-06-01', '2026-07-15'])).toEqual([
      { first: '2026-03-01', last: '2026-03-01' },
      { first: '2026-06-01', last: '2026-07-01' },
    ]);
  });
});

describe('allocatePayments (DOMAIN "Money")', () => {
  it('covers whole months in order and keeps the rest as unallocated money', () => {
    const state = allocatePayments(
      year2026(20_000),
      [
        { date: '2025-12-20', amount: 20_000 },
        { date: '2026-01-25', amount: 30_000 },
      ],
      '2026-03-01',
    );
    expect(state).toMatchObject({ paidMonths: 2, paidThroughDate: '2026-02-28', unallocated: 10_000 });
    expect(state.paidOn).toEqual(['2025-12-20', '2026-01-25']);
  });

  it('ignores payments after the day and counts free months as paid once they begin', () => {
    const months: BilledMonth[] = [
      { month: '2026-01-01', amount: 0 },
      { month: '2026-02-01', amount: 0 },
      { month: '2026-03-01', amount: 5_000 },
    ];
    expect(allocatePayments(months, [{ date: '2026-04-01', amount: 5_000 }], '2026-01-15')).toMatchObject({
      paidMonths: 1,
      paidThroughDate: '2026-01-31',
      unallocated: 0,
    });
    // Settled on the day asked about (no payment completed them).
    expect(allocatePayments(months, [], '2026-02-15').paidOn).toEqual(['2026-02-15', '2026-02-15']);
  });

  it('never loses or makes money: paid months plus unallocated equal what was paid (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 90_000 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 50_000 }),
        (amounts, premium) => {
          const months = year2026(premium);
          const payments = amounts.map((amount, index) => ({
            date: `2026-01-${String(index + 1).padStart(2, '0')}`,
            amount,
          }));
          const state = allocatePayments(months, payments, '2026-12-31');
          const paid = amounts.reduce((sum, amount) => sum + amount, 0);
          expect(state.paidMonths * premium + state.unallocated).toBe(paid);
          expect(state.unallocated < premium || state.paidMonths === months.length).toBe(true);
        },
      ),
    );
  });

  it('owes the unpaid months due by a date, less money on account', () => {
    const months = year2026(20_000);
    const state = allocatePayments(months, [{ date: '2026-01-01', amount: 25_000 }], '2026-03-15');
    expect(amountOwedBy(months, state, '2026-03-01', due)).toBe(35_000);
    expect(amountOwedBy(months, state, '2026-01-31', due)).toBe(0);
  });
});

describe('financeSnapshot', () => {
  const base = (override: Partial<FinanceInput>): FinanceInput => ({
    months: year2026(20_000),
    payments: [],
    today: '2026-03-15',
    enrollment: 'Active',
    onAptc: false,
    firstStart: '2026-01-01',
    dueRule: rule,
    ...override,
  });
  const paidThrough = (months: number) => [{ date: '2025-12-15', amount: 20_000 * months }];

  it('is current when paid ahead: the next month is due on its due day', () => {
    const snapshot = financeSnapshot(base({ payments: paidThrough(4) }));
    expect(snapshot).toMatchObject({
      status: 'Current',
      pastAmountDue: 0,
      currentAmountDue: 0,
      paymentDueDate: '2026-05-01',
      delinquent: false,
      gracePeriod: null,
    });
  });

  it('bills the invoiced month as current and the months before its due date as past due', () => {
    // Paid through February; on 15 March, March (due 1 March) is past due, April (invoiced 10 March) is current.
    const snapshot = financeSnapshot(base({ payments: paidThrough(2) }));
    expect(snapshot).toMatchObject({
      status: 'PastDue',
      pastAmountDue: 20_000,
      currentAmountDue: 20_000,
      delinquent: true,
    });
    expect(snapshot.pastDueMonths).toEqual(['2026-03-01']);
    expect(snapshot.currentDueMonths).toEqual(['2026-04-01']);
  });

  it('turns past due into delinquent after a second missed month without APTC', () => {
    expect(financeSnapshot(base({ payments: paidThrough(1) })).status).toBe('Delinquent');
  });

  it('gives APTC members the three-month grace period from the first unpaid month (45 CFR 156.270)', () => {
    const snapshot = financeSnapshot(base({ payments: paidThrough(1), onAptc: true }));
    expect(snapshot).toMatchObject({
      status: 'GracePeriod',
      pastAmountDue: 40_000,
      gracePeriod: { start: '2026-02-01', end: '2026-04-30' },
    });
    // Paying what is past due ends the grace period.
    const paid = financeSnapshot(
      base({ payments: [...paidThrough(1), { date: '2026-03-15', amount: 40_000 }], onAptc: true }),
    );
    expect(paid).toMatchObject({
      status: 'Current',
      pastAmountDue: 0,
      gracePeriod: null,
      currentAmountDue: 20_000,
    });
    expect(paid.state.paidThroughDate).toBe('2026-03-31');
  });

  it('asks a new enrolment for its binder (the first month) and nothing else', () => {
    const pending = financeSnapshot(base({ enrollment: 'Pending', today: '2025-12-15' }));
    expect(pending).toMatchObject({
      status: 'Binder',
      binderDue: 20_000,
      currentAmountDue: 20_000,
      pastAmountDue: 0,
      paymentDueDate: '2026-01-01',
    });
    expect(pending.currentDueMonths).toEqual(['2026-01-01']);
    const paid = financeSnapshot(
      base({
        enrollment: 'Pending',
        today: '2025-12-15',
        payments: [{ date: '2025-12-15', amount: 20_000 }],
      }),
    );
    expect(paid).toMatchObject({
      status: 'Current',
      binderDue: 0,
      currentAmountDue: 0,
      paymentDueDate: '2026-02-01',
    });
  });

  it('keeps a terminated policy terminated, with what was left unpaid as past due', () => {
    const snapshot = financeSnapshot(
      base({
        enrollment: 'Terminated',
        payments: paidThrough(1),
        onAptc: true,
        terminatedForNonPayment: true,
      }),
    );
    expect(snapshot).toMatchObject({
      status: 'Terminated',
      paymentDueDate: null,
      pastAmountDue: 40_000,
      gracePeriod: { start: '2026-02-01' },
    });
    expect(financeSnapshot(base({ enrollment: 'Cancelled' }))).toMatchObject({
      status: 'Terminated',
      pastAmountDue: 0,
      currentAmountDue: 0,
    });
  });

  it('uses the configured due day, capped at the month end', () => {
    const snapshot = financeSnapshot(
      base({
        payments: paidThrough(1),
        today: '2026-01-20',
        dueRule: { implementation: 'constant', dueDay: 31 },
      }),
    );
    expect(snapshot.paymentDueDate).toBe('2026-02-28');
  });
});
