import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, compareCalendarDates, type CalendarDate } from './calendar-date';
import { premiumBreakdown, type PaymentDueDayRule } from './billing';
import {
  arrearsTransitions,
  billingDay,
  claimsPendedFrom,
  claimsPendedOn,
  graceMonthOf,
  gracePeriodFor,
  gracePeriodOfSnapshot,
  isInArrears,
  reinstatementDue,
  type BillingDay,
  type BillingDayInput,
  type BillingRules,
} from './billing-clock';
import { allocatePayments, financeSnapshot, monthsBetween, type BilledMonth } from './ledger';

const rules = (override: Partial<BillingRules> = {}): BillingRules => ({
  dueRule: { implementation: 'constant', dueDay: 1 },
  stateGracePeriodDays: 31,
  binderDeadlineDaysAfterStart: 30,
  terminatedPlansDaysOut: 35,
  ...override,
});
const monthly = (from: CalendarDate, to: CalendarDate, amount: number): BilledMonth[] =>
  monthsBetween(from, to).map((month) => ({ month, amount }));
/** Paid through the end of `months` months of 2026 (one payment in December 2025). */
const paidThrough = (months: number, amount = 20_000) =>
  months === 0 ? [] : [{ date: '2025-12-15', amount: amount * months }];

const input = (override: Partial<BillingDayInput> = {}): BillingDayInput => ({
  day: '2026-03-15',
  months: monthly('2026-01-01', '2026-12-31', 20_000),
  payments: paidThrough(2),
  enrollment: 'Active',
  onAptc: false,
  firstStart: '2026-01-01',
  stored: { status: 'Current', clockDate: '2026-03-14' },
  rules: rules(),
  ...override,
});
const kinds = (day: BillingDay) => day.transitions.map((transition) => transition.kind);
/** The stored billing after a day ran (what the next day finds). */
const after = (day: BillingDay, date: CalendarDate) => ({ status: day.snapshot.status, clockDate: date });

