import { calendarDate } from '@portal/domain';
import {
  PLAN_DESIGNS as designs,
  PLAN_KEYS,
  type LineOfCoverage,
  type PlanDesign,
  type PlanKey,
  type PlanRow,
  type PlanType,
} from './plan-designs';

/**
 * The plan catalogue of the demo issuer, Lighthouse Health Plan (fictional; HIOS issuer id 77421,
 * Massachusetts). Plan ids follow DOMAIN "Plans and coverage": issuer (5) + state (2) + product (3) +
 * plan (4) + variant, where the variant is -00 off-exchange, -01 on-exchange standard and -04/-05/-06
 * the silver cost-sharing-reduction variants (73/87/94 % actuarial value). The schema keeps one row
 * per plan id, so the 4-digit plan number starts with the plan year's last two digits.
 *
 * Premiums are monthly, in cents, for a 21-year-old in a rating area of factor 1, set so that a
 * 40-year-old's silver HMO is about $600 a month (DOMAIN "Demo data that looks real").
 */

export type { LineOfCoverage, Market, PlanKey, PlanRow, PlanType } from './plan-designs';
export { PLAN_KEYS } from './plan-designs';
export type Variant = '00' | '01' | '04' | '05' | '06';

export const ISSUER_ID = '77421';
export const ISSUER_STATE = 'MA';
export const ISSUER_NAME = 'Lighthouse Health Plan';
/** The logo every plan shows: the tenant's own header logo, which exists under /config/assets. */
const LOGO_URL = '/config/assets/logo.svg';

export function planDesign(key: PlanKey): PlanDesign {
  return designs[key];
}

/**
 * The ACA annual limit on cost sharing (self-only), in cents. 2024-2026 are the published limits;
 * later years are an estimate (+5 % a year) until they are published.
 */
export function maxOutOfPocket(year: number): number {
  const published: Record<number, number> = { 2024: 945_000, 2025: 920_000, 2026: 1_060_000 };
  if (published[year] !== undefined) return published[year];
  if (year < 2024) return 945_000;
  return Math.round((1_060_000 * 1.05 ** (year - 2026)) / 5_000) * 5_000;
}

// Cost-sharing reductions lower the deductible and the out-of-pocket limit, never the premium
// (DOMAIN "Money"); the -04 limit is at most 80 % and the -05/-06 limits a third of the federal one.
const CSR_COST_SHARING: Record<'04' | '05' | '06', { deductible: number; oopShare: number; label: string }> =
  {
    '04': { deductible: 150_000, oopShare: 0.6, label: 'CSR 73%' },
    '05': { deductible: 50_000, oopShare: 0.3, label: 'CSR 87%' },
    '06': { deductible: 25_000, oopShare: 0.2, label: 'CSR 94%' },
  };

/** Premiums rise about 8 % a year, a typical recent Massachusetts filing. */
function trend(year: number): number {
  return 1.08 ** (year - 2026);
}

const roundTo = (cents: number, step: number): number => Math.round(cents / step) * step;

export function variantsOf(key: PlanKey): Variant[] {
  const design: PlanDesign = designs[key];
  if (design.market === 'Group') return ['00'];
  return design.csr ? ['00', '01', '04', '05', '06'] : ['00', '01'];
}

export function planId(key: PlanKey, year: number, variant: Variant): string {
  const design = designs[key];
  const planNumber = `${String(year % 100).padStart(2, '0')}${String(design.sequence).padStart(2, '0')}`;
  return `${ISSUER_ID}${ISSUER_STATE}${design.product}${planNumber}-${variant}`;
}

function medicalDetails(type: PlanType, metal: string): { key: string; value: string }[] {
  const referrals = { key: 'benefit.referralsRequired', value: type === 'HMO' ? 'yes' : 'no' };
  // A catastrophic plan pays three primary care visits a year; everything else waits for the deductible.
  if (metal === 'Catastrophic') {
    return [
      { key: 'benefit.primaryCareVisit', value: '$0' },
      { key: 'benefit.deductibleAppliesToAll', value: 'yes' },
      referrals,
    ];
  }
  const copays: Record<string, [number, number, number, number]> = {
    Bronze: [50, 100, 15, 500],
    Silver: [30, 60, 10, 350],
    Gold: [25, 45, 10, 300],
    Platinum: [20, 35, 5, 150],
  };
  const [primary, specialist, generic, emergency] = copays[metal] ?? [30, 60, 10, 350];
  return [
    { key: 'benefit.primaryCareVisit', value: `$${primary}` },
    { key: 'benefit.specialistVisit', value: `$${specialist}` },
    { key: 'benefit.genericDrugs', value: `$${generic}` },
    { key: 'benefit.emergencyRoom', value: `$${emergency}` },
    referrals,
  ];
}

function summaryOf(type: PlanType, line: LineOfCoverage): string {
  if (line === 'Dental')
    return 'Preventive care covered in full; basic and major services after the deductible.';
  if (line === 'Vision') return 'Annual eye exam, plus an allowance for frames or contact lenses.';
  if (type === 'HMO')
    return 'Choose a primary care provider; specialist visits need a referral. In-network care only, except emergencies.';
  if (type === 'EPO') return 'No referrals needed. In-network care only, except emergencies.';
  return 'No referrals needed. Out-of-network care is covered at a higher cost.';
}

