import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../kit/Alert';
import Button from '../../kit/Button';
import Skeleton from '../../kit/Skeleton';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import type { BookFilter, BookFlag } from '@portal/contracts';
import { getBookCsv, useBook } from '../../data/broker-book/get-book';
import { isBrokerSession, useSignedInViewer } from '../../lib/viewer';
import { saveBlob } from '../../lib/save-blob';
import { BookAlerts, BookFilters } from './book-filters';
import { useBookQuery } from './book-query';

/**
 * The grid (MUI's data grid: about 175 KB gzip, and MUI's theme with emotion 49 KB more) in a chunk of its
 * own, asked for when a broker's page first draws, beside the book's data: a member who opens /broker is told
 * it is for brokers without loading it (bench/RESULTS.md, "Stop 49").
 */
const BookGrid = lazy(() => import('./book-grid').then((module) => ({ default: module.BookGrid })));

/**
 * `/broker` (issue 13): the signed-in broker's book of business — every policy where he is broker of
 * record, in MUI X Data Grid with paging, sorting and filtering done by the server
 * (`GET /api/v1/Broker/book`), a search box, the alerts of the book (grace periods, renewals pending) as
 * filters, and the filtered book as CSV. A row opens the client (click, or Enter on a focused cell; the
 * policyholder's name is a link).
 */
export default function BookPage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const { query, update, clear } = useBookQuery();
  const book = useBook(viewer.credentialKey, query);
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const isBroker = isBrokerSession(viewer.session);

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
        <BookAlerts alerts={alerts} query={query} setFlag={setFlag} />
      )}

      <BookFilters
        query={query}
        update={update}
        setFlag={setFlag}
        total={book.data?.total ?? 0}
        exporting={exporting}
        onExport={() => void exportCsv()}
        onClear={clear}
      />

      {book.isError && !book.data ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void book.refetch()}>{t('broker.retry')}</Button>}
        >
          {t('broker.book.loadFailed')}
        </Alert>
      ) : (
        <Suspense fallback={<Skeleton variant="rounded" height={420} />}>
          <BookGrid book={book} query={query} update={update} />
        </Suspense>
      )}
    </Stack>
  );
}
