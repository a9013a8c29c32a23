import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolicyDetail } from '@portal/contracts';
import { useCoveredMonths } from '../covered-months';
import type { Fact } from '../facts';
import { useFormatters } from '../format';

type Finance = NonNullable<PolicyDetail['finance']>;

/**
 * Issue 33 item 11: what a policy owes as ONE amount due — past due and this bill added up — with the
 * parts it is made of listed under it, each month named once (the server's ledger names them: SPEC §3
 * Finance). Only what is owed now is one figure; nothing is shown twice beside it. With nothing past due,
 * the amount says the months it is for, as before.
 */
export function useAmountDueFact(): (finance: Finance, label: string) => Fact {
  const { t } = useTranslation();
  const format = useFormatters();
  const coveredMonths = useCoveredMonths();
  return useCallback(
    (finance, label) => {
      const total = finance.pastAmountDueCents + finance.currentAmountDueCents;
      if (finance.pastAmountDueCents === 0)
        return { label, value: format.money(total), detail: coveredMonths(finance.currentDueMonths) };
      const part = (key: 'pastDue' | 'currentBill', cents: number, months: readonly string[]) => ({
        label: [t(`amountDue.${key}`), coveredMonths(months)].filter(Boolean).join(' '),
        value: format.money(cents),
      });
      return {
        label,
        value: format.money(total),
        tone: 'error',
        breakdown: [
          part('pastDue', finance.pastAmountDueCents, finance.pastDueMonths),
          ...(finance.currentAmountDueCents > 0
            ? [part('currentBill', finance.currentAmountDueCents, finance.currentDueMonths)]
            : []),
        ],
      };
    },
    [t, format, coveredMonths],
  );
}
