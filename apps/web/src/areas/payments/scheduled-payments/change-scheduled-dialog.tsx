import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChangeScheduledPaymentForm, ScheduledPayment } from '@portal/contracts';
import { toWireAmount, type CalendarDate } from '@portal/domain';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { changeScheduledPayment } from '../../../data/scheduled-payment/scheduled-payment-commands';
import { contractResolver, DateInput, MoneyInput, PortalForm, useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { useLayout } from '../../../ui/use-layout';
import { useScheduledError } from './scheduled-errors';
import { useWindowHelp } from './schedule-payment-dialog';

export interface ChangeScheduledDialogProps {
  payment: ScheduledPayment;
  /** How the page names the payment ("$125.00 on December 1, 2026"). */
  name: string;
  /** What it pays from ("Visa ending in 4242"). */
  source: string;
  dateWindow: { earliest: CalendarDate; latest: CalendarDate };
  invalidates: () => readonly (readonly unknown[])[];
  onClose: () => void;
  onChanged: (payment: ScheduledPayment) => void;
}

/** A new date and/or amount for a payment still Scheduled (issue 10); only what changed is sent. */
export function ChangeScheduledDialog({
  payment,
  name,
  source,
  dateWindow,
  invalidates,
  onClose,
  onChanged,
}: ChangeScheduledDialogProps) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const { account } = useConfig();
  const format = useFormatters();
  const describeError = useScheduledError();
  const dateHelp = useWindowHelp(dateWindow);
  const limits = account.payments;
  const resolver = useMemo(
    () => contractResolver((c) => c.changeScheduledPaymentFormSchema(limits, dateWindow)),
    [limits, dateWindow],
  );
  const initial = {
    paymentAmount: toWireAmount(payment.paymentAmountCents),
    paymentDate: payment.paymentDate,
  };
  const form = useForm<ChangeScheduledPaymentForm>({ resolver, defaultValues: initial });
  const command = useCommand({
    send: (values: ChangeScheduledPaymentForm, key: string) =>
      changeScheduledPayment(
        payment.id,
        {
          ...(values.paymentAmount !== initial.paymentAmount ? { paymentAmount: values.paymentAmount } : {}),
          ...(values.paymentDate !== initial.paymentDate ? { paymentDate: values.paymentDate } : {}),
        },
        key,
      ),
    invalidates,
    form,
  });
  const save = async (values: ChangeScheduledPaymentForm) => {
    if (values.paymentAmount === initial.paymentAmount && values.paymentDate === initial.paymentDate) {
      onClose();
      return;
    }
    const changed = await command.submit(values);
    if (changed) onChanged(changed);
  };
  return (
    <Dialog
      open
      onClose={command.pending ? undefined : onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="change-scheduled-title"
    >
      <DialogTitle id="change-scheduled-title">
        {t('scheduledPayments.changeDialog.title', { payment: name })}
      </DialogTitle>
      <DialogContent>
        <PortalForm
          form={form}
          onSubmit={save}
          error={command.error}
          describeError={describeError}
          labelledBy="change-scheduled-title"
        >
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {t('scheduledPayments.changeDialog.intro', { method: source })}
            </Typography>
            <MoneyInput
              name="paymentAmount"
              field="paymentAmount"
              required
              help={t('scheduledPayments.form.amountHelp', {
                minimum: format.money(limits.minAllowedPaymentCents),
                maximum: format.money(limits.maxAllowedPaymentCents),
              })}
            />
            <DateInput
              name="paymentDate"
              field="paymentDate"
              required
              help={dateHelp}
              slotProps={{ htmlInput: { min: dateWindow.earliest, max: dateWindow.latest } }}
            />
          </Stack>
          <DialogActions sx={{ px: 0, pt: 3, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose} disabled={command.pending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={command.pending}>
              {command.pending ? t('form.saving') : t('scheduledPayments.changeDialog.save')}
            </Button>
          </DialogActions>
        </PortalForm>
      </DialogContent>
    </Dialog>
  );
}
