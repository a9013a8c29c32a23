import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes for the built-in identity providers' accounts (`accounts.password_hash`), stored as
 * `scrypt$N$r$p$saltB64$hashB64` so that the cost can be raised later without breaking old hashes:
 * every hash carries the parameters it was made with.
 */
const DEFAULT_COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// A stored hash names its own cost: refuse absurd values instead of letting one row exhaust memory or CPU.
const MAX_MEMORY_BYTES = 64 * 1024 * 1024;
const MAX_P = 4;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Buffer {
  // scrypt needs 128·N·r bytes; allow that plus headroom (Node's default ceiling is 32 MiB).
  return scryptSync(password.normalize('NFC'), salt, keyLength, {
    N,
    r,
    p,
    maxmem: 128 * N * r + 1024 * 1024,
  });
}

/** Hashes `password` with a fresh random salt. */
export function hashPassword(password: string): string {
  const { N, r, p } = DEFAULT_COST;
  const salt = randomBytes(SALT_BYTES);
  const hash = derive(password, salt, N, r, p, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

const POSITIVE_INTEGER = /^[1-9][0-9]{0,7}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether `password` matches `stored` (a {@link hashPassword} string). A malformed or unsupported
 * stored value never matches. The comparison takes the same time wherever the hashes differ.
 */
export function verifyPassword(password: string, stored: string | null | undefined): boolean {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [scheme, nText, rText, pText, saltText, hashText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (scheme !== 'scrypt') return false;
  if (![nText, rText, pText].every((value) => POSITIVE_INTEGER.test(value))) return false;
  if (!BASE64.test(saltText) || !BASE64.test(hashText)) return false;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // N must be a power of two above 1 (scrypt's own rule).
  if (N < 2 || (N & (N - 1)) !== 0 || 128 * N * r > MAX_MEMORY_BYTES || p > MAX_P) return false;
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length < 16) return false;
  const actual = derive(password, Buffer.from(saltText, 'base64'), N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}
