/**
 * Premium billing and payment rules (SPEC §4 "Payment", SPEC §9 business constants).
 * All amounts are integer cents; all dates are `YYYY-MM-DD` calendar dates.
 */
import {
  addDays,
  calendarDate,
  compareCalendarDates,
  daysInMonth,
  isDateWithin,
  parseCalendarDate,
} from './calendar-date';
import type { CalendarDate } from './calendar-date';
import type { MarketCoverage } from './coverage';
import { isCents, percentOf, toWireAmount } from './money';
import type { Cents } from './money';

/** Bounds of a one-time payment, from configuration (SPEC §9 sample: 1 to 100 dollars = 100 to 10 000 cents). */
export interface PaymentAmountLimits {
  readonly minAllowedPayment: Cents;
  readonly maxAllowedPayment: Cents;
}

/** SPEC §5, §9: why a payment amount is refused by {@link checkPaymentAmount}. */
export type PaymentAmountProblem = 'not-whole-cents' | 'not-positive' | 'below-minimum' | 'above-maximum';

/** SPEC §5, §9: result of {@link checkPaymentAmount}. */
export type PaymentAmountCheck =
  { readonly ok: true } | { readonly ok: false; readonly problem: PaymentAmountProblem };

/**
 * SPEC §5/§9: a payment amount is allowed from `minAllowedPayment` to `maxAllowedPayment`
 * inclusive. An amount must also be whole cents and above zero whatever the configuration says.
 */
export function checkPaymentAmount(amount: Cents, limits: PaymentAmountLimits): PaymentAmountCheck {
  if (!isCents(amount)) return { ok: false, problem: 'not-whole-cents' };
  if (amount <= 0) return { ok: false, problem: 'not-positive' };
  if (amount < limits.minAllowedPayment) return { ok: false, problem: 'below-minimum' };
  if (amount > limits.maxAllowedPayment) return { ok: false, problem: 'above-maximum' };
  return { ok: true };
}

/** SPEC §5/§9: the amount as sent to the processor, always with two decimals (1000 → `"10.00"`). */
export function paymentAmountForProcessor(amount: Cents): string {
  return toWireAmount(amount);
}

/**
 * How the payment due date is computed (SPEC §9: "payment due day, offset and implementation
 * (constant or offset) come from configuration"):
 * - `constant`: on day `dueDay` (1-31) of the billed month, capped at the month's last day;
 * - `offset`: `offsetDays` days after the first day of the billed month (negative = before it,
 *   so −1 is the last day of the previous month).
 */
export type PaymentDueDayRule =
  | { readonly implementation: 'constant'; readonly dueDay: number }
  | { readonly implementation: 'offset'; readonly offsetDays: number };

/** SPEC §9: the due-day rule from the tenant's `payments.dueDate` setting (implementation, day, offset). */
export function dueDayRule(setting: {
  readonly implementation: 'constant' | 'offset';
  readonly day: number;
  readonly offsetDays: number;
}): PaymentDueDayRule {
  return setting.implementation === 'constant'
    ? { implementation: 'constant', dueDay: setting.day }
    : { implementation: 'offset', offsetDays: setting.offsetDays };
}

/**
 * SPEC §9: the date the premium for the month containing `billedMonth` is due.
 * A constant due day is capped at month end: day 31 in February 2024 gives 2024-02-29.
 * Throws a RangeError for a constant `dueDay` outside 1-31 or a non-integer offset.
 */
export function paymentDueDate(billedMonth: CalendarDate, rule: PaymentDueDayRule): CalendarDate {
  const { year, month } = parseCalendarDate(billedMonth);
  switch (rule.implementation) {
    case 'constant': {
      if (!Number.isInteger(rule.dueDay) || rule.dueDay < 1 || rule.dueDay > 31) {
        throw new RangeError(`dueDay must be 1-31, got ${rule.dueDay}`);
      }
      return calendarDate(year, month, Math.min(rule.dueDay, daysInMonth(year, month)));
    }
    case 'offset':
      return addDays(calendarDate(year, month, 1), rule.offsetDays);
  }
}

/**
 * SPEC §9 with DOMAIN "paid-through date": the due date of the first unpaid month, i.e. the
 * month that starts the day after `paidThroughDate` (the last day of the last fully paid month).
 */
export function nextPaymentDueDate(paidThroughDate: CalendarDate, rule: PaymentDueDayRule): CalendarDate {
  return paymentDueDate(addDays(paidThroughDate, 1), rule);
}

/**
 * An employer HRA discount (SPEC §9): a percentage of the premium or a flat amount, applying to
 * premiums for dates from `startDate` to `endDate` inclusive (`null` end = open-ended).
 */
export type HraDiscount =
  | {
      readonly kind: 'percentage';
      readonly percent: number;
      readonly startDate: CalendarDate;
      readonly endDate: CalendarDate | null;
    }
  | {
      readonly kind: 'flat';
      readonly amount: Cents;
      readonly startDate: CalendarDate;
      readonly endDate: CalendarDate | null;
    };

/**
 * SPEC §9: the HRA discount on `premium` for the premium month containing `onDate`; 0 when there
 * is no HRA or `onDate` is outside its date range. Never more than the premium and never negative
 * (percentages are clamped to 0-100, flat amounts to 0…premium).
 */
export function hraDiscount(
  premium: Cents,
  hra: HraDiscount | null | undefined,
  onDate: CalendarDate,
): Cents {
  if (hra == null || premium <= 0 || !isDateWithin(onDate, hra.startDate, hra.endDate)) return 0;
  const discount =
    hra.kind === 'percentage'
      ? percentOf(premium, Math.min(100, Math.max(0, hra.percent)))
      : Math.max(0, hra.amount);
  return Math.min(premium, discount);
}