describe('grace periods (DOMAIN "Grace period", 45 CFR 156.270)', () => {
  it('gives APTC members three months from the first unpaid month, coverage ending with month 1', () => {
    const grace = gracePeriodFor({
      onAptc: true,
      firstUnpaidMonth: '2026-02-01',
      dueDate: '2026-02-01',
      paidThroughDate: '2026-01-31',
      stateGracePeriodDays: 31,
    });
    expect(grace).toEqual({
      kind: 'aptc',
      firstUnpaidMonth: '2026-02-01',
      start: '2026-02-01',
      end: '2026-04-30',
      coverageEndsOn: '2026-02-28',
    });
    expect(graceMonthOf(grace, '2026-01-31')).toBe(1);
    expect(graceMonthOf(grace, '2026-02-28')).toBe(1);
    expect(graceMonthOf(grace, '2026-03-01')).toBe(2);
    expect(graceMonthOf(grace, '2026-04-30')).toBe(3);
    expect(graceMonthOf(grace, '2026-05-01')).toBeNull();
    expect(claimsPendedOn(grace, '2026-02-28')).toBe(false);
    expect(claimsPendedOn(grace, '2026-03-01')).toBe(true);
    expect(claimsPendedFrom(grace)).toBe('2026-03-01');
  });

  it('ends month 1 on the last day of February in leap and common years', () => {
    expect(
      gracePeriodFor({
        onAptc: true,
        firstUnpaidMonth: '2024-02-01',
        dueDate: '2024-01-31',
        paidThroughDate: '2024-01-31',
        stateGracePeriodDays: 31,
      }),
    ).toMatchObject({ coverageEndsOn: '2024-02-29', end: '2024-04-30' });
    expect(
      gracePeriodFor({
        onAptc: true,
        firstUnpaidMonth: '2026-12-15',
        dueDate: '2026-12-31',
        paidThroughDate: null,
        stateGracePeriodDays: 31,
      }),
    ).toMatchObject({ firstUnpaidMonth: '2026-12-01', coverageEndsOn: '2026-12-31', end: '2027-02-28' });
  });

  it('gives everyone else the state’s days after the due date, coverage ending on the paid-through date', () => {
    const grace = gracePeriodFor({
      onAptc: false,
      firstUnpaidMonth: '2026-02-01',
      dueDate: '2026-01-31',
      paidThroughDate: '2026-01-31',
      stateGracePeriodDays: 31,
    });
    expect(grace).toEqual({
      kind: 'state',
      firstUnpaidMonth: '2026-02-01',
      start: '2026-01-31',
      end: '2026-03-03',
      coverageEndsOn: '2026-01-31',
    });
    expect(graceMonthOf(grace, '2026-02-10')).toBeNull();
    expect(claimsPendedOn(grace, '2026-02-10')).toBe(false);
    // Never paid: the coverage ends before the first unpaid month.
    expect(
      gracePeriodFor({
        onAptc: false,
        firstUnpaidMonth: '2026-03-01',
        dueDate: '2026-03-01',
        paidThroughDate: null,
        stateGracePeriodDays: 10,
      }).coverageEndsOn,
    ).toBe('2026-02-28');
  });

  it('finds the grace period of a snapshot only when something is past due', () => {
    const months = monthly('2026-01-01', '2026-12-31', 20_000);
    const snapshot = (payments: { date: string; amount: number }[], onAptc: boolean) =>
      financeSnapshot({
        months,
        payments,
        today: '2026-03-15',
        enrollment: 'Active',
        onAptc,
        firstStart: '2026-01-01',
        dueRule: rules().dueRule,
      });
    expect(
      gracePeriodOfSnapshot(snapshot(paidThrough(3), false), months, { onAptc: false, rules: rules() }),
    ).toBeNull();
    expect(
      gracePeriodOfSnapshot(snapshot(paidThrough(2), false), months, { onAptc: false, rules: rules() }),
    ).toMatchObject({ kind: 'state', start: '2026-03-01', end: '2026-04-01' });
    expect(
      gracePeriodOfSnapshot(snapshot(paidThrough(1), true), months, { onAptc: true, rules: rules() }),
    ).toMatchObject({ kind: 'aptc', start: '2026-02-01', end: '2026-04-30' });
    // Past due with no month left in the ledger (cannot happen with real spans; nothing to show).
    const lone = financeSnapshot({
      months: months.slice(0, 1),
      payments: [],
      today: '2026-03-15',
      enrollment: 'Active',
      onAptc: false,
      firstStart: '2026-01-01',
      dueRule: rules().dueRule,
    });
    expect(
      gracePeriodOfSnapshot({ ...lone, state: { ...lone.state, paidMonths: 1 } }, months.slice(0, 1), {
        onAptc: false,
        rules: rules(),
      }),
    ).toBeNull();
  });

  it('names the statuses in arrears', () => {
    expect(['PastDue', 'GracePeriod', 'Delinquent'].every((status) => isInArrears(status as never))).toBe(
      true,
    );
    expect(['Current', 'Binder', 'Terminated'].some((status) => isInArrears(status as never))).toBe(false);
  });
});

describe('reinstatementDue (SPEC §3 Reinstatement eligibility)', () => {
  it('asks for every month owed as if the coverage had continued, less money on account', () => {
    const continued = monthly('2026-01-01', '2026-06-30', 21_122);
    const state = allocatePayments(
      continued,
      [{ date: '2025-12-20', amount: 21_122 * 2 + 500 }],
      '2026-06-10',
    );
    const due = reinstatementDue(continued, state, '2026-06-10', (month) => month);
    expect(due.months).toEqual(['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01']);
    expect(due.amount).toBe(21_122 * 4 - 500);
  });
});

