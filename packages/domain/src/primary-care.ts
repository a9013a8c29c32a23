/**
 * Choosing a primary care provider (issue 12; SPEC §1 "choose a primary care provider", §2
 * /admin/pcp-select, §3 "PCP whitelist of planType values, PCP-selection enable flag", §4 menu pruning).
 * DOMAIN "Plans and coverage": HMO and some EPO plans ask each member to choose a PCP.
 */
import { showPcpSelection } from './navigation';

/** The specialties a member may choose as their primary care provider. */
export const PCP_SPECIALTIES = [
  'family-medicine',
  'internal-medicine',
  'pediatrics',
  'geriatric-medicine',
  'general-practice',
] as const;
export type PcpSpecialty = (typeof PCP_SPECIALTIES)[number];

/**
 * Languages a practice may speak with its patients (BCP 47 codes; the web names them in the reader's
 * language): English and the languages of the communities the demo tenant serves.
 */
export const PROVIDER_LANGUAGES = [
  'en',
  'es',
  'pt',
  'ht',
  'kea',
  'vi',
  'zh',
  'km',
  'fr',
  'ru',
  'ar',
] as const;
export type ProviderLanguage = (typeof PROVIDER_LANGUAGES)[number];

/** The distances a member may search within, in miles. */
export const PCP_SEARCH_RADII_MILES = [5, 10, 25, 50] as const;

/**
 * Who a specialty sees, by the member's age on the day they choose: pediatricians see children and
 * young adults up to their 21st birthday (the Bright Futures age range), internists and geriatricians
 * adults (18 and over; 65 and over), family and general practice everyone.
 */
const AGE_RANGES: Readonly<Record<PcpSpecialty, { readonly from: number; readonly below: number | null }>> = {
  'family-medicine': { from: 0, below: null },
  'general-practice': { from: 0, below: null },
  pediatrics: { from: 0, below: 21 },
  'internal-medicine': { from: 18, below: null },
  'geriatric-medicine': { from: 65, below: null },
};

/** Whether a provider of `specialty` sees a member of `age` (whole years). */
export function specialtyFitsAge(specialty: PcpSpecialty, age: number): boolean {
  const range = AGE_RANGES[specialty];
  return age >= range.from && (range.below === null || age < range.below);
}

/** What decides whether a policy's members choose a PCP (SPEC §3 configuration, §4 assertion). */
export interface PcpOfferFacts {
  readonly selectionEnabled: boolean;
  readonly planTypeWhitelist: readonly string[];
  /** The plan type of the policy's current (or coming) span. */
  readonly planType: string | null | undefined;
  /** The assertion's OnlyPCP value, for an asserted session (only `false` refuses). */
  readonly onlyPcp?: boolean | null;
}

/**
 * Whether members of this policy may choose a PCP here: the same three conditions as SPEC §4's menu
 * pruning ({@link showPcpSelection}), applied to the policy acted on rather than the first policy.
 */
export function pcpOffered(facts: PcpOfferFacts): boolean {
  return showPcpSelection({
    pcpSelectionEnabled: facts.selectionEnabled,
    pcpPlanTypes: facts.planTypeWhitelist,
    firstPolicyPlanType: facts.planType,
    onlyPcp: facts.onlyPcp,
  });
}

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in miles (haversine), to one decimal. */
export function distanceMiles(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
  return Math.round(miles * 10) / 10;
}

/**
 * A National Provider Identifier's check digit (CMS: the Luhn formula over the 9 digits prefixed with
 * 80840). Whether `npi` is 10 digits with the right check digit.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^[12][0-9]{9}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** The check digit that completes 9 NPI digits (see {@link isValidNpi}). */
export function npiCheckDigit(nineDigits: string): number {
  const digits = `80840${nineDigits}`.split('').map(Number);
  let sum = 0;
  // Luhn: double every second digit from the right of the number without its check digit.
  for (let index = digits.length - 1, double = true; index >= 0; index -= 1, double = !double) {
    const digit = digits[index] ?? 0;
    const value = double ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return (10 - (sum % 10)) % 10;
}
