import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { monthRuns, type CalendarDate } from '@portal/domain';
import { useFormatters } from './format';

/**
 * What an amount pays for, as the member reads it next to the amount: "for November 2026", "for
 * November 2026 to February 2027" (consecutive months as one range), or a list when coverage had a gap.
 * The months come from the server's ledger (SPEC §3 Finance), never recomputed here. Empty for no months.
 */
export function useCoveredMonths(): (months: readonly CalendarDate[]) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return useCallback(
    (months) => {
      const runs = monthRuns(months);
      const [only] = runs;
      if (!only) return '';
      if (runs.length === 1)
        return only.first === only.last
          ? t('coveredMonths.one', { month: format.month(only.first) })
          : t('coveredMonths.range', { start: format.month(only.first), end: format.month(only.last) });
      const parts = runs.map((run) =>
        run.first === run.last
          ? format.month(run.first)
          : t('coveredMonths.rangeInList', { start: format.month(run.first), end: format.month(run.last) }),
      );
      return t('coveredMonths.list', { list: format.list(parts) });
    },
    [t, format],
  );
}
