/**
 * The billing clock (issue 10; DOMAIN "Money", "Effectuation", "Reinstatement"; SPEC §3 Finance and
 * Reinstatement eligibility, §4, §9): what one day changes for one policy, from its ledger and what was
 * stored the last time its finance was computed. The server applies the result (documents, coverage,
 * finance, reinstatement) in one transaction; running the same day again finds nothing left to do.
 *
 * - **Invoices**: each billed month is invoiced on its invoice date ({@link invoiceDateOf}), once.
 * - **Past due**: the day after a month's due date it is past due. A member with APTC then has the
 *   three-month grace period of 45 CFR 156.270 (claims paid in month 1, pended in months 2-3, coverage
 *   ended on the last day of month 1 if not paid in full by the end of month 3); anyone else has the
 *   state's grace period (`stateGracePeriodDays` after the due date), after which coverage ends on the
 *   paid-through date.
 * - **Binder**: a new enrolment whose first premium is not paid within `binderDeadlineDaysAfterStart`
 *   days of its start is cancelled (45 CFR 155.400(e): no grace period for a binder).
 * - **Reinstatement**: after a termination for non-payment the member may ask to reinstate for
 *   `terminatedPlansDaysOut` days, by paying every month owed as if the coverage had not ended.
 */
import { addDays, addMonths, compareCalendarDates, endOfMonth, type CalendarDate } from './calendar-date';
import { paymentDueDate, type PaymentDueDayRule } from './billing';
import {
  allocatePayments,
  financeSnapshot,
  invoiceDateOf,
  monthsBetween,
  monthsOwedBy,
  monthStart,
  type BilledMonth,
  type BillingEnrollment,
  type FinanceSnapshot,
  type LedgerFinanceStatus,
  type LedgerPayment,
  type LedgerState,
} from './ledger';
import type { Cents } from './money';

/** The tenant's billing settings the clock applies (SPEC §9; AccountConfig `payments`). */
export interface BillingRules {
  readonly dueRule: PaymentDueDayRule;
  /** Without APTC: the days after the first unpaid month's due date that a payment still keeps the coverage. */
  readonly stateGracePeriodDays: number;
  /** 45 CFR 155.400(e): the binder must be paid within this many days of the coverage start. */
  readonly binderDeadlineDaysAfterStart: number;
  /** How long after a termination for non-payment the member may ask to reinstate (SPEC §9 sample 35). */
  readonly terminatedPlansDaysOut: number;
}

/** Which grace period applies: 45 CFR 156.270 for APTC members, the state's for everyone else. */
export type GracePeriodKind = 'aptc' | 'state';

/** A grace period: when it began, the last day a payment in full saves the coverage, and what happens if not. */
export interface GracePeriod {
  readonly kind: GracePeriodKind;
  /** The first month not paid for (grace month 1 of an APTC grace period). */
  readonly firstUnpaidMonth: CalendarDate;
  /** The first unpaid month's due date. */
  readonly start: CalendarDate;
  /** The last day on which paying everything past due keeps the coverage. */
  readonly end: CalendarDate;
  /**
   * The last day of coverage if it is not paid by {@link end}: with APTC the last day of grace month 1
   * (45 CFR 156.270(g)); otherwise the paid-through date.
   */
  readonly coverageEndsOn: CalendarDate;
}

/** Month 1, 2 or 3 of an APTC grace period. */
export type GraceMonth = 1 | 2 | 3;

/**
 * DOMAIN "Grace period": the grace period of a member whose first unpaid month is `firstUnpaidMonth`.
 * With APTC: from its due date to the end of the third month, coverage ending on the last day of month 1
 * if unpaid. Without: `stateGracePeriodDays` days after its due date, coverage ending on the paid-through
 * date (the day before the first unpaid month when nothing was ever paid).
 */
