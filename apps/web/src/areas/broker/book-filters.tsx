import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Checkbox from '../../kit/Checkbox';
import FormControlLabel from '../../kit/FormControlLabel';
import FormGroup from '../../kit/FormGroup';
import MenuItem from '../../kit/MenuItem';
import Paper from '../../kit/Paper';
import Stack from '../../kit/Stack';
import TextField from '../../kit/TextField';
import Typography from '../../kit/Typography';
import {
  BOOK_ENROLLMENT_STATUSES,
  BOOK_FLAGS,
  BOOK_LINES,
  BOOK_MARKETS,
  type BookFlag,
  type BookPage,
  type BookQuery,
} from '@portal/contracts';
import { useBookStatus } from './book-columns';
import type { BookQueryUpdate } from './book-query';

/** The book's alerts (policies in a grace period, renewals pending), each a filter that can be turned on and off. */
export function BookAlerts({
  alerts,
  query,
  setFlag,
}: {
  alerts: BookPage['alerts'];
  query: BookQuery;
  setFlag: (flag: BookFlag, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/**
 * The book's filters: a search box that asks the server once typing pauses, the status, market and line,
 * the flags, the filtered book as CSV, and clearing every filter.
 */
export function BookFilters({
  query,
  update,
  setFlag,
  total,
  exporting,
  onExport,
  onClear,
}: {
  query: BookQuery;
  update: BookQueryUpdate;
  setFlag: (flag: BookFlag, on: boolean) => void;
  /** How many policies the filters find (nothing to export when none). */
  total: number;
  exporting: 'idle' | 'busy' | 'failed';
  onExport: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const status = useBookStatus();
  const [search, setSearch] = useState(query.q ?? '');

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

  return (
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
          <Button variant="outlined" onClick={onExport} disabled={exporting === 'busy' || total === 0}>
            {exporting === 'busy' ? t('broker.export.busy') : t('broker.export.button', { count: total })}
          </Button>
          <Button
            onClick={() => {
              setSearch('');
              onClear();
            }}
          >
            {t('broker.filters.clear')}
          </Button>
        </Stack>
        {exporting === 'failed' && <Alert severity="error">{t('broker.export.failed')}</Alert>}
      </Stack>
    </Paper>
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
    <TextField
      select
      id={id}
      label={label}
      value={value ?? ''}
      onChange={(event) => {
        onChange(event.target.value === '' ? undefined : (event.target.value as T));
      }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{t('broker.filters.any')}</MenuItem>
      {values.map((entry) => (
        <MenuItem key={entry} value={entry}>
          {text(entry)}
        </MenuItem>
      ))}
    </TextField>
  );
}
