import type { ReactNode } from 'react';
import Box from '../kit/Box';

export interface DataTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly string[];
  /** One row per item: the first cell is the row header. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

const cellSx = {
  textAlign: 'left',
  px: 1.5,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  verticalAlign: 'top',
  typography: 'body2',
} as const;

/** A plain, accessible data table (column headers, row headers) in the theme's look. */
export function DataTable({ labelledBy, columns, rows }: DataTableProps) {
  return (
    <Box component="table" aria-labelledby={labelledBy} sx={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {columns.map((column) => (
            <Box
              component="th"
              scope="col"
              key={column}
              sx={{ ...cellSx, fontWeight: 600, color: 'text.secondary' }}
            >
              {column}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <Box
                  component="th"
                  scope="row"
                  key={columns[index] ?? index}
                  sx={{ ...cellSx, fontWeight: 600 }}
                >
                  {cell}
                </Box>
              ) : (
                <Box component="td" key={columns[index] ?? index} sx={cellSx}>
                  {cell}
                </Box>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
