import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import CircularProgress from '../../../kit/CircularProgress';
import GlobalStyles from '../../../kit/GlobalStyles';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useReceipt } from '../../../data/payment/get-receipt';
import { useReceiptPdf } from '../../../data/payment/get-receipt-pdf';
import { useConfig } from '../../../config/config-context';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { Facts, type Fact } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';

/** The sentence at the top of a receipt: received, pending, declined or returned. */
function StatusMessage({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  switch (receipt.status) {
    case 'Succeeded':
      return (
        <Stack spacing={1}>
          <Alert severity="success">{t('payments.receipt.thanks')}</Alert>
          {receipt.effectuated && <Alert severity="success">{t('payments.receipt.effectuated')}</Alert>}
        </Stack>
      );
    case 'Pending':
      return <Alert severity="info">{t('payments.receipt.pending')}</Alert>;
    case 'Failed':
      return (
        <Alert severity="error">
          {loose(t)(`payments.decline.${receipt.failureReason ?? 'unknown'}`, {
            defaultValue: t('payments.decline.unknown'),
          })}{' '}
          {t('payments.decline.nothingCharged')}
        </Alert>
      );
    case 'Returned':
      return <Alert severity="warning">{t('payments.receipt.returned')}</Alert>;
    case 'Refunded':
      return <Alert severity="info">{t('payments.status.Refunded')}</Alert>;
    case 'Voided':
      return <Alert severity="info">{t('payments.status.Voided')}</Alert>;
  }
}

/**
 * A payment's receipt (issue 9): confirmation number, amount, method (last digits), policy and plan,
 * date and what it paid through; printable (the shell is hidden on paper), and as a PDF from the server.
 */
export function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const { paymentId = '' } = useParams();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const { account } = useConfig();
  const methodLabel = usePaymentMethodLabel();
  const receipt = useReceipt(viewer.credentialKey, paymentId);
  const pdf = useReceiptPdf(i18n.language);

  if (receipt.isPending) return <CircularProgress aria-label={t('app.processing')} />;
  if (!receipt.data) return <Alert severity="error">{t('payments.receipt.notFound')}</Alert>;
  const data = receipt.data;
  const facts: Fact[] = [
    { label: t('payments.receipt.transactionId'), value: data.transactionId },
    { label: t('payments.receipt.amount'), value: format.money(data.amountCents) },
    { label: t('payments.receipt.date'), value: format.date(data.transactionDate) },
    {
      label: t('payments.receipt.method'),
      value: methodLabel(data.paymentMethod, data.methodBrand, data.methodLastDigits),
    },
    { label: t('payments.receipt.status'), value: t(`payments.status.${data.status}`) },
    { label: t('payments.receipt.source'), value: t(`payments.source.${data.paymentSource}`) },
    { label: t('payments.receipt.policy'), value: data.policyNumber },
    { label: t('payments.receipt.plan'), value: data.planName ?? t('overview.none') },
    { label: t('payments.receipt.subscriber'), value: data.subscriberName },
    ...(data.payerName ? [{ label: t('payments.receipt.payer'), value: data.payerName }] : []),
    ...(data.paidThroughDate
      ? [{ label: t('payments.receipt.paidThrough'), value: format.date(data.paidThroughDate) }]
      : []),
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      {/* On paper the receipt stands alone: no header, menu or footer. */}
      <GlobalStyles
        styles={{
          '@media print': { 'header, nav, footer, [data-print="hide"]': { display: 'none !important' } },
        }}
      />
      <Typography variant="h4" component="h1">
        {t('payments.receipt.heading')}
      </Typography>
      <StatusMessage receipt={data} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="p" sx={{ mb: 2, fontWeight: 600 }}>
          {account.tenant.issuerName}
        </Typography>
        <Facts items={facts} columns={2} />
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} data-print="hide">
        <Button
          variant="contained"
          onClick={() => {
            window.print();
          }}
        >
          {t('payments.receipt.print')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon aria-hidden="true" />}
          disabled={pdf.busy}
          onClick={() => void pdf.download(data.paymentId, data.transactionId)}
        >
          {t('payments.receipt.downloadPdf')}
        </Button>
        {viewer.navigationRoutes.includes('/payments/payment-history') && (
          <Button component={RouterLink} to="/payments/payment-history" variant="outlined">
            {t('payments.receipt.history')}
          </Button>
        )}
        <Button component={RouterLink} to="/account-overview">
          {t('payments.receipt.overview')}
        </Button>
      </Stack>
      {pdf.busy && (
        <Typography role="status" variant="body2" data-print="hide">
          {t('payments.receipt.preparingPdf')}
        </Typography>
      )}
      {pdf.failed && (
        <Alert severity="error" data-print="hide">
          {t('payments.receipt.pdfFailed')}
        </Alert>
      )}
    </Stack>
  );
}

export default ReceiptPage;
