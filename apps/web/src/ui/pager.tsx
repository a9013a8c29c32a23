import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TablePagination from '../kit/TablePagination';
import { useFormatters } from './format';

/** Which page of a list to read (from 1) and how many items a page holds: what a paged read asks for. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** A paged list's answer: the page it is, its size, and how many items there are in all. */
export interface PageOf extends Paging {
  total: number;
}

/** The paging of a list that starts on page 1, `pageSize` items a page. */
export function usePaging(pageSize: number) {
  return useState<Paging>({ page: 1, pageSize });
}

/**
 * The one paginator under a paged list (SPEC §9 paginator labels: 'items-per-page' and 'x - y of z'):
 * the range shown and the total, in the reader's number format, how many items a page holds, and the
 * first, previous, next and last page buttons, each named in the reader's language. Choosing another
 * page size goes back to the first page. On a phone the size choice and the range wrap rather than scroll.
 */
export function Pager({
  page,
  sizes,
  perPageLabel,
  flush = false,
  onChange,
}: {
  page: PageOf;
  /** The page sizes offered (the current one among them). */
  sizes: readonly number[];
  /** What a page holds, by name ("Payments per page"); "Items per page" when not given. */
  perPageLabel?: string;
  /** Outside a card (the list's own margins): no inset of its own. */
  flush?: boolean;
  onChange: (paging: Paging) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <TablePagination
      component="div"
      count={page.total}
      page={page.page - 1}
      rowsPerPage={page.pageSize}
      rowsPerPageOptions={[...sizes]}
      onPageChange={(_event, next) => {
        onChange({ page: next + 1, pageSize: page.pageSize });
      }}
      onRowsPerPageChange={(event) => {
        onChange({ page: 1, pageSize: Number(event.target.value) });
      }}
      labelRowsPerPage={perPageLabel ?? t('pager.itemsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('pager.range', {
          from: format.number(from),
          to: format.number(to),
          count: format.number(count),
        })
      }
      getItemAriaLabel={(type) => t(`pager.${type}Page`)}
      // The bar wraps on a phone by itself (kit.css); outside a card it keeps to the list's margins.
      sx={flush ? { '& .kit-table-pagination-toolbar': { px: 0 } } : undefined}
    />
  );
}
