/**
 * What a plan covers and what a member pays for it (issue 12 view-benefits and the ID card; SPEC §3 Plan
 * "benefit keys shown to users: plan name, sbc url, out of pocket max, deductible, drugs covered";
 * DOMAIN "Plans and coverage").
 *
 * A plan's design is a list of benefit lines, each the member's cost in network and out of network.
 * Costs are data, never text: amounts in whole cents and shares in percent, so every language formats
 * them the same way at the edge ("$30" in English, "US$ 30" in Portuguese). Lines written before this
 * shape (`{ key, value: '$30' }`) are read through {@link benefitLines}.
 */
import { dollarsToCents, type Cents } from './money';

/** The member's cost for one kind of care, or a plan amount (deductible, maximum, allowance). */
export type BenefitCost =
  /** A fixed amount per visit or prescription; after the deductible is met when `afterDeductible`. */
  | { readonly kind: 'copay'; readonly cents: Cents; readonly afterDeductible: boolean }
  /** The member's share of the allowed amount, in percent. */
  | { readonly kind: 'coinsurance'; readonly percent: number; readonly afterDeductible: boolean }
  /** Nothing to pay (after the deductible when `afterDeductible`; for the first visits only when `firstVisits`). */
  | { readonly kind: 'noCharge'; readonly afterDeductible: boolean; readonly firstVisits?: number }
  | { readonly kind: 'notCovered' }
  /** A plan amount: a deductible, an out-of-pocket maximum, an annual maximum. */
  | { readonly kind: 'amount'; readonly cents: Cents }
  /** What the plan pays at most: a frame or lens allowance, an out-of-network reimbursement. */
  | { readonly kind: 'upTo'; readonly cents: Cents }
  | { readonly kind: 'yesNo'; readonly value: boolean }
  /** A proper name (the provider network), never an amount. */
  | { readonly kind: 'text'; readonly text: string };

export type BenefitCostKind = BenefitCost['kind'];

/** One line of a plan's design: its translation key (`benefit.<name>`), in network and out of network. */
export interface BenefitLine {
  readonly key: string;
  readonly inNetwork: BenefitCost;
  /** null: the plan states no separate out-of-network cost for it. */
  readonly outOfNetwork: BenefitCost | null;
}

/** A line as the first seed wrote it: the cost as display text (`'$30'`, `'80%'`, `'yes'`). */
export interface LegacyBenefitLine {
  readonly key: string;
  readonly value: string;
}

/** The lines that name the plan's network, its deductible and its out-of-pocket maximum. */
export const NETWORK_KEY = 'benefit.network';
export const DEDUCTIBLE_KEY = 'benefit.deductible';
export const OUT_OF_POCKET_KEY = 'benefit.outOfPocketMax';

/** How the benefits page groups the lines, in this order (unknown keys go to `other`). */
export const BENEFIT_GROUPS = [
  'visits',
  'emergency',
  'tests',
  'hospital',
  'drugs',
  'dental',
  'vision',
  'rules',
  'other',
] as const;
export type BenefitGroup = (typeof BENEFIT_GROUPS)[number];

const GROUP_OF: Readonly<Record<string, BenefitGroup>> = {
  'benefit.preventiveCare': 'visits',
  'benefit.primaryCareVisit': 'visits',
  'benefit.specialistVisit': 'visits',
  'benefit.mentalHealthVisit': 'visits',
  'benefit.urgentCare': 'emergency',
  'benefit.emergencyRoom': 'emergency',
  'benefit.labTests': 'tests',
  'benefit.imaging': 'tests',
  'benefit.outpatientSurgery': 'hospital',
  'benefit.hospitalStay': 'hospital',
  'benefit.genericDrugs': 'drugs',
  'benefit.preferredBrandDrugs': 'drugs',
  'benefit.nonPreferredBrandDrugs': 'drugs',
  'benefit.dentalPreventive': 'dental',
  'benefit.dentalBasic': 'dental',
  'benefit.dentalMajor': 'dental',
  'benefit.dentalAnnualMaximum': 'dental',
  'benefit.eyeExam': 'vision',
  'benefit.frameAllowance': 'vision',
  'benefit.contactLensAllowance': 'vision',
  'benefit.referralsRequired': 'rules',
  'benefit.deductibleAppliesToAll': 'rules',
};