export function gracePeriodFor(input: {
  readonly onAptc: boolean;
  readonly firstUnpaidMonth: CalendarDate;
  readonly dueDate: CalendarDate;
  readonly paidThroughDate: CalendarDate | null;
  readonly stateGracePeriodDays: number;
}): GracePeriod {
  const firstUnpaidMonth = monthStart(input.firstUnpaidMonth);
  if (input.onAptc) {
    return {
      kind: 'aptc',
      firstUnpaidMonth,
      start: input.dueDate,
      end: endOfMonth(addMonths(firstUnpaidMonth, 2)),
      coverageEndsOn: endOfMonth(firstUnpaidMonth),
    };
  }
  return {
    kind: 'state',
    firstUnpaidMonth,
    start: input.dueDate,
    end: addDays(input.dueDate, input.stateGracePeriodDays),
    coverageEndsOn: input.paidThroughDate ?? addDays(firstUnpaidMonth, -1),
  };
}

/**
 * 45 CFR 156.270: which month of an APTC grace period `day` falls in (a day before month 1 counts as
 * month 1); null for a state grace period or after the grace period ended.
 */
export function graceMonthOf(grace: GracePeriod, day: CalendarDate): GraceMonth | null {
  if (grace.kind !== 'aptc' || compareCalendarDates(day, grace.end) > 0) return null;
  if (compareCalendarDates(day, grace.firstUnpaidMonth) < 0) return 1;
  return monthsBetween(grace.firstUnpaidMonth, day).length as GraceMonth;
}

/** 45 CFR 156.270(d): the issuer may pend claims for services in months 2 and 3 of an APTC grace period. */
export function claimsPendedOn(grace: GracePeriod, day: CalendarDate): boolean {
  return (graceMonthOf(grace, day) ?? 0) >= 2;
}

/** The first day of grace month 2: claims for services from this day on may be pended. */
export function claimsPendedFrom(grace: GracePeriod): CalendarDate {
  return addDays(grace.coverageEndsOn, 1);
}

/**
 * The grace period a finance snapshot is in, if any: an active policy with something past due (APTC or
 * not). The months and amount that end it are the snapshot's past-due months and amount.
 */
export function gracePeriodOfSnapshot(
  snapshot: FinanceSnapshot,
  months: readonly BilledMonth[],
  input: {
    readonly onAptc: boolean;
    readonly rules: Pick<BillingRules, 'dueRule' | 'stateGracePeriodDays'>;
    readonly dueDateOf?: (month: CalendarDate) => CalendarDate;
  },
): GracePeriod | null {
  if (snapshot.status !== 'GracePeriod' && snapshot.status !== 'PastDue' && snapshot.status !== 'Delinquent')
    return null;
  const firstUnpaid = months[snapshot.state.paidMonths];
  if (!firstUnpaid) return null;
  const dueDateOf =
    input.dueDateOf ?? ((month: CalendarDate) => paymentDueDate(monthStart(month), input.rules.dueRule));
  return gracePeriodFor({
    onAptc: input.onAptc,
    firstUnpaidMonth: firstUnpaid.month,
    dueDate: dueDateOf(firstUnpaid.month),
    paidThroughDate: snapshot.state.paidThroughDate,
    stateGracePeriodDays: input.rules.stateGracePeriodDays,
  });
}

/** What reinstating a policy terminated for non-payment takes: every month owed as if it had not ended. */
export interface ReinstatementDue {
  readonly months: readonly CalendarDate[];
  readonly amount: Cents;
}

/**
 * SPEC §3 Reinstatement eligibility `amountDue`, from the same ledger as the amounts due: the unpaid
 * months due by `day` of the coverage as if it had continued (`continuedMonths`: the billed months with
 * the last coverage carried on), less money on account. It includes the months past due on the
 * terminated policy, so the two amounts differ exactly by the months since the coverage ended.
 */
