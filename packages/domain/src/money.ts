/**
 * Money as integer cents (SPEC §9, DOMAIN "Money").
 *
 * Amounts are whole numbers of US cents everywhere in the domain, so sums never drift the way
 * binary floating point does. They are turned into text only at the edges: the two-decimal wire
 * format for payment processors ({@link toWireAmount}) and Intl formatting for people
 * ({@link formatMoney}).
 */

/** SPEC §9: an amount of money in whole US cents (a safe integer; negative for refunds and credits). */
export type Cents = number;

const WIRE_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** SPEC §9: whether `value` is a usable amount of cents: a safe integer. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertCents(value: Cents, what: string): void {
  if (!isCents(value))
    throw new RangeError(`${what} must be whole cents (a safe integer), got ${String(value)}`);
}

/**
 * The two-decimal wire format of SPEC §9 ("payment amount fixed to two decimals"):
 * 1234 → `"12.34"`, 100 → `"1.00"`, 5 → `"0.05"`, −5 → `"-0.05"`. Throws when not whole cents.
 */
export function toWireAmount(amount: Cents): string {
  assertCents(amount, 'amount');
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  const dollars = Math.floor(absolute / 100);
  const cents = absolute - dollars * 100;
  return `${sign}${dollars}.${String(cents).padStart(2, '0')}`;
}

/**
 * SPEC §9: reads a decimal amount with at most two decimals (`"12.34"`, `"12.3"`, `"12"`, `"-0.05"`) into
 * cents. The inverse of {@link toWireAmount}. Throws a RangeError for anything else (more than two
 * decimals, exponents, spaces, empty text), because silently rounding money hides errors.
 */
export function parseWireAmount(text: string): Cents {
  const match = WIRE_PATTERN.exec(text);
  if (match === null) throw new RangeError(`not a two-decimal amount: ${JSON.stringify(text)}`);
  const [, minus, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount too large: ${text}`);
  return minus === undefined || cents === 0 ? cents : -cents;
}

/**
 * The cents of a payment amount as a member types it, which may end in its decimal point (`"125."` is
 * 125.00); the text has passed the contract's PaymentAmountSchema.
 */
export const amountCents = (text: string): Cents => parseWireAmount(text.endsWith('.') ? `${text}0` : text);

/**
 * SPEC §9: converts a dollar amount given as a number (as in configuration: `minAllowedPayment: 1`) to
 * cents, rounding half away from zero on the decimal value written (1.005 → 101, not 100).
 */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`dollars must be finite, got ${dollars}`);
  // toFixed(6) removes the binary error of ×100 (1.005 × 100 = 100.49999…) before rounding.
  const scaled = Math.abs(Number((dollars * 100).toFixed(6)));
  const cents = Math.round(scaled);
  return dollars < 0 && cents !== 0 ? -cents : cents;
}

/** SPEC §9: dollars as a number, for display libraries that want one (never for arithmetic). */
export function centsToDollars(amount: Cents): number {
  assertCents(amount, 'amount');
  return amount / 100;
}

/** SPEC §9: the sum of amounts in cents (0 for an empty list). */
export function sumCents(amounts: readonly Cents[]): Cents {
  let total = 0;
  for (const amount of amounts) {
    assertCents(amount, 'amount');
    total += amount;
  }
  return total;
}

/**
 * `percent` % of `amount`, rounded half away from zero to whole cents (used for the percentage
 * HRA discount of SPEC §9): percentOf(10_001, 50) = 5001.
 */
export function percentOf(amount: Cents, percent: number): Cents {
  assertCents(amount, 'amount');
  if (!Number.isFinite(percent)) throw new RangeError(`percent must be finite, got ${percent}`);
  return dollarsToCents((amount * percent) / 10_000);
}

/**
 * SPEC §9: an amount for people, in the given BCP 47 locale (`en-US`, `es-US`, `pt-BR`): 123456 in
 * `en-US` → `$1,234.56`. Always US dollars, the currency of US health insurance.
 */
export function formatMoney(amount: Cents, locale: string): string {
  return currencyFormat(locale).format(centsToDollars(amount));
}

// Building an Intl formatter costs about a millisecond (four on a throttled phone), formatting with one a
// microsecond: a page of a hundred amounts builds one per locale, not one per amount.
const currencyFormats = new Map<string, Intl.NumberFormat>();
function currencyFormat(locale: string): Intl.NumberFormat {
  let format = currencyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    currencyFormats.set(locale, format);
  }
  return format;
}
