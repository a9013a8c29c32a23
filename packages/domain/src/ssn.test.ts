import { describe, expect, it } from 'vitest';
import { INVALID_SSNS, isValidSsn, maskSsn, normalizeSsn, ssnProblem } from './ssn';

describe('normalizeSsn', () => {
  it('accepts dashes, spaces or nothing between the parts', () => {
    expect(normalizeSsn('123-45-6780')).toBe('123456780');
    expect(normalizeSsn(' 123 45 6780 ')).toBe('123456780');
    expect(normalizeSsn('123456780')).toBe('123456780');
  });

  it('refuses mixed separators and wrong lengths', () => {
    expect(normalizeSsn('123-45 6780')).toBeNull();
    expect(normalizeSsn('12-345-6780')).toBeNull();
    expect(normalizeSsn('12345678')).toBeNull();
    expect(normalizeSsn('abc-de-fghi')).toBeNull();
  });
});

describe('ssnProblem / isValidSsn', () => {
  it('accepts an ordinary SSN', () => {
    expect(ssnProblem('401-23-4567')).toBeNull();
    expect(isValidSsn('401234567')).toBe(true);
  });

  it('refuses the well-known advertised and example numbers', () => {
    for (const ssn of ['078-05-1120', '219-09-9999', '123-45-6789', '457-55-5462', '111-11-1111']) {
      expect(ssnProblem(ssn), ssn).toBe('listed');
    }
    expect(INVALID_SSNS.every((ssn) => !isValidSsn(ssn))).toBe(true);
  });

  it('refuses the never-issued patterns', () => {
    expect(ssnProblem('000-12-3456')).toBe('area-000');
    expect(ssnProblem('666-12-3456')).toBe('area-666');
    expect(ssnProblem('900-12-3456')).toBe('area-9xx');
    expect(ssnProblem('987-65-4321')).toBe('area-9xx');
    expect(ssnProblem('401-00-3456')).toBe('group-00');
    expect(ssnProblem('401-23-0000')).toBe('serial-0000');
  });

  it('refuses what is not an SSN at all', () => {
    expect(ssnProblem('40123456')).toBe('format');
    expect(isValidSsn('')).toBe(false);
  });
});

describe('maskSsn', () => {
  it('shows only the last four digits', () => {
    expect(maskSsn('401-23-4567')).toBe('***-**-4567');
    expect(maskSsn('nope')).toBeNull();
  });
});
