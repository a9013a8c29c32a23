import { describe, expect, it } from 'vitest';
import {
  canAddDependentsAtOnce,
  deathReasonDateWindow,
  isSameDependent,
  isValidExchangeId,
  isWithinDeathReasonWindow,
  SAMPLE_DEPENDENT_RULES,
} from './dependents';

const rules = SAMPLE_DEPENDENT_RULES;

describe('isValidExchangeId', () => {
  it('needs exactly the configured length of letters and digits', () => {
    expect(isValidExchangeId('EX00012345', rules)).toBe(true);
    expect(isValidExchangeId(' EX00012345 ', rules)).toBe(true);
    expect(isValidExchangeId('EX0001234', rules)).toBe(false);
    expect(isValidExchangeId('EX000123456', rules)).toBe(false);
    expect(isValidExchangeId('EX0001234-', rules)).toBe(false);
    expect(isValidExchangeId('', { exchangeIdLength: 0 })).toBe(false);
  });
});

describe('canAddDependentsAtOnce', () => {
  it('allows from 1 up to the configured number', () => {
    expect([1, 2, 3].map((n) => canAddDependentsAtOnce(n, rules))).toEqual([true, true, true]);
    expect(canAddDependentsAtOnce(4, rules)).toBe(false);
    expect(canAddDependentsAtOnce(0, rules)).toBe(false);
    expect(canAddDependentsAtOnce(1.5, rules)).toBe(false);
  });
});

describe('death reason date window', () => {
  it('runs from 5 months ago to today', () => {
    expect(deathReasonDateWindow('2025-08-20', rules)).toEqual({
      earliest: '2025-03-20',
      latest: '2025-08-20',
    });
  });

  it('caps month ends, including leap years', () => {
    expect(deathReasonDateWindow('2024-07-31', rules).earliest).toBe('2024-02-29');
    expect(deathReasonDateWindow('2025-07-31', rules).earliest).toBe('2025-02-28');
  });

  it('includes both ends and nothing outside', () => {
    expect(isWithinDeathReasonWindow('2025-03-20', '2025-08-20', rules)).toBe(true);
    expect(isWithinDeathReasonWindow('2025-08-20', '2025-08-20', rules)).toBe(true);
    expect(isWithinDeathReasonWindow('2025-03-19', '2025-08-20', rules)).toBe(false);
    expect(isWithinDeathReasonWindow('2025-08-21', '2025-08-20', rules)).toBe(false);
  });
});

describe('isSameDependent', () => {
  const ana = { memFolderId: 'F-1001', exchangeId: 'EX00012345', relationship: 'Child' };

  it('matches on memFolderId, exchangeId and relationship', () => {
    expect(isSameDependent(ana, { ...ana, relationship: ' child ' })).toBe(true);
    expect(isSameDependent({ ...ana, memFolderId: 1001 }, { ...ana, memFolderId: '1001' })).toBe(true);
  });

  it('does not match when any criterion differs or is missing', () => {
    expect(isSameDependent(ana, { ...ana, exchangeId: 'EX00099999' })).toBe(false);
    expect(isSameDependent(ana, { ...ana, relationship: 'Spouse' })).toBe(false);
    expect(isSameDependent({ ...ana, memFolderId: null }, { ...ana, memFolderId: null })).toBe(false);
    expect(isSameDependent({ ...ana, memFolderId: '' }, { ...ana, memFolderId: '' })).toBe(false);
    expect(isSameDependent({}, {})).toBe(false);
  });
});