export function reinstatementDue(
  continuedMonths: readonly BilledMonth[],
  state: LedgerState,
  day: CalendarDate,
  dueDateOf: (month: CalendarDate) => CalendarDate,
): ReinstatementDue {
  const owed = monthsOwedBy(continuedMonths, state, day, dueDateOf);
  const total = owed.reduce((sum, billed) => sum + billed.amount, 0);
  return { months: owed.map((billed) => billed.month), amount: Math.max(0, total - state.unallocated) };
}

/** What the clock found stored for the policy (its last computed finance). */
export interface StoredBilling {
  readonly status: LedgerFinanceStatus;
  /** The last day the clock ran for the policy; null before its first run. */
  readonly clockDate: CalendarDate | null;
}

export interface BillingDayInput {
  readonly day: CalendarDate;
  /** The billed months of the live coverage (through the end of next month). */
  readonly months: readonly BilledMonth[];
  /** The same months with the last coverage carried on through `day`'s month (for the reinstatement amount). */
  readonly continuedMonths?: readonly BilledMonth[];
  readonly payments: readonly LedgerPayment[];
  readonly enrollment: BillingEnrollment;
  readonly onAptc: boolean;
  readonly firstStart: CalendarDate;
  readonly terminatedForNonPayment?: boolean;
  readonly stored: StoredBilling;
  readonly rules: BillingRules;
  /** The due date of a month; defaults to the rule (callers may pass a memoised one). */
  readonly dueDateOf?: (month: CalendarDate) => CalendarDate;
}

/** An invoice the day issues (DOMAIN "Documents": period, amount due, due date, past due, credit). */
export interface InvoiceDue {
  readonly month: CalendarDate;
  /** `binder`: the first month of a new enrolment that is not paid yet. */
  readonly kind: 'monthly' | 'binder';
  readonly invoiceDate: CalendarDate;
  readonly dueDate: CalendarDate;
  /** The member's share for the month. */
  readonly monthAmount: Cents;
  /** Unpaid months due before this one. */
  readonly pastDue: Cents;
  /** Money on account, taken off the amount due. */
  readonly credit: Cents;
  /** What to pay by the due date: month + past due − credit, never below zero. */
  readonly amountDue: Cents;
}

/** A change of the policy's coverage the day makes. */
export type CoverageChange =
  /** Coverage ends on `endDate`: spans end then, spans starting later are cancelled. */
  | { readonly kind: 'terminate'; readonly endDate: CalendarDate }
  /** Every live span is cancelled: it never took effect. */
  | { readonly kind: 'cancel' };

/** The reinstatement eligibility a termination for non-payment gives (SPEC §3). */
export interface ReinstatementOffer extends ReinstatementDue {
  readonly status: 'Eligible';
  readonly expirationDate: CalendarDate;
}

/** What happened to the policy on the day: each one is told to the member (a notice and a notification). */
export type BillingTransition =
  /** Without APTC: a month is past due; the state's grace period runs. */
  | {
      readonly kind: 'past-due';
      readonly grace: GracePeriod;
      readonly amount: Cents;
      readonly months: readonly CalendarDate[];
    }
  /** With APTC: the three-month grace period begins. */
  | {
      readonly kind: 'grace-period-entered';
      readonly grace: GracePeriod;
      readonly amount: Cents;
      readonly months: readonly CalendarDate[];
    }
  /** With APTC: grace month 2 begins; claims for services from `from` may be pended until paid. */
  | {
      readonly kind: 'claims-pended';
      readonly grace: GracePeriod;
      readonly from: CalendarDate;
      readonly amount: Cents;
      readonly months: readonly CalendarDate[];
    }
  /** Everything past due was paid: back to Current. */
  | { readonly kind: 'grace-period-ended'; readonly paidThroughDate: CalendarDate | null }
  /** The grace period ended unpaid: coverage ends on `coverageEndsOn`. */
  | {
      readonly kind: 'terminated-for-non-payment';
      readonly grace: GracePeriod;
      readonly coverageEndsOn: CalendarDate;
      /** Still owed for the months of coverage (with APTC, grace month 1). */
      readonly amount: Cents;
      readonly months: readonly CalendarDate[];
      readonly reinstatement: ReinstatementOffer;
    }
  /** The binder was not paid by its deadline: the pending coverage is cancelled. */
  | {
      readonly kind: 'binder-cancelled';
      readonly coverageStart: CalendarDate;
      readonly deadline: CalendarDate;
      readonly amount: Cents;
    };