describe('billingDay: invoices (DOMAIN "Documents")', () => {
  it('issues a month’s invoice on its invoice date, with what is due by its due date', () => {
    const day = billingDay(
      input({
        day: '2026-03-10',
        stored: { status: 'Current', clockDate: '2026-03-09' },
        payments: paidThrough(3),
      }),
    );
    expect(day.invoices).toEqual([
      {
        month: '2026-04-01',
        kind: 'monthly',
        invoiceDate: '2026-03-10',
        dueDate: '2026-04-01',
        monthAmount: 20_000,
        pastDue: 0,
        credit: 0,
        amountDue: 20_000,
      },
    ]);
    expect(day.transitions).toEqual([]);
    // The next day finds it issued.
    expect(
      billingDay(input({ day: '2026-03-11', stored: after(day, '2026-03-10'), payments: paidThrough(3) }))
        .invoices,
    ).toEqual([]);
  });

  it('bills unpaid earlier months and takes money on account off', () => {
    const day = billingDay(
      input({
        day: '2026-03-10',
        payments: [{ date: '2025-12-15', amount: 45_000 }],
        stored: { status: 'PastDue', clockDate: '2026-03-09' },
      }),
    );
    expect(day.invoices[0]).toMatchObject({
      month: '2026-04-01',
      pastDue: 20_000,
      credit: 5_000,
      amountDue: 35_000,
    });
    // A month paid ahead is invoiced with nothing due.
    const ahead = billingDay(
      input({
        day: '2026-03-10',
        payments: paidThrough(5),
        stored: { status: 'Current', clockDate: '2026-03-09' },
      }),
    );
    expect(ahead.invoices[0]).toMatchObject({ month: '2026-04-01', pastDue: 0, amountDue: 0 });
  });

  it('catches up every invoice date since the last run, and on a first run issues only the latest', () => {
    const missed = billingDay(
      input({
        day: '2026-05-20',
        payments: paidThrough(6),
        stored: { status: 'Current', clockDate: '2026-03-05' },
      }),
    );
    expect(missed.invoices.map((invoice) => invoice.month)).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    const first = billingDay(
      input({ day: '2026-05-20', payments: paidThrough(6), stored: { status: 'Current', clockDate: null } }),
    );
    expect(first.invoices.map((invoice) => invoice.month)).toEqual(['2026-06-01']);
    expect(
      billingDay(
        input({
          day: '2025-12-01',
          enrollment: 'Pending',
          payments: [],
          stored: { status: 'Binder', clockDate: null },
        }),
      ).invoices,
    ).toEqual([]);
  });

  it('bills a new enrolment’s first month as its binder', () => {
    const day = billingDay(
      input({
        day: '2025-12-10',
        enrollment: 'Pending',
        payments: [],
        months: monthly('2026-01-01', '2026-01-31', 20_000),
        stored: { status: 'Binder', clockDate: '2025-12-09' },
      }),
    );
    expect(day.invoices).toEqual([
      expect.objectContaining({
        month: '2026-01-01',
        kind: 'binder',
        dueDate: '2026-01-01',
        amountDue: 20_000,
      }),
    ]);
    expect(day.snapshot.status).toBe('Binder');
  });

  it('issues nothing for a terminated or cancelled policy', () => {
    expect(
      billingDay(
        input({
          day: '2026-03-10',
          enrollment: 'Terminated',
          stored: { status: 'Terminated', clockDate: '2026-03-09' },
        }),
      ).invoices,
    ).toEqual([]);
  });
});

