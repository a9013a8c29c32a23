import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { invalid } from './outcome';

/**
 * FHIR search mechanics shared by every resource type (docs/decisions/053): the parameters every search
 * takes (`_count`, `_offset`, `_lastUpdated`, `_include`, `_format`), the searchset Bundle with `self` and
 * `next` links, and `_lastUpdated` by its prefixes. Searches are strict: a parameter the server does not
 * support is a 400 OperationOutcome naming it (a lenient server would silently return more than asked).
 */

export type Query = Record<string, string | string[] | undefined>;

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

/** Every value of a parameter, however often it was repeated. */
export function values(query: Query, name: string): string[] {
  const value = query[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The one value of a parameter (a repeated one is refused). */
export function single(query: Query, name: string): string | undefined {
  const all = values(query, name);
  if (all.length > 1) throw invalid(`${name} may be given once.`);
  return all[0];
}

const COMMON = new Set(['_count', '_offset', '_lastUpdated', '_include', '_format']);

/** Refuses a parameter the search does not know (its own `allowed`, plus the common ones). */
export function checkParameters(query: Query, allowed: readonly string[]): void {
  for (const name of Object.keys(query)) {
    if (!COMMON.has(name) && !allowed.includes(name))
      throw invalid(`The search parameter ${name} is not supported here; see /fhir/r4/metadata.`);
  }
  const format = single(query, '_format');
  if (format !== undefined && !['json', 'application/json', 'application/fhir+json'].includes(format)) {
    throw invalid('Only JSON is served (_format=json).');
  }
}

export interface Page {
  count: number;
  offset: number;
}

export function pageOf(query: Query): Page {
  const count = single(query, '_count');
  const offset = single(query, '_offset');
  const parsedCount = count === undefined ? DEFAULT_COUNT : Number(count);
  const parsedOffset = offset === undefined ? 0 : Number(offset);
  if (!Number.isInteger(parsedCount) || parsedCount < 0) throw invalid('_count must be a whole number.');
  if (!Number.isInteger(parsedOffset) || parsedOffset < 0) throw invalid('_offset must be a whole number.');
  return { count: Math.min(parsedCount, MAX_COUNT), offset: parsedOffset };
}

/** The instants a date or dateTime search value covers, by its precision (a day: the whole day, UTC). */
function range(value: string): { low: number; high: number } {
  const match =
    /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.exec(
      value,
    );
  if (!match) throw invalid(`${value} is not a FHIR date or dateTime.`);
  const [, year, month, day, hour] = match;
  if (hour !== undefined) {
    const instant = Date.parse(
      value.length === 16 ? `${value}:00Z` : /Z|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`,
    );
    if (Number.isNaN(instant)) throw invalid(`${value} is not a FHIR dateTime.`);
    return { low: instant, high: instant + (match[6] === undefined ? 59_999 : 999) };
  }
  const y = Number(year);
  if (month === undefined) return { low: Date.UTC(y, 0, 1), high: Date.UTC(y + 1, 0, 1) - 1 };
  const m = Number(month) - 1;
  if (day === undefined) return { low: Date.UTC(y, m, 1), high: Date.UTC(y, m + 1, 1) - 1 };
  const low = Date.UTC(y, m, Number(day));
  return { low, high: low + 86_400_000 - 1 };
}

/** `_lastUpdated` (every value must hold, e.g. `ge2026-01-01&_lastUpdated=lt2026-02-01`) as a test of an instant. */
export function lastUpdatedFilter(query: Query): (lastUpdated: string | undefined) => boolean {
  const tests = values(query, '_lastUpdated').map((raw) => {
    const prefix = /^(eq|ne|gt|lt|ge|le|sa|eb)/.exec(raw)?.[1] ?? 'eq';
    const { low, high } = range(prefix === 'eq' && !raw.startsWith('eq') ? raw : raw.slice(2));
    return (at: number): boolean => {
      switch (prefix) {
        case 'eq':
          return at >= low && at <= high;
        case 'ne':
          return at < low || at > high;
        case 'gt':
        case 'sa':
          return at > high;
        case 'ge':
          return at >= low;
        case 'lt':
        case 'eb':
          return at < low;
        default:
          return at <= high;
      }
    };
  });
  return (lastUpdated) => {
    if (tests.length === 0) return true;
    if (lastUpdated === undefined) return false;
    const at = Date.parse(lastUpdated);
    return tests.every((test) => test(at));
  };
}

/** The query string of a search, its parameters in a stable order, with another offset. */
function linkTo(base: string, query: Query, offset: number, count: number): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    if (name === '_offset' || name === '_count') continue;
    for (const value of values(query, name)) params.append(name, value);
  }
  params.set('_count', String(count));
  if (offset > 0) params.set('_offset', String(offset));
  return `${base}?${params.toString()}`;
}

/**
 * A searchset Bundle of one page of `matches` (in their order), with the resources `include` adds for
 * that page (`search.mode: include`), `total`, and `self` / `next` / `previous` links.
 */
export function searchset(
  base: string,
  query: Query,
  matches: readonly Resource[],
  include: (page: readonly Resource[]) => readonly Resource[],
  fullUrlBase: string,
): Bundle {
  const { count, offset } = pageOf(query);
  const page = matches.slice(offset, offset + count);
  const seen = new Set(page.map((resource) => `${resource.resourceType}/${resource.id ?? ''}`));
  const included = include(page).filter((resource) => {
    const key = `${resource.resourceType}/${resource.id ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const entry = (resource: Resource, mode: 'match' | 'include'): BundleEntry => ({
    fullUrl: `${fullUrlBase}/${resource.resourceType}/${resource.id ?? ''}`,
    resource,
    search: { mode },
  });
  const link: Bundle['link'] = [{ relation: 'self', url: linkTo(base, query, offset, count) }];
  if (count > 0 && offset + count < matches.length)
    link.push({ relation: 'next', url: linkTo(base, query, offset + count, count) });
  if (offset > 0)
    link.push({ relation: 'previous', url: linkTo(base, query, Math.max(0, offset - count), count) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    link,
    entry: [
      ...page.map((resource) => entry(resource, 'match')),
      ...included.map((resource) => entry(resource, 'include')),
    ],
  };
}

/** The `_include` values asked for, each `Type:param` checked against what this search can include. */
export function includes(query: Query, supported: readonly string[]): Set<string> {
  const asked = values(query, '_include');
  for (const value of asked) {
    if (!supported.includes(value))
      throw invalid(
        `_include=${value} is not supported here (supported: ${supported.join(', ') || 'none'}).`,
      );
  }
  return new Set(asked);
}

/** A token search value (`system|code`, `|code` or `code`) as a test of a Coding. */
export function tokenMatcher(value: string): (coding: { system?: string; code?: string }) => boolean {
  const bar = value.indexOf('|');
  if (bar < 0) return (coding) => coding.code === value;
  const system = value.slice(0, bar);
  const code = value.slice(bar + 1);
  return (coding) =>
    (system === '' ? coding.system === undefined : coding.system === system) &&
    (code === '' || coding.code === code);
}

/** A reference search value (`Type/id`, an absolute URL ending in it, or a bare id) as the id it names. */
export function referencedId(value: string, type: string): string {
  const match = new RegExp(`(?:^|/)${type}/([A-Za-z0-9.-]{1,64})$`).exec(value);
  if (match?.[1]) return match[1];
  if (/^[A-Za-z0-9.-]{1,64}$/.test(value)) return value;
  throw invalid(`${value} is not a reference to a ${type}.`);
}
