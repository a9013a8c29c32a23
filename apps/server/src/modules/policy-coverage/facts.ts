import {
  choosePolicySpans,
  compareCalendarDates,
  isSpanCancelled,
  marketCoverage,
  mergeContiguousSpans,
  type CalendarDate,
  type CoverageFacts,
} from '@portal/domain';
import type { CoverageBundle, CoverageSpanRow, MemberSpanRow } from './repository';

/**
 * The policy's facts as packages/domain's coverage rules take them, read from its rows: the span it shows
 * today (SPEC §4 span choice), the coverage that span belongs to (contiguous spans merged: a plan change
 * or a new plan year does not start a new coverage), whether it took effect, the paid-through date.
 */

/** The span the policy shows today, or null (a policy whose only spans were cancelled has none that counts). */
export function shownSpan(bundle: CoverageBundle, today: CalendarDate): CoverageSpanRow | null {
  const primary = choosePolicySpans(bundle.spans, today)?.primary ?? null;
  return primary && !isSpanCancelled(primary) ? primary : null;
}

const before = (a: CalendarDate, b: CalendarDate) => compareCalendarDates(a, b) < 0;

/** Whether two periods share a day (a null end is open). */
export function overlaps(
  a: { startDate: CalendarDate; endDate: CalendarDate | null },
  b: { startDate: CalendarDate; endDate: CalendarDate | null },
): boolean {
  return (
    (a.endDate === null || !before(a.endDate, b.startDate)) &&
    (b.endDate === null || !before(b.endDate, a.startDate))
  );
}

export function coverageFactsOf(bundle: CoverageBundle, today: CalendarDate): CoverageFacts {
  const shown = shownSpan(bundle, today);
  const coverage = shown
    ? (mergeContiguousSpans(bundle.spans).find((period) =>
        overlaps(period, { startDate: shown.startDate, endDate: shown.startDate }),
      ) ?? null)
    : null;
  return {
    today,
    market: marketCoverage(bundle.policy.marketCoverage),
    coverage,
    paidThroughDate: bundle.paidThroughDate,
    effectuated: shown?.effectuatedDate != null,
  };
}

/**
 * The people a change of the whole policy touches, each once: everyone covered in the coverage, or — with
 * `fromToday` — only those still covered today or later (whoever left earlier is not touched by an end).
 */
export function coveredMembers(
  bundle: CoverageBundle,
  facts: CoverageFacts,
  options: { fromToday: boolean },
): MemberSpanRow[] {
  const { coverage } = facts;
  if (!coverage) return [];
  const seen = new Set<string>();
  return bundle.memberRows.filter(({ span, member }) => {
    if (isSpanCancelled(span) || !overlaps(span, coverage)) return false;
    if (options.fromToday && span.endDate !== null && before(span.endDate, facts.today)) return false;
    if (seen.has(member.id)) return false;
    seen.add(member.id);
    return true;
  });
}