export type BillingTransitionKind = BillingTransition['kind'];

export interface BillingDay {
  /** The finance on the day, after the coverage change. */
  readonly snapshot: FinanceSnapshot;
  /** The billed months after the coverage change. */
  readonly months: readonly BilledMonth[];
  readonly enrollment: BillingEnrollment;
  /** The grace period the policy is in on the day (after the change: none once terminated). */
  readonly grace: GracePeriod | null;
  readonly graceMonth: GraceMonth | null;
  readonly coverageChange: CoverageChange | null;
  readonly transitions: readonly BillingTransition[];
  readonly invoices: readonly InvoiceDue[];
}

const IN_ARREARS: readonly LedgerFinanceStatus[] = ['PastDue', 'GracePeriod', 'Delinquent'];

/** The statuses in which something is past due (a grace period runs). */
export const isInArrears = (status: LedgerFinanceStatus): boolean => IN_ARREARS.includes(status);

/**
 * The transitions a recomputed finance shows against the stored one, wherever the finance is recomputed
 * (the clock, a payment): past due or the grace period entered, or everything past due paid.
 */
export function arrearsTransitions(
  stored: LedgerFinanceStatus,
  snapshot: FinanceSnapshot,
  grace: GracePeriod | null,
): BillingTransition[] {
  const months = snapshot.pastDueMonths;
  const amount = snapshot.pastAmountDue;
  if (grace && snapshot.status === 'GracePeriod' && stored !== 'GracePeriod')
    return [{ kind: 'grace-period-entered', grace, amount, months }];
  if (grace && (snapshot.status === 'PastDue' || snapshot.status === 'Delinquent') && !isInArrears(stored))
    return [{ kind: 'past-due', grace, amount, months }];
  if (snapshot.status === 'Current' && isInArrears(stored))
    return [{ kind: 'grace-period-ended', paidThroughDate: snapshot.state.paidThroughDate }];
  return [];
}

/**
 * The day's work for one policy: recompute its finance, then apply what the day brings — the binder
 * deadline, the end of a grace period, entering one (or its second month), leaving it paid — and the
 * invoices whose date has come since the clock last ran (on its first run, only the latest one).
 */
