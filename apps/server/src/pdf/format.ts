import { formatMoney, parseCalendarDate, type CalendarDate, type Cents } from '@portal/domain';
import type { PdfLanguage } from './pdf-writer';

/** BCP 47 locales for Intl, the same the web app uses (apps/web/src/ui/format.ts). */
export const LOCALES: Record<PdfLanguage, string> = { en: 'en-US', es: 'es-US', pt: 'pt-BR' };

export interface Formatter {
  money: (cents: Cents) => string;
  /** A calendar date, never shifted by a time zone. */
  date: (date: CalendarDate) => string;
  /** A month and year as a heading or label: "Marzo de 2026". */
  month: (date: CalendarDate) => string;
  /** A month and year inside a sentence, as the language writes it there: "marzo de 2026", "March 2026". */
  monthInText: (date: CalendarDate) => string;
  /** A month's short name (1-12): table columns. */
  monthName: (month: number, style?: 'long' | 'short') => string;
}

const utc = (date: CalendarDate): Date => {
  const { year, month, day } = parseCalendarDate(date);
  return new Date(Date.UTC(year, month - 1, day));
};

export function formatterFor(language: PdfLanguage): Formatter {
  const locale = LOCALES[language];
  const dateFormat = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const monthFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const capital = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  return {
    money: (cents) => formatMoney(cents, locale),
    date: (date) => dateFormat.format(utc(date)),
    month: (date) => capital(monthFormat.format(utc(date))),
    monthInText: (date) => monthFormat.format(utc(date)),
    monthName: (month, style = 'long') =>
      capital(
        new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' })
          .format(new Date(Date.UTC(2001, month - 1, 1)))
          .replace(/\.$/, ''),
      ),
  };
}
