import { useTranslation } from 'react-i18next';
import { problemMessageKey } from '../../../ui/form';
import { isWalletErrorCode, ruleOf } from './wallet-model';

/** A wallet command's refusal in the page's own words (wallet.errors.<code>), else the problem table's. */
export function useWalletError(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const rule = ruleOf(error);
    if (rule && isWalletErrorCode(rule.code)) return t(`wallet.errors.${rule.code}`, rule.params);
    return t(problemMessageKey(error));
  };
}
