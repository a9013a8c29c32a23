import {
  addDays,
  addMonths,
  allocatePayments,
  amountOwedBy,
  dayOfMonth,
  endOfMonth,
  invoiceDateOf,
  monthsBetween,
  monthStart,
  paymentDueDate,
  type BilledMonth,
  type CalendarDate,
  type Cents,
  type LedgerState,
} from '@portal/domain';
import { compareDates, DUE_RULE, itemAt } from './context';
import type { Random } from './random';

/**
 * The premium ledger of one policy, simulated month by month so that the payment history, the
 * paid-through date, the unallocated money and the invoices always agree (DOMAIN "Money": a payment
 * covers whole months in order; partial amounts wait as unallocated money; the paid-through date
 * is the last day of the last fully paid month).
 */

export { dayOfMonth, monthsBetween, monthStart, type BilledMonth, type LedgerState };

export type PaymentMethod = 'Card' | 'BankAccount';
export type PaymentSource = 'Portal' | 'Guest' | 'Binder' | 'Autopay' | 'Scheduled' | 'Phone';

export interface SimulatedPayment {
  readonly date: CalendarDate;
  readonly amount: Cents;
  readonly status: 'Succeeded' | 'Failed';
  readonly source: PaymentSource;
  readonly method: PaymentMethod;
  readonly failureReason?: string;
}

export type BillingProfile =
  /** Autopay charges the next month's premium on `runDay` of the month before (DOMAIN "Autopay"). */
  | { readonly kind: 'autopay'; readonly runDay: number; readonly method: PaymentMethod }
  /** Pays each month a few days before its due date, sometimes two months at once. */
  | { readonly kind: 'manual'; readonly method: PaymentMethod; readonly roundUp: boolean }
  /** Nothing paid yet (a binder payment not made). */
  | { readonly kind: 'none' };

export interface PaymentPlan {
  readonly profile: BillingProfile;
  /** The last month the member pays for (later months stay unpaid); null = keeps paying. */
  readonly lastPaidMonth: CalendarDate | null;
  /** Adds a failed attempt (card declined, insufficient funds) before one successful payment. */
  readonly withFailure: boolean;
}

// A data set touches only a few dozen distinct months, millions of times: remember the answers.
function memo<T>(compute: (month: CalendarDate) => T): (month: CalendarDate) => T {
  const cache = new Map<CalendarDate, T>();
  return (month) => {
    let value = cache.get(month);
    if (value === undefined) {
      value = compute(month);
      cache.set(month, value);
    }
    return value;
  };
}

/** SPEC §9: the due date of a billed month under the tenant's rule. */
export const dueDate = memo((month) => paymentDueDate(monthStart(month), DUE_RULE));

/** Invoices go out on the 10th of the month before the month they bill. */
export const invoiceDate = memo(invoiceDateOf);

/** The first day of the month after `month`'s. */
export const nextMonth = memo((month) => addMonths(monthStart(month), 1));

/** The last day of `month`'s month. */
export const monthEnd = memo((month) => endOfMonth(month));

/**
 * The payments a member with `plan` made for `months` before `today` (events dated today have not
 * happened yet: the jobs run later in the day). The first month is always the binder payment.
 */
export function simulatePayments(
  rng: Random,
  months: readonly BilledMonth[],
  plan: PaymentPlan,
  today: CalendarDate,
): SimulatedPayment[] {
  const { profile } = plan;
  if (profile.kind === 'none') return [];
  const payments: SimulatedPayment[] = [];
  const payable = months.filter(
    (billed) =>
      billed.amount > 0 &&
      (plan.lastPaidMonth === null || compareDates(billed.month, plan.lastPaidMonth) <= 0),
  );
  const failureIndex = plan.withFailure && payable.length > 2 ? rng.int(1, payable.length - 1) : -1;
  for (let index = 0; index < payable.length; index++) {
    const billed = itemAt(payable, index);
    let date: CalendarDate;
    let amount = billed.amount;
    let source: PaymentSource;
    if (index === 0) {
      // 45 CFR 155.400(e): the binder (first premium) is paid before coverage is effectuated.
      date = addDays(billed.month, -rng.int(6, 20));
      source = 'Binder';
    } else if (profile.kind === 'autopay') {
      date = dayOfMonth(addMonths(billed.month, -1), profile.runDay);
      source = 'Autopay';
    } else {
      date = addDays(billed.month, -rng.int(1, 14));
      source = rng.chance(0.1) ? 'Phone' : 'Portal';
      const next = payable[index + 1];
      // Some members pay two months at once; the ledger allocates it month by month.
      if (next && rng.chance(0.08)) {
        amount += next.amount;
        index++;
      }
      if (profile.roundUp) amount = Math.ceil(amount / 500) * 500;
    }
    if (compareDates(date, today) >= 0) break;
    if (index === failureIndex) {
      payments.push({
        date,
        amount,
        status: 'Failed',
        source,
        method: profile.method,
        failureReason: profile.method === 'Card' ? 'card_declined' : 'insufficient_funds',
      });
      date = addDays(date, 3);
      if (compareDates(date, today) >= 0) break;
      source = 'Portal';
    }
    payments.push({ date, amount, status: 'Succeeded', source, method: profile.method });
  }
  return payments;
}

/** Allocates the successful payments made on or before `asOf` to whole months, in order (the domain's ledger). */
export function ledger(
  months: readonly BilledMonth[],
  payments: readonly SimulatedPayment[],
  asOf: CalendarDate,
): LedgerState {
  return allocatePayments(
    months,
    payments.filter((payment) => payment.status === 'Succeeded'),
    asOf,
  );
}

/** What is owed for the unpaid months due on or before `dueBy`, less money already on account. */
export function owedBy(months: readonly BilledMonth[], state: LedgerState, dueBy: CalendarDate): Cents {
  return amountOwedBy(months, state, dueBy, dueDate);
}
