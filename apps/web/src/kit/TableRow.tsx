import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';

export type TableRowProps = KitProps & { hover?: boolean; selected?: boolean };

/** A table row (tr); `hover` shades it under the pointer, `selected` shades it always. */
const TableRow = forwardRef<unknown, TableRowProps>(({ hover, selected, ...rest }, ref) =>
  render('tr', cx('kit-table-row', hover && 'kit-table-row-hover', selected && 'kit-selected'), rest, ref),
);
TableRow.displayName = 'TableRow';
export default TableRow;
