import type { TFunction } from 'i18next';
import type { WalletBankAccount, WalletCard } from '@portal/contracts';
import type { Viewer } from '../../../lib/viewer';

/** Card brands are names, the same in every language. */
export const BRAND_NAMES: Record<WalletCard['cardType'], string> = {
  Visa: 'Visa',
  Mastercard: 'Mastercard',
  Amex: 'American Express',
  Discover: 'Discover',
};

export type WalletMethod =
  { kind: 'card'; item: WalletCard } | { kind: 'bankAccount'; item: WalletBankAccount };

/** "Visa ending in 4242", "Checking account ending in 789": how the page names a method everywhere. */
export function methodName(t: TFunction, method: WalletMethod): string {
  if (method.kind === 'card')
    return t('wallet.card.name', { brand: BRAND_NAMES[method.item.cardType], last4: method.item.last4 });
  return t('wallet.bank.name', {
    type: t(`wallet.accountTypes.${method.item.accountType}`),
    last3: method.item.last3,
  });
}

/** A bank account is shown by its nickname first, when it has one. */
export function methodTitle(t: TFunction, method: WalletMethod): string {
  return method.item.nickname ?? methodName(t, method);
}

/** Whose wallet the page shows (SPEC §5: one household expected, the first one used) and what the caller may do. */
export function walletContext(viewer: Viewer) {
  const entry = viewer.household.households[0] ?? null;
  return {
    householdId: entry?.household.id ?? null,
    referenceId: entry?.household.walletReferenceId ?? null,
    guest: viewer.session.kind === 'guest',
    canManage: viewer.session.actions.includes('manage-wallet'),
    today: viewer.household.today,
    holderName: viewer.policies[0]
      ? `${viewer.policies[0].policyHolder.firstName} ${viewer.policies[0].policyHolder.lastName}`
      : '',
  };
}
