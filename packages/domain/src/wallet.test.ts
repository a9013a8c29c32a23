import { describe, expect, it } from 'vitest';
import { canAddWalletMethod, cardExpiryStatus } from './wallet';

describe('card expiry status', () => {
  it('keeps a card good through the last day of its month', () => {
    expect(cardExpiryStatus(2, 2028, '2028-02-29', 0)).toBe('expiring-soon');
    expect(cardExpiryStatus(2, 2028, '2028-03-01', 0)).toBe('expired');
    expect(cardExpiryStatus(2, 2027, '2027-02-28', 30)).toBe('expiring-soon');
  });

  it('flags a card expiring within the window, and not one beyond it', () => {
    expect(cardExpiryStatus(12, 2026, '2026-11-01', 60)).toBe('expiring-soon');
    expect(cardExpiryStatus(12, 2026, '2026-10-01', 60)).toBe('valid');
    expect(cardExpiryStatus(1, 2030, '2026-11-01', 60)).toBe('valid');
  });

  it('says expired for any earlier month', () => {
    expect(cardExpiryStatus(10, 2026, '2026-11-01', 60)).toBe('expired');
    expect(cardExpiryStatus(12, 2025, '2026-01-01', 60)).toBe('expired');
  });
});

describe('wallet limit', () => {
  it('allows saving until the configured number of methods is reached', () => {
    expect(canAddWalletMethod(9, 10)).toBe(true);
    expect(canAddWalletMethod(10, 10)).toBe(false);
    expect(canAddWalletMethod(0, 1)).toBe(true);
  });
});
