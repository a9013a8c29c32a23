import { useTranslation } from 'react-i18next';
import { formatMoney, parseCalendarDate, type CalendarDate, type Cents } from '@portal/domain';
import { localeOf } from '../i18n';

export { localeOf };

export interface Formatters {
  locale: string;
  money: (cents: Cents) => string;
  /** A calendar date (never shifted by the browser's time zone). */
  date: (date: CalendarDate) => string;
  number: (value: number) => string;
  /** The month of a calendar date, e.g. "December 2026" (invoice periods). */
  month: (date: CalendarDate) => string;
  /** Items joined as the language joins them: "A and B", "A, B y C". */
  list: (items: readonly string[]) => string;
}

/**
 * The formatters of a language, built once per language: building an Intl formatter costs about a
 * millisecond (four on a throttled phone), and every component that formats asks for them.
 */
export function formattersFor(language: string): Formatters {
  const locale = localeOf(language);
  let formatters = formattersByLocale.get(locale);
  if (!formatters) {
    formatters = buildFormatters(locale);
    formattersByLocale.set(locale, formatters);
  }
  return formatters;
}

const formattersByLocale = new Map<string, Formatters>();

/** A date-and-time formatter for the language with these options, built once per language and options. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `make` once, on the first call of the returned function (not before). */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/**
 * Each formatter is built when it is first used, not with the others: the first Intl formatter of a load
 * starts ICU (50-80 ms on a throttled phone) and every further one costs a few milliseconds, all inside the
 * task that hydrates a server-rendered page (bench/main-thread.mjs: 152 ms at 4× for the five together on
 * the overview). A page that shows no list or number builds no list or number formatter.
 */
function buildFormatters(locale: string): Formatters {
  const dateFormat = once(
    () =>
      new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  );
  const numberFormat = once(() => new Intl.NumberFormat(locale));
  const monthFormat = once(
    () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }),
  );
  const listFormat = once(() => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));
  const utc = (date: CalendarDate) => {
    const { year, month, day } = parseCalendarDate(date);
    return new Date(Date.UTC(year, month - 1, day));
  };
  return {
    locale,
    money: (cents) => formatMoney(cents, locale),
    date: (date) => dateFormat().format(utc(date)),
    number: (value) => numberFormat().format(value),
    month: (date) => monthFormat().format(utc(date)),
    list: (items) => listFormat().format(items),
  };
}

/** SPEC §4 language + ARCHITECTURE: dates, numbers and money through Intl in the active language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(i18n.language);
}
