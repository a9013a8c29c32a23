import { calendarDate } from '@portal/domain';
import type { plans } from '../../db/schema';

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

export type PlanRow = typeof plans.$inferInsert & { id: string };
export type Market = 'Individual' | 'Group';
export type LineOfCoverage = 'Medical' | 'Dental' | 'Vision';
export type PlanType = 'HMO' | 'PPO' | 'EPO' | 'POS';
export type Variant = '00' | '01' | '04' | '05' | '06';

export const ISSUER_ID = '77421';
export const ISSUER_STATE = 'MA';
export const ISSUER_NAME = 'Lighthouse Health Plan';
/** The logo every plan shows: the tenant's own header logo, which exists under /config/assets. */
const LOGO_URL = '/config/assets/logo.svg';

interface PlanDesign {
  readonly market: Market;
  readonly line: LineOfCoverage;
  readonly product: string;
  readonly sequence: number;
  readonly family: string;
  readonly metal: NonNullable<PlanRow['metalLevel']> | null;
  readonly planType: PlanType;
  /** Monthly premium in cents at age 21 (adult rate for dental and vision) in plan year 2026. */
  readonly base2026: number;
  /** Dental only: the monthly rate of a child under 19. */
  readonly childBase2026?: number;
  readonly deductible: number;
  /** Out-of-pocket maximum as a share of the year's federal limit (medical), or a fixed amount in cents. */
  readonly outOfPocket: { readonly share: number } | { readonly cents: number };
  readonly csr?: boolean;
}

