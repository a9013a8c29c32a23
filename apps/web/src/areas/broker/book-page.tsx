import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  DataGrid,
  type GridCellParams,
  type GridColDef,
  type GridPaginationModel,
  type GridRowParams,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES, ptBR } from '@mui/x-data-grid/locales';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BOOK_ENROLLMENT_STATUSES,
  BOOK_FLAGS,
  BOOK_LINES,
  BOOK_MARKETS,
  BOOK_SORT_FIELDS,
  type BookFilter,
  type BookFlag,
  type BookQuery,
  type BookRow,
  type BookSortField,
} from '@portal/contracts';
import { displayedPolicyId } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { getBookCsv, useBook } from '../../data/broker-book/get-book';
import { isBrokerSession, useSignedInViewer } from '../../lib/viewer';
import { saveBlob } from '../../lib/save-blob';
import { useFormatters } from '../../ui/format';
import { useLayout } from '../../ui/use-layout';

const GRID_LOCALES = { en: enUS, es: esES, pt: ptBR } as const;
const PAGE_SIZES = [10, 25, 50, 100];
/** Columns shown on a phone: who, the policy, what is owed. The others are a tap away in the client page. */
const NARROW_COLUMNS = new Set(['holder', 'financeStatus', 'amountDue']);

const isSort = (value: string | null): value is BookSortField =>
  (BOOK_SORT_FIELDS as readonly string[]).includes(value ?? '');
const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The book's query from the address bar (filters survive opening a client and coming back). */
function queryFrom(params: URLSearchParams): BookQuery {
  const sort = params.get('sort');
  const flags = Object.fromEntries(
    BOOK_FLAGS.map((flag) => [flag, params.get(flag) === 'true' ? 'true' : undefined]),
  ) as Record<BookFlag, 'true' | undefined>;
  return {
    q: params.get('q') ?? undefined,
    status: pick(BOOK_ENROLLMENT_STATUSES, params.get('status')),
    market: pick(BOOK_MARKETS, params.get('market')),
    line: pick(BOOK_LINES, params.get('line')),
    ...flags,
    sort: isSort(sort) ? sort : 'holder',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 25,
  };
}

/**
 * `/broker` (issue 13): the signed-in broker's book of business — every policy where he is broker of
 * record, in MUI X Data Grid with paging, sorting and filtering done by the server
 * (`GET /api/v1/Broker/book`), a search box, the alerts of the book (grace periods, renewals pending) as
 * filters, and the filtered book as CSV. A row opens the client (click, or Enter on a focused cell; the
 * policyholder's name is a link).
 */
