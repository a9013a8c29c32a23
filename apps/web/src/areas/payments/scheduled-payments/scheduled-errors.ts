import { useTranslation } from 'react-i18next';
import { dollarsToCents, isCalendarDate } from '@portal/domain';
import { problemMessageKey } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';

/** The codes the scheduled-payment commands refuse with (apps/server/src/modules/scheduled-payment/commands.ts). */
export const SCHEDULED_ERROR_CODES = [
  'limit-reached',
  'binder-pays-now',
  'not-scheduled',
  'not-yours',
  'method-type-not-accepted',
  'date-too-early',
  'date-after-horizon',
  'amount-below-minimum',
  'amount-above-maximum',
] as const;
export type ScheduledErrorCode = (typeof SCHEDULED_ERROR_CODES)[number];
const isScheduledErrorCode = (code: string): code is ScheduledErrorCode => (SCHEDULED_ERROR_CODES as readonly string[]).includes(code);

/** The problem's first field code, for the page's own words (scheduledPayments.errors.<code>). */
export function ruleOf(error: unknown): { code: string; params: Record<string, string | number> } | null {
  const problem = (error as { problem?: { errors?: { code?: string; params?: Record<string, string | number> }[] } } | null)?.problem;
  const first = problem?.errors?.find((fieldError) => fieldError.code !== undefined);
  return first?.code ? { code: first.code, params: first.params ?? {} } : null;
}

/** A scheduled-payment command's refusal in the page's own words, else the problem table's. */
export function useScheduledError(): (error: unknown) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return (error) => {
    const rule = ruleOf(error);
    if (rule && isScheduledErrorCode(rule.code)) {
      // Money limits arrive in dollars, dates as YYYY-MM-DD: said in the member's language.
      const params: Record<string, string | number> = Object.fromEntries(
        Object.entries(rule.params).map(([name, value]): [string, string | number] => {
          if (typeof value === 'number' && (name === 'minimum' || name === 'maximum') && rule.code.startsWith('amount-')) return [name, format.money(dollarsToCents(value))];
          if (typeof value === 'string' && isCalendarDate(value)) return [name, format.date(value)];
          return [name, value];
        }),
      );
      return t(`scheduledPayments.errors.${rule.code}`, params);
    }
    return t(problemMessageKey(error));
  };
}
