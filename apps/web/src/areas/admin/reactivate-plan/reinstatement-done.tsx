import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MakePaymentResponse } from '@portal/contracts';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useCoveredMonths } from '../../../ui/covered-months';
import { Facts } from '../../../ui/facts';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';

/**
 * After paying (issue 11): how the reinstatement went — reinstated at once, with staff, or waiting for a
 * bank payment to clear — and the receipt. The heading takes the focus so a screen reader and a keyboard
 * user start from the outcome.
 */
export function ReinstatementDone({
  answer,
  months,
  guest,
}: {
  answer: MakePaymentResponse;
  months: readonly string[];
  guest: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const coveredMonths = useCoveredMonths();
  const methodLabel = usePaymentMethodLabel();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { receipt } = answer;
  const outcome = answer.reinstatement?.outcome ?? 'in-review';
  const reference = answer.reinstatement?.referenceNumber ?? '';
  const message =
    outcome === 'reinstated'
      ? t('reinstatement.done.reinstatedBody', {
          number: receipt.policyNumber,
          date: answer.reinstatement?.coveredThrough ? format.date(answer.reinstatement.coveredThrough) : '',
        })
      : outcome === 'awaiting-payment'
        ? t('reinstatement.done.awaitingBody', { reference })
        : t('reinstatement.done.reviewBody', { reference });
  const receiptPath = guest
    ? `/payments/make-payment/receipt/${receipt.paymentId}`
    : `/payments/payment-history/${receipt.paymentId}`;
  return (
    <Stack spacing={3}>
      <Alert severity={outcome === 'reinstated' ? 'success' : 'info'} role="note">
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ outline: 'none' }}>
          {t(`reinstatement.done.heading.${outcome}`)}
        </Typography>
        <Typography sx={{ mt: 0.5 }}>{message}</Typography>
      </Alert>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        component="section"
        aria-labelledby="reinstatement-receipt-heading"
      >
        <Stack spacing={2}>
          <Typography id="reinstatement-receipt-heading" variant="h6" component="h2">
            {t('reinstatement.done.receiptHeading')}
          </Typography>
          <Facts
            columns={2}
            items={[
              {
                label: t('reinstatement.done.amount'),
                value: format.money(receipt.amountCents),
                detail: coveredMonths(months),
              },
              {
                label: t('reinstatement.done.method'),
                value: methodLabel(receipt.paymentMethod, receipt.methodBrand, receipt.methodLastDigits),
              },
              { label: t('reinstatement.done.paidOn'), value: format.date(receipt.transactionDate) },
              { label: t('reinstatement.done.status'), value: t(`payments.status.${receipt.status}`) },
              ...(receipt.paidThroughDate
                ? [
                    {
                      label: t('reinstatement.done.paidThrough'),
                      value: format.date(receipt.paidThroughDate),
                    },
                  ]
                : []),
              { label: t('reinstatement.done.transaction'), value: receipt.transactionId },
              ...(reference ? [{ label: t('reinstatement.done.reference'), value: reference }] : []),
            ]}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={receiptPath} variant="contained">
              {t('reinstatement.links.receipt')}
            </Button>
            {!guest && (
              <Button component={RouterLink} to="/admin/policy-selection/service-requests" variant="outlined">
                {t('reinstatement.links.requests')}
              </Button>
            )}
            <Button component={RouterLink} to="/account-overview">
              {t('reinstatement.links.overview')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
