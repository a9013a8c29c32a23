import { useTranslation } from 'react-i18next';
import { problemMessageKey } from '../../../ui/form';
import { isAutopayErrorCode, ruleOf } from './autopay-model';

/** An autopay command's refusal in the page's own words (autopay.errors.<code>), else the problem table's. */
export function useAutopayError(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const rule = ruleOf(error);
    if (rule && isAutopayErrorCode(rule.code)) return t(`autopay.errors.${rule.code}`);
    return t(problemMessageKey(error));
  };
}
