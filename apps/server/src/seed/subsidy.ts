import type { Cents } from '@portal/domain';

/**
 * Advance premium tax credit (APTC) for the demo, close enough to the real rule to give realistic
 * numbers (DOMAIN "Money": APTC often covers most of the premium). It is an approximation for demo
 * data only: the exchange computes the real amount.
 *
 * APTC = benchmark (second-lowest-cost silver) premium − expected contribution, where the expected
 * contribution is an applicable percentage of household income, income being measured as a
 * percentage of the federal poverty level (FPL) of the year before the coverage year.
 */

/** HHS poverty guideline for the 48 contiguous states, in dollars a year. */
function povertyGuideline(year: number, householdSize: number): number {
  const [first, each] = year <= 2024 ? [15_060, 5_380] : [15_650, 5_500];
  const inflation = year > 2025 ? 1.03 ** (year - 2025) : 1;
  return (first + each * Math.max(0, householdSize - 1)) * inflation;
}

/** Applicable percentage, piecewise linear in FPL %. */
function applicablePercent(coverageYear: number, fplPercent: number): number | null {
  // Coverage years 2021-2025 used the enhanced schedule (no cliff at 400 % FPL); later years the
  // original schedule, which ends at 400 % FPL.
  const enhanced = coverageYear <= 2025;
  const points: [number, number][] = enhanced
    ? [
        [0, 0],
        [150, 0],
        [200, 2],
        [250, 4],
        [300, 6],
        [400, 8.5],
        [10_000, 8.5],
      ]
    : [
        [0, 2.1],
        [133, 3.14],
        [150, 4.19],
        [200, 6.6],
        [250, 8.44],
        [300, 9.96],
        [400, 9.96],
      ];
  if (!enhanced && fplPercent > 400) return null;
  let [x0, y0] = points[0] ?? [0, 0];
  for (const [x1, y1] of points.slice(1)) {
    if (fplPercent <= x1) return y0 + ((y1 - y0) * (fplPercent - x0)) / (x1 - x0);
    [x0, y0] = [x1, y1];
  }
  return y0;
}

export interface AptcInput {
  readonly coverageYear: number;
  readonly fplPercent: number;
  readonly householdSize: number;
  /** Monthly premium of the benchmark plan for the people enrolled. */
  readonly benchmarkPremium: Cents;
  /** Monthly premium of the plan chosen: APTC never exceeds it. */
  readonly premium: Cents;
}

/** Monthly APTC in cents; at least $10 a month is left for the member to pay. */
export function monthlyAptc(input: AptcInput): Cents {
  const percent = applicablePercent(input.coverageYear, input.fplPercent);
  if (percent === null) return 0;
  const income = (povertyGuideline(input.coverageYear - 1, input.householdSize) * input.fplPercent) / 100;
  // income (dollars) × percent / 100 is dollars a year; × 100 for cents and / 12 for a month.
  const contribution = Math.round((income * percent) / 12);
  const aptc = input.benchmarkPremium - contribution;
  return Math.max(0, Math.min(aptc, input.premium - 1_000));
}

/** The CSR variant a household's income qualifies for (silver on-exchange only). */
export function csrVariantFor(fplPercent: number): '04' | '05' | '06' | null {
  if (fplPercent <= 150) return '06';
  if (fplPercent <= 200) return '05';
  if (fplPercent <= 250) return '04';
  return null;
}

/**
 * An estimate of the monthly value of the cost-sharing reduction (informational: CSR lowers
 * deductibles and copays, never the premium, DOMAIN "Money").
 */
export function csrEstimate(variant: string, premium: Cents): Cents {
  const share = variant === '06' ? 0.14 : variant === '05' ? 0.1 : variant === '04' ? 0.04 : 0;
  return Math.round(premium * share);
}
