import { describe, expect, it } from 'vitest';
import { normalizeUsPhone, samePhone } from './phone';

describe('US phone numbers', () => {
  it('reads the ways people type them and writes one format', () => {
    for (const typed of [
      '617-555-0142',
      '(617) 555-0142',
      '617.555.0142',
      '6175550142',
      '+1 617 555 0142',
      '1 (617) 555-0142',
      ' 617 555 0142 ',
    ]) {
      expect(normalizeUsPhone(typed)).toBe('(617) 555-0142');
    }
  });

  it('refuses what is not a US number', () => {
    for (const typed of [
      '555-0142',
      '617-555-01425',
      '017-555-0142',
      '617-155-0142',
      '+44 20 7946 0958',
      '617-555-O142',
      'call me',
      '',
      '2 617 555 0142',
    ]) {
      expect(normalizeUsPhone(typed)).toBeNull();
    }
  });

  it('compares numbers however they were typed', () => {
    expect(samePhone('617-555-0142', '(617) 555-0142')).toBe(true);
    expect(samePhone('', null)).toBe(true);
    expect(samePhone('617-555-0142', '617-555-0143')).toBe(false);
    expect(samePhone('not a number', 'not a number')).toBe(true);
  });
});
