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
  'pwd',
  'pass',
  'passcode',
  'passphrase',
  'pin',
  'otp',
  'secret',
  'clientsecret',
  'apikey',
  'xapikey',
  'privatekey',
  'token',
  'accesstoken',
  'idtoken',
  'idtokenhint',
  'refreshtoken',
  'refresh',
  'rt',
  'sessiontoken',
  'sessionid',
  'authcode',
  'authorizationcode',
  'clientassertion',
  'subjecttoken',
  'paymenttoken',
  'defaulttoken',
  'codeverifier',
  'samlresponse',
  'encodedassertions',
  'assertion',
  'ssn',
  'socialsecuritynumber',
  'cardnumber',
  'cardnum',
  'creditcard',
  'ccnumber',
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

// Each pattern finds its secret wherever it sits: glued to letters ("card4111…"), in any case, and in
// the spellings people and programs use (spaces, dashes, dots, no separator at all).
// The scheme then the credential: after a space, `%20`, `:` or `=`, or glued on when 16+ characters follow.
const BEARER_PATTERN =
  /\b(bearer|basic)(?:\s+|%20|\s*[:=]\s*|(?=[A-Za-z0-9._~+/=-]{16}))[A-Za-z0-9._~+/=-]+/gi;
const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
// query-string values of sensitive parameters, e.g. ?access_token=...&code=...
const QUERY_PARAM_PATTERN = /([?&;])([^=&;#\s]+)=([^&;#\s]*)/g;
// `key=value`, `key: value`, `"key":"value"` in free text for the sensitive keys above, in any case and
// with or without `-`/`_` (e.g. "Password: hunter2", "refresh_token=…"). Only sensitive keys match, so a
// harmless pair never swallows a sensitive one after it ("note=password=hunter2").
const KEY_ALTERNATIVES = [...SENSITIVE_KEYS]
  .sort((a, b) => b.length - a.length)
  .map((key) => key.split('').join('[-_]?'))
  .join('|');
const KEY_VALUE_PATTERN = new RegExp(
  `(?<![A-Za-z0-9])(["']?)(${KEY_ALTERNATIVES})\\1(\\s*[:=]\\s*)(["']?)(\\[REDACTED\\]|[^\\s"'&;,)}\\]]+)`,
  'gi',
);
// SSNs written 123-45-6789, 123 45 6789 or 123.45.6789 (no separator: a nine-digit run, below).
const SSN_PATTERN = /(?<!\d)\d{3}([-. ])\d{2}\1\d{4}(?!\d)/g;
// Card numbers written in groups with one kind of separator (4111 1111 1111 1111, 4111.1111…, Amex
// 3782-822463-10005): redacted when the groups hold 13 to 19 digits together.
const GROUPED_NUMBER_PATTERN = /(?<!\d)\d{2,7}([ .\-_/])\d{1,7}(?:\1\d{1,7}){1,4}(?!\d)/g;
// Unbroken runs of 9 or more digits: card, bank account and routing numbers, bare SSNs.
const LONG_NUMBER_PATTERN = /(?<!\d)\d{9,}(?!\d)/g;
// Opaque credentials (refresh tokens, API keys, session ids): 32+ characters of a token alphabet mixing
// at least two of lower case, upper case and digits. UUIDs (request and record ids) are left alone.
const OPAQUE_TOKEN_PATTERN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function looksLikeOpaqueToken(run: string): boolean {
  if (UUID_PATTERN.test(run)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(run)).length;
  return classes >= 2;
}

/** Scrubs identifiers and credentials out of one string. */
export function scrubString(value: string): string {
  return value
    .replace(BEARER_PATTERN, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT_PATTERN, REDACTED)
    .replace(QUERY_PARAM_PATTERN, (match, sep: string, key: string) =>
      isSensitiveQueryParam(decodeSafely(key)) ? `${sep}${key}=${REDACTED}` : match,
    )
    .replace(
      KEY_VALUE_PATTERN,
      (match: string, quote: string, key: string, assign: string, valueQuote: string, secret: string) =>
        // "Authorization: Bearer [REDACTED]" already lost its secret: keep the scheme word.
        secret !== REDACTED && !/^(bearer|basic)$/i.test(secret)
          ? `${quote}${key}${quote}${assign}${valueQuote}${REDACTED}`
          : match,
    )
    .replace(SSN_PATTERN, REDACTED)
    .replace(GROUPED_NUMBER_PATTERN, (match) => {
      const digits = match.replace(/\D/g, '').length;
      return digits >= 13 && digits <= 19 ? REDACTED : match;
    })
    .replace(LONG_NUMBER_PATTERN, REDACTED)
    .replace(OPAQUE_TOKEN_PATTERN, (match) => (looksLikeOpaqueToken(match) ? REDACTED : match));
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A URL as a person would read it, for scrubbing: `+` and percent escapes decoded. A malformed escape
 * (a stray `%` a client may add on purpose) does not stop the ASCII escapes around it from decoding.
 */
export function readableUrl(url: string): string {
  const spaced = url.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-7][0-9A-Fa-f])/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
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
  if (value instanceof Error) return redactDeep(errorForLog(value), depth + 1, seen);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Keys are text someone chose too (a client event's details): scrubbed like values.
    out[scrubString(key)] = isSensitiveKey(key) ? REDACTED : redactDeep(item, depth + 1, seen);
  }
  return out;
}

/** The lines of a stack trace after its message (which `errorForLog` may have had to rewrite). */
function stackFrames(stack: string | undefined): string {
  if (!stack) return '';
  const lines = stack.split('\n');
  const first = lines.findIndex((line) => /^\s+at /.test(line));
  return first < 0 ? '' : lines.slice(first).join('\n');
}

/**
 * What an error may say in a log. A failed SQL statement names its parameters — a username, an
 * exchange id, whatever a caller sent — in Drizzle's message ("params: …") and in the database's own
 * message and detail ("invalid input syntax for type uuid: \"…\"", "Key (username)=(…) already exists"),
 * so for those only the statement and the SQLSTATE code, constraint, table and column are kept.
 */
export function errorForLog(error: Error): Record<string, unknown> {
  const fields = error as Error & Record<string, unknown>;
  const query = typeof fields.query === 'string' && Array.isArray(fields.params) ? fields.query : null;
  const sqlState =
    typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && 'severity' in fields
      ? fields.code
      : null;
  const fromDatabase = query !== null || sqlState !== null;
  const message = fromDatabase
    ? [query === null ? null : `Failed query: ${query}`, sqlState === null ? null : `SQLSTATE ${sqlState}`]
        .filter(Boolean)
        .join('; ')
    : error.message;
  const out: Record<string, unknown> = {
    type: error.name,
    message,
    stack: fromDatabase ? `${error.name}: ${message}\n${stackFrames(error.stack)}` : error.stack,
  };
  if (sqlState !== null) {
    for (const key of ['code', 'constraint', 'table', 'column', 'routine'])
      if (typeof fields[key] === 'string') out[key] = fields[key];
  }
  if (error.cause instanceof Error) out.cause = errorForLog(error.cause);
  return out;
}
