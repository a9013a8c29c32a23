/**
 * Business identifiers of the demo data. Each is derived from a household number and a slot, so
 * they are unique by construction (the schema has unique indexes on most of them) and identical for
 * the same seed. Where a real system would hand out unrelated-looking numbers, the sequence is
 * scrambled by an affine map that is a bijection on its range (the multiplier is coprime to 10).
 *
 * Named demo households are numbered from 1,000,001, generated ones from 2,000,001 (up to 7,999,999
 * generated households).
 */

export const DEMO_HOUSEHOLD_BASE = 1_000_000;
export const GENERATED_HOUSEHOLD_BASE = 2_000_000;
export const MAX_GENERATED_HOUSEHOLDS = 7_999_999;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** A bijection of [0, 10^width): looks random, never repeats. */
function scramble(value: number, width: number): number {
  const modulus = 10 ** width;
  return (value * 7_919 + 1_234_567) % modulus;
}

/** Member slot 0 is the subscriber; dependents follow. */
export function memberFolderId(householdNumber: number, slot: number): string {
  return `F${pad(householdNumber, 7)}${pad(slot, 2)}`;
}

/**
 * The exchange's member id (10 characters, SPEC §9 exchangeIdLength); the subscriber's doubles as the
 * exchange subscriber id of the policy.
 */
export function exchangeMemberId(householdNumber: number, slot: number): string {
  return `0${pad(scramble(householdNumber * 100 + slot, 9), 9)}`;
}

/** The exchange's household (application) id. */
export function householdExchangeId(householdNumber: number): string {
  return `MA${pad(scramble(householdNumber, 8), 8)}`;
}

/** The issuer's subscriber id (SPEC issuerId). */
export function issuerSubscriberId(householdNumber: number, slot: number): string {
  return `LH${pad(scramble(householdNumber * 10 + slot, 8), 8)}`;
}

/** The issuer's policy number, printed on ID cards and invoices. */
export function policyNumber(householdNumber: number, sequence: number): string {
  return `LHP-${pad(householdNumber, 7)}-${pad(sequence, 2)}`;
}

/** SPEC §7 `POST v1/Wallet/{referenceId}`. */
export function walletReferenceId(householdNumber: number): string {
  return `LHW${pad(householdNumber, 7)}`;
}

export function employerGroupNumber(index: number): string {
  return `LHG${pad(10_001 + index, 5)}`;
}

export function serviceRequestReference(householdNumber: number, sequence: number): string {
  return `SR-${pad(householdNumber, 7)}${sequence}`;
}

/** An NPN (up to 10 digits, DOMAIN "Broker") for the generated broker `index`. */
export function brokerNpn(index: number): string {
  return String(20_000_000 + scramble(index, 7));
}
