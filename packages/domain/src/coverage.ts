/**
 * Coverage spans, member status and policy status (SPEC §3 and §4).
 *
 * A span is a period with one plan and one premium (DOMAIN "Coverage span"). A cancelled span
 * never took effect; a terminated span ended on a date after it began. Dates are `YYYY-MM-DD`
 * and "today" is always a parameter.
 */
import { addDays, compareCalendarDates, daysBetween, isDateWithin } from './calendar-date';
import type { CalendarDate } from './calendar-date';

/** SPEC §3, §4: a period of calendar days, both ends inclusive; a `null` end means open-ended (no end date yet). */
export interface DateSpan {
  readonly startDate: CalendarDate;
  readonly endDate: CalendarDate | null;
}

/**
 * SPEC §3, §4: a coverage span as the rules need it. `cancelled` marks a span that never took effect; a span
 * whose end date is before its start date is treated as cancelled too (the usual way enrolment
 * systems record a cancellation).
 */
export interface CoverageSpan extends DateSpan {
  readonly cancelled?: boolean | null;
}

/** SPEC §4: whether a span is cancelled (flagged, or ending before it starts) and so is ignored. */
export function isSpanCancelled(span: CoverageSpan): boolean {
  return (
    span.cancelled === true ||
    (span.endDate !== null && compareCalendarDates(span.endDate, span.startDate) < 0)
  );
}

/** SPEC §4: whether a span covers `today` (started on or before it, not ended before it). */
export function isSpanCurrent(span: DateSpan, today: CalendarDate): boolean {
  return isDateWithin(today, span.startDate, span.endDate);
}

/** SPEC §4: whether a span starts after `today`. */
export function isSpanFuture(span: DateSpan, today: CalendarDate): boolean {
  return compareCalendarDates(span.startDate, today) > 0;
}

function compareSpans(a: DateSpan, b: DateSpan): number {
  const byStart = compareCalendarDates(a.startDate, b.startDate);
  if (byStart !== 0) return byStart;
  if (a.endDate === null || b.endDate === null)
    return (a.endDate === null ? 1 : 0) - (b.endDate === null ? 1 : 0);
  return compareCalendarDates(a.endDate, b.endDate);
}

function laterEnd(a: CalendarDate | null, b: CalendarDate | null): CalendarDate | null {
  if (a === null || b === null) return null;
  return compareCalendarDates(a, b) >= 0 ? a : b;
}

/**
 * SPEC §4: contiguous spans merge when one starts the day after the previous ends. Cancelled
 * spans are dropped; overlapping spans (inconsistent data) merge as well, so the result is the set
 * of covered days as maximal periods, sorted by start date. The result does not depend on the
 * order of the input, and merging it again changes nothing. An empty list gives an empty list.
 */
export function mergeContiguousSpans(spans: readonly CoverageSpan[]): DateSpan[] {
  const sorted = spans.filter((span) => !isSpanCancelled(span)).sort(compareSpans);
  const merged: DateSpan[] = [];
  let current: DateSpan | undefined;
  for (const span of sorted) {
    if (current === undefined) {
      current = { startDate: span.startDate, endDate: span.endDate };
    } else if (
      current.endDate === null ||
      compareCalendarDates(span.startDate, addDays(current.endDate, 1)) <= 0
    ) {
      current = { startDate: current.startDate, endDate: laterEnd(current.endDate, span.endDate) };
    } else {
      merged.push(current);
      current = { startDate: span.startDate, endDate: span.endDate };
    }
  }
  if (current !== undefined) merged.push(current);
  return merged;
}

/** A member's coverage status (SPEC §4). */
export type MemberStatus = 'Active' | 'Pending' | 'Inactive';

/** SPEC §4: result of {@link memberStatus}: the status and the merged period it is based on. */
export interface MemberStatusResult {
  readonly status: MemberStatus;
  /** The current period (Active), the earliest future one (Pending), the most recently ended one (Inactive), or null without spans. */
  readonly span: DateSpan | null;
}

/**
 * SPEC §4 "Member status": Active if a span is current; else Pending if a future span exists;
 * else Inactive (based on the most recently ended span). Cancelled spans are ignored and
 * contiguous spans are merged first, so the returned period runs across plan changes.
 */
export function memberStatus(spans: readonly CoverageSpan[], today: CalendarDate): MemberStatusResult {
  const merged = mergeContiguousSpans(spans);
  const current = merged.find((span) => isSpanCurrent(span, today));
  if (current !== undefined) return { status: 'Active', span: current };
  // merged is sorted by start date, so the first future period is the earliest.
  const future = merged.find((span) => isSpanFuture(span, today));
  if (future !== undefined) return { status: 'Pending', span: future };
  // Every remaining period has ended; they are disjoint and sorted, so the last ended latest.
  return { status: 'Inactive', span: merged.at(-1) ?? null };
}

/** SPEC §4: result of {@link choosePolicySpans}: the span shown as the subscriber's policy, and further future spans. */
export interface PolicySpanChoice<T extends CoverageSpan> {
  readonly primary: T;
  /** Each further future span becomes an extra policy, earliest first. */
  readonly extras: readonly T[];
}

/**
 * SPEC §4 "Policy span choice per subscriber": the terminated-or-current span (the non-cancelled
 * span that started most recently on or before today); else the earliest future span; else the
 * first cancelled span (in the given order); else `null`, meaning the subscriber is skipped.
 * Each further non-cancelled future span becomes an extra policy.
 */
