import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useServiceQueueSummary } from '../../../data/service-queue/get-service-queue';
import { useSignedInViewer } from '../../../lib/viewer';
import { DataTable } from '../../../ui/data-table';
import { useFormatters } from '../../../ui/format';

// The chart library loads only when the dashboard has numbers to draw (docs/decisions/030).
const QueueChart = lazy(() => import('./queue-chart'));

/**
 * The queue's dashboard (issue 13): open requests per type with their ages, as a chart and as a table
 * with the same numbers (the accessible equivalent; the chart is hidden from assistive technology).
 */
export function QueueDashboard() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const summary = useServiceQueueSummary(viewer.credentialKey);
  const data = summary.data;
  return (
    <Box component="section" aria-labelledby="queue-dashboard-heading">
      <Typography id="queue-dashboard-heading" variant="h5" component="h2">
        {t('serviceQueue.dashboard.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('serviceQueue.dashboard.intro')}</Typography>
      {summary.isError && !data ? (
        <Alert severity="warning">{t('serviceQueue.dashboard.unavailable')}</Alert>
      ) : !data ? (
        <Box role="status" aria-label={t('serviceQueue.list.loading')}>
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : data.types.length === 0 ? (
        <Typography>{t('serviceQueue.dashboard.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('serviceQueue.dashboard.total', { count: data.totalOpen })}
          </Typography>
          <Box component="figure" sx={{ m: 0 }}>
            <Box aria-hidden="true" sx={{ width: '100%', minHeight: 180 }}>
              <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
                <QueueChart summary={data} />
              </Suspense>
            </Box>
            <Typography component="figcaption" variant="body2" color="text.secondary">
              {t('serviceQueue.dashboard.chartTitle')}. {t('serviceQueue.dashboard.chartNote')}
            </Typography>
          </Box>
          <Typography id="queue-dashboard-table" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('serviceQueue.dashboard.tableHeading')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="queue-dashboard-table">
            <DataTable
              labelledBy="queue-dashboard-table"
              columns={[
                t('serviceQueue.dashboard.type'),
                t('serviceQueue.dashboard.open'),
                t('serviceQueue.dashboard.unassigned'),
                t('serviceQueue.dashboard.oldest'),
                t('serviceQueue.dashboard.average'),
              ]}
              rows={data.types.map((row) => ({
                key: row.type,
                cells: [
                  t(`serviceRequests.type.${row.type}`),
                  format.number(row.open),
                  format.number(row.unassigned),
                  format.number(row.oldestDays),
                  format.number(row.averageDays),
                ],
              }))}
            />
          </Box>
        </Stack>
      )}
    </Box>
  );
}
