import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { changeLanguage } from '../i18n';
import { Pager, type PageOf, type Paging } from './pager';

/** A list of `total` items read a page at a time, as a page would wire the pager (what the server answers). */
function PagedList({ total, perPageLabel }: { total: number; perPageLabel?: string }) {
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 25 });
  const page: PageOf = { ...paging, total };
  return (
    <>
      <output>{`page ${String(paging.page)} of size ${String(paging.pageSize)}`}</output>
      <Pager
        page={page}
        sizes={[25, 50, 100]}
        onChange={setPaging}
        {...(perPageLabel ? { perPageLabel } : {})}
      />
    </>
  );
}

describe('the pager under a paged list (SPEC §9 paginator)', () => {
  it('says the range and the total, moves a page at a time, and goes back to the first page for a new size', () => {
    render(<PagedList total={1234} perPageLabel="Imports per page" />);
    expect(screen.getByText('1 – 25 of 1,234')).toBeTruthy();
    expect(screen.getByText('Imports per page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('page 2 of size 25')).toBeTruthy();
    expect(screen.getByText('26 – 50 of 1,234')).toBeTruthy();

    const size = screen.getByRole('combobox', { name: 'Imports per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '100']);
    fireEvent.change(size, { target: { value: '100' } });
    expect(screen.getByText('page 1 of size 100')).toBeTruthy();
    expect(screen.getByText('1 – 100 of 1,234')).toBeTruthy();
  });

  it('names what a page holds generically when the list does not, and speaks Spanish (United States numbers) and Portuguese', async () => {
    render(<PagedList total={3000} />);
    expect(screen.getByText('Items per page')).toBeTruthy();

    await changeLanguage('es');
    expect(await screen.findByText('1 – 25 de 3,000')).toBeTruthy();
    expect(screen.getByText('Elementos por página')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeTruthy();

    await changeLanguage('pt');
    expect(await screen.findByText('1 – 25 de 3.000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeTruthy();
  });
});
