import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures of the portal's processor protocol (docs/decisions/016): the processor sends
 * `Processor-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the shared
 * webhook secret. The timestamp is inside the signed text, so an old delivery cannot be re-dated.
 */
export const SIGNATURE_HEADER = 'processor-signature';
/** How far a webhook's timestamp may be from our clock (replays outside it are refused outright). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signatureHeader(secret: string, rawBody: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, rawBody)}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number; signature: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Checks a signature header against the raw body: well-formed, fresh, and made with the secret. */
export function checkSignature(
  secret: string,
  rawBody: string,
  header: string | string[] | undefined,
  now = Date.now(),
): SignatureCheck {
  if (header === undefined) return { ok: false, reason: 'missing' };
  if (typeof header !== 'string') return { ok: false, reason: 'malformed' };
  const parts = new Map(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given))
    return { ok: false, reason: 'malformed' };
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = signatureOf(secret, timestamp, rawBody);
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex')))
    return { ok: false, reason: 'mismatch' };
  return { ok: true, timestamp, signature: given };
}
