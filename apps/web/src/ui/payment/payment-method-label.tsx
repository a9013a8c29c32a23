import { useTranslation } from 'react-i18next';
import type { TokenizedMethod, Wallet, WalletBankAccount, WalletCard } from '@portal/contracts';
import { loose } from '../../i18n/loose';

/** "Visa ending in 4242", "Household checking (Checking ending in 789)": how the payment pages name a method. */
export type MethodLabel = (
  method: 'Card' | 'BankAccount',
  brand: string | null,
  lastDigits: string | null,
  nickname?: string | null,
) => string;

/** "Visa ending in 4242" / "Checking account ending in 789": a payment method by its last digits only. */
export function usePaymentMethodLabel(): MethodLabel {
  const { t } = useTranslation();
  return (method, brand, lastDigits, nickname) => {
    if (method === 'Card') return t('payments.method.card', { brand: brand ?? '', last4: lastDigits ?? '' });
    const type = loose(t)(`payments.method.${brand ?? 'Checking'}`, { defaultValue: brand ?? '' });
    return nickname
      ? t('payments.method.bankAccountNamed', { nickname, type, last3: lastDigits ?? '' })
      : t('payments.method.bankAccount', { type, last3: lastDigits ?? '' });
  };
}

/**
 * A saved wallet item as the payment pages read it — card or bank account, one shape — so the card and
 * bank branches are written once (here) rather than in each page that lists or names saved methods.
 */
export type SavedWalletMethod =
  | { id: string; method: 'Card'; item: WalletCard; isDefault: boolean; active: boolean }
  | { id: string; method: 'BankAccount'; item: WalletBankAccount; isDefault: boolean; active: boolean };

/** The wallet's saved methods, cards first (the order every page lists them in). */
export function walletMethods(wallet: Wallet | null | undefined): SavedWalletMethod[] {
  if (!wallet) return [];
  return [
    ...wallet.creditCards.map((item): SavedWalletMethod => ({
      id: item.id,
      method: 'Card',
      item,
      isDefault: item.isDefault,
      active: item.state === 'Active',
    })),
    ...wallet.bankAccounts.map((item): SavedWalletMethod => ({
      id: item.id,
      method: 'BankAccount',
      item,
      isDefault: item.isDefault,
      active: item.state === 'Active',
    })),
  ];
}

/** A saved method's name. */
export function savedMethodLabel(label: MethodLabel, saved: SavedWalletMethod): string {
  return saved.method === 'Card'
    ? label('Card', saved.item.cardType, saved.item.last4)
    : label('BankAccount', saved.item.accountType, saved.item.last3, saved.item.nickname);
}

/** A method typed in the processor's hosted fields (a one-time token): its kind and name. */
export function freshMethod(
  label: MethodLabel,
  described: TokenizedMethod,
): { method: 'Card' | 'BankAccount'; label: string } {
  return described.kind === 'card'
    ? { method: 'Card', label: label('Card', described.brand, described.last4) }
    : { method: 'BankAccount', label: label('BankAccount', described.accountType, described.last3) };
}
