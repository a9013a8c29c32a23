import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  QueueStatusFilterSchema,
  ServiceQueueQuerySchema,
  ServiceRequestTypeSchema,
  type ServiceQueueItem,
} from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Link from '../../../kit/Link';
import MenuItem from '../../../kit/MenuItem';
import Pagination from '../../../kit/Pagination';
import Skeleton from '../../../kit/Skeleton';
import Stack from '../../../kit/Stack';
import TextField from '../../../kit/TextField';
import Typography from '../../../kit/Typography';
import { useServiceQueue } from '../../../data/service-queue/get-service-queue';
import { useSignedInViewer } from '../../../lib/viewer';
import { DataTable } from '../../../ui/data-table';
import { useFormatters } from '../../../ui/format';
import { QueueDashboard } from './queue-dashboard';

import { PROCESS_ACTION } from './queue-action';
const PAGE_SIZE = 20;
const AGES = [1, 3, 7, 14, 30] as const;
const ANY = '';

/** The filters as the address bar keeps them (a link or the back button brings the same list back). */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const parsed = ServiceQueueQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : ServiceQueueQuerySchema.parse({});
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === ANY) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { query, set };
}

function AssigneeText({ item }: { item: ServiceQueueItem }) {
  const { t } = useTranslation();
  if (!item.assignee) return <>{t('serviceQueue.list.nobody')}</>;
  if (item.assignee.mine) return <>{t('serviceQueue.list.you')}</>;
  return (
    <>
      {item.assignee.stale ? t('serviceQueue.list.stale', { name: item.assignee.name }) : item.assignee.name}
    </>
  );
}

/**
 * The service-request queue (issue 13; docs/decisions/030): the dashboard of open requests per type, then
 * the requests filtered by type, status, age and who holds them, oldest first by default, a page at a time;
 * each opens its detail page, where it is claimed, compared, approved or rejected.
 */
export default function ServiceQueuePage() {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const { query, set } = useFilters();
  // What staff type, kept as typed (the address bar keeps the trimmed value the list is filtered by).
  const [reference, setReference] = useState(query.reference ?? '');
  const allowed = viewer.session.actions.includes(PROCESS_ACTION);
  const list = useServiceQueue(viewer.credentialKey, { ...query, pageSize: PAGE_SIZE });
  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;

  if (!allowed) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('serviceQueue.heading')}
        </Typography>
        <Alert severity="info">{t('serviceQueue.notAllowed')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('serviceQueue.heading')}
        </Typography>
        <Typography>{t('serviceQueue.intro')}</Typography>
      </Stack>
      <QueueDashboard />
      <Box component="section" aria-labelledby="queue-list-heading">
        <Typography id="queue-list-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('serviceQueue.list.heading')}
        </Typography>
        <Box
          component="form"
          role="search"
          aria-label={t('serviceQueue.list.filters')}
          onSubmit={(event) => {
            event.preventDefault();
          }}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
            mb: 2,
          }}
        >
          <TextField
            size="small"
            type="search"
            label={t('serviceQueue.list.findReference')}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              set({ reference: event.target.value.trim() });
            }}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { maxLength: 40, autoComplete: 'off', spellCheck: false },
            }}
          />
          <TextField
            select
            size="small"
            label={t('serviceQueue.list.type')}
            value={query.type ?? ANY}
            onChange={(event) => {
              set({ type: event.target.value });
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={ANY}>{t('serviceQueue.list.anyType')}</MenuItem>
            {ServiceRequestTypeSchema.options.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`serviceRequests.type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('serviceQueue.list.status')}
            value={query.status}
            onChange={(event) => {
              set({ status: event.target.value === 'open' ? ANY : event.target.value });
            }}
          >
            {QueueStatusFilterSchema.options.map((status) => (
              <MenuItem key={status} value={status}>
                {status === 'open'
                  ? t('serviceQueue.list.statusOpen')
                  : status === 'all'
                    ? t('serviceQueue.list.statusAll')
                    : t(`serviceRequests.status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('serviceQueue.list.age')}
            value={query.olderThanDays === undefined ? ANY : String(query.olderThanDays)}
            onChange={(event) => {
              set({ olderThanDays: event.target.value });
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={ANY}>{t('serviceQueue.list.anyAge')}</MenuItem>
            {AGES.map((days) => (
              <MenuItem key={days} value={String(days)}>
                {t('serviceQueue.list.ageAtLeast', { count: days })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('serviceQueue.list.assignee')}
            value={query.assignee}
            onChange={(event) => {
              set({ assignee: event.target.value === 'anyone' ? ANY : event.target.value });
            }}
          >
            {(['anyone', 'me', 'unassigned'] as const).map((who) => (
              <MenuItem key={who} value={who}>
                {t(`serviceQueue.list.${who}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('serviceQueue.list.sort')}
            value={query.sort}
            onChange={(event) => {
              set({ sort: event.target.value === 'oldest' ? ANY : event.target.value });
            }}
          >
            {(['oldest', 'newest'] as const).map((order) => (
              <MenuItem key={order} value={order}>
                {t(`serviceQueue.list.${order}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {list.isError && !page ? (
          <Alert severity="warning">{t('serviceQueue.list.unavailable')}</Alert>
        ) : !page ? (
          <Box role="status" aria-label={t('serviceQueue.list.loading')}>
            <Skeleton variant="rounded" height={200} />
          </Box>
        ) : (
          <Stack spacing={2}>
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {t('serviceQueue.list.count', { count: page.total })}
            </Typography>
            {page.items.length > 0 && (
              <Box
                sx={{ overflowX: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label={t('serviceQueue.list.tableRegion')}
              >
                <DataTable
                  labelledBy="queue-list-heading"
                  columns={[
                    t('serviceQueue.list.reference'),
                    t('serviceQueue.list.type'),
                    t('serviceQueue.list.status'),
                    t('serviceQueue.list.subscriber'),
                    t('serviceQueue.list.policy'),
                    t('serviceQueue.list.received'),
                    t('serviceQueue.list.claimedBy'),
                  ]}
                  rows={page.items.map((item) => ({
                    key: item.id,
                    cells: [
                      <Link
                        key="ref"
                        component={RouterLink}
                        to={`/admin/service-queue/${item.id}`}
                        state={{ subscriberName: item.subscriberName, referenceNumber: item.referenceNumber }}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {item.referenceNumber}
                      </Link>,
                      t(`serviceRequests.type.${item.type}`),
                      t(`serviceRequests.status.${item.status}`),
                      item.subscriberName ?? '—',
                      item.policyNumber ?? '—',
                      `${format.date(item.createdAt.slice(0, 10))} (${t('serviceQueue.list.ageDays', { count: item.ageDays })})`,
                      <AssigneeText key="who" item={item} />,
                    ],
                  }))}
                />
              </Box>
            )}
            {pages > 1 && (
              <Pagination
                count={pages}
                page={Math.min(query.page, pages)}
                onChange={(_event, value) => {
                  set({ page: String(value) });
                }}
                aria-label={t('serviceQueue.list.pages')}
                getItemAriaLabel={(type, item) =>
                  type === 'previous'
                    ? t('pager.previousPage')
                    : type === 'next'
                      ? t('pager.nextPage')
                      : t('pager.pageN', { page: item ?? '' })
                }
                siblingCount={0}
              />
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
