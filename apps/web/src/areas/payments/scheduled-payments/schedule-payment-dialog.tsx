import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ScheduledPayment, ScheduledPaymentForm } from '@portal/contracts';
import { amountCents, type CalendarDate } from '@portal/domain';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { createScheduledPayment } from '../../../data/scheduled-payment/scheduled-payment-commands';
import { Facts } from '../../../ui/facts';
import {
  contractResolver,
  DateInput,
  MoneyInput,
  PortalForm,
  RadioInput,
  TextInput,
  useCommand,
  type Option,
} from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { useLayout } from '../../../ui/use-layout';
import { useScheduledError } from './scheduled-errors';
import { namesAField } from '../../../ui/problems';

/** A saved method the payment can come from, with the words the page uses for it. */
export interface MethodChoice {
  id: string;
  label: string;
}

export interface SchedulePaymentDialogProps {
  policyId: string;
  /** How the page names the policy ("Medical · Silver HMO (LHP-1000001-01)"). */
  policyLabel: string;
  methods: readonly MethodChoice[];
  defaultMethodId: string;
  dateWindow: { earliest: CalendarDate; latest: CalendarDate };
  invalidates: () => readonly (readonly unknown[])[];
  onClose: () => void;
  onScheduled: (payment: ScheduledPayment) => void;
}

/** "You can choose a date from November 24, 2026 to February 21, 2027." */
export function useWindowHelp(dateWindow: { earliest: CalendarDate; latest: CalendarDate }): string {
  const { t } = useTranslation();
  const format = useFormatters();
  return t('scheduledPayments.form.dateHelp', {
    earliest: format.date(dateWindow.earliest),
    latest: format.date(dateWindow.latest),
  });
}

/**
 * Schedule a payment (issue 10): a saved method, an amount within the tenant's limits, a date in the
 * window, an optional note; then a review that says what will be charged, from what and when, before
 * anything is saved. A refusal about a field goes back to the details with what was typed kept.
 */
export function SchedulePaymentDialog({
  policyId,
  policyLabel,
  methods,
  defaultMethodId,
  dateWindow,
  invalidates,
  onClose,
  onScheduled,
}: SchedulePaymentDialogProps) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const { account } = useConfig();
  const format = useFormatters();
  const describeError = useScheduledError();
  const dateHelp = useWindowHelp(dateWindow);
  const limits = account.payments;
  const resolver = useMemo(
    () => contractResolver((c) => c.scheduledPaymentFormSchema(limits, dateWindow)),
    [limits, dateWindow],
  );
  const form = useForm<ScheduledPaymentForm>({
    resolver,
    defaultValues: { walletItemId: defaultMethodId, paymentAmount: '', paymentDate: '', description: '' },
  });
  const [review, setReview] = useState<ScheduledPaymentForm | null>(null);
  // The default method once the wallet is known (it may arrive after the dialog opened).
  useEffect(() => {
    const chosen = form.getValues('walletItemId');
    if (defaultMethodId !== '' && !methods.some((method) => method.id === chosen))
      form.setValue('walletItemId', defaultMethodId);
  }, [form, methods, defaultMethodId]);
  const command = useCommand({
    send: (values: ScheduledPaymentForm, key: string) =>
      createScheduledPayment(
        policyId,
        {
          walletItemId: values.walletItemId,
          paymentAmount: values.paymentAmount,
          paymentDate: values.paymentDate,
          ...(values.description ? { description: values.description } : {}),
        },
        key,
      ),
    invalidates,
    form,
  });
  const options: Option[] = methods.map((method) => ({ value: method.id, label: method.label }));

  const confirm = async () => {
    if (!review) return;
    const outcome = await command.attempt(review);
    if (outcome.ok) {
      onScheduled(outcome.result);
      return;
    }
    // A refusal about a field is fixed on the details step, where the field is.
    if (namesAField(outcome.error, (field) => field.startsWith('body.'))) setReview(null);
  };

  return (
    <Dialog
      open
      onClose={command.pending ? undefined : onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="schedule-title"
    >
      <DialogTitle id="schedule-title">
        {t(review ? 'scheduledPayments.form.reviewTitle' : 'scheduledPayments.form.title')}
      </DialogTitle>
      <DialogContent>
        {review ? (
          <Stack spacing={2.5}>
            {command.error !== null && command.error !== undefined && (
              <Alert severity="error" role="alert">
                {describeError(command.error)}
              </Alert>
            )}
            <Facts
              columns={2}
              items={[
                { label: t('scheduledPayments.form.reviewPolicy'), value: policyLabel },
                {
                  label: t('scheduledPayments.form.reviewAmount'),
                  value: format.money(amountCents(review.paymentAmount)),
                },
                {
                  label: t('scheduledPayments.form.reviewMethod'),
                  value: methods.find((method) => method.id === review.walletItemId)?.label ?? '',
                },
                { label: t('scheduledPayments.form.reviewDate'), value: format.date(review.paymentDate) },
                ...(review.description
                  ? [{ label: t('fields.scheduledPaymentNote.label'), value: review.description }]
                  : []),
              ]}
            />
            <Typography variant="body2">
              {t('scheduledPayments.form.reviewConfirm', {
                issuer: account.tenant.issuerName,
                amount: format.money(amountCents(review.paymentAmount)),
                date: format.date(review.paymentDate),
              })}
            </Typography>
            <Alert severity="info">{t('scheduledPayments.clearingRule')}</Alert>
            <DialogActions sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
              <Button
                disabled={command.pending}
                onClick={() => {
                  command.reset();
                  setReview(null);
                }}
              >
                {t('scheduledPayments.form.back')}
              </Button>
              <Button variant="contained" disabled={command.pending} onClick={() => void confirm()}>
                {command.pending
                  ? t('form.saving')
                  : t('scheduledPayments.form.confirm', {
                      amount: format.money(amountCents(review.paymentAmount)),
                    })}
              </Button>
            </DialogActions>
          </Stack>
        ) : (
          <PortalForm
            form={form}
            onSubmit={(values) => {
              command.reset();
              setReview(values);
            }}
            error={command.error}
            describeError={describeError}
            labelledBy="schedule-title"
          >
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <RadioInput name="walletItemId" field="walletItemId" options={options} required />
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
              <TextInput
                name="description"
                field="scheduledPaymentNote"
                help={t('scheduledPayments.form.noteHelp')}
                maxLength={140}
                autoComplete="off"
              />
            </Stack>
            <DialogActions sx={{ px: 0, pt: 3, flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose}>{t('form.cancel')}</Button>
              <Button type="submit" variant="contained">
                {t('scheduledPayments.form.continue')}
              </Button>
            </DialogActions>
          </PortalForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
