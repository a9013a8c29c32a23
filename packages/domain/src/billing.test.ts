import { describe, expect, it } from 'vitest';
import {
  dueDayRule,
  accountBalance,
  canAddAutopay,
  canAddScheduledPayment,
  checkPaymentAmount,
  hraDiscount,
  memberResponsibility,
  nextPaymentDueDate,
  paymentAmountForProcessor,
  paymentClearsScheduledPayments,
  paymentDueDate,
  scheduledPaymentsAfterPayment,
  scheduledPaymentWindow,
} from './billing';
import type { HraDiscount } from './billing';

describe('checkPaymentAmount', () => {
  const limits = { minAllowedPayment: 100, maxAllowedPayment: 10_000 };

  it('allows amounts from the minimum to the maximum inclusive', () => {
    expect(checkPaymentAmount(100, limits)).toEqual({ ok: true });
    expect(checkPaymentAmount(10_000, limits)).toEqual({ ok: true });
    expect(checkPaymentAmount(4_523, limits)).toEqual({ ok: true });
  });

  it('says why an amount is refused', () => {
    expect(checkPaymentAmount(99, limits)).toEqual({ ok: false, problem: 'below-minimum' });
    expect(checkPaymentAmount(10_001, limits)).toEqual({ ok: false, problem: 'above-maximum' });
    expect(checkPaymentAmount(0, limits)).toEqual({ ok: false, problem: 'not-positive' });
    expect(checkPaymentAmount(-100, limits)).toEqual({ ok: false, problem: 'not-positive' });
    expect(checkPaymentAmount(150.5, limits)).toEqual({ ok: false, problem: 'not-whole-cents' });
  });

  it('refuses zero even when the configured minimum is zero', () => {
    expect(checkPaymentAmount(0, { minAllowedPayment: 0, maxAllowedPayment: 100 })).toEqual({
      ok: false,
      problem: 'not-positive',
    });
  });
});

describe('paymentAmountForProcessor', () => {
  it('sends two decimals', () => {
    expect(paymentAmountForProcessor(1000)).toBe('10.00');
    expect(paymentAmountForProcessor(4523)).toBe('45.23');
  });
});

describe('paymentDueDate', () => {
  it('uses a constant due day of the billed month', () => {
    expect(paymentDueDate('2025-03-01', { implementation: 'constant', dueDay: 15 })).toBe('2025-03-15');
    expect(paymentDueDate('2025-03-20', { implementation: 'constant', dueDay: 1 })).toBe('2025-03-01');
  });

  it('caps a constant due day at month end, in leap and common years', () => {
    const day31 = { implementation: 'constant', dueDay: 31 } as const;
    expect(paymentDueDate('2024-02-01', day31)).toBe('2024-02-29');
    expect(paymentDueDate('2023-02-01', day31)).toBe('2023-02-28');
    expect(paymentDueDate('2025-04-01', day31)).toBe('2025-04-30');
    expect(paymentDueDate('2025-05-01', day31)).toBe('2025-05-31');
    expect(paymentDueDate('2023-02-01', { implementation: 'constant', dueDay: 29 })).toBe('2023-02-28');
  });

  it('refuses a constant due day outside 1-31', () => {
    for (const dueDay of [0, 32, 1.5]) {
      expect(() => paymentDueDate('2025-01-01', { implementation: 'constant', dueDay })).toThrow(RangeError);
    }
  });

  it('counts an offset from the first day of the billed month', () => {
    expect(paymentDueDate('2025-03-18', { implementation: 'offset', offsetDays: 0 })).toBe('2025-03-01');
    expect(paymentDueDate('2025-03-01', { implementation: 'offset', offsetDays: 14 })).toBe('2025-03-15');
    expect(paymentDueDate('2024-03-01', { implementation: 'offset', offsetDays: -1 })).toBe('2024-02-29');
    expect(paymentDueDate('2025-01-01', { implementation: 'offset', offsetDays: -1 })).toBe('2024-12-31');
  });

  it('bills the month after the paid-through date', () => {
    const day5 = { implementation: 'constant', dueDay: 5 } as const;
    expect(nextPaymentDueDate('2024-01-31', day5)).toBe('2024-02-05');
    expect(nextPaymentDueDate('2024-12-31', day5)).toBe('2025-01-05');
    expect(nextPaymentDueDate('2024-02-29', { implementation: 'offset', offsetDays: -1 })).toBe('2024-02-29');
  });
});

