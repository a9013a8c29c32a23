import { useTranslation } from 'react-i18next';
import type { ScheduledPayment } from '@portal/contracts';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Chip, { type ChipProps } from '../../../kit/Chip';
import Paper from '../../../kit/Paper';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { loose } from '../../../i18n/loose';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';
import { visuallyHidden } from '../../../ui/visually-hidden';

const STATUS_COLOR: Record<ScheduledPayment['status'], ChipProps['color']> = {
  Scheduled: 'primary',
  Processing: 'info',
  Paid: 'success',
  Pending: 'default',
  Failed: 'error',
  Cancelled: 'default',
  Cleared: 'default',
};

/** "Visa ending in 4242": what a scheduled payment pays from, by its last digits only. */
export function usePaymentSourceLabel() {
  const { t } = useTranslation();
  const label = usePaymentMethodLabel();
  return (payment: ScheduledPayment): string => {
    const source = payment.paymentSource;
    if (!source) return t('scheduledPayments.item.unknownMethod');
    const name = label(
      source.kind === 'card' ? 'Card' : 'BankAccount',
      source.brand,
      source.lastDigits,
      source.nickname,
    );
    return source.removed ? t('scheduledPayments.item.removedMethod', { method: name }) : name;
  };
}

/** "$125.00 on December 1, 2026": how the page names one scheduled payment everywhere. */
export function usePaymentTitle() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (payment: Pick<ScheduledPayment, 'paymentAmountCents' | 'paymentDate'>) =>
    t('scheduledPayments.item.title', {
      amount: format.money(payment.paymentAmountCents),
      date: format.date(payment.paymentDate),
    });
}

export interface ScheduledPaymentItemProps {
  payment: ScheduledPayment;
  canManage: boolean;
  busy: boolean;
  onChange: () => void;
  onCancel: () => void;
}

/** One scheduled payment: amount and date, status, the method it pays from, its note; change and cancel while Scheduled. */
export function ScheduledPaymentItem({
  payment,
  canManage,
  busy,
  onChange,
  onCancel,
}: ScheduledPaymentItemProps) {
  const { t } = useTranslation();
  const title = usePaymentTitle()(payment);
  const source = usePaymentSourceLabel()(payment);
  const headingId = `scheduled-${payment.id}`;
  const scheduled = payment.status === 'Scheduled';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography
          id={headingId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOR[payment.status]}
          variant={scheduled ? 'filled' : 'outlined'}
          label={t(`scheduledPayments.status.${payment.status}`)}
        />
      </Stack>
      <Typography variant="body2">{t('scheduledPayments.item.from', { method: source })}</Typography>
      {payment.description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {t('scheduledPayments.item.note', { note: payment.description })}
        </Typography>
      )}
      {payment.status !== 'Scheduled' && (
        <Typography
          variant="body2"
          sx={{ color: payment.status === 'Failed' ? 'error.dark' : 'text.secondary' }}
        >
          {payment.status === 'Failed'
            ? loose(t)(`payments.decline.${payment.failureReason ?? 'unknown'}`, {
                defaultValue: t('payments.decline.unknown'),
              })
            : t(`scheduledPayments.statusHelp.${payment.status}`)}
        </Typography>
      )}
      {canManage && scheduled && (
        <Box sx={{ mt: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" variant="outlined" disabled={busy} onClick={onChange}>
              {t('scheduledPayments.change')}
              <span style={visuallyHidden}> – {title}</span>
            </Button>
            <Button size="small" color="error" variant="outlined" disabled={busy} onClick={onCancel}>
              {t('scheduledPayments.cancel')}
              <span style={visuallyHidden}> – {title}</span>
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
