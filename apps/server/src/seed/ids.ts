import { publicIdFrom, type PublicIdKind } from '../lib/public-id';
import { Random } from './random';

/**
 * Business identifiers of the demo data. Each is derived from a household number and a slot, so
 * they are unique by construction (the schema has unique indexes on most of them) and identical for
 * the same seed. Where a real system hands out unrelated-looking numbers, the sequence goes through
 * a small Feistel network: a bijection on its range (so still unique) that, unlike an affine map,
 * leaves no visible pattern between neighbouring households.
 *
 * Ids a caller fetches records by (member folder ids, wallet reference ids) are the exception: they
 * are random public ids drawn from the seeded stream ({@link seededPublicId}), unique by their size.
 *
 * Named demo households are numbered from 1,000,001, generated ones from 2,000,001 (up to 7,999,999
 * generated households).
 */

export const DEMO_HOUSEHOLD_BASE = 1_000_000;
export const GENERATED_HOUSEHOLD_BASE = 2_000_000;
export const MAX_GENERATED_HOUSEHOLDS = 7_999_999;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

const ROUND_KEYS = [0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c];

/** A bijection of [0, 10^(2·halfDigits)): four Feistel rounds over two decimal halves. */
function scramble(value: number, halfDigits: number): number {
  const half = 10 ** halfDigits;
  let left = Math.floor(value / half) % half;
  let right = value % half;
  for (const key of ROUND_KEYS) {
    const mixed = (Math.imul(right ^ key, 0x9e3779b1) >>> 0) % half;
    [left, right] = [right, (left + mixed) % half];
  }
  return left * half + right;
}

/**
 * A public id (member folder id, wallet reference id; lib/public-id.ts) drawn from a seeded stream:
 * the same seed gives the same ids, yet none can be guessed from a neighbour's (unlike a counter).
 */
export function seededPublicId(kind: PublicIdKind, random: Random): string {
  return publicIdFrom(kind, (n) => random.next() % n);
}

/**
 * The exchange's member id (10 characters, SPEC §9 exchangeIdLength); the subscriber's doubles as the
 * exchange subscriber id of the policy.
 */
export function exchangeMemberId(householdNumber: number, slot: number): string {
  return pad(scramble(householdNumber * 100 + slot, 5), 10);
}

/** The exchange's household (application) id. */
export function householdExchangeId(householdNumber: number): string {
  return `MA${pad(scramble(householdNumber, 4), 8)}`;
}

/** The issuer's subscriber id (SPEC issuerId). */
export function issuerSubscriberId(householdNumber: number, slot: number): string {
  return `LH${pad(scramble(householdNumber * 10 + slot, 5), 10)}`;
}

/** The issuer's policy number, printed on ID cards and invoices. */
export function policyNumber(householdNumber: number, sequence: number): string {
  return `LHP-${pad(householdNumber, 7)}-${pad(sequence, 2)}`;
}

export function employerGroupNumber(index: number): string {
  return `LHG${pad(10_001 + index, 5)}`;
}

export function serviceRequestReference(householdNumber: number, sequence: number): string {
  return `SR-${pad(householdNumber, 7)}${sequence}`;
}

/** An NPN (up to 10 digits, DOMAIN "Broker") for the generated broker `index`. */
export function brokerNpn(index: number): string {
  return String(200_000_000 + scramble(index, 4));
}

/**
 * The time field of the household's version-7 ids: one second per household number from 2020, so
 * ids sort by household (see Random.orderIdsAt).
 */
export function idClock(householdNumber: number): number {
  return Date.UTC(2020, 0, 1) + householdNumber * 1_000;
}

const CODE_LETTERS = 'abcdefghijkmnpqrstuvwxyz';

/**
 * Six letters that spell the household number: the start of its processor tokens and transaction
 * ids, so those unique indexes also fill in order (and no long run of digits ever appears).
 */
export function householdCode(householdNumber: number): string {
  let code = '';
  let rest = householdNumber;
  for (let index = 0; index < 6; index++) {
    code = CODE_LETTERS.charAt(rest % 24) + code;
    rest = Math.floor(rest / 24);
  }
  return code;
}

/** Account ids are fixed per seed and username, so a household can refer to its member's account. */
export function demoAccountId(seed: string, username: string): string {
  return Random.from(seed, 'account', username).uuid();
}
