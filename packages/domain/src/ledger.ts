/**
 * The premium ledger (DOMAIN "Money"): what a member owes month by month, what their payments covered,
 * and the finance figures that follow from both. One ledger for the seed, for posting payments and for
 * the billing clock, so amounts due, past due and paid-through dates always agree.
 *
 * - A month's amount is the member's share: premium − APTC − other subsidy − HRA ({@link memberResponsibility}).
 * - Payments cover whole months in order; a partial amount waits as unallocated money.
 * - The paid-through date is the last day of the last fully paid month.
 * - A month is invoiced on the 10th of the month before; it is due on the configured due day (SPEC §9).
 */
import {
  addDays,
  addMonths,
  calendarDate,
  compareCalendarDates,
  endOfMonth,
  parseCalendarDate,
  type CalendarDate,
} from './calendar-date';
import { nextPaymentDueDate, paymentDueDate, type PaymentDueDayRule } from './billing';
import type { Cents } from './money';

/** One month of coverage and what the member owes for it. */
export interface BilledMonth {
  /** First day of the month. */
  readonly month: CalendarDate;
  readonly amount: Cents;
}

/** A payment that reached the issuer (succeeded; pending bank payments are not money yet). */
export interface LedgerPayment {
  readonly date: CalendarDate;
  readonly amount: Cents;
}

export interface LedgerState {
  /** How many months, from the first, are fully paid. */
  readonly paidMonths: number;
  readonly paidThroughDate: CalendarDate | null;
  /** Money paid but not yet enough for the next month. */
  readonly unallocated: Cents;
  /** For each paid month, the date of the payment that completed it. */
  readonly paidOn: readonly CalendarDate[];
}

/** Invoices go out on this day of the month before the month they bill. */
export const INVOICE_DAY = 10;

/** The first day of `date`'s month. */
export const monthStart = (date: CalendarDate): CalendarDate => `${date.slice(0, 7)}-01`;

/** The date the invoice for `month` is issued: the {@link INVOICE_DAY}th of the month before. */
export const invoiceDateOf = (month: CalendarDate): CalendarDate =>
  addDays(addMonths(monthStart(month), -1), INVOICE_DAY - 1);

/** The first day of every month from `from`'s month to `to`'s month, inclusive. */
export function monthsBetween(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const months: CalendarDate[] = [];
  for (let month = monthStart(from); compareCalendarDates(month, to) <= 0; month = addMonths(month, 1))
    months.push(month);
  return months;
}

/** A run of consecutive months, first to last (the same month for a run of one). */
export interface MonthRun {
  readonly first: CalendarDate;
  readonly last: CalendarDate;
}

/**
 * The months an amount covers, as runs of consecutive months (in the given order), so that people read
 * "November 2026 to February 2027" rather than four months; a gap between spans starts a new run.
 */
export function monthRuns(months: readonly CalendarDate[]): MonthRun[] {
  const runs: { first: CalendarDate; last: CalendarDate }[] = [];
  for (const month of months.map(monthStart)) {
    const run = runs.at(-1);
    if (run && addMonths(run.last, 1) === month) run.last = month;
    else runs.push({ first: month, last: month });
  }
  return runs;
}

/** `day` of `month`'s month, capped at its last day. */
export function dayOfMonth(month: CalendarDate, day: number): CalendarDate {
  const { year, month: m } = parseCalendarDate(month);
  return calendarDate(year, m, Math.min(day, parseCalendarDate(endOfMonth(month)).day));
}

/**
 * Allocates the payments made on or before `asOf` to whole months, in order. A month with nothing to
 * pay (fully subsidised) counts as paid once it has begun.
 */
export function allocatePayments(
  months: readonly BilledMonth[],
  payments: readonly LedgerPayment[],
  asOf: CalendarDate,
): LedgerState {
  let pool = 0;
  let paidMonths = 0;
  const paidOn: CalendarDate[] = [];
  const settle = (date: CalendarDate): void => {
    while (paidMonths < months.length) {
      const billed = months[paidMonths] as BilledMonth;
      const free = billed.amount === 0;
      if (free ? compareCalendarDates(billed.month, asOf) > 0 : pool < billed.amount) break;
      pool -= billed.amount;
      paidOn.push(free && compareCalendarDates(billed.month, date) > 0 ? billed.month : date);
      paidMonths++;
    }
  };
  const ordered = [...payments].sort((a, b) => compareCalendarDates(a.date, b.date));
  for (const payment of ordered) {
    if (compareCalendarDates(payment.date, asOf) > 0) continue;
    pool += payment.amount;
    settle(payment.date);
  }
  settle(asOf);
  const last = paidMonths > 0 ? months[paidMonths - 1] : undefined;
  return { paidMonths, paidThroughDate: last ? endOfMonth(last.month) : null, unallocated: pool, paidOn };
}

/** The unpaid months due on or before `dueBy` (their amounts), in order. */
export function monthsOwedBy(
  months: readonly BilledMonth[],
  state: LedgerState,
  dueBy: CalendarDate,
  dueDateOf: (month: CalendarDate) => CalendarDate,
): BilledMonth[] {
  const owed: BilledMonth[] = [];
  for (let index = state.paidMonths; index < months.length; index++) {
    const billed = months[index] as BilledMonth;
    if (compareCalendarDates(dueDateOf(billed.month), dueBy) > 0) break;
    owed.push(billed);
  }
  return owed;
}

/** What is owed for the unpaid months due on or before `dueBy`, less money already on account. */
export function amountOwedBy(
  months: readonly BilledMonth[],
  state: LedgerState,
  dueBy: CalendarDate,
  dueDateOf: (month: CalendarDate) => CalendarDate,
): Cents {
  const owed = monthsOwedBy(months, state, dueBy, dueDateOf).reduce((sum, billed) => sum + billed.amount, 0);
  return Math.max(0, owed - state.unallocated);
}

