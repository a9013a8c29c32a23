import { useTranslation } from 'react-i18next';
import type { ServiceQueueSummary } from '@portal/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { MuiTheme } from '../../../ui/mui-theme';

/**
 * The dashboard's chart (issue 13): per type, the open requests and the oldest one's age in days, as
 * horizontal bars (MUI X Charts, docs/decisions/030). Loaded lazily by the queue page; the table beside
 * it holds the same numbers for screen readers and keyboard users, so the drawing itself is hidden from them.
 * It brings its own MUI theme (MuiTheme): the app shell provides none.
 */
export default function QueueChart({ summary }: { summary: ServiceQueueSummary }) {
  return (
    <MuiTheme>
      <Chart summary={summary} />
    </MuiTheme>
  );
}

/** The bars in the tenant's primary and secondary colours (MUI's theme, built from the tenant's by MuiTheme). */
function Chart({ summary }: { summary: ServiceQueueSummary }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dataset = summary.types.map((row) => ({
    type: t(`serviceRequests.type.${row.type}`),
    open: row.open,
    oldest: row.oldestDays,
  }));
  return (
    <BarChart
      dataset={dataset}
      layout="horizontal"
      height={Math.max(180, 64 + dataset.length * 56)}
      yAxis={[{ scaleType: 'band', dataKey: 'type', width: 150 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[
        { dataKey: 'open', label: t('serviceQueue.dashboard.open'), color: theme.palette.primary.main },
        { dataKey: 'oldest', label: t('serviceQueue.dashboard.oldest'), color: theme.palette.secondary.main },
      ]}
      margin={{ left: 8, right: 16 }}
      // Hidden from assistive technology (the table beside it has the numbers): no tab stop inside it either.
      disableKeyboardNavigation
    />
  );
}
