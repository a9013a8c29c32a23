import { randomInt } from 'node:crypto';

/**
 * Public ids: the ids a caller puts in a URL to fetch a record by something other than its UUID (SPEC
 * §7 `POST v1/Wallet/{referenceId}`, `GET v1/Member/2/{folderId}`). They must not be guessable from a
 * neighbour's (docs/decisions/012): a one-letter kind, then 20 characters drawn at random (about 97
 * bits). Upper-case letters and digits without I, L, O and U (no look-alikes), with a letter at least
 * every fourth character, so an id never holds a run of digits the log scrubber would take for a card
 * or account number.
 */

export const PUBLIC_ID_KINDS = { wallet: 'W', memberFolder: 'F' } as const;
export type PublicIdKind = keyof typeof PUBLIC_ID_KINDS;

const LETTERS = 'ABCDEFGHJKMNPQRSTVWXYZ';
const ALPHABET = `${LETTERS}0123456789`;
const LENGTH = 20;

/** A public id built from a source of random integers (`below(n)` gives an integer in [0, n)). */
export function publicIdFrom(kind: PublicIdKind, below: (n: number) => number): string {
  let id: string = PUBLIC_ID_KINDS[kind];
  for (let i = 0; i < LENGTH; i += 1) {
    const from = i % 4 === 3 ? LETTERS : ALPHABET;
    id += from.charAt(below(from.length));
  }
  return id;
}

/** A new public id from the system's cryptographic random source (every record created at run time). */
export function newPublicId(kind: PublicIdKind): string {
  return publicIdFrom(kind, (n) => randomInt(n));
}
