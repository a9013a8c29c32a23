import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import Table from './Table';
import TableBody from './TableBody';
import TableCell from './TableCell';
import TableContainer from './TableContainer';
import TableHead from './TableHead';
import TableRow from './TableRow';
import Pagination from './Pagination';
import TablePagination from './TablePagination';

describe('kit tables', () => {
  it('are native tables: head cells are column headers, a th in the body a row header, cells read the table size', () => {
    render(
      <TableContainer tabIndex={0} role="region" aria-label="Payments">
        <Table size="small">
          <caption>Payments on policy 1</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Date</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row">
                May 1
              </TableCell>
              <TableCell align="right">$10.00</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>,
    );
    const region = screen.getByRole('region', { name: 'Payments' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Payments on policy 1' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((cell) => [cell.tagName, cell.getAttribute('scope')])).toEqual([
      ['TH', 'col'],
      ['TH', 'col'],
    ]);
    const rowHeader = within(table).getByRole('rowheader', { name: 'May 1' });
    expect(rowHeader.getAttribute('scope')).toBe('row');
    const amount = within(table).getByRole('cell', { name: '$10.00' });
    expect(amount.tagName).toBe('TD');
    expect(amount.getAttribute('scope')).toBeNull();
    expect(amount.className).toContain('kit-table-cell-small');
    expect(amount.className).toContain('kit-align-right');
    expect(headers[0]?.className).toContain('kit-table-cell-head');
  });
});

function Pages({ count, label }: { count: number; label?: string }) {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(_event, next) => {
        setPage(next);
      }}
      {...(label ? { 'aria-label': label } : {})}
    />
  );
}

describe('kit pagination', () => {
  it('numbers the pages in a named nav, marks the current one, and moves with buttons the keyboard reaches', () => {
    render(<Pages count={10} label="Pages of documents" />);
    const nav = screen.getByRole('navigation', { name: 'Pages of documents' });
    const current = within(nav).getByRole('button', { name: 'Page 1' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    // 1 2 3 4 5 … 10, as MUI lays them out.
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '10']);
    expect(nav.textContent).toContain('…');

    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 10' }));
    expect(within(nav).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '6', '7', '8', '9', '10']);
    for (const button of within(nav).getAllByRole('button'))
      expect(button.getAttribute('type')).toBe('button');
  });

  it('names the nav in the reader language when the page does not', () => {
    render(<Pages count={2} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });
});

describe('kit table pagination', () => {
  it('labels its native rows-per-page select and hides it when there is no choice', () => {
    const { rerender } = render(
      <TablePagination
        component="div"
        count={40}
        page={1}
        rowsPerPage={25}
        rowsPerPageOptions={[25, 50]}
        onPageChange={() => undefined}
        labelRowsPerPage="Rows"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows' });
    expect(select.tagName).toBe('SELECT');
    expect(screen.getByText('26 – 40 of 40')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', false);

    rerender(
      <TablePagination
        component="div"
        count={40}
        page={0}
        rowsPerPage={25}
        rowsPerPageOptions={[25]}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