describe('billingDay: past due and grace periods', () => {
  it('marks a member without APTC past due the day after the due date, in the state’s grace period', () => {
    const onDueDate = billingDay(
      input({ day: '2026-03-01', stored: { status: 'Current', clockDate: '2026-02-28' } }),
    );
    expect(onDueDate.snapshot.status).toBe('Current');
    expect(onDueDate.transitions).toEqual([]);
    const day = billingDay(input({ day: '2026-03-02', stored: after(onDueDate, '2026-03-01') }));
    expect(day.snapshot).toMatchObject({
      status: 'PastDue',
      pastAmountDue: 20_000,
      pastDueMonths: ['2026-03-01'],
    });
    expect(day.transitions).toEqual([
      {
        kind: 'past-due',
        grace: {
          kind: 'state',
          firstUnpaidMonth: '2026-03-01',
          start: '2026-03-01',
          end: '2026-04-01',
          coverageEndsOn: '2026-02-28',
        },
        amount: 20_000,
        months: ['2026-03-01'],
      },
    ]);
    expect(day.graceMonth).toBeNull();
    expect(kinds(billingDay(input({ day: '2026-03-03', stored: after(day, '2026-03-02') })))).toEqual([]);
  });

  it('ends coverage on the paid-through date once the state’s grace period is over', () => {
    const last = billingDay(
      input({ day: '2026-04-01', stored: { status: 'Delinquent', clockDate: '2026-03-31' } }),
    );
    expect(last.coverageChange).toBeNull();
    const day = billingDay(
      input({
        day: '2026-04-02',
        stored: after(last, '2026-04-01'),
        continuedMonths: monthly('2026-01-01', '2026-04-30', 20_000),
      }),
    );
    expect(day.coverageChange).toEqual({ kind: 'terminate', endDate: '2026-02-28' });
    expect(day.snapshot).toMatchObject({
      status: 'Terminated',
      pastAmountDue: 0,
      currentAmountDue: 0,
      paymentDueDate: null,
    });
    expect(day.transitions).toEqual([
      expect.objectContaining({
        kind: 'terminated-for-non-payment',
        coverageEndsOn: '2026-02-28',
        amount: 0,
        months: [],
        reinstatement: {
          status: 'Eligible',
          expirationDate: '2026-05-07',
          months: ['2026-03-01', '2026-04-01'],
          amount: 40_000,
        },
      }),
    ]);
    expect(day.invoices).toEqual([]);
    expect(day.grace).toBeNull();
  });

  it('gives an APTC member the grace period with its dates, then pends claims in month 2', () => {
    const entered = billingDay(input({ day: '2026-03-02', onAptc: true }));
    expect(entered.transitions).toEqual([
      {
        kind: 'grace-period-entered',
        grace: {
          kind: 'aptc',
          firstUnpaidMonth: '2026-03-01',
          start: '2026-03-01',
          end: '2026-05-31',
          coverageEndsOn: '2026-03-31',
        },
        amount: 20_000,
        months: ['2026-03-01'],
      },
    ]);
    expect(entered.snapshot.gracePeriod).toEqual({ start: '2026-03-01', end: '2026-05-31' });
    expect(entered.graceMonth).toBe(1);
    expect(
      kinds(billingDay(input({ day: '2026-03-31', onAptc: true, stored: after(entered, '2026-03-30') }))),
    ).toEqual([]);
    const month2 = billingDay(
      input({ day: '2026-04-01', onAptc: true, stored: after(entered, '2026-03-31') }),
    );
    expect(month2.graceMonth).toBe(2);
    // April is not past due before its due date has passed: what stops the grace period is still March.
    expect(month2.transitions).toEqual([
      expect.objectContaining({
        kind: 'claims-pended',
        from: '2026-04-01',
        amount: 20_000,
        months: ['2026-03-01'],
      }),
    ]);
    expect(
      kinds(billingDay(input({ day: '2026-04-02', onAptc: true, stored: after(month2, '2026-04-01') }))),
    ).toEqual([]);
    // A first run in month 2 announces nothing it cannot know was new.
    expect(
      kinds(
        billingDay(
          input({ day: '2026-04-10', onAptc: true, stored: { status: 'GracePeriod', clockDate: null } }),
        ),
      ),
    ).toEqual([]);
  });

  it('terminates an APTC member unpaid at the end of month 3, back-dated to the end of month 1', () => {
    const lastDay = billingDay(
      input({ day: '2026-05-31', onAptc: true, stored: { status: 'GracePeriod', clockDate: '2026-05-30' } }),
    );
    expect(lastDay.graceMonth).toBe(3);
    expect(lastDay.coverageChange).toBeNull();
    const continuedMonths = monthly('2026-01-01', '2026-07-31', 20_000);
    const day = billingDay(
      input({ day: '2026-06-01', onAptc: true, stored: after(lastDay, '2026-05-31'), continuedMonths }),
    );
    expect(day.coverageChange).toEqual({ kind: 'terminate', endDate: '2026-03-31' });
    expect(day.months.at(-1)?.month).toBe('2026-03-01');
    expect(day.snapshot).toMatchObject({
      status: 'Terminated',
      pastAmountDue: 20_000,
      pastDueMonths: ['2026-03-01'],
      gracePeriod: { start: '2026-03-01', end: '2026-05-31' },
    });
    const [terminated] = day.transitions;
    expect(terminated).toMatchObject({
      kind: 'terminated-for-non-payment',
      coverageEndsOn: '2026-03-31',
      amount: 20_000,
      months: ['2026-03-01'],
    });
    // Reinstating asks for the month past due and every month since, through June: one ledger.
    expect(terminated?.kind === 'terminated-for-non-payment' && terminated.reinstatement).toEqual({
      status: 'Eligible',
      expirationDate: '2026-07-06',
      months: ['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'],
      amount: 80_000,
    });
    // The next day: terminated, nothing more happens.
    const next = billingDay({
      ...input({ day: '2026-06-02', onAptc: true, stored: after(day, '2026-06-01') }),
      months: day.months,
      enrollment: 'Terminated',
      terminatedForNonPayment: true,
    });
    expect(next.transitions).toEqual([]);
    expect(next.snapshot).toEqual(day.snapshot);
  });

  it('returns to Current when everything past due is paid during the grace period', () => {
    const day = billingDay(
      input({
        day: '2026-04-15',
        onAptc: true,
        payments: [...paidThrough(2), { date: '2026-04-14', amount: 40_000 }],
        stored: { status: 'GracePeriod', clockDate: '2026-04-14' },
      }),
    );
    expect(day.snapshot).toMatchObject({ status: 'Current', pastAmountDue: 0, gracePeriod: null });
    expect(day.transitions).toEqual([{ kind: 'grace-period-ended', paidThroughDate: '2026-04-30' }]);
    // Paying only part of it does not.
    const part = billingDay(
      input({
        day: '2026-04-15',
        onAptc: true,
        payments: [...paidThrough(2), { date: '2026-04-14', amount: 20_000 }],
        stored: { status: 'GracePeriod', clockDate: '2026-04-14' },
      }),
    );
    expect(part.snapshot.status).toBe('GracePeriod');
    expect(part.transitions).toEqual([]);
  });

  it('terminates straight away when the clock finds a grace period already over', () => {
    const day = billingDay(
      input({ day: '2026-07-01', onAptc: true, stored: { status: 'Current', clockDate: '2026-02-01' } }),
    );
    expect(kinds(day)).toEqual(['terminated-for-non-payment']);
    expect(day.coverageChange).toEqual({ kind: 'terminate', endDate: '2026-03-31' });
  });

  it('tells the same arrears transitions to a payment that recomputes the finance', () => {
    const months = monthly('2026-01-01', '2026-12-31', 20_000);
    const snapshot = financeSnapshot({
      months,
      payments: paidThrough(2),
      today: '2026-03-15',
      enrollment: 'Active',
      onAptc: false,
      firstStart: '2026-01-01',
      dueRule: rules().dueRule,
    });
    expect(arrearsTransitions('Current', snapshot, null)).toEqual([]);
    expect(
      arrearsTransitions(
        'PastDue',
        snapshot,
        gracePeriodOfSnapshot(snapshot, months, { onAptc: false, rules: rules() }),
      ),
    ).toEqual([]);
  });
});

