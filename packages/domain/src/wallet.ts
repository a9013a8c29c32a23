import { calendarDate, daysBetween, daysInMonth, type CalendarDate } from './calendar-date';

/**
 * Wallet rules (SPEC §3 Wallet, §4 "Wallet: add, remove, make default, rename bank account").
 * A card is good through the last day of its expiration month.
 */
export type CardExpiryStatus = 'valid' | 'expiring-soon' | 'expired';

export function cardExpiryStatus(
  expirationMonth: number,
  expirationYear: number,
  today: CalendarDate,
  expiringSoonDays: number,
): CardExpiryStatus {
  const lastDay = calendarDate(expirationYear, expirationMonth, daysInMonth(expirationYear, expirationMonth));
  const left = daysBetween(today, lastDay);
  if (left < 0) return 'expired';
  return left <= expiringSoonDays ? 'expiring-soon' : 'valid';
}

/** Whether one more method may be saved (the tenant's `wallet.maxPaymentMethods`). */
export function canAddWalletMethod(activeMethods: number, maxPaymentMethods: number): boolean {
  return activeMethods < maxPaymentMethods;
}