export function benefitGroup(key: string): BenefitGroup {
  return GROUP_OF[key] ?? 'other';
}

/**
 * The copays an ID card prints, by line of coverage (the visits a provider's front desk collects for).
 */
export const ID_CARD_COST_KEYS: Readonly<Record<'Medical' | 'Dental' | 'Vision', readonly string[]>> = {
  Medical: [
    'benefit.primaryCareVisit',
    'benefit.specialistVisit',
    'benefit.urgentCare',
    'benefit.emergencyRoom',
    'benefit.genericDrugs',
  ],
  Dental: ['benefit.dentalPreventive', 'benefit.dentalBasic', 'benefit.dentalMajor'],
  Vision: ['benefit.eyeExam', 'benefit.frameAllowance', 'benefit.contactLensAllowance'],
};

// Lines whose first-seed percentages said what the plan pays (dental); the member pays the rest.
const PLAN_SHARE_KEYS = new Set(['benefit.dentalPreventive', 'benefit.dentalBasic', 'benefit.dentalMajor']);
// Lines whose first-seed dollar amounts were maximums or allowances, not copays.
const AMOUNT_KEYS = new Set(['benefit.dentalAnnualMaximum']);
const UP_TO_KEYS = new Set(['benefit.frameAllowance', 'benefit.contactLensAllowance']);

/** Reads a first-seed display value (`'$1,500'`, `'80%'`, `'yes'`) as a cost of the line `key`. */
export function legacyBenefitCost(key: string, value: string): BenefitCost {
  const text = value.trim();
  const dollars = /^\$\s?([0-9][0-9,]*(?:\.[0-9]{1,2})?)$/.exec(text);
  if (dollars?.[1] !== undefined) {
    const cents = dollarsToCents(Number(dollars[1].replaceAll(',', '')));
    if (AMOUNT_KEYS.has(key)) return { kind: 'amount', cents };
    if (UP_TO_KEYS.has(key)) return { kind: 'upTo', cents };
    return cents === 0
      ? { kind: 'noCharge', afterDeductible: false }
      : { kind: 'copay', cents, afterDeductible: false };
  }
  const percent = /^([0-9]{1,3})\s?%$/.exec(text);
  if (percent?.[1] !== undefined) {
    const stated = Math.min(100, Number(percent[1]));
    const memberShare = PLAN_SHARE_KEYS.has(key) ? 100 - stated : stated;
    if (memberShare === 0) return { kind: 'noCharge', afterDeductible: false };
    if (memberShare === 100) return { kind: 'notCovered' };
    return {
      kind: 'coinsurance',
      percent: memberShare,
      afterDeductible: PLAN_SHARE_KEYS.has(key) && key !== 'benefit.dentalPreventive',
    };
  }
  const lower = text.toLowerCase();
  if (lower === 'yes' || lower === 'no') return { kind: 'yesNo', value: lower === 'yes' };
  return { kind: 'text', text };
}

