import type { TFunction } from 'i18next';
import type { AutopaySubscription, Wallet, WalletItemRef } from '@portal/contracts';
import { cardExpiryStatus, type CalendarDate } from '@portal/domain';
import type { Option } from '../../../ui/form';
import { savedMethodLabel, walletMethods, type MethodLabel } from '../../../ui/payment/payment-method-label';

export type { MethodLabel };

/** A saved wallet method autopay may pay from (SPEC §3 Wallet), with what the page says of it. */
export interface SavedMethod {
  id: string;
  label: string;
  /** An expired card cannot pay (the server refuses it: `card-expired`). */
  expired: boolean;
}

/** The wallet's active methods, cards first, each named and flagged when expired (as of `today`). */
export function savedMethods(wallet: Wallet | null, label: MethodLabel, today: CalendarDate): SavedMethod[] {
  return walletMethods(wallet)
    .filter((saved) => saved.active)
    .map((saved) => ({
      id: saved.id,
      label: savedMethodLabel(label, saved),
      expired:
        saved.method === 'Card' &&
        cardExpiryStatus(saved.item.expirationMonth, saved.item.expirationYear, today, 0) === 'expired',
    }));
}

/** Radio options of the saved methods; an expired card is shown but cannot be chosen. */
export function methodOptions(t: TFunction, methods: readonly SavedMethod[], exclude?: string): Option[] {
  return methods
    .filter((method) => method.id !== exclude)
    .map((method) => ({
      value: method.id,
      label: method.expired ? t('autopay.form.expired', { method: method.label }) : method.label,
      disabled: method.expired,
    }));
}

/** The method a subscription pays from, by name. */
export function sourceName(t: TFunction, source: WalletItemRef | null, label: MethodLabel): string {
  if (!source) return t('autopay.active.methodUnknown');
  const name = label(
    source.kind === 'card' ? 'Card' : 'BankAccount',
    source.brand,
    source.lastDigits,
    source.nickname,
  );
  return source.removed ? t('autopay.active.methodRemoved', { method: name }) : name;
}

/** "On the due date", "3 days before the due date". */
export function whenText(t: TFunction, daysBeforeDue: number): string {
  if (daysBeforeDue === 0) return t('autopay.active.onDueDate');
  return daysBeforeDue === 1
    ? t('autopay.active.oneDayBefore')
    : t('autopay.active.daysBefore', { count: daysBeforeDue });
}

/** What a subscription charges: the amount due (up to a maximum) or a fixed amount. */
export function chargesText(
  t: TFunction,
  subscription: Pick<AutopaySubscription, 'amountType' | 'amountCents' | 'maxAmountCents'>,
  money: (cents: number) => string,
): string {
  if (subscription.amountType === 'Fixed')
    return t('autopay.active.fixed', { amount: money(subscription.amountCents ?? 0) });
  return subscription.maxAmountCents === null
    ? t('autopay.active.amountDue')
    : t('autopay.active.amountDueUpTo', { maximum: money(subscription.maxAmountCents) });
}

/** The consent's "what" and "when", in the words of the sentence the member ticks. */
export function consentParts(
  t: TFunction,
  terms: {
    amountType: 'AmountDue' | 'Fixed';
    fixedAmount: string | null;
    maxAmount: string | null;
    daysBeforeDue: number;
  },
  money: (cents: number) => string,
): { what: string; when: string } {
  const cents = (text: string | null) => {
    const value = text === null ? Number.NaN : Number(text.trim());
    return text !== null && text.trim() !== '' && Number.isFinite(value) && value > 0
      ? Math.round(value * 100)
      : null;
  };
  let what: string;
  if (terms.amountType === 'Fixed') {
    const fixed = cents(terms.fixedAmount);
    what =
      fixed === null
        ? t('autopay.consent.fixedUnknown')
        : t('autopay.consent.fixed', { amount: money(fixed) });
  } else {
    const maximum = cents(terms.maxAmount);
    what =
      maximum === null
        ? t('autopay.consent.amountDue')
        : t('autopay.consent.amountDueUpTo', { maximum: money(maximum) });
  }
  const days = terms.daysBeforeDue;
  const when =
    days === 0
      ? t('autopay.consent.onDueDate')
      : days === 1
        ? t('autopay.consent.oneDayBefore')
        : t('autopay.consent.daysBefore', { count: days });
  return { what, when };
}

/**
 * Field rules whose shared message (`validation.rule.<code>`) is worded for another form (paperless
 * consent) or not at all: autopay says them in its own words (`validation.rule.autopay-<code>`).
 */
const OWN_RULES = ['consent-required', 'card-expired', 'same-method', 'max-below-fixed'];

/** A field message (JSON, see ui/form/field-message.ts) with autopay's own rule names. */
export function ownRuleMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  try {
    const parsed = JSON.parse(message) as { rule?: unknown };
    if (typeof parsed.rule === 'string' && OWN_RULES.includes(parsed.rule))
      return JSON.stringify({ ...parsed, rule: `autopay-${parsed.rule}` });
  } catch {
    return message;
  }
  return message;
}
