import { forwardRef, useContext } from 'react';
import { cx, render, type KitProps } from './base';
import { TableContext, TableSectionContext } from './table-context';

export type TableCellProps = KitProps & {
  align?: 'inherit' | 'left' | 'center' | 'right' | 'justify';
  padding?: 'normal' | 'checkbox' | 'none';
  size?: 'small' | 'medium';
  variant?: 'head' | 'body' | 'footer';
  scope?: string;
  sortDirection?: 'asc' | 'desc' | false;
};

/**
 * A table cell: a column header (th, scope col) in the table's head, a data cell (td) elsewhere, or the
 * `component` given (th with scope row for a row header). MUI's look: 16 px padding (6 px 16 px small),
 * a 1 px rgba(224,224,224,1) rule below, body2 text, medium weight in the head.
 */
const TableCell = forwardRef<unknown, TableCellProps>(
  ({ align = 'inherit', padding, size, variant, scope, sortDirection, component, ...rest }, ref) => {
    const table = useContext(TableContext);
    const section = useContext(TableSectionContext);
    const kind = variant ?? (section === 'head' ? 'head' : section === 'footer' ? 'footer' : 'body');
    const element = component ?? (section === 'head' ? 'th' : 'td');
    const cellScope = element === 'td' ? undefined : (scope ?? (section === 'head' ? 'col' : undefined));
    const cellSize = size ?? table.size;
    const cellPadding = padding ?? table.padding;
    const classes = cx(
      'kit-table-cell',
      `kit-table-cell-${kind}`,
      cellSize === 'small' && 'kit-table-cell-small',
      cellPadding !== 'normal' && `kit-table-cell-padding-${cellPadding}`,
      align !== 'inherit' && `kit-align-${align}`,
    );
    const sort = sortDirection ? { 'aria-sort': sortDirection === 'asc' ? 'ascending' : 'descending' } : {};
    return render(
      element,
      classes,
      { ...rest, ...sort, scope: cellScope, component: element } as KitProps,
      ref,
    );
  },
);
TableCell.displayName = 'TableCell';
export default TableCell;
