import { monthRuns } from '@portal/domain';
import type { Formatter } from '../../../pdf/format';
import type { PdfLanguage } from '../../../pdf/pdf-writer';
import { texts } from '../../../i18n';

const isMonth = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The months (first days, from a document's facts) an amount is for, as a sentence says them and as the
 * overview does: consecutive months as one range ("August 2026 to November 2026"), runs apart listed
 * ("March 2026 and June 2026 to July 2026"). Empty when there are none.
 */
export function monthsInText(value: unknown, format: Formatter, language: PdfLanguage): string {
  const c = texts(language).pdf.common;
  const runs = monthRuns(Array.isArray(value) ? value.filter(isMonth) : []);
  const parts = runs.map((run) =>
    run.first === run.last
      ? format.monthInText(run.first)
      : c.monthRange(format.monthInText(run.first), format.monthInText(run.last)),
  );
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} ${c.and} ${parts.at(-1) ?? ''}`;
}
