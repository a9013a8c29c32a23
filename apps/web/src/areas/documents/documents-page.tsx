import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary, DocumentType } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import MenuItem from '../../kit/MenuItem';
import Pagination from '../../kit/Pagination';
import Paper from '../../kit/Paper';
import Skeleton from '../../kit/Skeleton';
import Stack from '../../kit/Stack';
import TextField from '../../kit/TextField';
import Typography from '../../kit/Typography';
import { useHouseholdDocuments } from '../../data/document/get-household-documents';
import { logClientEvent } from '../../lib/client-log';
import { useSignedInViewer, type Viewer } from '../../lib/viewer';
import { DocumentList } from './document-list';

const PAGE_SIZE = 20;

/** The policies' headings by id (plan and policy number), from what the shell already knows. */
function policyHeadings(viewer: Viewer, t: TFunction): Map<string, string> {
  const headings = new Map<string, string>();
  for (const policy of viewer.policies) {
    if (headings.has(policy.id)) continue;
    headings.set(
      policy.id,
      policy.planName
        ? t('documents.policyHeading', { plan: policy.planName, policyNumber: policy.policyNumber })
        : t('documents.policyFallback', { policyNumber: policy.policyNumber }),
    );
  }
  return headings;
}

/** The page's documents grouped per policy (SPEC §2 documents per policy), the household's own notices last. */
function groups(
  items: readonly DocumentSummary[],
): { key: string; policyId: string | null; items: DocumentSummary[] }[] {
  const byKey = new Map<string, { key: string; policyId: string | null; items: DocumentSummary[] }>();
  for (const item of items) {
    const key = item.policyId ?? 'household';
    const group = byKey.get(key) ?? { key, policyId: item.policyId, items: [] };
    group.items.push(item);
    byKey.set(key, group);
  }
  return [...byKey.values()].sort((a, b) => Number(a.policyId === null) - Number(b.policyId === null));
}

/**
 * SPEC §2 /documents/invoice, /documents/notice, /documents/tax: the household's documents of one kind,
 * per policy, newest first, filterable by year; each opens or downloads the PDF the server generates
 * in the reader's language. A failure to load is said in place (the rest of the portal still works).
 */
export function DocumentsPage({ type, children }: { type: DocumentType; children?: ReactNode }) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const householdId = viewer.household.households[0]?.household.id ?? null;
  const [year, setYear] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const documents = useHouseholdDocuments(viewer.credentialKey, householdId ?? '', {
    type,
    page,
    pageSize: PAGE_SIZE,
    year,
  });
  const failed = documents.isError && !documents.data;
  useEffect(() => {
    if (failed)
      logClientEvent({
        level: 'warn',
        event: 'documents.failed',
        message: `${type} documents could not be loaded`,
      });
  }, [failed, type]);
  const headings = policyHeadings(viewer, t);
  const data = documents.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const from = data && data.total > 0 ? (page - 1) * PAGE_SIZE + 1 : 0;
  const to = data ? Math.min(page * PAGE_SIZE, data.total) : 0;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t(`documents.${type}.title`)}
        </Typography>
        <Typography>{t(`documents.${type}.intro`)}</Typography>
      </Box>
      {children}
      {householdId === null ? (
        <Alert severity="info">{t('documents.noHousehold')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <TextField
            select
            size="small"
            label={t('documents.year')}
            value={year === null ? 'all' : String(year)}
            onChange={(event) => {
              setYear(event.target.value === 'all' ? null : Number(event.target.value));
              setPage(1);
            }}
            sx={{ minWidth: 180, mb: 2 }}
          >
            <MenuItem value="all">{t('documents.allYears')}</MenuItem>
            {(data?.years ?? []).map((option) => (
              <MenuItem key={option} value={String(option)}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          {failed ? (
            <Alert severity="warning">{t('documents.unavailable')}</Alert>
          ) : !data ? (
            <Box role="status" aria-label={t('app.loading')}>
              <Skeleton variant="text" height={40} />
              <Skeleton variant="text" height={40} />
              <Skeleton variant="text" height={40} />
            </Box>
          ) : data.items.length === 0 ? (
            <Typography>{t(`documents.${type}.empty`)}</Typography>
          ) : (
            <Stack spacing={3}>
              {groups(data.items).map((group) => {
                const headingId = `documents-${type}-${group.key}`;
                return (
                  <Box component="section" key={group.key} aria-labelledby={headingId}>
                    <Typography id={headingId} variant="h6" component="h2">
                      {group.policyId === null
                        ? t('documents.householdNotices')
                        : (headings.get(group.policyId) ??
                          t('documents.policyFallback', { policyNumber: '' }))}
                    </Typography>
                    <DocumentList documents={group.items} headingId={headingId} />
                  </Box>
                );
              })}
            </Stack>
          )}
          {data && data.total > PAGE_SIZE && (
            <Box
              component="nav"
              aria-label={t('documents.pagination.label')}
              sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
            >
              <Typography variant="body2">
                {t('documents.pagination.range', { from, to, total: data.total })}
              </Typography>
              <Pagination
                count={pages}
                page={page}
                onChange={(_event, next) => {
                  setPage(next);
                }}
                getItemAriaLabel={(kind, item) =>
                  kind === 'previous'
                    ? t('documents.pagination.previous')
                    : kind === 'next'
                      ? t('documents.pagination.next')
                      : String(item ?? '')
                }
              />
            </Box>
          )}
        </Paper>
      )}
    </Stack>
  );
}
