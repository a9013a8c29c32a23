import { forwardRef, useMemo } from 'react';
import { cx, render, type KitProps } from './base';
import { TableContext } from './table-context';

export type TableProps = KitProps & {
  size?: 'small' | 'medium';
  padding?: 'normal' | 'checkbox' | 'none';
  stickyHeader?: boolean;
};

/** A native table (kit-table: full width, collapsed borders); its cells read `size` and `padding`. */
const Table = forwardRef<unknown, TableProps>(
  ({ size = 'medium', padding = 'normal', stickyHeader, ...rest }, ref) => {
    const context = useMemo(() => ({ size, padding }), [size, padding]);
    return (
      <TableContext.Provider value={context}>
        {render('table', cx('kit-table', stickyHeader && 'kit-table-sticky'), rest, ref)}
      </TableContext.Provider>
    );
  },
);
Table.displayName = 'Table';
export default Table;