const KINDS: ReadonlySet<string> = new Set<BenefitCostKind>([
  'copay',
  'coinsurance',
  'noCharge',
  'notCovered',
  'amount',
  'upTo',
  'yesNo',
  'text',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A stored cost, checked; null when it is not one. */
function costOf(value: unknown): BenefitCost | null {
  if (!isRecord(value) || typeof value.kind !== 'string' || !KINDS.has(value.kind)) return null;
  const afterDeductible = value.afterDeductible === true;
  switch (value.kind as BenefitCostKind) {
    case 'copay':
      return isAmount(value.cents) ? { kind: 'copay', cents: value.cents, afterDeductible } : null;
    case 'coinsurance':
      return typeof value.percent === 'number' && value.percent >= 0 && value.percent <= 100
        ? { kind: 'coinsurance', percent: value.percent, afterDeductible }
        : null;
    case 'noCharge':
      return typeof value.firstVisits === 'number' &&
        Number.isInteger(value.firstVisits) &&
        value.firstVisits > 0
        ? { kind: 'noCharge', afterDeductible, firstVisits: value.firstVisits }
        : { kind: 'noCharge', afterDeductible };
    case 'notCovered':
      return { kind: 'notCovered' };
    case 'amount':
    case 'upTo':
      return isAmount(value.cents) ? { kind: value.kind as 'amount' | 'upTo', cents: value.cents } : null;
    case 'yesNo':
      return typeof value.value === 'boolean' ? { kind: 'yesNo', value: value.value } : null;
    case 'text':
      return typeof value.text === 'string' ? { kind: 'text', text: value.text } : null;
  }
}

/**
 * The benefit lines of a plan's stored design (the plans table's `details`), whatever shape they were
 * stored in: current lines as they are, first-seed `{ key, value }` lines converted, anything else left
 * out (a design is shown as far as it can be read, never guessed).
 */
export function benefitLines(stored: unknown): BenefitLine[] {
  if (!Array.isArray(stored)) return [];
  const lines: BenefitLine[] = [];
  for (const item of stored as unknown[]) {
    if (!isRecord(item) || typeof item.key !== 'string') continue;
    if (typeof item.value === 'string') {
      lines.push({ key: item.key, inNetwork: legacyBenefitCost(item.key, item.value), outOfNetwork: null });
      continue;
    }
    const inNetwork = costOf(item.inNetwork);
    if (!inNetwork) continue;
    lines.push({
      key: item.key,
      inNetwork,
      outOfNetwork:
        item.outOfNetwork === null || item.outOfNetwork === undefined ? null : costOf(item.outOfNetwork),
    });
  }
  return lines;
}

/** The line with `key`, if the design has one. */
export function benefitLine(lines: readonly BenefitLine[], key: string): BenefitLine | undefined {
  return lines.find((line) => line.key === key);
}

/** The plan's network name, when its design names one. */
export function networkName(lines: readonly BenefitLine[]): string | null {
  const cost = benefitLine(lines, NETWORK_KEY)?.inNetwork;
  return cost?.kind === 'text' ? cost.text : null;
}

/**
 * A plan amount in and out of network (the deductible, the out-of-pocket maximum): in network from the
 * plan's own column, out of network from the design's line — `notCovered` for plans that pay nothing
 * out of network (HMO, EPO), null when the design does not say (No Surprises Act §107 asks cards to show
 * both; a card shows "not on file" rather than a guess).
 */
export function planAmount(
  lines: readonly BenefitLine[],
  key: typeof DEDUCTIBLE_KEY | typeof OUT_OF_POCKET_KEY,
  inNetworkCents: Cents,
): { inNetwork: BenefitCost; outOfNetwork: BenefitCost | null } {
  return {
    inNetwork: { kind: 'amount', cents: inNetworkCents },
    outOfNetwork: benefitLine(lines, key)?.outOfNetwork ?? null,
  };
}

/** The lines shown as benefits: the design without the network and plan amounts (shown on their own). */
export function careLines(lines: readonly BenefitLine[]): BenefitLine[] {
  return lines.filter(
    (line) => line.key !== NETWORK_KEY && line.key !== DEDUCTIBLE_KEY && line.key !== OUT_OF_POCKET_KEY,
  );
}

/**
 * A plan amount for people, in the reader's locale: whole dollars without cents, as plans print them
 * ("$30", "$1,500", "US$ 1.500"), cents only when there are some. Always US dollars (SPEC §9).
 */
export function formatBenefitMoney(cents: Cents, locale: string): string {
  const whole = cents % 100 === 0;
  const key = `${locale} ${whole ? 'whole' : 'cents'}`;
  let format = benefitMoneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    benefitMoneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** One formatter per locale and kind, built once (building one costs far more than using it). */
const benefitMoneyFormats = new Map<string, Intl.NumberFormat>();
