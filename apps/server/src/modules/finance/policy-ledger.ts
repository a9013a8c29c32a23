import {
  addMonths,
  allocatePayments,
  compareCalendarDates,
  endOfMonth,
  hraDiscount,
  memberResponsibility,
  monthsBetween,
  type BilledMonth,
  type BillingEnrollment,
  type CalendarDate,
  type Cents,
  type HraDiscount,
  type LedgerPayment,
} from '@portal/domain';
import { hraOf, type PolicyHraRow } from '../policy/service';

export { hraOf };

/**
 * A policy's premium ledger built from its stored rows (DOMAIN "Money"): the billed months of its live
 * spans and what the policy's enrolment is on a day. Payments posting, the policy read and the billing
 * clock all build it here, so they agree on every amount.
 */

/** What the ledger needs of a coverage span. */
export interface LedgerSpanRow {
  id: string;
  startDate: string;
  endDate: string | null;
  cancelled: boolean;
  premium: Cents;
  aptc: Cents;
  other: Cents;
  effectuatedDate: string | null;
}

/** The spans that took (or will take) effect, in start order. */
export const liveSpans = <Span extends LedgerSpanRow>(spans: readonly Span[]): Span[] =>
  spans.filter((span) => !span.cancelled).sort((a, b) => compareCalendarDates(a.startDate, b.startDate));

/** The member's share of `span`'s premium for `month`: premium − APTC − other subsidy − HRA. */
export function monthAmount(span: LedgerSpanRow, hra: HraDiscount | null, month: CalendarDate): Cents {
  return memberResponsibility({
    premiumAmount: span.premium,
    taxCreditAmount: span.aptc,
    otherSubsidyAmount: span.other,
    hraAmount: hraDiscount(span.premium, hra, month),
  });
}

export interface PolicyMonths<Span extends LedgerSpanRow = LedgerSpanRow> {
  months: BilledMonth[];
  /** The span each month is billed from. */
  spanOfMonth: Span[];
}

/**
 * The billed months of a policy on `today`: every month of its live spans through the end of next
 * month (a month is invoiced on the 10th of the month before). With `carryOn`, the last span goes on
 * past its end through that horizon too: the months reinstating a terminated coverage would cost.
 */
export function billedMonths<Span extends LedgerSpanRow>(
  policy: PolicyHraRow,
  spans: readonly Span[],
  today: CalendarDate,
  options: { carryOn?: boolean } = {},
): PolicyMonths<Span> {
  const horizon = endOfMonth(addMonths(today, 1));
  const hra = hraOf(policy);
  const live = liveSpans(spans);
  const months: BilledMonth[] = [];
  const spanOfMonth: Span[] = [];
  live.forEach((span, index) => {
    const last = index === live.length - 1;
    const end =
      (options.carryOn && last) || !span.endDate || compareCalendarDates(span.endDate, horizon) > 0
        ? horizon
        : span.endDate;
    for (const month of monthsBetween(span.startDate, end)) {
      months.push({ month, amount: monthAmount(span, hra, month) });
      spanOfMonth.push(span);
    }
  });
  return { months, spanOfMonth };
}

/**
 * A policy's enrolment as the billing sees it on `today`: Cancelled without a live span; Terminated
 * once its last span ended; Pending before it starts, and after, while its first month (the binder)
 * is neither paid nor free — DOMAIN "Effectuation": a new enrolment is real only once the binder is
 * paid, and until its deadline it waits (45 CFR 155.400(e)); else Active.
 */
export function enrollmentOf(
  spans: readonly LedgerSpanRow[],
  ledger: PolicyMonths,
  payments: readonly LedgerPayment[],
  today: CalendarDate,
): BillingEnrollment {
  const live = liveSpans(spans);
  const first = live[0];
  if (!first) return 'Cancelled';
  const lastEnd = live.at(-1)?.endDate ?? null;
  if (lastEnd !== null && compareCalendarDates(lastEnd, today) < 0) return 'Terminated';
  if (compareCalendarDates(first.startDate, today) > 0) return 'Pending';
  const firstMonth = ledger.months[0];
  if (
    first.effectuatedDate === null &&
    firstMonth !== undefined &&
    firstMonth.amount > 0 &&
    allocatePayments(ledger.months, payments, today).paidMonths === 0
  )
    return 'Pending';
  return 'Active';
}

/**
 * The span that describes the policy on `today` (its monthly premium on the overview): the current
 * one, else the next, else the last; and the month whose amounts it shows.
 */
export function shownSpanOf<Span extends LedgerSpanRow>(
  spans: readonly Span[],
  today: CalendarDate,
): { span: Span; month: CalendarDate } | null {
  const live = liveSpans(spans);
  const covers = (span: Span) =>
    compareCalendarDates(span.startDate, today) <= 0 &&
    (span.endDate === null || compareCalendarDates(span.endDate, today) >= 0);
  const span =
    live.find(covers) ??
    live.find((candidate) => compareCalendarDates(candidate.startDate, today) > 0) ??
    live.at(-1) ??
    spans[0];
  if (!span) return null;
  return { span, month: covers(span) ? `${today.slice(0, 7)}-01` : `${span.startDate.slice(0, 7)}-01` };
}
