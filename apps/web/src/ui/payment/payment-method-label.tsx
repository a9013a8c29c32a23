import { useTranslation } from 'react-i18next';
import { loose } from '../../i18n/loose';

/** "Visa ending in 4242" / "Checking account ending in 789": a payment method by its last digits only. */
export function usePaymentMethodLabel() {
  const { t } = useTranslation();
  return (method: 'Card' | 'BankAccount', brand: string | null, lastDigits: string | null, nickname?: string | null): string => {
    if (method === 'Card') return t('payments.method.card', { brand: brand ?? '', last4: lastDigits ?? '' });
    const type = loose(t)(`payments.method.${brand ?? 'Checking'}`, { defaultValue: brand ?? '' });
    return nickname
      ? t('payments.method.bankAccountNamed', { nickname, type, last3: lastDigits ?? '' })
      : t('payments.method.bankAccount', { type, last3: lastDigits ?? '' });
  };
}
