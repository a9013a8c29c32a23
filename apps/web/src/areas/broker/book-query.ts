import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  BOOK_ENROLLMENT_STATUSES,
  BOOK_FLAGS,
  BOOK_LINES,
  BOOK_MARKETS,
  BOOK_SORT_FIELDS,
  type BookFlag,
  type BookQuery,
  type BookSortField,
} from '@portal/contracts';

export const PAGE_SIZES = [10, 25, 50, 100];

const isSort = (value: string | null): value is BookSortField =>
  (BOOK_SORT_FIELDS as readonly string[]).includes(value ?? '');
const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The book's query from the address bar (filters survive opening a client and coming back). */
function queryFrom(params: URLSearchParams): BookQuery {
  const sort = params.get('sort');
  const flags = Object.fromEntries(
    BOOK_FLAGS.map((flag) => [flag, params.get(flag) === 'true' ? 'true' : undefined]),
  ) as Record<BookFlag, 'true' | undefined>;
  return {
    q: params.get('q') ?? undefined,
    status: pick(BOOK_ENROLLMENT_STATUSES, params.get('status')),
    market: pick(BOOK_MARKETS, params.get('market')),
    line: pick(BOOK_LINES, params.get('line')),
    ...flags,
    sort: isSort(sort) ? sort : 'holder',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 25,
  };
}

/**
 * The book's query, kept in the address bar: `update` sets or removes parameters (an empty value removes
 * it) and goes back to the first page unless told not to; `clear` forgets every filter.
 */
export function useBookQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFrom(params), [params]);
  const update = (changes: Record<string, string | undefined>, resetPage = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const clear = () => {
    setParams(new URLSearchParams(), { replace: true });
  };
  return { query, update, clear };
}

export type BookQueryUpdate = ReturnType<typeof useBookQuery>['update'];