export default function BookPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const navigate = useNavigate();
  const { narrow } = useLayout();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFrom(params), [params]);
  const book = useBook(viewer.credentialKey, query);
  const [search, setSearch] = useState(query.q ?? '');
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const isBroker = isBrokerSession(viewer.session);
  const { account } = useConfig();
  const { idType } = displayedPolicyId({}, account.policyDisplayID);

  const update = (changes: Record<string, string | undefined>, resetPage = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // The search box asks the server once typing pauses.
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (query.q ?? '')) return;
    const timer = setTimeout(() => {
      update({ q: trimmed });
    }, 350);
    return () => {
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [search]);

  const clientPath = (row: BookRow) => `/broker/clients/${row.policyId}`;
  const status = (value: string) => t(`broker.status.${value}`, { defaultValue: value });

  const columns: GridColDef<BookRow>[] = [
    {
      field: 'holder',
      headerName: t('broker.columns.holder'),
      flex: 1.4,
      minWidth: 170,
      valueGetter: (_value, row) => `${row.holderLastName}, ${row.holderFirstName}`,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={clientPath(row)} tabIndex={-1}>
          {row.holderFirstName} {row.holderLastName}
        </Link>
      ),
    },
    { field: 'policyNumber', headerName: t('broker.columns.policyNumber'), flex: 1, minWidth: 130 },
    {
      // The subscriber ID the portal shows everywhere (policyDisplayID), under its own name: never a mix
      // of exchange and issuer IDs under one heading (issue 33 item 10).
      field: 'exchangeSubscriberId',
      headerName: t(idType === 'IssuerId' ? 'nav.issuerIdLabel' : 'nav.exchangeIdLabel'),
      sortable: false,
      flex: 1,
      minWidth: 130,
      valueGetter: (_value, row) =>
        displayedPolicyId(
          { exchangeId: row.exchangeSubscriberId, issuerId: row.issuerSubscriberId },
          account.policyDisplayID,
        ).id ?? '—',
    },
    {
      field: 'line',
      headerName: t('broker.columns.line'),
      minWidth: 100,
      valueGetter: (_value, row) => t(`lineOfCoverage.${row.lineOfCoverage}`),
    },
    {
      field: 'status',
      headerName: t('broker.columns.status'),
      minWidth: 120,
      valueGetter: (_value, row) => status(row.enrollmentStatus),
    },
    {
      field: 'financeStatus',
      headerName: t('broker.columns.financeStatus'),
      minWidth: 130,
      valueGetter: (_value, row) =>
        row.financeStatus ? t(`broker.financeStatus.${row.financeStatus}`) : '—',
    },
    {
      field: 'amountDue',
      headerName: t('broker.columns.amountDue'),
      type: 'number',
      minWidth: 120,
      valueGetter: (_value, row) => row.amountDueCents,
      valueFormatter: (value: number) => format.money(value),
    },
    {
      field: 'paidThrough',
      headerName: t('broker.columns.paidThrough'),
      minWidth: 150,
      valueGetter: (_value, row) => (row.paidThroughDate ? format.date(row.paidThroughDate) : '—'),
    },
    {
      field: 'graceEnds',
      headerName: t('broker.columns.graceEnds'),
      minWidth: 150,
      valueGetter: (_value, row) => (row.gracePeriodEndDate ? format.date(row.gracePeriodEndDate) : '—'),
    },
    {
      field: 'renewal',
      headerName: t('broker.columns.renewal'),
      minWidth: 150,
      valueGetter: (_value, row) => (row.renewalStartDate ? format.date(row.renewalStartDate) : '—'),
    },
    {
      field: 'autopay',
      headerName: t('broker.columns.autopay'),
      sortable: false,
      minWidth: 100,
      valueGetter: (_value, row) => (row.autopay ? t('broker.yes') : t('broker.no')),
    },
  ];
  const columnVisibilityModel = narrow
    ? Object.fromEntries(columns.map((column) => [column.field, NARROW_COLUMNS.has(column.field)]))
    : {};

  const sortModel: GridSortModel = [{ field: query.sort, sort: query.order }];
  const paginationModel: GridPaginationModel = { page: query.page - 1, pageSize: query.pageSize };

  const filter: BookFilter = { ...query };
  const exportCsv = async () => {
    setExporting('busy');
    try {
      saveBlob(await getBookCsv(filter), `book-of-business-${viewer.household.today}.csv`);
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  const alerts = book.data?.alerts;
  const setFlag = (flag: BookFlag, on: boolean) => {
    update({ [flag]: on ? 'true' : undefined });
  };

  if (!isBroker) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 880 }}>
        <Typography variant="h4" component="h1">
          {t('broker.book.heading')}
        </Typography>
        <Alert severity="info">{t('broker.book.brokersOnly')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1" id="book-heading">
          {t('broker.book.heading')}
        </Typography>
        <Typography>{t('broker.book.intro')}</Typography>
      </Stack>

      {alerts && (alerts.gracePeriod > 0 || alerts.renewalPending > 0) && (
        <Paper component="section" variant="outlined" aria-labelledby="book-alerts-heading" sx={{ p: 2 }}>
          <Typography id="book-alerts-heading" variant="h6" component="h2" gutterBottom>
            {t('broker.alerts.heading')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {alerts.gracePeriod > 0 && (
              <Button
                variant={query.gracePeriod ? 'contained' : 'outlined'}
                color="warning"
                aria-pressed={query.gracePeriod === 'true'}
                onClick={() => {
                  setFlag('gracePeriod', query.gracePeriod !== 'true');
                }}
              >
                {t('broker.alerts.gracePeriod', { count: alerts.gracePeriod })}
              </Button>
            )}
            {alerts.renewalPending > 0 && (
              <Button
                variant={query.renewalPending ? 'contained' : 'outlined'}
                aria-pressed={query.renewalPending === 'true'}
                onClick={() => {
                  setFlag('renewalPending', query.renewalPending !== 'true');
                }}
              >
                {t('broker.alerts.renewalPending', { count: alerts.renewalPending })}
              </Button>
            )}
          </Stack>
        </Paper>
      )}

      <Paper component="section" variant="outlined" aria-label={t('broker.filters.heading')} sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            label={t('broker.filters.search')}
            helperText={t('broker.filters.searchHelp')}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ maxWidth: 480 }}
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FilterSelect
              label={t('broker.filters.status')}
              value={query.status}
              values={BOOK_ENROLLMENT_STATUSES}
              text={status}
              onChange={(value) => {
                update({ status: value });
              }}
            />
            <FilterSelect
              label={t('broker.filters.market')}
              value={query.market}
              values={BOOK_MARKETS}
              text={(value) => t(`broker.market.${value}`)}
              onChange={(value) => {
                update({ market: value });
              }}
            />
            <FilterSelect
              label={t('broker.filters.line')}
              value={query.line}
              values={BOOK_LINES}
              text={(value) => t(`lineOfCoverage.${value}`)}
              onChange={(value) => {
                update({ line: value });
              }}
            />
          </Stack>
          <FormGroup row aria-label={t('broker.filters.flags')}>
            {BOOK_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    checked={query[flag] === 'true'}
                    onChange={(event) => {
                      setFlag(flag, event.target.checked);
                    }}
                  />
                }
                label={t(`broker.filters.${flag}`)}
              />
            ))}
          </FormGroup>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              onClick={() => void exportCsv()}
              disabled={exporting === 'busy' || (book.data?.total ?? 0) === 0}
            >
              {exporting === 'busy'
                ? t('broker.export.busy')
                : t('broker.export.button', { count: book.data?.total ?? 0 })}
            </Button>
            <Button
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t('broker.filters.clear')}
            </Button>
          </Stack>
          {exporting === 'failed' && <Alert severity="error">{t('broker.export.failed')}</Alert>}
        </Stack>
      </Paper>

      {book.isError && !book.data ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void book.refetch()}>{t('broker.retry')}</Button>}
        >
          {t('broker.book.loadFailed')}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ width: '100%' }}>
          <Typography role="status" sx={{ px: 2, pt: 1.5 }}>
            {/* The previous page's rows stay while the next loads: its count is not said as this one's. */}
            {book.data && !book.isPlaceholderData
              ? t('broker.book.count', { count: book.data.total })
              : t('broker.book.loading')}
          </Typography>
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
        </Paper>
      )}
    </Stack>
  );
}

function FilterSelect<T extends string>({
  label,
  value,
  values,
  text,
  onChange,
}: {
  label: string;
  value: T | undefined;
  values: readonly T[];
  text: (value: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = `book-filter-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <FormControl sx={{ minWidth: 200 }}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        value={value ?? ''}
        onChange={(event) => {
          onChange(event.target.value === '' ? undefined : (event.target.value as T));
        }}
      >
        <MenuItem value="">{t('broker.filters.any')}</MenuItem>
        {values.map((entry) => (
          <MenuItem key={entry} value={entry}>
            {text(entry)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
