import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '@portal/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Typography from '../../kit/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useDocumentPdf } from '../../data/document/get-document-pdf';
import { loose } from '../../i18n/loose';
import { useFormatters } from '../../ui/format';

/** A document's name and its one-line facts, as the member reads them (DOMAIN "Documents"). */
export function useDocumentName() {
  const { t } = useTranslation();
  const lt = loose(t);
  const format = useFormatters();
  return (document: DocumentSummary): { name: string; detail: string | null } => {
    if (document.type === 'invoice') {
      const name =
        document.subtype === 'binder'
          ? t('documents.binderName')
          : t('documents.invoiceName', {
              month: format.month(document.invoice?.periodStart ?? document.documentDate),
            });
      const invoice = document.invoice;
      const detail =
        invoice?.amountDueCents != null && invoice.dueDate
          ? t('documents.invoiceDetail', {
              amount: format.money(invoice.amountDueCents),
              due: format.date(invoice.dueDate),
            })
          : null;
      return { name, detail };
    }
    if (document.type === 'tax') {
      const form = lt(`documents.form.${document.subtype}`, { defaultValue: document.subtype });
      return {
        name: t('documents.taxName', { form, year: document.tax?.taxYear ?? '' }),
        detail: lt(`documents.formHelp.${document.subtype}`, { defaultValue: '' }) || null,
      };
    }
    return {
      name: lt(`notice.${document.subtype}`, { defaultValue: t('overview.documents.notice') }),
      detail: null,
    };
  };
}

/** One group of documents (a policy's, or the household's notices) as a list with its PDF buttons. */
export function DocumentList({
  documents,
  headingId,
}: {
  documents: readonly DocumentSummary[];
  headingId: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const describe = useDocumentName();
  const pdf = useDocumentPdf(i18n.language);
  return (
    <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {documents.map((document) => {
        const { name, detail } = describe(document);
        const date = format.date(document.documentDate);
        const filename = `${document.type}-${document.documentDate}.pdf`;
        const busy = pdf.busy === document.id;
        return (
          <Box
            component="li"
            key={document.id}
            data-testid="document-row"
            data-document-id={document.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {date}
                {detail ? ` · ${detail}` : ''}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<OpenInNewIcon aria-hidden="true" />}
                aria-label={t('documents.viewLabel', { name, date })}
                disabled={busy}
                onClick={() => void pdf.run(document.id, 'view', filename)}
              >
                {t('documents.view')}
              </Button>
              <Button
                variant="contained"
                size="small"
                startIcon={<DownloadIcon aria-hidden="true" />}
                aria-label={t('documents.downloadLabel', { name, date })}
                disabled={busy}
                onClick={() => void pdf.run(document.id, 'download', filename)}
              >
                {t('documents.download')}
              </Button>
            </Box>
            {busy && (
              <Typography role="status" variant="body2" sx={{ width: '100%' }}>
                {t('documents.preparing')}
              </Typography>
            )}
            {pdf.failed === document.id && (
              <Alert severity="error" sx={{ width: '100%' }}>
                {t('documents.failed')}
              </Alert>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