const designs = {
  'harbor-catastrophic': {
    market: 'Individual',
    line: 'Medical',
    product: '001',
    sequence: 1,
    family: 'Harbor',
    metal: 'Catastrophic',
    planType: 'HMO',
    base2026: 27_000,
    deductible: -1,
    outOfPocket: { share: 1 },
  },
  'harbor-bronze': {
    market: 'Individual',
    line: 'Medical',
    product: '001',
    sequence: 2,
    family: 'Harbor',
    metal: 'Bronze',
    planType: 'HMO',
    base2026: 34_500,
    deductible: 350_000,
    outOfPocket: { share: 0.95 },
  },
  'harbor-silver': {
    market: 'Individual',
    line: 'Medical',
    product: '001',
    sequence: 3,
    family: 'Harbor',
    metal: 'Silver',
    planType: 'HMO',
    base2026: 43_000,
    deductible: 200_000,
    outOfPocket: { share: 0.75 },
    csr: true,
  },
  'harbor-gold': {
    market: 'Individual',
    line: 'Medical',
    product: '001',
    sequence: 4,
    family: 'Harbor',
    metal: 'Gold',
    planType: 'HMO',
    base2026: 52_000,
    deductible: 50_000,
    outOfPocket: { share: 0.5 },
  },
  'harbor-platinum': {
    market: 'Individual',
    line: 'Medical',
    product: '001',
    sequence: 5,
    family: 'Harbor',
    metal: 'Platinum',
    planType: 'HMO',
    base2026: 60_000,
    deductible: 0,
    outOfPocket: { share: 0.3 },
  },
  'coastal-bronze': {
    market: 'Individual',
    line: 'Medical',
    product: '002',
    sequence: 1,
    family: 'Coastal',
    metal: 'Bronze',
    planType: 'PPO',
    base2026: 41_000,
    deductible: 350_000,
    outOfPocket: { share: 0.95 },
  },
  'coastal-silver': {
    market: 'Individual',
    line: 'Medical',
    product: '002',
    sequence: 2,
    family: 'Coastal',
    metal: 'Silver',
    planType: 'PPO',
    base2026: 50_500,
    deductible: 200_000,
    outOfPocket: { share: 0.75 },
  },
  'coastal-gold': {
    market: 'Individual',
    line: 'Medical',
    product: '002',
    sequence: 3,
    family: 'Coastal',
    metal: 'Gold',
    planType: 'PPO',
    base2026: 61_000,
    deductible: 75_000,
    outOfPocket: { share: 0.55 },
  },
  'coastal-platinum': {
    market: 'Individual',
    line: 'Medical',
    product: '002',
    sequence: 4,
    family: 'Coastal',
    metal: 'Platinum',
    planType: 'PPO',
    base2026: 69_000,
    deductible: 0,
    outOfPocket: { share: 0.35 },
  },
  'beacon-silver': {
    market: 'Individual',
    line: 'Medical',
    product: '003',
    sequence: 1,
    family: 'Beacon',
    metal: 'Silver',
    planType: 'EPO',
    base2026: 45_500,
    deductible: 250_000,
    outOfPocket: { share: 0.75 },
    csr: true,
  },
  'beacon-gold': {
    market: 'Individual',
    line: 'Medical',
    product: '003',
    sequence: 2,
    family: 'Beacon',
    metal: 'Gold',
    planType: 'EPO',
    base2026: 54_800,
    deductible: 100_000,
    outOfPocket: { share: 0.5 },
  },
  'smile-basic': {
    market: 'Individual',
    line: 'Dental',
    product: '004',
    sequence: 1,
    family: 'Smile Dental',
    metal: 'Low',
    planType: 'PPO',
    base2026: 3_200,
    childBase2026: 2_500,
    deductible: 5_000,
    outOfPocket: { cents: 40_000 },
  },
  'smile-plus': {
    market: 'Individual',
    line: 'Dental',
    product: '004',
    sequence: 2,
    family: 'Smile Dental',
    metal: 'High',
    planType: 'PPO',
    base2026: 4_800,
    childBase2026: 3_500,
    deductible: 5_000,
    outOfPocket: { cents: 40_000 },
  },
  clearview: {
    market: 'Individual',
    line: 'Vision',
    product: '005',
    sequence: 1,
    family: 'ClearView',
    metal: null,
    planType: 'PPO',
    base2026: 900,
    deductible: 0,
    outOfPocket: { cents: 0 },
  },
  'workwell-gold-hmo': {
    market: 'Group',
    line: 'Medical',
    product: '011',
    sequence: 1,
    family: 'WorkWell',
    metal: 'Gold',
    planType: 'HMO',
    base2026: 50_000,
    deductible: 50_000,
    outOfPocket: { share: 0.45 },
  },
  'workwell-silver-ppo': {
    market: 'Group',
    line: 'Medical',
    product: '012',
    sequence: 1,
    family: 'WorkWell',
    metal: 'Silver',
    planType: 'PPO',
    base2026: 48_000,
    deductible: 200_000,
    outOfPocket: { share: 0.7 },
  },
  'workwell-gold-ppo': {
    market: 'Group',
    line: 'Medical',
    product: '012',
    sequence: 2,
    family: 'WorkWell',
    metal: 'Gold',
    planType: 'PPO',
    base2026: 58_000,
    deductible: 100_000,
    outOfPocket: { share: 0.5 },
  },
  'workwell-platinum-ppo': {
    market: 'Group',
    line: 'Medical',
    product: '012',
    sequence: 3,
    family: 'WorkWell',
    metal: 'Platinum',
    planType: 'PPO',
    base2026: 66_000,
    deductible: 0,
    outOfPocket: { share: 0.3 },
  },
  'workwell-dental': {
    market: 'Group',
    line: 'Dental',
    product: '014',
    sequence: 1,
    family: 'WorkWell Dental',
    metal: 'High',
    planType: 'PPO',
    base2026: 4_200,
    childBase2026: 3_000,
    deductible: 5_000,
    outOfPocket: { cents: 40_000 },
  },
  'workwell-vision': {
    market: 'Group',
    line: 'Vision',
    product: '015',
    sequence: 1,
    family: 'WorkWell Vision',
    metal: null,
    planType: 'PPO',
    base2026: 800,
    deductible: 0,
    outOfPocket: { cents: 0 },
  },
} as const satisfies Record<string, PlanDesign>;

export type PlanKey = keyof typeof designs;
export const PLAN_KEYS = Object.keys(designs) as PlanKey[];

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
