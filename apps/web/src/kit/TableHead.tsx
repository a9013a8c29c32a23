import { forwardRef } from 'react';
import { render, type KitProps } from './base';
import { TableSectionContext } from './table-context';

/** A table's head (thead): its cells are column headers. */
const TableHead = forwardRef<unknown, KitProps>((props, ref) => (
  <TableSectionContext.Provider value="head">
    {render('thead', 'kit-table-head', props, ref)}
  </TableSectionContext.Provider>
));
TableHead.displayName = 'TableHead';
export default TableHead;
