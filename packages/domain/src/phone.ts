/**
 * US telephone numbers (NANP, the North American Numbering Plan) as members type them: `617-555-0142`,
 * `(617) 555-0142`, `617.555.0142`, `6175550142`, `+1 617 555 0142`. Stored and shown one way:
 * `(617) 555-0142`.
 */

/**
 * The number in the portal's one format, or null when it is not a US number: ten digits (after an
 * optional country code 1), an area code and an exchange that do not start with 0 or 1 (NANP), and
 * nothing but digits, spaces, dots, dashes, parentheses and a leading `+`.
 */
export function normalizeUsPhone(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[0-9 ().-]+$/.test(text)) return null;
  let digits = text.replace(/[^0-9]/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (text.startsWith('+')) return null;
  if (digits.length !== 10) return null;
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  if (!/^[2-9]/.test(area) || !/^[2-9]/.test(exchange)) return null;
  return `(${area}) ${exchange}-${digits.slice(6)}`;
}

/** Whether two numbers are the same line (however each was typed); blank equals blank. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const normal = (value: string | null | undefined) =>
    value == null || value.trim() === '' ? '' : (normalizeUsPhone(value) ?? value.trim());
  return normal(a) === normal(b);
}
