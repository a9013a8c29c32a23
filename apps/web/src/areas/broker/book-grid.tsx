import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DataGrid,
  type GridCellParams,
  type GridPaginationModel,
  type GridRowParams,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES, ptBR } from '@mui/x-data-grid/locales';
import Paper from '../../kit/Paper';
import Typography from '../../kit/Typography';
import type { BookQuery, BookRow } from '@portal/contracts';
import type { useBook } from '../../data/broker-book/get-book';
import { MuiTheme } from '../../ui/mui-theme';
import { useLayout } from '../../ui/use-layout';
import { clientPath, useBookColumns } from './book-columns';
import { PAGE_SIZES, type BookQueryUpdate } from './book-query';

const GRID_LOCALES = { en: enUS, es: esES, pt: ptBR } as const;
/** Columns shown on a phone: who, the policy, what is owed. The others are a tap away in the client page. */
const NARROW_COLUMNS = new Set(['holder', 'financeStatus', 'amountDue']);

/**
 * The book in MUI X Data Grid, paged, sorted and filtered by the server; how many policies it holds said
 * above it. A row opens the client (click, or Enter on a focused cell). On a phone, fewer columns, denser.
 * The grid draws in MUI's theme built from the tenant's (MuiTheme), which the app shell does not provide.
 */
export function BookGrid({
  book,
  query,
  update,
}: {
  book: ReturnType<typeof useBook>;
  query: BookQuery;
  update: BookQueryUpdate;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { narrow } = useLayout();
  const columns = useBookColumns();
  const columnVisibilityModel = narrow
    ? Object.fromEntries(columns.map((column) => [column.field, NARROW_COLUMNS.has(column.field)]))
    : {};
  const sortModel: GridSortModel = [{ field: query.sort, sort: query.order }];
  const paginationModel: GridPaginationModel = { page: query.page - 1, pageSize: query.pageSize };
  return (
    <Paper variant="outlined" sx={{ width: '100%' }}>
      <Typography role="status" sx={{ px: 2, pt: 1.5 }}>
        {/* The previous page's rows stay while the next loads: its count is not said as this one's. */}
        {book.data && !book.isPlaceholderData
          ? t('broker.book.count', { count: book.data.total })
          : t('broker.book.loading')}
      </Typography>
      <MuiTheme>
        <DataGrid
          aria-labelledby="book-heading"
          rows={book.data?.items ?? []}
          getRowId={(row) => row.policyId}
          columns={columns}
          columnVisibilityModel={columnVisibilityModel}
          rowCount={book.data?.total ?? 0}
          loading={book.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          sortingOrder={['asc', 'desc']}
          pageSizeOptions={PAGE_SIZES}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => {
            update({ page: String(model.page + 1), pageSize: String(model.pageSize) }, false);
          }}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            const [first] = model;
            update({ sort: first?.field, order: first?.sort ?? undefined });
          }}
          onRowClick={(params: GridRowParams<BookRow>) => {
            void navigate(clientPath(params.row));
          }}
          onCellKeyDown={(params: GridCellParams<BookRow>, event) => {
            if (event.key === 'Enter') void navigate(clientPath(params.row));
          }}
          localeText={{
            ...GRID_LOCALES[i18n.language as keyof typeof GRID_LOCALES].components.MuiDataGrid.defaultProps
              .localeText,
            noRowsLabel: t('broker.book.empty'),
            noResultsOverlayLabel: t('broker.book.empty'),
          }}
          autoHeight
          density={narrow ? 'compact' : 'standard'}
          sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </MuiTheme>
    </Paper>
  );
}