describe('billingDay: month-end due days (SPEC §9: a constant due day is capped at month end)', () => {
  const day31: PaymentDueDayRule = { implementation: 'constant', dueDay: 31 };

  it('is due on 28 February 2026 and past due on 1 March', () => {
    const onDue = billingDay(
      input({ day: '2026-02-28', payments: paidThrough(1), rules: rules({ dueRule: day31 }) }),
    );
    expect(onDue.snapshot).toMatchObject({ status: 'Current', paymentDueDate: '2026-02-28' });
    const late = billingDay(
      input({
        day: '2026-03-01',
        payments: paidThrough(1),
        rules: rules({ dueRule: day31 }),
        stored: after(onDue, '2026-02-28'),
      }),
    );
    expect(late.transitions).toMatchObject([
      { kind: 'past-due', grace: { start: '2026-02-28', end: '2026-03-31' } },
    ]);
  });

  it('is due on 29 February 2024 and, with APTC, starts the grace period then', () => {
    const months = monthly('2024-01-01', '2024-12-31', 20_000);
    const input2024 = (day: CalendarDate, clockDate: CalendarDate) =>
      input({
        day,
        months,
        firstStart: '2024-01-01',
        payments: [{ date: '2023-12-15', amount: 20_000 }],
        onAptc: true,
        rules: rules({ dueRule: day31 }),
        stored: { status: 'Current', clockDate },
      });
    expect(billingDay(input2024('2024-02-29', '2024-02-28')).transitions).toEqual([]);
    const entered = billingDay(input2024('2024-03-01', '2024-02-29'));
    expect(entered.transitions).toMatchObject([
      {
        kind: 'grace-period-entered',
        grace: { start: '2024-02-29', end: '2024-04-30', coverageEndsOn: '2024-02-29' },
      },
    ]);
    // Grace month 2 is March (the first unpaid month is February): entering it then is one notice.
    expect(entered.graceMonth).toBe(2);
    expect(entered.transitions).toHaveLength(1);
  });

  it('is due on 30 April and 31 May with due day 31', () => {
    const april = billingDay(
      input({ day: '2026-04-30', payments: paidThrough(3), rules: rules({ dueRule: day31 }) }),
    );
    expect(april.snapshot.paymentDueDate).toBe('2026-04-30');
    const may = billingDay(
      input({ day: '2026-05-31', payments: paidThrough(4), rules: rules({ dueRule: day31 }) }),
    );
    expect(may.snapshot.paymentDueDate).toBe('2026-05-31');
  });
});

