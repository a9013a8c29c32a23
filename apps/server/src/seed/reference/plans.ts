import { calendarDate, type BenefitCost, type BenefitLine } from '@portal/domain';
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

type Cost = BenefitCost;
const copay = (dollars: number, afterDeductible = false): Cost =>
  dollars === 0
    ? { kind: 'noCharge', afterDeductible }
    : { kind: 'copay', cents: dollars * 100, afterDeductible };
const coinsurance = (percent: number, afterDeductible = true): Cost =>
  percent === 0 ? { kind: 'noCharge', afterDeductible } : { kind: 'coinsurance', percent, afterDeductible };
const NOT_COVERED: Cost = { kind: 'notCovered' };
const line = (name: string, inNetwork: Cost, outOfNetwork: Cost | null): BenefitLine => ({
  key: `benefit.${name}`,
  inNetwork,
  outOfNetwork,
});

/** The provider network of each plan family (a proper name printed on the ID card). */
const NETWORKS: Record<string, string> = {
  Harbor: 'Lighthouse Harbor Network',
  Coastal: 'Lighthouse Coastal PPO Network',
  Beacon: 'Lighthouse Beacon EPO Network',
  'Smile Dental': 'Smile Dental PPO Network',
  ClearView: 'ClearView Vision Network',
  'WorkWell Dental': 'Smile Dental PPO Network',
  'WorkWell Vision': 'ClearView Vision Network',
};

function networkOf(design: PlanDesign): string {
  if (design.family === 'WorkWell')
    return design.planType === 'HMO' ? (NETWORKS.Harbor ?? '') : (NETWORKS.Coastal ?? '');
  return NETWORKS[design.family] ?? `${design.family} Network`;
}

/**
 * In-network cost sharing by metal level, in dollars (copays) or percent (coinsurance, after the
 * deductible): richer metals pay more of the cost (45 CFR 156.140 actuarial values 60/70/80/90 %).
 */
const MEDICAL: Record<
  string,
  {
    primary: number;
    specialist: number;
    urgent: number;
    emergency: number;
    lab: Cost;
    imaging: Cost;
    surgery: Cost;
    hospital: Cost;
    generic: number;
    preferred: Cost;
    nonPreferred: Cost;
    outOfNetwork: number;
  }
> = {
  Bronze: {
    primary: 50,
    specialist: 100,
    urgent: 100,
    emergency: 500,
    lab: coinsurance(40),
    imaging: coinsurance(40),
    surgery: coinsurance(40),
    hospital: coinsurance(40),
    generic: 15,
    preferred: copay(60, true),
    nonPreferred: coinsurance(50),
    outOfNetwork: 50,
  },
  Silver: {
    primary: 30,
    specialist: 60,
    urgent: 60,
    emergency: 350,
    lab: copay(25),
    imaging: coinsurance(20),
    surgery: coinsurance(20),
    hospital: coinsurance(20),
    generic: 10,
    preferred: copay(40),
    nonPreferred: copay(75),
    outOfNetwork: 40,
  },
  Gold: {
    primary: 25,
    specialist: 45,
    urgent: 45,
    emergency: 300,
    lab: copay(0),
    imaging: copay(150),
    surgery: coinsurance(10),
    hospital: coinsurance(10),
    generic: 10,
    preferred: copay(30),
    nonPreferred: copay(60),
    outOfNetwork: 30,
  },
  Platinum: {
    primary: 20,
    specialist: 35,
    urgent: 35,
    emergency: 150,
    lab: copay(0),
    imaging: copay(100),
    surgery: copay(250),
    hospital: copay(500),
    generic: 5,
    preferred: copay(25),
    nonPreferred: copay(50),
    outOfNetwork: 30,
  },
};

/**
 * A medical plan's design. HMO and EPO plans pay nothing out of network except emergencies, which cost
 * what they cost in network (No Surprises Act); PPO plans pay out of network after a separate deductible
 * (twice the in-network one, at least $1,000) up to a separate out-of-pocket maximum (twice the in-network one).
 */