export function choosePolicySpans<T extends CoverageSpan>(
  spans: readonly T[],
  today: CalendarDate,
): PolicySpanChoice<T> | null {
  const live = spans.filter((span) => !isSpanCancelled(span));
  const started = live.filter((span) => !isSpanFuture(span, today));
  const future = live.filter((span) => isSpanFuture(span, today)).sort(compareSpans);
  let primary: T | undefined;
  for (const span of started) {
    if (primary === undefined || compareSpans(span, primary) > 0) primary = span;
  }
  if (primary !== undefined) return { primary, extras: future };
  const [earliestFuture, ...laterFuture] = future;
  if (earliestFuture !== undefined) return { primary: earliestFuture, extras: laterFuture };
  const firstCancelled = spans.find((span) => isSpanCancelled(span));
  return firstCancelled === undefined ? null : { primary: firstCancelled, extras: [] };
}

/** SPEC §4: one policy produced by {@link subscriberPolicies}. */
export interface SubscriberPolicy<S, T extends CoverageSpan> {
  readonly subscriber: S;
  readonly span: T;
  /** True for the chosen span, false for an extra future span. */
  readonly isPrimaryPolicy: boolean;
}

/**
 * SPEC §4: applies {@link choosePolicySpans} to every subscriber and lists the resulting policies
 * in subscriber order (primary first, then its extras); subscribers without spans are skipped.
 */
export function subscriberPolicies<S, T extends CoverageSpan>(
  subscribers: readonly S[],
  spansOf: (subscriber: S) => readonly T[],
  today: CalendarDate,
): SubscriberPolicy<S, T>[] {
  return subscribers.flatMap((subscriber) => {
    const choice = choosePolicySpans(spansOf(subscriber), today);
    if (choice === null) return [];
    return [
      { subscriber, span: choice.primary, isPrimaryPolicy: true },
      ...choice.extras.map((span) => ({ subscriber, span, isPrimaryPolicy: false })),
    ];
  });
}

/** Status of a coverage detail (SPEC §3 CoverageDetail). */
export type CoverageDetailStatus = 'Effectuated' | 'Not Effectuated';

/**
 * SPEC §4: a coverage detail is Effectuated if it has an effectuated date (the binder payment was
 * made, DOMAIN "Effectuation"); a missing or blank date gives Not Effectuated.
 */
export function coverageDetailStatus(effectuatedDate: string | null | undefined): CoverageDetailStatus {
  return effectuatedDate != null && effectuatedDate.trim() !== '' ? 'Effectuated' : 'Not Effectuated';
}

/** SPEC §4: configuration of policy status labels (usually translation keys), for {@link policyDisplayStatus}. */
export interface PolicyStatusLabels {
  /** Label of a policy whose span is cancelled. */
  readonly cancelLabel: string;
  /** Enrollment status (as the server sends it) → label. */
  readonly enrollmentStatusLabels: Readonly<Record<string, string>>;
  /** Optional: finance status → label that overrides the enrollment label (e.g. `Delinquent`). */
  readonly financeStatusLabels?: Readonly<Record<string, string>>;
}

/** SPEC §4: what {@link policyDisplayStatus} needs to know about a policy. */
export interface PolicyStatusFacts {
  readonly spanCancelled: boolean;
  readonly enrollmentStatus: string | null | undefined;
  readonly financeStatus?: string | null;
}

function lookup(
  map: Readonly<Record<string, string>> | undefined,
  key: string | null | undefined,
): string | undefined {
  return map !== undefined && key != null && Object.hasOwn(map, key) ? map[key] : undefined;
}

/**
 * SPEC §4 "Policy display status": a cancelled span gives the cancel label; otherwise the label is
 * the finance-status override when configured for this finance status, else the label mapped from
 * the enrollment status, else the enrollment status itself (empty text when there is none).
 */
export function policyDisplayStatus(policy: PolicyStatusFacts, labels: PolicyStatusLabels): string {
  if (policy.spanCancelled) return labels.cancelLabel;
  return (
    lookup(labels.financeStatusLabels, policy.financeStatus) ??
    lookup(labels.enrollmentStatusLabels, policy.enrollmentStatus) ??
    policy.enrollmentStatus ??
    ''
  );
}

/**
 * SPEC §3: a policy's `stateSource` is characters 6-7 of the plan id, the state part of a HIOS
 * plan id (`12345MA0010003-01` → `MA`); `null` when the plan id is too short to have one.
 */
export function stateSource(planId: string | null | undefined): string | null {
  return planId != null && planId.length >= 7 ? planId.slice(5, 7) : null;
}

/** Market of a policy (SPEC §3). */
export type MarketCoverage = 'Individual' | 'Group' | 'None';

/**
 * SPEC §3: the server's market coverage code 1 is Individual and 2 is Group; anything else is
 * None. Codes may arrive as numbers or numeric text; an already-named value is kept.
 */
export function marketCoverage(code: number | string | null | undefined): MarketCoverage {
  const text = code == null ? '' : String(code).trim();
  if (text === '1' || text === 'Individual') return 'Individual';
  if (text === '2' || text === 'Group') return 'Group';
  return 'None';
}

/**
 * SPEC §9 `terminatedPlansDaysOut` (sample 35). SPEC gives the value but not its use; it is read
 * here as: a terminated policy keeps being offered (listed, payable, reinstatable) until that many
 * days after its end date, inclusive. Policies without an end date, or not yet ended, always qualify.
 */
export function withinTerminatedPlansDaysOut(
  endDate: CalendarDate | null,
  today: CalendarDate,
  terminatedPlansDaysOut: number,
): boolean {
  if (endDate === null || compareCalendarDates(endDate, today) >= 0) return true;
  return daysBetween(endDate, today) <= terminatedPlansDaysOut;
}
