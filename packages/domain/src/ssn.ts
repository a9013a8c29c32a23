/**
 * Social Security numbers (SPEC §5 "SSN invalid patterns"; SPEC §9 link-account searches by SSN).
 *
 * An SSN is AAA-GG-SSSS: area, group, serial. The Social Security Administration never issues
 * area 000, area 666 or areas 900-999, group 00 or serial 0000, and some numbers became invalid
 * because they were published (advertising, pamphlets) and then used by many people.
 */

/**
 * SPEC §5 fixed invalid values, as nine digits: numbers printed in advertising or examples and
 * then widely misused (078-05-1120 from a 1938 wallet insert, 219-09-9999 from an SSA pamphlet,
 * 457-55-5462 from an identity-theft advertisement), the sequential example 123-45-6789, and
 * numbers of one repeated digit that are not already excluded by a pattern.
 */
export const INVALID_SSNS: readonly string[] = [
  '078051120',
  '219099999',
  '457555462',
  '123456789',
  '111111111',
  '222222222',
  '333333333',
  '444444444',
  '555555555',
  '777777777',
  '888888888',
];

/** SPEC §5: why an SSN is refused by {@link ssnProblem}. */
export type SsnProblem =
  'format' | 'listed' | 'area-000' | 'area-666' | 'area-9xx' | 'group-00' | 'serial-0000';

/**
 * SPEC §5, §9: the nine digits of an SSN written `123-45-6789`, `123 45 6789` or `123456789` (surrounding
 * spaces ignored); `null` for anything else.
 */
export function normalizeSsn(input: string): string | null {
  const trimmed = input.trim();
  // One separator style throughout: all dashes, all spaces, or none.
  return /^\d{3}([- ]?)\d{2}\1\d{4}$/.test(trimmed) ? trimmed.replace(/\D/g, '') : null;
}

/**
 * SPEC §5: why `input` is not a usable SSN, or `null` when it is. Checks, in order: format
 * ({@link normalizeSsn}), the fixed invalid list, area 000, area 666, first digit 9, group 00,
 * serial 0000.
 */
export function ssnProblem(input: string): SsnProblem | null {
  const digits = normalizeSsn(input);
  if (digits === null) return 'format';
  if (INVALID_SSNS.includes(digits)) return 'listed';
  const area = digits.slice(0, 3);
  if (area === '000') return 'area-000';
  if (area === '666') return 'area-666';
  if (area.startsWith('9')) return 'area-9xx';
  if (digits.slice(3, 5) === '00') return 'group-00';
  if (digits.slice(5) === '0000') return 'serial-0000';
  return null;
}

/** SPEC §5: whether `input` is a well-formed SSN that is not on the invalid list or patterns. */
export function isValidSsn(input: string): boolean {
  return ssnProblem(input) === null;
}

/** SPEC §5: shows only the last four digits of an SSN: `***-**-6789`; `null` when it is not a well-formed SSN. */
export function maskSsn(input: string): string | null {
  const digits = normalizeSsn(input);
  return digits === null ? null : `***-**-${digits.slice(5)}`;
}