/** A policy's enrolment as the billing sees it (from its coverage spans and today). */
export type BillingEnrollment = 'Active' | 'Pending' | 'Terminated' | 'Cancelled';

/** SPEC §3 Finance status values the ledger can give. */
export type LedgerFinanceStatus =
  'Current' | 'PastDue' | 'GracePeriod' | 'Delinquent' | 'Terminated' | 'Binder';

export interface FinanceInput {
  readonly months: readonly BilledMonth[];
  readonly payments: readonly LedgerPayment[];
  readonly today: CalendarDate;
  readonly enrollment: BillingEnrollment;
  /** Any coverage with APTC: 45 CFR 156.270's three-month grace period applies. */
  readonly onAptc: boolean;
  /** The first day of coverage (the binder's month). */
  readonly firstStart: CalendarDate;
  readonly dueRule: PaymentDueDayRule;
  /** The due date of a month; defaults to the rule (the seed passes a memoised one). */
  readonly dueDateOf?: (month: CalendarDate) => CalendarDate;
  /** A policy terminated for non-payment keeps showing the grace period that ended it. */
  readonly terminatedForNonPayment?: boolean;
}

export interface FinanceSnapshot {
  readonly state: LedgerState;
  /** Due for the months invoiced and not yet past due (or the binder). */
  readonly currentAmountDue: Cents;
  /** Due for months whose due date has passed. */
  readonly pastAmountDue: Cents;
  /** The months the amounts due are for (SPEC §3 Finance; the overview says which months). */
  readonly pastDueMonths: readonly CalendarDate[];
  readonly currentDueMonths: readonly CalendarDate[];
  /** The first month's amount while a new enrolment waits for its binder payment. */
  readonly binderDue: Cents;
  readonly paymentDueDate: CalendarDate | null;
  readonly status: LedgerFinanceStatus;
  readonly delinquent: boolean;
  readonly gracePeriod: { readonly start: CalendarDate; readonly end: CalendarDate } | null;
}

/**
 * The finance of a policy on `today` from its ledger: amounts due now and past due, the next due date,
 * the status (Binder before the first payment of a new enrolment; GracePeriod for APTC members behind
 * on payments, 45 CFR 156.270: from the first unpaid month's due date to the end of the third month;
 * PastDue then Delinquent for the others) — the same figures the seed writes and payments update.
 */
export function financeSnapshot(input: FinanceInput): FinanceSnapshot {
  const { months, today, enrollment } = input;
  const dueDateOf =
    input.dueDateOf ?? ((month: CalendarDate) => paymentDueDate(monthStart(month), input.dueRule));
  const state = allocatePayments(months, input.payments, today);
  const yesterday = addDays(today, -1);
  let lastInvoiced: BilledMonth | undefined;
  for (let index = months.length - 1; index >= 0 && !lastInvoiced; index--) {
    const billed = months[index] as BilledMonth;
    if (compareCalendarDates(invoiceDateOf(billed.month), today) < 0) lastInvoiced = billed;
  }
  const counts = enrollment === 'Active' || enrollment === 'Terminated';
  const pastDueMonths = counts ? monthsOwedBy(months, state, yesterday, dueDateOf) : [];
  const pastDue = counts ? amountOwedBy(months, state, yesterday, dueDateOf) : 0;
  const totalDue =
    lastInvoiced && enrollment !== 'Terminated'
      ? amountOwedBy(months, state, dueDateOf(lastInvoiced.month), dueDateOf)
      : pastDue;
  const binderDue = enrollment === 'Pending' && state.paidMonths === 0 ? (months[0]?.amount ?? 0) : 0;
  const currentDue = enrollment === 'Active' ? totalDue - pastDue : binderDue;
  const currentDueMonths =
    enrollment === 'Active' && lastInvoiced
      ? monthsOwedBy(months, state, dueDateOf(lastInvoiced.month), dueDateOf)
          .slice(pastDueMonths.length)
          .map((billed) => billed.month)
      : binderDue > 0 && months[0]
        ? [months[0].month]
        : [];

  const firstUnpaid = months[state.paidMonths];
  let overdueMonths = 0;
  for (
    let index = state.paidMonths;
    index < months.length && compareCalendarDates(dueDateOf((months[index] as BilledMonth).month), today) < 0;
    index++
  )
    overdueMonths++;
  let status: LedgerFinanceStatus;
  if (enrollment === 'Cancelled' || enrollment === 'Terminated') status = 'Terminated';
  else if (enrollment === 'Pending') status = binderDue > 0 ? 'Binder' : 'Current';
  else if (pastDue === 0) status = 'Current';
  else if (input.onAptc) status = 'GracePeriod';
  else status = overdueMonths > 1 ? 'Delinquent' : 'PastDue';
  const inGrace =
    firstUnpaid !== undefined &&
    input.onAptc &&
    (status === 'GracePeriod' || input.terminatedForNonPayment === true);
  const gracePeriod = inGrace
    ? { start: dueDateOf(firstUnpaid.month), end: endOfMonth(addMonths(firstUnpaid.month, 2)) }
    : null;

  return {
    state,
    currentAmountDue: currentDue,
    pastAmountDue: pastDue,
    pastDueMonths: pastDueMonths.map((billed) => billed.month),
    currentDueMonths,
    binderDue,
    paymentDueDate:
      enrollment === 'Active' || enrollment === 'Pending'
        ? state.paidThroughDate
          ? nextPaymentDueDate(state.paidThroughDate, input.dueRule)
          : dueDateOf(input.firstStart)
        : null,
    status,
    delinquent: pastDue > 0,
    gracePeriod,
  };
}