describe('billingDay: binder (45 CFR 155.400(e))', () => {
  const pending = (day: CalendarDate, override: Partial<BillingDayInput> = {}) =>
    input({
      day,
      enrollment: 'Pending',
      payments: [],
      firstStart: '2026-01-01',
      months: monthly('2026-01-01', '2026-02-28', 20_000),
      stored: { status: 'Binder', clockDate: addDays(day, -1) },
      ...override,
    });

  it('keeps waiting for the binder through its deadline, then cancels the pending coverage', () => {
    const last = billingDay(pending('2026-01-31'));
    expect(last.snapshot.status).toBe('Binder');
    expect(last.coverageChange).toBeNull();
    const day = billingDay(pending('2026-02-01'));
    expect(day.transitions).toEqual([
      { kind: 'binder-cancelled', coverageStart: '2026-01-01', deadline: '2026-01-31', amount: 20_000 },
    ]);
    expect(day.coverageChange).toEqual({ kind: 'cancel' });
    expect(day.snapshot).toMatchObject({
      status: 'Terminated',
      currentAmountDue: 0,
      pastAmountDue: 0,
      paymentDueDate: null,
    });
    expect(day.invoices).toEqual([]);
  });

  it('never cancels a paid binder or a free first month', () => {
    expect(
      billingDay(pending('2026-02-01', { payments: [{ date: '2025-12-20', amount: 20_000 }] }))
        .coverageChange,
    ).toBeNull();
    expect(
      billingDay(pending('2026-02-01', { months: [{ month: '2026-01-01', amount: 0 }] })).coverageChange,
    ).toBeNull();
  });
});

