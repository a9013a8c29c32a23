import type { Language } from '@portal/domain';
import { en, type Catalogue } from './en';
import { es } from './es';
import { pt } from './pt';

export type { Catalogue } from './en';

/**
 * The server's words, one catalogue per language (en.ts, es.ts, pt.ts), grouped by area: the e-mails
 * (`mail`), the printed documents (`pdf.*`) and the pages it renders itself. English is the catalogue's
 * shape: es and pt are typed by it, and catalogue.test.ts checks they are complete and translated.
 */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, es, pt };

/** Everything the server says in `language`: `texts(language).pdf.invoice.amountDue`. */
export function texts(language: Language): Catalogue {
  return CATALOGUES[language];
}

/**
 * A table's entry for a key that comes from data (a notice's kind, a benefit, a plan's metal level):
 * undefined when the table has no such entry, so the caller says what stands in for it.
 */
export function entryOf<T extends object>(table: T, key: string): T[keyof T] | undefined {
  return Object.hasOwn(table, key) ? (table as Record<string, T[keyof T]>)[key] : undefined;
}
