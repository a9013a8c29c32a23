import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenefitCostDto } from '@portal/contracts';
import { formatBenefitMoney } from '@portal/domain';
import { loose } from '../i18n/loose';
import { localeOf } from './format';

export interface BenefitWords {
  /** A benefit's name from its key (`benefit.primaryCareVisit`). */
  name: (key: string) => string;
  /** What the member pays, in words: "$30 copay", "20% coinsurance after deductible", "Not covered". null: not on file. */
  cost: (cost: BenefitCostDto | null) => string;
  /** A plan amount or allowance alone ("$1,500"): the same Intl money formatting as every other amount. */
  money: (cents: number) => string;
}

/**
 * Benefit costs in the reader's language (issue 12): amounts come as cents and shares as percentages
 * (packages/domain benefits.ts), and are formatted here with Intl in the active language — "$30" in
 * English, "US$ 30" in Portuguese — like premiums and every other amount.
 */
export function useBenefitWords(): BenefitWords {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const locale = localeOf(i18n.language);
    const money = (cents: number) => formatBenefitMoney(cents, locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const after = (text: string, afterDeductible: boolean) =>
      afterDeductible ? t('benefitCost.afterDeductible', { cost: text }) : text;
    const cost = (value: BenefitCostDto | null): string => {
      if (!value) return t('benefitCost.notOnFile');
      switch (value.kind) {
        case 'copay':
          return after(t('benefitCost.copay', { amount: money(value.cents) }), value.afterDeductible);
        case 'coinsurance':
          return after(
            t('benefitCost.coinsurance', { percent: percent.format(value.percent / 100) }),
            value.afterDeductible,
          );
        case 'noCharge':
          return value.firstVisits
            ? t('benefitCost.firstVisits', { count: value.firstVisits })
            : after(t('benefitCost.noCharge'), value.afterDeductible);
        case 'notCovered':
          return t('benefitCost.notCovered');
        case 'amount':
          return money(value.cents);
        case 'upTo':
          return t('benefitCost.upTo', { amount: money(value.cents) });
        case 'yesNo':
          return value.value ? t('common.yes') : t('common.no');
        case 'text':
          return value.text;
      }
    };
    return {
      name: (key: string) => loose(t)(key, { defaultValue: key.replace(/^benefit\./, '') }),
      cost,
      money,
    };
  }, [t, i18n.language]);
}
