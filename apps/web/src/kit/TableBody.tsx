import { forwardRef } from 'react';
import { render, type KitProps } from './base';
import { TableSectionContext } from './table-context';

/** A table's body (tbody). */
const TableBody = forwardRef<unknown, KitProps>((props, ref) => (
  <TableSectionContext.Provider value="body">
    {render('tbody', 'kit-table-body', props, ref)}
  </TableSectionContext.Provider>
));
TableBody.displayName = 'TableBody';
export default TableBody;
