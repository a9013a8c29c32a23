import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import CircularProgress from '../../../kit/CircularProgress';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Table from '../../../kit/Table';
import TableBody from '../../../kit/TableBody';
import TableCell from '../../../kit/TableCell';
import TableContainer from '../../../kit/TableContainer';
import TableHead from '../../../kit/TableHead';
import TableRow from '../../../kit/TableRow';
import Typography from '../../../kit/Typography';
import { AuditSearchQuerySchema } from '@portal/contracts';
import { getAuditCsv, useAuditSearch, type AuditFilters } from '../../../data/audit/audit';
import { saveBlob } from '../../../lib/save-blob';
import { useSignedInViewer } from '../../../lib/viewer';
import { DateInput, PortalForm, TextInput, zodResolver } from '../../../ui/form';
import { localeOf } from '../../../ui/format';
import { Pager } from '../../../ui/pager';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
const shape = AuditSearchQuerySchema.shape;
const FilterSchema = z
  .object({
    member: optional(shape.member.unwrap()),
    actor: optional(shape.actor.unwrap()),
    action: optional(shape.action.unwrap()),
    from: optional(shape.from.unwrap()),
    to: optional(shape.to.unwrap()),
  })
  .refine((filter) => filter.from === '' || filter.to === '' || filter.from <= filter.to, {
    path: ['to'],
    params: { code: 'date-before-start' },
    message: 'before the start',
  });
type Filter = z.infer<typeof FilterSchema>;
const EMPTY: Filter = { member: '', actor: '', action: '', from: '', to: '' };

/**
 * Issue 13, the audit trail (`/admin/audit`, role action `search-audit`): search the audit log by member,
 * staff user, action and dates, page through what was found (newest first), and download it as CSV with
 * the same filters. The server audits every search and export.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const allowed = viewer.session.actions.includes('search-audit');
  const [search, setSearch] = useState<{ filters: AuditFilters; page: number; pageSize: number } | null>(
    null,
  );
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const resolver = useMemo(() => zodResolver(FilterSchema), []);
  const form = useForm<Filter>({ resolver, defaultValues: EMPTY });
  const found = useAuditSearch(viewer.credentialKey, allowed ? search : null);
  const when = useMemo(
    () => new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' }),
    [i18n.language],
  );

  const download = async () => {
    if (!search) return;
    setDownloading(true);
    setDownloadFailed(false);
    try {
      saveBlob(await getAuditCsv(search.filters), `audit-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  if (!allowed) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('auditTrail.heading')}
        </Typography>
        <Alert severity="info">{t('auditTrail.notAllowed')}</Alert>
      </Stack>
    );
  }
  const page = found.data;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('auditTrail.heading')}
        </Typography>
        <Typography>{t('auditTrail.intro')}</Typography>
      </Stack>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="audit-filters-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="audit-filters-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('auditTrail.filtersHeading')}
        </Typography>
        <PortalForm
          form={form}
          onSubmit={(filters) => {
            setSearch({ filters, page: 1, pageSize: search?.pageSize ?? 25 });
          }}
          labelledBy="audit-filters-heading"
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            <TextInput name="member" field="auditMember" autoComplete="off" maxLength={64} />
            <TextInput name="actor" field="auditActor" autoComplete="off" maxLength={100} />
            <TextInput name="action" field="auditAction" autoComplete="off" maxLength={64} />
            <DateInput name="from" field="auditFrom" />
            <DateInput name="to" field="auditTo" />
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            <Button type="submit" variant="contained">
              {t('auditTrail.search')}
            </Button>
            <Button
              onClick={() => {
                form.reset(EMPTY);
                setSearch(null);
              }}
            >
              {t('auditTrail.clear')}
            </Button>
            {search && (
              <Button variant="outlined" onClick={() => void download()} disabled={downloading}>
                {t('auditTrail.download')}
              </Button>
            )}
          </Stack>
        </PortalForm>
        {downloadFailed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('auditTrail.downloadFailed')}
          </Alert>
        )}
      </Paper>
      {search && (
        <Box component="section" aria-labelledby="audit-results-heading">
          <Typography id="audit-results-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('auditTrail.resultsHeading')}
          </Typography>
          {found.isPending && <CircularProgress aria-label={t('app.processing')} />}
          {found.isError && <Alert severity="error">{t('auditTrail.loadFailed')}</Alert>}
          {page && page.total === 0 && <Alert severity="info">{t('auditTrail.none')}</Alert>}
          {page && page.total > 0 && (
            <Paper variant="outlined">
              <TableContainer tabIndex={0} aria-labelledby="audit-results-heading" role="region">
                <Table size="small">
                  <caption
                    style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px', fontWeight: 600 }}
                  >
                    {t('auditTrail.caption')}
                  </caption>
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">{t('auditTrail.when')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.who')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.role')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.action')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.record')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.outcome')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.household')}</TableCell>
                      <TableCell scope="col">{t('auditTrail.why')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {page.items.map((item) => (
                      <TableRow key={item.id} data-testid="audit-row">
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {when.format(new Date(item.occurredAt))}
                        </TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>
                          {item.actorName ?? item.actorSubject ?? t('auditTrail.unknownActor')}
                        </TableCell>
                        <TableCell>{item.actorRole ?? ''}</TableCell>
                        <TableCell>{item.action}</TableCell>
                        <TableCell>{item.recordType ?? ''}</TableCell>
                        <TableCell>{t(`auditTrail.outcomes.${item.outcome}`)}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>
                          {item.actingForHouseholdId ?? ''}
                        </TableCell>
                        {/* Staff acting for the member: their acting session's reason (decision 043). */}
                        <TableCell>
                          {item.actingReason ? t(`actingFor.reasons.${item.actingReason}`) : ''}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Pager
                page={page}
                sizes={[25, 50, 100]}
                perPageLabel={t('auditTrail.itemsPerPage')}
                onChange={(paging) => {
                  setSearch({ ...search, ...paging });
                }}
              />
            </Paper>
          )}
        </Box>
      )}
    </Stack>
  );
}