describe('hraDiscount', () => {
  const percentage: HraDiscount = {
    kind: 'percentage',
    percent: 50,
    startDate: '2025-01-01',
    endDate: '2025-12-31',
  };
  const flat: HraDiscount = { kind: 'flat', amount: 20_000, startDate: '2025-01-01', endDate: null };

  it('takes a percentage of the premium within the date range, inclusive', () => {
    expect(hraDiscount(45_001, percentage, '2025-01-01')).toBe(22_501);
    expect(hraDiscount(45_000, percentage, '2025-12-31')).toBe(22_500);
  });

  it('gives nothing outside the date range or without an HRA', () => {
    expect(hraDiscount(45_000, percentage, '2024-12-31')).toBe(0);
    expect(hraDiscount(45_000, percentage, '2026-01-01')).toBe(0);
    expect(hraDiscount(45_000, null, '2025-06-01')).toBe(0);
    expect(hraDiscount(45_000, undefined, '2025-06-01')).toBe(0);
  });

  it('takes a flat amount, open-ended, never more than the premium', () => {
    expect(hraDiscount(45_000, flat, '2030-06-01')).toBe(20_000);
    expect(hraDiscount(15_000, flat, '2025-06-01')).toBe(15_000);
    expect(hraDiscount(0, flat, '2025-06-01')).toBe(0);
  });

  it('never goes below zero or above the premium for odd configuration', () => {
    expect(hraDiscount(10_000, { ...flat, amount: -500 }, '2025-06-01')).toBe(0);
    expect(hraDiscount(10_000, { ...percentage, percent: 150 }, '2025-06-01')).toBe(10_000);
    expect(hraDiscount(10_000, { ...percentage, percent: -10 }, '2025-06-01')).toBe(0);
  });
});

describe('memberResponsibility', () => {
  it('is premium minus APTC, other subsidy and HRA', () => {
    expect(
      memberResponsibility({
        premiumAmount: 52_310,
        taxCreditAmount: 41_000,
        otherSubsidyAmount: 1_000,
        hraAmount: 310,
      }),
    ).toBe(10_000);
    expect(memberResponsibility({ premiumAmount: 52_310, taxCreditAmount: null })).toBe(52_310);
  });

  it('is never negative', () => {
    expect(memberResponsibility({ premiumAmount: 30_000, taxCreditAmount: 41_000 })).toBe(0);
  });
});

describe('accountBalance', () => {
  it('shows the total due when something is due', () => {
    expect(accountBalance(12_500, 3_000, { disregardUnallocated: false })).toEqual({
      source: 'total-due',
      amount: 12_500,
    });
  });

  it('shows the unallocated amount when the total due is zero', () => {
    expect(accountBalance(0, 3_000, { disregardUnallocated: false })).toEqual({
      source: 'unallocated',
      amount: 3_000,
    });
    expect(accountBalance(0, null, { disregardUnallocated: false })).toEqual({
      source: 'unallocated',
      amount: 0,
    });
  });

  it('ignores the unallocated amount when configuration disregards it', () => {
    expect(accountBalance(0, 3_000, { disregardUnallocated: true })).toEqual({
      source: 'total-due',
      amount: 0,
    });
  });
});

describe('scheduled payments after a payment', () => {
  const scheduled = [{ id: 's1' }, { id: 's2' }];

  it('keeps them after a payment dated today', () => {
    expect(paymentClearsScheduledPayments('2025-03-10', '2025-03-10')).toBe(false);
    expect(scheduledPaymentsAfterPayment(scheduled, '2025-03-10', '2025-03-10')).toEqual(scheduled);
  });

  it('clears them after a payment dated another day, earlier or later', () => {
    expect(paymentClearsScheduledPayments('2025-03-15', '2025-03-10')).toBe(true);
    expect(scheduledPaymentsAfterPayment(scheduled, '2025-03-15', '2025-03-10')).toEqual([]);
    expect(scheduledPaymentsAfterPayment(scheduled, '2025-03-09', '2025-03-10')).toEqual([]);
  });
});

describe('autopay and scheduled-payment limits', () => {
  const limits = { maxAutopayAllowed: 1, maxScheduledPaymentsAllowed: 3 };

  it('allows autopay subscriptions up to the maximum', () => {
    expect(canAddAutopay(0, limits)).toBe(true);
    expect(canAddAutopay(1, limits)).toBe(false);
  });

  it('allows scheduled payments up to the maximum', () => {
    expect(canAddScheduledPayment(2, limits)).toBe(true);
    expect(canAddScheduledPayment(3, limits)).toBe(false);
  });
});

describe('dueDayRule (SPEC §9 payment due day settings)', () => {
  it('reads a constant day or an offset from the tenant setting', () => {
    expect(dueDayRule({ implementation: 'constant', day: 15, offsetDays: 0 })).toEqual({
      implementation: 'constant',
      dueDay: 15,
    });
    expect(dueDayRule({ implementation: 'offset', day: 1, offsetDays: -5 })).toEqual({
      implementation: 'offset',
      offsetDays: -5,
    });
  });
});

describe('scheduledPaymentWindow', () => {
  it('runs from tomorrow to the horizon, across a year end', () => {
    expect(scheduledPaymentWindow('2026-12-04', 30)).toEqual({
      earliest: '2026-12-05',
      latest: '2027-01-03',
    });
  });
});