export function billingDay(input: BillingDayInput): BillingDay {
  const { day, rules, stored } = input;
  const dueDateOf =
    input.dueDateOf ?? ((month: CalendarDate) => paymentDueDate(monthStart(month), rules.dueRule));
  const snapshotOf = (
    months: readonly BilledMonth[],
    enrollment: BillingEnrollment,
    terminatedForNonPayment: boolean,
  ) =>
    financeSnapshot({
      months,
      payments: input.payments,
      today: day,
      enrollment,
      onAptc: input.onAptc,
      firstStart: input.firstStart,
      dueRule: rules.dueRule,
      dueDateOf,
      terminatedForNonPayment,
    });

  let months = input.months;
  let enrollment = input.enrollment;
  let snapshot = snapshotOf(months, enrollment, input.terminatedForNonPayment ?? false);
  let grace =
    enrollment === 'Active'
      ? gracePeriodOfSnapshot(snapshot, months, { onAptc: input.onAptc, rules, dueDateOf })
      : null;
  let coverageChange: CoverageChange | null = null;
  const transitions: BillingTransition[] = [];

  const deadline = addDays(input.firstStart, rules.binderDeadlineDaysAfterStart);
  if (enrollment === 'Pending' && snapshot.binderDue > 0 && compareCalendarDates(day, deadline) > 0) {
    // 45 CFR 155.400(e): no grace period for a binder; the coverage never takes effect.
    transitions.push({
      kind: 'binder-cancelled',
      coverageStart: input.firstStart,
      deadline,
      amount: snapshot.binderDue,
    });
    coverageChange = { kind: 'cancel' };
    months = [];
    enrollment = 'Cancelled';
    snapshot = snapshotOf(months, enrollment, false);
  } else if (grace && compareCalendarDates(day, grace.end) > 0) {
    const ended = grace;
    const continued = input.continuedMonths ?? input.months;
    const reinstate = reinstatementDue(
      continued,
      allocatePayments(continued, input.payments, day),
      day,
      dueDateOf,
    );
    coverageChange = { kind: 'terminate', endDate: ended.coverageEndsOn };
    months = months.filter((billed) => compareCalendarDates(billed.month, ended.coverageEndsOn) <= 0);
    enrollment = 'Terminated';
    snapshot = snapshotOf(months, enrollment, true);
    transitions.push({
      kind: 'terminated-for-non-payment',
      grace: ended,
      coverageEndsOn: ended.coverageEndsOn,
      amount: snapshot.pastAmountDue,
      months: snapshot.pastDueMonths,
      reinstatement: {
        status: 'Eligible',
        expirationDate: addDays(day, rules.terminatedPlansDaysOut),
        ...reinstate,
      },
    });
    grace = null;
  } else {
    transitions.push(...arrearsTransitions(stored.status, snapshot, grace));
    // Grace month 2 began since the clock last ran, in a grace period already announced (entering it in
    // month 2 or later is one notice; a first run knows nothing of before and announces nothing).
    if (
      grace &&
      stored.status === 'GracePeriod' &&
      stored.clockDate !== null &&
      claimsPendedOn(grace, day) &&
      !claimsPendedOn(grace, stored.clockDate)
    )
      transitions.push({
        kind: 'claims-pended',
        grace,
        from: claimsPendedFrom(grace),
        amount: snapshot.pastAmountDue,
        months: snapshot.pastDueMonths,
      });
  }

  return {
    snapshot,
    months,
    enrollment,
    grace,
    graceMonth: grace ? graceMonthOf(grace, day) : null,
    coverageChange,
    transitions,
    invoices:
      enrollment === 'Active' || enrollment === 'Pending'
        ? invoicesDue(months, snapshot.state, day, stored.clockDate, enrollment, dueDateOf)
        : [],
  };
}

/** The months whose invoice date falls after `since` and on or before `day` (with no `since`, the latest only). */
function invoicesDue(
  months: readonly BilledMonth[],
  state: LedgerState,
  day: CalendarDate,
  since: CalendarDate | null,
  enrollment: BillingEnrollment,
  dueDateOf: (month: CalendarDate) => CalendarDate,
): InvoiceDue[] {
  const due: InvoiceDue[] = [];
  for (let index = 0; index < months.length; index++) {
    const billed = months[index] as BilledMonth;
    const invoiceDate = invoiceDateOf(billed.month);
    if (compareCalendarDates(invoiceDate, day) > 0) break;
    if (since !== null && compareCalendarDates(invoiceDate, since) <= 0) continue;
    let before = 0;
    for (let earlier = state.paidMonths; earlier < index; earlier++)
      before += (months[earlier] as BilledMonth).amount;
    const unpaid = index >= state.paidMonths;
    const owed = before + (unpaid ? billed.amount : 0);
    const invoice: InvoiceDue = {
      month: billed.month,
      kind: enrollment === 'Pending' && index === 0 && state.paidMonths === 0 ? 'binder' : 'monthly',
      invoiceDate,
      dueDate: dueDateOf(billed.month),
      monthAmount: billed.amount,
      pastDue: before,
      credit: state.unallocated,
      amountDue: Math.max(0, owed - state.unallocated),
    };
    if (since === null) due.splice(0, due.length, invoice);
    else due.push(invoice);
  }
  return due;
}
