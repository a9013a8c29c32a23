import { addDays, addMonths, endOfMonth, type CalendarDate } from '@portal/domain';
import { compareDates } from './context';
import type { SegmentSpec } from './model';
import type { Random } from './random';
import { planDesign, variantsOf, type PlanKey, type Variant } from './reference/plans';
import { csrVariantFor } from './subsidy';

/** Helpers to shape coverage timelines (lists of segments) for the generator and the named households. */

/**
 * Splits the timeline at the first day of a month: the part from `at` on (and every later segment)
 * is rewritten by `change`. Spans that touch (one ends the day before the next starts) merge back
 * into one period for the member (SPEC §4), which is what a mid-year change looks like.
 */
export function splitAt(
  segments: readonly SegmentSpec[],
  at: CalendarDate,
  change: (segment: SegmentSpec) => SegmentSpec,
): SegmentSpec[] {
  const out: SegmentSpec[] = [];
  for (const segment of segments) {
    if (segment.cancelled || compareDates(segment.end, at) < 0) out.push(segment);
    else if (compareDates(segment.start, at) >= 0) out.push(change(segment));
    else out.push({ ...segment, end: addDays(at, -1) }, change({ ...segment, start: at }));
  }
  return out;
}

/** Ends the timeline on the last day of `month` (a termination); later segments are dropped. */
export function endAt(segments: readonly SegmentSpec[], month: CalendarDate): SegmentSpec[] {
  const end = endOfMonth(month);
  return segments
    .filter((segment) => segment.cancelled || compareDates(segment.start, end) <= 0)
    .map((segment) =>
      segment.cancelled || compareDates(segment.end, end) <= 0 ? segment : { ...segment, end },
    );
}

/** A cancelled one-month span just before `start`: an enrolment that was never paid for. */
export function cancelledBefore(
  start: CalendarDate,
  plan: PlanKey,
  variant: Variant,
  slots: readonly number[],
): SegmentSpec {
  const month = addMonths(start, -1);
  return { start: month, end: endOfMonth(month), plan, variant, slots, cancelled: true };
}

/**
 * The plan variant a member gets: off-exchange and group plans are -00; on exchange, a silver plan
 * with cost-sharing reductions gets the variant the household's income qualifies for, else -01.
 */
export function variantFor(plan: PlanKey, onExchange: boolean, fplPercent: number | undefined): Variant {
  const variants = variantsOf(plan);
  if (!onExchange || !variants.includes('01')) return '00';
  const csr = fplPercent === undefined ? null : csrVariantFor(fplPercent);
  return csr && variants.includes(csr) ? csr : '01';
}

/** A medical plan for an individual-market household, by income and ages (DOMAIN "Plans and coverage"). */
export function chooseIndividualPlan(
  rng: Random,
  options: { readonly onExchange: boolean; readonly fplPercent?: number; readonly maxAge: number },
): PlanKey {
  if (options.maxAge < 30 && rng.chance(0.25)) return 'harbor-catastrophic';
  if (!options.onExchange) {
    return rng.weighted<PlanKey>([
      ['coastal-bronze', 12],
      ['coastal-silver', 20],
      ['coastal-gold', 18],
      ['coastal-platinum', 8],
      ['harbor-bronze', 10],
      ['harbor-silver', 14],
      ['harbor-gold', 12],
      ['beacon-gold', 6],
    ]);
  }
  // With cost-sharing reductions a silver plan is worth the most to a lower-income household.
  if (options.fplPercent !== undefined && options.fplPercent <= 250 && rng.chance(0.8)) {
    return rng.weighted<PlanKey>([
      ['harbor-silver', 6],
      ['beacon-silver', 4],
    ]);
  }
  return rng.weighted<PlanKey>([
    ['harbor-bronze', 20],
    ['coastal-bronze', 8],
    ['harbor-silver', 18],
    ['beacon-silver', 12],
    ['coastal-silver', 8],
    ['harbor-gold', 12],
    ['beacon-gold', 8],
    ['coastal-gold', 6],
    ['harbor-platinum', 5],
    ['coastal-platinum', 3],
  ]);
}

/** Another plan of the same market and line, for a plan change. */
export function otherPlan(rng: Random, plan: PlanKey): PlanKey {
  const design = planDesign(plan);
  const candidates: PlanKey[] = (
    design.market === 'Group'
      ? ['workwell-gold-hmo', 'workwell-silver-ppo', 'workwell-gold-ppo', 'workwell-platinum-ppo']
      : [
          'harbor-bronze',
          'harbor-silver',
          'harbor-gold',
          'coastal-silver',
          'coastal-gold',
          'beacon-silver',
          'beacon-gold',
        ]
  ).filter((candidate): candidate is PlanKey => candidate !== plan);
  return rng.pick(candidates);
}