/** The amounts of a coverage span that make up what the member owes each month (SPEC §3 CoverageDetail). */
export interface PremiumParts {
  readonly premiumAmount: Cents;
  readonly taxCreditAmount?: Cents | null;
  readonly otherSubsidyAmount?: Cents | null;
  readonly hraAmount?: Cents | null;
}

/**
 * SPEC §3/§9 with DOMAIN "Money": the member's monthly share, premium − APTC − other subsidy − HRA,
 * never below zero (subsidies can exceed a cheap plan's premium).
 */
export function memberResponsibility(parts: PremiumParts): Cents {
  const owed =
    parts.premiumAmount -
    (parts.taxCreditAmount ?? 0) -
    (parts.otherSubsidyAmount ?? 0) -
    (parts.hraAmount ?? 0);
  return Math.max(0, owed);
}

/**
 * The parts of a month's premium, each named for what it is (DOMAIN "Money"; issue 10: they are
 * different things and are never shown under one name):
 * - `taxCredit`: the advance premium tax credit (APTC) the government pays the issuer (individual market);
 * - `employerContribution`: what the employer pays (group market: a span's other-subsidy amount);
 * - `otherSubsidy`: other help with the premium in the individual market (a state subsidy);
 * - `hra`: what an employer's health reimbursement arrangement takes off;
 * - `costSharingReduction`: CSR lowers deductibles and copays, not the premium: shown, never subtracted;
 * - `memberShare`: what the member pays ({@link memberResponsibility}).
 */
export interface PremiumBreakdown {
  readonly premium: Cents;
  readonly taxCredit: Cents;
  readonly employerContribution: Cents;
  readonly otherSubsidy: Cents;
  readonly hra: Cents;
  readonly costSharingReduction: Cents;
  readonly memberShare: Cents;
}

/** SPEC §3 CoverageDetail amounts of one month, named by market (see {@link PremiumBreakdown}). */
export function premiumBreakdown(
  parts: PremiumParts & { readonly csrAmount?: Cents | null },
  market: MarketCoverage,
): PremiumBreakdown {
  const other = parts.otherSubsidyAmount ?? 0;
  return {
    premium: parts.premiumAmount,
    taxCredit: parts.taxCreditAmount ?? 0,
    employerContribution: market === 'Group' ? other : 0,
    otherSubsidy: market === 'Group' ? 0 : other,
    hra: parts.hraAmount ?? 0,
    costSharingReduction: parts.csrAmount ?? 0,
    memberShare: memberResponsibility(parts),
  };
}

/** SPEC §9: what the balance shows: the total due, or (when nothing is due) money paid but not yet allocated. */
export interface AccountBalance {
  readonly source: 'total-due' | 'unallocated';
  readonly amount: Cents;
}

/**
 * SPEC §9: the balance is the total due, except that when the total due is zero it is the
 * unallocated amount (a credit the member has on account), unless configuration disregards
 * unallocated money (`disregardUnallocated`).
 */
export function accountBalance(
  totalDue: Cents,
  unallocatedAmount: Cents | null | undefined,
  options: { readonly disregardUnallocated: boolean },
): AccountBalance {
  if (totalDue === 0 && !options.disregardUnallocated) {
    return { source: 'unallocated', amount: unallocatedAmount ?? 0 };
  }
  return { source: 'total-due', amount: totalDue };
}

/**
 * SPEC §4 "Payment": after a payment dated other than today (a back- or future-dated payment),
 * the policy's scheduled payments are cleared.
 */
export function paymentClearsScheduledPayments(paymentDate: CalendarDate, today: CalendarDate): boolean {
  return compareCalendarDates(paymentDate, today) !== 0;
}

/**
 * SPEC §4 "Payment": the policy's scheduled payments after a payment on `paymentDate`:
 * none when the payment was not dated today, otherwise unchanged.
 */
export function scheduledPaymentsAfterPayment<T>(
  scheduledPayments: readonly T[],
  paymentDate: CalendarDate,
  today: CalendarDate,
): readonly T[] {
  return paymentClearsScheduledPayments(paymentDate, today) ? [] : scheduledPayments;
}

/** Configured limits on recurring and scheduled payments (SPEC §9 sample: 1 and 3). */
export interface PaymentPlanLimits {
  readonly maxAutopayAllowed: number;
  readonly maxScheduledPaymentsAllowed: number;
}

/** SPEC §9 `maxAutopayAllowed`: whether one more autopay subscription may be created for a policy. */
export function canAddAutopay(activeSubscriptions: number, limits: PaymentPlanLimits): boolean {
  return activeSubscriptions < limits.maxAutopayAllowed;
}

/** SPEC §9 `maxScheduledPaymentsAllowed`: whether one more scheduled payment may be set up for a policy. */
export function canAddScheduledPayment(pendingScheduledPayments: number, limits: PaymentPlanLimits): boolean {
  return pendingScheduledPayments < limits.maxScheduledPaymentsAllowed;
}

/**
 * The days a scheduled payment may be set for (issue 10): from tomorrow — a payment for today is made
 * now, on the make-payment page — to `horizonDays` after today (config `payments.scheduledPaymentHorizonDays`).
 */
export function scheduledPaymentWindow(
  today: CalendarDate,
  horizonDays: number,
): { earliest: CalendarDate; latest: CalendarDate } {
  return { earliest: addDays(today, 1), latest: addDays(today, horizonDays) };
}
