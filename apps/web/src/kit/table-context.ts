import { createContext } from 'react';

/** What a table tells its cells: how dense it is (`size`) and its default cell padding. */
export const TableContext = createContext<{
  size: 'small' | 'medium';
  padding: 'normal' | 'checkbox' | 'none';
}>({
  size: 'medium',
  padding: 'normal',
});
/** Which part of the table a cell sits in: a head cell is a column header (th, scope col). */
export const TableSectionContext = createContext<'head' | 'body' | 'footer' | null>(null);