describe('billingDay properties', () => {
  const scenario = fc.record({
    start: fc.integer({ min: 0, max: 300 }),
    paidMonths: fc.integer({ min: 0, max: 14 }),
    onAptc: fc.boolean(),
    dueDay: fc.integer({ min: 1, max: 31 }),
    stateDays: fc.integer({ min: 1, max: 60 }),
  });

  it('running a day twice changes nothing the second time (property)', () => {
    fc.assert(
      fc.property(scenario, ({ start, paidMonths, onAptc, dueDay, stateDays }) => {
        const day = addDays('2026-01-01', start);
        const base = input({
          day,
          onAptc,
          payments: paidThrough(paidMonths),
          rules: rules({ dueRule: { implementation: 'constant', dueDay }, stateGracePeriodDays: stateDays }),
          stored: { status: 'Current', clockDate: addDays(day, -1) },
        });
        const first = billingDay(base);
        const terminated = first.coverageChange !== null;
        const again = billingDay({
          ...base,
          months: first.months,
          enrollment: first.enrollment,
          terminatedForNonPayment: terminated,
          stored: after(first, day),
        });
        expect(again.transitions).toEqual([]);
        expect(again.invoices).toEqual([]);
        expect(again.snapshot).toEqual(first.snapshot);
      }),
    );
  });

  it('issues each month’s invoice exactly once when the clock runs every day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 12 }), (dueDay, paidMonths) => {
        const issued: CalendarDate[] = [];
        let stored = {
          status: 'Current' as const as BillingDayInput['stored']['status'],
          clockDate: '2025-12-31' as CalendarDate | null,
        };
        for (let day = '2026-01-01'; compareCalendarDates(day, '2026-10-31') <= 0; day = addDays(day, 1)) {
          const result = billingDay(
            input({
              day,
              onAptc: true,
              payments: paidThrough(paidMonths),
              rules: rules({ dueRule: { implementation: 'constant', dueDay } }),
              stored,
            }),
          );
          issued.push(...result.invoices.map((invoice) => invoice.month));
          stored = after(result, day);
          if (result.enrollment !== 'Active') break;
        }
        expect(new Set(issued).size).toBe(issued.length);
        expect(issued).toEqual([...issued].sort());
      }),
      { numRuns: 25 },
    );
  });
});

describe('premiumBreakdown (DOMAIN "Money")', () => {
  it('names an employer’s contribution apart from APTC and other subsidies, and never takes CSR off', () => {
    const parts = {
      premiumAmount: 170_000,
      taxCreditAmount: 0,
      otherSubsidyAmount: 136_000,
      hraAmount: 17_000,
      csrAmount: 5_000,
    };
    expect(premiumBreakdown(parts, 'Group')).toEqual({
      premium: 170_000,
      taxCredit: 0,
      employerContribution: 136_000,
      otherSubsidy: 0,
      hra: 17_000,
      costSharingReduction: 5_000,
      memberShare: 17_000,
    });
    expect(
      premiumBreakdown(
        { premiumAmount: 60_000, taxCreditAmount: 40_000, otherSubsidyAmount: 5_000 },
        'Individual',
      ),
    ).toEqual({
      premium: 60_000,
      taxCredit: 40_000,
      employerContribution: 0,
      otherSubsidy: 5_000,
      hra: 0,
      costSharingReduction: 0,
      memberShare: 15_000,
    });
    expect(premiumBreakdown({ premiumAmount: 10_000 }, 'None').memberShare).toBe(10_000);
  });
});
