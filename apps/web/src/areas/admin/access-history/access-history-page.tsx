import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import CircularProgress from '../../../kit/CircularProgress';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import type { AccessHistoryItem } from '@portal/contracts';
import { useAccessHistory } from '../../../data/audit/audit';
import { loose } from '../../../i18n/loose';
import { useConfig } from '../../../config/config-context';
import { useSignedInViewer } from '../../../lib/viewer';
import { localeOf } from '../../../ui/format';
import { Pager, usePaging } from '../../../ui/pager';
import { ConnectedApps } from './connected-apps';

/**
 * Issue 13, "Who has seen my information" (`/admin/access-history`): every read and change of the
 * household's records by the issuer's staff and brokers — who (role and name), when, what — newest
 * first, a page at a time, with the reads of the apps the member connected (issue 37) and those apps,
 * which the member may disconnect. The member's own household; staff acting for a member see theirs.
 */
export default function AccessHistoryPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const { account } = useConfig();
  const [paging, setPaging] = usePaging(20);
  const householdId = viewer.household.households[0]?.household.id ?? null;
  const history = useAccessHistory(viewer.credentialKey, householdId, paging);
  const when = useMemo(
    () => new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long', timeStyle: 'short' }),
    [i18n.language],
  );
  const issuer = account.tenant.issuerName;
  const lt = loose(t);
  const what = (item: AccessHistoryItem) => {
    const action =
      item.kind === 'change' ? lt(`accessHistory.action.${item.action}`, { defaultValue: '' }) : '';
    return (
      action ||
      t('accessHistory.line', {
        kind: t(`accessHistory.kind.${item.kind}`),
        record: t(`accessHistory.record.${item.record}`),
      })
    );
  };
  const who = (item: AccessHistoryItem) =>
    `${lt(`accessHistory.whoRole.${item.who.role}`, { defaultValue: t(`accessHistory.whoRole.${item.who.kind}`) })}: ${item.who.name}`;
  const page = history.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('accessHistory.heading')}
        </Typography>
        <Typography>{t('accessHistory.intro', { issuer })}</Typography>
      </Stack>
      {/* Issue 37: the apps the member connected (SMART on FHIR) — the member's own account only. */}
      {viewer.session.kind === 'member' && <ConnectedApps credentialKey={viewer.credentialKey} />}
      {householdId === null && <Alert severity="info">{t('accessHistory.noHousehold')}</Alert>}
      {history.isPending && householdId !== null && <CircularProgress aria-label={t('app.processing')} />}
      {history.isError && <Alert severity="error">{t('accessHistory.loadFailed')}</Alert>}
      {page && page.total === 0 && <Alert severity="info">{t('accessHistory.none', { issuer })}</Alert>}
      {page && page.total > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="access-history-caption">
          <Typography id="access-history-caption" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
            {t('accessHistory.caption')}
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {page.items.map((item, index) => (
              <Box
                component="li"
                key={`${item.occurredAt}-${String(index)}`}
                data-testid="access-item"
                sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{what(item)}</Typography>
                <Typography variant="body2">{who(item)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={item.occurredAt}>{when.format(new Date(item.occurredAt))}</time>
                </Typography>
              </Box>
            ))}
          </Box>
          <Pager
            page={page}
            sizes={[10, 20, 50]}
            perPageLabel={t('accessHistory.itemsPerPage')}
            onChange={setPaging}
          />
        </Paper>
      )}
    </Stack>
  );
}