function planRow(key: PlanKey, year: number, variant: Variant): PlanRow {
  const design: PlanDesign = designs[key];
  const limit = maxOutOfPocket(year);
  const csr = variant === '04' || variant === '05' || variant === '06' ? CSR_COST_SHARING[variant] : null;
  let deductible = design.deductible < 0 ? limit : design.deductible;
  let outOfPocket =
    'share' in design.outOfPocket
      ? roundTo(limit * design.outOfPocket.share, 5_000)
      : design.outOfPocket.cents;
  if (csr) {
    deductible = Math.min(deductible, csr.deductible);
    outOfPocket = Math.min(outOfPocket, roundTo(limit * csr.oopShare, 5_000));
  }
  const type = design.planType;
  const name =
    design.line === 'Medical'
      ? `Lighthouse ${design.family} ${design.metal === 'Catastrophic' ? 'Catastrophic' : `${design.metal} ${deductible / 100}`} ${type}${csr ? ` (${csr.label})` : ''}`
      : `Lighthouse ${design.family}${design.metal ? ` ${design.metal === 'High' ? 'Plus' : 'Basic'}` : ''} ${type}`;
  const details =
    design.line === 'Medical'
      ? medicalDetails(type, design.metal ?? '')
      : design.line === 'Dental'
        ? [
            { key: 'benefit.dentalPreventive', value: '100%' },
            { key: 'benefit.dentalBasic', value: design.metal === 'High' ? '80%' : '70%' },
            { key: 'benefit.dentalMajor', value: design.metal === 'High' ? '50%' : '0%' },
            { key: 'benefit.dentalAnnualMaximum', value: design.metal === 'High' ? '$1,500' : '$1,000' },
          ]
        : [
            { key: 'benefit.eyeExam', value: '$10' },
            { key: 'benefit.frameAllowance', value: '$150' },
            { key: 'benefit.contactLensAllowance', value: '$130' },
          ];
  return {
    id: planId(key, year, variant),
    lineOfCoverage: design.line,
    planName: name,
    metalLevel: design.metal,
    planType: type,
    planYear: year,
    effectiveDate: calendarDate(year, 1, 1),
    effectiveEndDate: calendarDate(year, 12, 31),
    monthlyPremiumCents: Math.round(design.base2026 * trend(year)),
    deductibleCents: deductible,
    outOfPocketMaxCents: outOfPocket,
    drugsCovered: design.line === 'Medical' ? 'Yes' : 'No',
    // No SBC document is published with the demo, and a link that answers 404 is worse than none.
    sbcUrl: null,
    logoUrl: LOGO_URL,
    summary: summaryOf(type, design.line),
    details,
  };
}

/** Every plan of the given plan years, every variant. */
export function planCatalogue(years: readonly number[]): PlanRow[] {
  return years.flatMap((year) =>
    PLAN_KEYS.flatMap((key) => variantsOf(key).map((variant) => planRow(key, year, variant))),
  );
}

/**
 * Age rating factor. Massachusetts compresses age rating to 2:1 (oldest adult to youngest) and
 * allows no tobacco factor; children are rated at a lower child rate.
 */
export function ageFactor(age: number): number {
  if (age <= 20) return 0.7;
  if (age <= 24) return 1;
  if (age >= 64) return 2;
  return 1 + (age - 24) / 40;
}

export interface RatedPerson {
  readonly age: number;
}

/**
 * Monthly premium in cents for the people on one policy. Only the three oldest children under 21
 * are charged (45 CFR 147.102(c)); dental charges a child rate under 19, vision one flat rate.
 */
export function policyPremium(
  key: PlanKey,
  year: number,
  people: readonly RatedPerson[],
  areaFactor: number,
): number {
  const design: PlanDesign = designs[key];
  const base = design.base2026 * trend(year) * areaFactor;
  const children = people.filter((person) => person.age < 21).sort((a, b) => b.age - a.age);
  const charged = [...people.filter((person) => person.age >= 21), ...children.slice(0, 3)];
  let total = 0;
  for (const person of charged) {
    if (design.line === 'Medical') total += base * ageFactor(person.age);
    else if (design.line === 'Dental' && person.age < 19)
      total += (design.childBase2026 ?? design.base2026) * trend(year) * areaFactor;
    else total += base;
  }
  return Math.round(total);
}

/**
 * The second-lowest-cost silver plan (SLCSP) of a plan year: the benchmark the exchange uses for
 * APTC and prints on Form 1095-A.
 */
export function benchmarkSilver(): PlanKey {
  const silver = PLAN_KEYS.filter((key) => {
    const design: PlanDesign = designs[key];
    return design.market === 'Individual' && design.metal === 'Silver';
  }).sort((a, b) => designs[a].base2026 - designs[b].base2026);
  const second = silver[1];
  if (!second) throw new Error('The catalogue needs two silver plans for a benchmark');
  return second;
}
