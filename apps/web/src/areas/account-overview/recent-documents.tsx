import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Grid from '../../kit/Grid';
import Paper from '../../kit/Paper';
import Skeleton from '../../kit/Skeleton';
import Link from '../../kit/Link';
import Typography from '../../kit/Typography';
import { Link as RouterLink } from 'react-router';
import { householdDocumentsQueryOptions } from '../../data/document/get-household-documents';
import { logClientEvent } from '../../lib/client-log';
import type { Viewer } from '../../lib/viewer';
import { useFormatters } from '../../ui/format';

const RECENT = 3;

function DocumentList({
  viewer,
  householdId,
  type,
}: {
  viewer: Viewer;
  householdId: string;
  type: 'invoice' | 'notice';
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const documents = useQuery({
    ...householdDocumentsQueryOptions(viewer.credentialKey, householdId, type, RECENT),
    meta: { redirectOnError: false },
  });
  const failed = documents.isError && !documents.data;
  useEffect(() => {
    if (failed)
      logClientEvent({
        level: 'warn',
        event: 'overview.documents-failed',
        message: `${type} list could not be loaded`,
      });
  }, [failed, type]);
  const headingId = `recent-${type}-${householdId}`;
  const describe = (document: DocumentSummary): string => {
    if (document.type === 'invoice' && document.invoice) {
      const { periodStart, amountDueCents, dueDate } = document.invoice;
      return t('overview.documents.invoiceLine', {
        period: periodStart ? format.month(periodStart) : format.date(document.documentDate),
        amount: amountDueCents === null ? t('overview.none') : format.money(amountDueCents),
        due: dueDate ? format.date(dueDate) : t('overview.none'),
      });
    }
    return t(`notice.${document.subtype}`, { defaultValue: t('overview.documents.notice') });
  };
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {t(type === 'invoice' ? 'overview.documents.invoices' : 'overview.documents.notices')}
      </Typography>
      {documents.data ? (
        documents.data.items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            {t(type === 'invoice' ? 'overview.documents.noInvoices' : 'overview.documents.noNotices')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {documents.data.items.map((document) => (
              <Box component="li" key={document.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {format.date(document.documentDate)}
                </Typography>
                <Link
                  component={RouterLink}
                  to={type === 'invoice' ? '/documents/invoice' : '/documents/notice'}
                >
                  {describe(document)}
                </Link>
              </Box>
            ))}
          </Box>
        )
      ) : failed ? (
        <Alert severity="warning">{t('overview.documents.unavailable')}</Alert>
      ) : (
        <Box role="status" aria-label={t('app.loading')}>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </Box>
      )}
    </Box>
  );
}

/** DOMAIN "Documents": the household's latest invoices and notices (SPEC §1 finance: notices, invoices). */
export function RecentDocuments({ viewer, householdId: chosen }: { viewer: Viewer; householdId?: string }) {
  const { t } = useTranslation();
  // A broker's client page names the client's household; a member's overview shows their own.
  const householdId = chosen ?? viewer.household.households[0]?.household.id;
  if (!householdId) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="recent-documents-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="recent-documents-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('overview.documents.heading')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DocumentList viewer={viewer} householdId={householdId} type="invoice" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DocumentList viewer={viewer} householdId={householdId} type="notice" />
        </Grid>
      </Grid>
    </Paper>
  );
}
