/**
 * Keeps secrets and identifiers out of logs (and out of stored client events).
 *
 * Two layers: values under sensitive key names are replaced whatever they hold, and any string is
 * scrubbed of things that look like an SSN, a card or bank account number, a bearer token or a JWT,
 * wherever they appear (a free-text message, a URL, an error).
 */

export const REDACTED = '[REDACTED]';

// Compared after lower-casing and removing '-' and '_', so `access_token`, `accessToken` and
// `Access-Token` all match.
const SENSITIVE_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'password',
  'passwd',
  'secret',
  'clientsecret',
  'token',
  'accesstoken',
  'idtoken',
  'refreshtoken',
  'paymenttoken',
  'defaulttoken',
  'codeverifier',
  'samlresponse',
  'encodedassertions',
  'assertion',
  'ssn',
  'socialsecuritynumber',
  'cardnumber',
  'pan',
  'cvv',
  'cvc',
  'cvv2',
  'securitycode',
  'accountnumber',
  'bankaccountnumber',
  'routingnumber',
]);

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''));
}

/** In URLs an OAuth authorization `code` is a credential too (elsewhere `code` names an error code). */
function isSensitiveQueryParam(key: string): boolean {
  return key.toLowerCase() === 'code' || isSensitiveKey(key);
}

/** Luhn checksum over a string of digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const SSN_PATTERN = /\b\d{3}[- ]\d{2}[- ]\d{4}\b/g;
const BEARER_PATTERN = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT_PATTERN = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
// Unbroken runs of 9-19 digits (card numbers, bank account and routing numbers, bare SSNs) and card
// numbers written in groups of four.
const LONG_NUMBER_PATTERN = /\b(?:\d{9,19}|\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?)\b/g;
// query-string values of sensitive parameters, e.g. ?access_token=...&code=...
const QUERY_PARAM_PATTERN = /([?&;])([^=&;#\s]+)=([^&;#\s]*)/g;

/** Scrubs identifiers and credentials out of one string. */
export function scrubString(value: string): string {
  return value
    .replace(BEARER_PATTERN, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT_PATTERN, REDACTED)
    .replace(QUERY_PARAM_PATTERN, (match, sep: string, key: string) =>
      isSensitiveQueryParam(decodeSafely(key)) ? `${sep}${key}=${REDACTED}` : match,
    )
    .replace(SSN_PATTERN, REDACTED)
    .replace(LONG_NUMBER_PATTERN, REDACTED);
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Returns a copy of `value` with sensitive keys replaced and every string scrubbed.
 * Depth-limited and cycle-safe, so it can run on any log object.
 */
export function redactDeep(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[Truncated]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1, seen));
  if (value instanceof Error) {
    return redactDeep({ type: value.name, message: value.message, stack: value.stack }, depth + 1, seen);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSensitiveKey(key) ? REDACTED : redactDeep(item, depth + 1, seen);
  }
  return out;
}