function medicalDetails(design: PlanDesign, deductible: number, outOfPocket: number): BenefitLine[] {
  const type = design.planType;
  const ppo = type === 'PPO' || type === 'POS';
  const network = line('network', { kind: 'text', text: networkOf(design) }, null);
  const oonDeductible = ppo ? Math.max(2 * deductible, 100_000) : null;
  const plan = [
    network,
    line(
      'deductible',
      { kind: 'amount', cents: deductible },
      oonDeductible === null ? NOT_COVERED : { kind: 'amount', cents: oonDeductible },
    ),
    line(
      'outOfPocketMax',
      { kind: 'amount', cents: outOfPocket },
      ppo ? { kind: 'amount', cents: 2 * outOfPocket } : NOT_COVERED,
    ),
  ];
  const referrals = line('referralsRequired', { kind: 'yesNo', value: type === 'HMO' }, null);
  // A catastrophic plan pays three primary care visits a year before the deductible; everything else
  // waits for the deductible, which equals the out-of-pocket maximum, so after it care costs nothing.
  if (design.metal === 'Catastrophic') {
    const afterDeductible: Cost = { kind: 'noCharge', afterDeductible: true };
    return [
      ...plan,
      line('preventiveCare', copay(0), NOT_COVERED),
      line('primaryCareVisit', { kind: 'noCharge', afterDeductible: false, firstVisits: 3 }, NOT_COVERED),
      line('specialistVisit', afterDeductible, NOT_COVERED),
      line('urgentCare', afterDeductible, NOT_COVERED),
      line('emergencyRoom', afterDeductible, afterDeductible),
      line('hospitalStay', afterDeductible, NOT_COVERED),
      line('genericDrugs', afterDeductible, NOT_COVERED),
      line('deductibleAppliesToAll', { kind: 'yesNo', value: true }, null),
      referrals,
    ];
  }
  const costs = MEDICAL[design.metal ?? 'Silver'] ?? MEDICAL.Silver;
  if (!costs) throw new Error('unreachable: the Silver design exists');
  const out = (cost: Cost): Cost => (ppo ? cost : NOT_COVERED);
  const oon = coinsurance(costs.outOfNetwork);
  const emergency = copay(costs.emergency, true);
  return [
    ...plan,
    line('preventiveCare', copay(0), out(oon)),
    line('primaryCareVisit', copay(costs.primary), out(oon)),
    line('specialistVisit', copay(costs.specialist), out(oon)),
    line('mentalHealthVisit', copay(costs.primary), out(oon)),
    line('urgentCare', copay(costs.urgent), out(oon)),
    line('emergencyRoom', emergency, emergency),
    line('labTests', costs.lab, out(oon)),
    line('imaging', costs.imaging, out(oon)),
    line('outpatientSurgery', costs.surgery, out(oon)),
    line('hospitalStay', costs.hospital, out(oon)),
    // Prescriptions are filled at network pharmacies only.
    line('genericDrugs', copay(costs.generic), NOT_COVERED),
    line('preferredBrandDrugs', costs.preferred, NOT_COVERED),
    line('nonPreferredBrandDrugs', costs.nonPreferred, NOT_COVERED),
    referrals,
  ];
}

/** Dental PPO: preventive care free in network; basic and major care after the deductible, up to an annual maximum. */
function dentalDetails(design: PlanDesign, deductible: number, outOfPocket: number): BenefitLine[] {
  const plus = design.metal === 'High';
  return [
    line('network', { kind: 'text', text: networkOf(design) }, null),
    line('deductible', { kind: 'amount', cents: deductible }, { kind: 'amount', cents: 2 * deductible }),
    // The out-of-pocket limit of pediatric dental care (an essential health benefit).
    line('outOfPocketMax', { kind: 'amount', cents: outOfPocket }, null),
    line('dentalPreventive', copay(0), coinsurance(20, false)),
    line('dentalBasic', coinsurance(plus ? 20 : 30), coinsurance(plus ? 30 : 40)),
    line('dentalMajor', plus ? coinsurance(50) : NOT_COVERED, plus ? coinsurance(60) : NOT_COVERED),
    line(
      'dentalAnnualMaximum',
      { kind: 'amount', cents: plus ? 150_000 : 100_000 },
      { kind: 'amount', cents: plus ? 150_000 : 100_000 },
    ),
  ];
}

/** Vision: a yearly exam for a copay and allowances for frames or contact lenses; out of network, reimbursement up to a limit. */
function visionDetails(design: PlanDesign): BenefitLine[] {
  return [
    line('network', { kind: 'text', text: networkOf(design) }, null),
    line('eyeExam', copay(10), { kind: 'upTo', cents: 4_500 }),
    line('frameAllowance', { kind: 'upTo', cents: 15_000 }, { kind: 'upTo', cents: 7_000 }),
    line('contactLensAllowance', { kind: 'upTo', cents: 13_000 }, { kind: 'upTo', cents: 10_500 }),
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
      ? medicalDetails(design, deductible, outOfPocket)
      : design.line === 'Dental'
        ? dentalDetails(design, deductible, outOfPocket)
        : visionDetails(design);
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
