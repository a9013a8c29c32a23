/**
 * Reinstatement (issue 11; SPEC §3 Reinstatement eligibility; DOMAIN "Reinstatement"): restoring a policy
 * the billing clock terminated for non-payment, once the member pays every month owed as if the coverage
 * had not ended (the amount and months come from the ledger: billing-clock.ts `reinstatementDue`).
 *
 * - Who may ask: a terminated policy whose reinstatement status is Eligible (reinstated at once once the
 *   amount due is paid) or Manual (staff review it), until its expiration date, and only once at a time.
 * - What it restores: the coverage as if it had not ended (see {@link reinstatedSpans}).
 */
import { compareCalendarDates, endOfMonth, type CalendarDate } from './calendar-date';

/** SPEC §3 Reinstatement eligibility `reinstatementStatus`. */
export type ReinstatementStatus = 'Eligible' | 'Manual' | 'NotEligible';

/** Why a policy cannot be reinstated now: what the page says, and the code the API refuses with. */
export type ReinstatementRefusal =
  /** The policy is not terminated (active, pending, or already reinstated): there is nothing to restore. */
  | 'not-terminated'
  /** A reinstatement request for it is already waiting (for review, or for a bank payment to clear). */
  | 'reinstatement-requested'
  /** Its expiration date has passed. */
  | 'reinstatement-expired'
  /** It was never offered (a termination the member asked for, a cancellation) or was already used. */
  | 'reinstatement-not-eligible';

export interface ReinstatementCase {
  /** The policy's enrolment status. */
  readonly enrollmentStatus: string;
  /** The stored eligibility; null when the policy has none. */
  readonly status: ReinstatementStatus | null;
  readonly expirationDate: CalendarDate | null;
  /** A reinstatement request of this policy is still open (Submitted or In review). */
  readonly openRequest: boolean;
}

/**
 * Whether the member may ask to reinstate on `today`, or why not. The expiration date is checked before
 * the status: the billing clock turns an expired offer NotEligible but keeps its date, and "the deadline
 * passed" is what the member needs to hear.
 */
export function reinstatementRefusal(
  input: ReinstatementCase,
  today: CalendarDate,
): ReinstatementRefusal | null {
  // A cancelled coverage never took effect: there is nothing to restore, and never was.
  if (input.enrollmentStatus === 'Cancelled') return 'reinstatement-not-eligible';
  if (input.enrollmentStatus !== 'Terminated') return 'not-terminated';
  if (input.openRequest) return 'reinstatement-requested';
  if (input.expirationDate !== null && compareCalendarDates(today, input.expirationDate) > 0)
    return 'reinstatement-expired';
  if (input.status !== 'Eligible' && input.status !== 'Manual') return 'reinstatement-not-eligible';
  return null;
}

/** A coverage span (the policy's or a member's) as a reinstatement sees it. */
export interface ReinstatableSpan {
  readonly id: string;
  readonly startDate: CalendarDate;
  readonly endDate: CalendarDate | null;
  readonly cancelled: boolean;
}

/** The day coverage ended: the latest end of the live spans (null when a live span has no end). */
export function coverageEndOf(spans: readonly ReinstatableSpan[]): CalendarDate | null {
  const live = spans.filter((span) => !span.cancelled);
  if (live.length === 0 || live.some((span) => span.endDate === null)) return null;
  return live
    .map((span) => span.endDate as CalendarDate)
    .reduce((latest, end) => (compareCalendarDates(end, latest) > 0 ? end : latest));
}

/** December 31 of a date's year: the end of an individual-market plan year. */
export const planYearEndOf = (date: CalendarDate): CalendarDate => endOfMonth(`${date.slice(0, 4)}-12-01`);

const later = (a: CalendarDate, b: CalendarDate): CalendarDate => (compareCalendarDates(a, b) >= 0 ? a : b);

/**
 * What reinstating does to a policy's spans (and, alike, to each member's): coverage restored as if it
 * had not ended. The billing clock's termination (finance/clock-repository.ts `endCoverage`) set the end
 * of every span running past the termination date to that date and cancelled the spans that would have
 * started after it (their end set to their start). It did not keep the ends it overwrote, so each span
 * gets back the end of its plan year — December 31 of its year, or, for a span that ran on into a later
 * year, of the year the coverage ended in (individual coverage is sold by calendar plan year).
 *
 * A span the member had cancelled themselves and that would also have started after the termination
 * cannot be told apart from one the clock cancelled; it is restored too (reinstating restores the
 * coverage as the member had it the day it ended).
 *
 * Answers the spans that change, with their new end; spans that ended before the termination (a
 * dependent who left earlier, an older plan) are left as they are.
 */
export function reinstatedSpans(
  spans: readonly ReinstatableSpan[],
  terminationDate: CalendarDate,
): { id: string; endDate: CalendarDate; cancelled: false }[] {
  const changes: { id: string; endDate: CalendarDate; cancelled: false }[] = [];
  for (const span of spans) {
    if (!span.cancelled && span.endDate === terminationDate) {
      changes.push({
        id: span.id,
        endDate: planYearEndOf(later(span.startDate, terminationDate)),
        cancelled: false,
      });
    } else if (
      span.cancelled &&
      compareCalendarDates(span.startDate, terminationDate) > 0 &&
      span.endDate === span.startDate
    ) {
      changes.push({ id: span.id, endDate: planYearEndOf(span.startDate), cancelled: false });
    }
  }
  return changes;
}
