import { forwardRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx, render, type KitProps } from './base';
import { NextIcon, PreviousIcon } from './icons';

export type PaginationItemType = 'page' | 'previous' | 'next' | 'start-ellipsis' | 'end-ellipsis';
export type PaginationProps = Omit<KitProps, 'onChange'> & {
  /** How many pages there are. */
  count: number;
  /** The page shown (from 1). */
  page: number;
  onChange?: (event: MouseEvent<HTMLButtonElement>, page: number) => void;
  /** Each button's accessible name; the reader's language ("Page 3", "Next page") when not given. */
  getItemAriaLabel?: (type: 'page' | 'previous' | 'next', page: number | null, selected: boolean) => string;
  /** Pages always shown at either end, and on either side of the current one (MUI's defaults: 1 and 1). */
  boundaryCount?: number;
  siblingCount?: number;
  disabled?: boolean;
  size?: 'small' | 'medium' | 'large';
};

const range = (start: number, end: number) =>
  Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);

/** The buttons a pagination shows, as MUI's usePagination lays them out (ellipses where pages are left out). */
export function paginationItems(
  count: number,
  page: number,
  boundaryCount = 1,
  siblingCount = 1,
): Array<number | PaginationItemType> {
  const startPages = range(1, Math.min(boundaryCount, count));
  const endPages = range(Math.max(count - boundaryCount + 1, boundaryCount + 1), count);
  const siblingsStart = Math.max(
    Math.min(page - siblingCount, count - boundaryCount - siblingCount * 2 - 1),
    boundaryCount + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(page + siblingCount, boundaryCount + siblingCount * 2 + 2),
    count - boundaryCount - 1,
  );
  return [
    'previous',
    ...startPages,
    ...(siblingsStart > boundaryCount + 2
      ? (['start-ellipsis'] as const)
      : boundaryCount + 1 < count - boundaryCount
        ? [boundaryCount + 1]
        : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundaryCount - 1
      ? (['end-ellipsis'] as const)
      : count - boundaryCount > boundaryCount
        ? [count - boundaryCount]
        : []),
    ...endPages,
    'next',
  ];
}

/**
 * Numbered pages in a nav landmark (its `aria-label` names it; "Pages" in the reader's language when not
 * given): previous, the pages (the current one `aria-current="page"`) and next, each a native button.
 */
const Pagination = forwardRef<unknown, PaginationProps>(
  (
    {
      count,
      page,
      onChange,
      getItemAriaLabel,
      boundaryCount = 1,
      siblingCount = 1,
      disabled,
      size = 'medium',
      ...rest
    },
    ref,
  ) => {
    const { t } = useTranslation();
    const label = (type: 'page' | 'previous' | 'next', number: number | null, selected: boolean) =>
      getItemAriaLabel
        ? getItemAriaLabel(type, number, selected)
        : type === 'page'
          ? t('pager.pageN', { page: number ?? '' })
          : t(type === 'previous' ? 'pager.previousPage' : 'pager.nextPage');
    const items = paginationItems(count, page, boundaryCount, siblingCount);
    const button = (type: 'page' | 'previous' | 'next', target: number, off: boolean, selected = false) => (
      <button
        type="button"
        className={cx(
          'kit-pagination-item',
          size !== 'medium' && `kit-pagination-item-${size}`,
          selected && 'kit-selected',
        )}
        disabled={off}
        aria-label={label(type, type === 'page' ? target : null, selected)}
        aria-current={selected ? 'page' : undefined}
        onClick={(event) => {
          onChange?.(event, target);
        }}
      >
        {type === 'previous' ? (
          <PreviousIcon className="kit-pagination-icon" />
        ) : type === 'next' ? (
          <NextIcon className="kit-pagination-icon" />
        ) : (
          target
        )}
      </button>
    );
    return render(
      'nav',
      'kit-pagination',
      {
        'aria-label': t('pager.pages'),
        ...rest,
        children: (
          <ul className="kit-pagination-list">
            {items.map((item) => (
              <li key={item}>
                {item === 'previous' ? (
                  button('previous', page - 1, Boolean(disabled) || page <= 1)
                ) : item === 'next' ? (
                  button('next', page + 1, Boolean(disabled) || page >= count)
                ) : typeof item === 'number' ? (
                  button('page', item, Boolean(disabled), item === page)
                ) : (
                  <div className={cx('kit-pagination-item', 'kit-pagination-ellipsis')}>…</div>
                )}
              </li>
            ))}
          </ul>
        ),
      },
      ref,
    );
  },
);
Pagination.displayName = 'Pagination';
export default Pagination;
