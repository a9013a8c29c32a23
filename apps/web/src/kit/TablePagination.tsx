import { forwardRef, useId, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { render, type KitProps } from './base';
import { NextIcon, PreviousIcon } from './icons';

export type TablePaginationProps = Omit<KitProps, 'onChange'> & {
  /** How many rows there are in all. */
  count: number;
  /** The page shown, from 0 (as MUI's). */
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions?: readonly number[];
  onPageChange: (event: MouseEvent<HTMLButtonElement> | null, page: number) => void;
  onRowsPerPageChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The rows-per-page choice's label (give it translated). */
  labelRowsPerPage?: ReactNode;
  /** The range shown ("1 – 25 of 1,234"). */
  labelDisplayedRows?: (range: { from: number; to: number; count: number; page: number }) => ReactNode;
  /** The previous and next buttons' names; the reader's language when not given. */
  getItemAriaLabel?: (type: 'first' | 'last' | 'next' | 'previous') => string;
};

/**
 * The bar under a paged table (MUI's TablePagination): how many rows a page holds (a native select,
 * shown when there is a choice), the range shown and the total, and previous and next buttons.
 * The bar wraps on a narrow screen rather than scrolling.
 */
const TablePagination = forwardRef<unknown, TablePaginationProps>(
  (
    {
      count,
      page,
      rowsPerPage,
      rowsPerPageOptions = [10, 25, 50, 100],
      onPageChange,
      onRowsPerPageChange,
      labelRowsPerPage,
      labelDisplayedRows,
      getItemAriaLabel,
      component,
      ...rest
    },
    ref,
  ) => {
    const { t } = useTranslation();
    const selectId = useId();
    const name = (type: 'previous' | 'next') =>
      getItemAriaLabel
        ? getItemAriaLabel(type)
        : t(type === 'previous' ? 'pager.previousPage' : 'pager.nextPage');
    const from = count === 0 ? 0 : page * rowsPerPage + 1;
    const to =
      count === -1
        ? (page + 1) * rowsPerPage
        : rowsPerPage === -1
          ? count
          : Math.min(count, (page + 1) * rowsPerPage);
    const lastPage = count === -1 ? Infinity : Math.max(0, Math.ceil(count / rowsPerPage) - 1);
    const range = labelDisplayedRows
      ? labelDisplayedRows({ from, to, count, page })
      : t('pager.range', { from, to, count });
    return render(
      component ?? 'div',
      'kit-table-pagination',
      {
        ...rest,
        children: (
          <div className="kit-table-pagination-toolbar">
            <div className="kit-table-pagination-spacer" />
            {rowsPerPageOptions.length > 1 && (
              <>
                <label className="kit-table-pagination-label" htmlFor={selectId}>
                  {labelRowsPerPage ?? t('pager.itemsPerPage')}
                </label>
                <span className="kit-native-select kit-table-pagination-select">
                  <select id={selectId} value={rowsPerPage} onChange={onRowsPerPageChange}>
                    {rowsPerPageOptions.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                  <svg
                    className="kit-icon kit-native-select-icon"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M7 10l5 5 5-5z" />
                  </svg>
                </span>
              </>
            )}
            <p className="kit-table-pagination-range">{range}</p>
            <div className="kit-table-pagination-actions">
              <button
                type="button"
                className="kit-icon-button"
                aria-label={name('previous')}
                title={name('previous')}
                disabled={page <= 0}
                onClick={(event) => {
                  onPageChange(event, page - 1);
                }}
              >
                <PreviousIcon />
              </button>
              <button
                type="button"
                className="kit-icon-button"
                aria-label={name('next')}
                title={name('next')}
                disabled={page >= lastPage}
                onClick={(event) => {
                  onPageChange(event, page + 1);
                }}
              >
                <NextIcon />
              </button>
            </div>
          </div>
        ),
      },
      ref,
    );
  },
);
TablePagination.displayName = 'TablePagination';
export default TablePagination;
