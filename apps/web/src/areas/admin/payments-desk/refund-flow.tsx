import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '../../../kit/Alert';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { DeskReasonSchema, PaymentAmountSchema, type DeskPayment, type DeskResult } from '@portal/contracts';
import { amountCents } from '@portal/domain';
import {
  deskPaymentsKey,
  failedWorkKey,
  refundDeskPayment,
  voidDeskPayment,
} from '../../../data/payments-desk/payments-desk';
import { useSignedInViewer } from '../../../lib/viewer';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  MoneyInput,
  PortalForm,
  problemMessageKey,
  TextInput,
  useCommand,
  zodResolver,
} from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { usePaymentMethodLabel } from '../../../ui/payment/payment-method-label';
import { namesAField } from '../../../ui/problems';

const RefundFormSchema = z.object({
  amount: z.union([z.literal(''), PaymentAmountSchema]),
  reason: DeskReasonSchema,
});
type RefundForm = z.infer<typeof RefundFormSchema>;

/**
 * Refunding or cancelling one payment: the amount (a refund; empty = all that is left) and a required
 * reason, then a confirmation that says what moves, then the result — what was recorded, and what is
 * left. A field the server refuses (more than is left) returns to the form with the message on it.
 */
export function RefundFlow({
  payment,
  kind,
  onClose,
}: {
  payment: DeskPayment;
  kind: 'refund' | 'void';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const format = useFormatters();
  const methodLabel = usePaymentMethodLabel();
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const resolver = useMemo(() => zodResolver(RefundFormSchema), []);
  const form = useForm<RefundForm>({ resolver, defaultValues: { amount: '', reason: '' } });
  const command = useCommand<RefundForm, DeskResult, RefundForm>({
    send: (input, key) =>
      kind === 'refund'
        ? refundDeskPayment(
            payment.id,
            { reason: input.reason, ...(input.amount === '' ? {} : { amount: input.amount }) },
            key,
          )
        : voidDeskPayment(payment.id, { reason: input.reason }, key),
    invalidates: () => [deskPaymentsKey(viewer.credentialKey), failedWorkKey(viewer.credentialKey)],
    form,
  });
  const values = form.getValues();
  const amount =
    kind === 'void'
      ? payment.amountCents
      : values.amount === ''
        ? payment.refundableCents
        : amountCents(values.amount);
  const method = methodLabel(payment.paymentMethod, payment.methodBrand, payment.methodLastDigits);
  const titleId = `refund-flow-${payment.id}`;

  const confirm = async () => {
    const outcome = await command.attempt(form.getValues());
    if (outcome.ok) {
      setStep('done');
      return;
    }
    // A field the server refused goes back to the form, where its message is shown.
    if (namesAField(outcome.error, (field) => field === 'body.amount' || field === 'body.reason'))
      setStep('form');
  };

  if (step === 'confirm') {
    return (
      <ConfirmDialog
        id={`${titleId}-confirm`}
        title={t(kind === 'refund' ? 'paymentsDesk.confirmRefundTitle' : 'paymentsDesk.confirmVoidTitle', {
          amount: format.money(amount),
        })}
        body={t(kind === 'refund' ? 'paymentsDesk.confirmRefundBody' : 'paymentsDesk.confirmVoidBody', {
          amount: format.money(amount),
          method,
          policy: payment.policyNumber,
          reason: values.reason.trim(),
        })}
        keepLabel={t('paymentsDesk.keep')}
        confirmLabel={t(kind === 'refund' ? 'paymentsDesk.confirmRefund' : 'paymentsDesk.confirmVoid')}
        busy={command.pending}
        error={command.error ? t(problemMessageKey(command.error)) : null}
        onKeep={() => {
          command.reset();
          setStep('form');
        }}
        onConfirm={() => void confirm()}
      />
    );
  }

  const result = command.result;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(kind === 'refund' ? 'paymentsDesk.refundHeading' : 'paymentsDesk.voidHeading')}
      </DialogTitle>
      {step === 'done' && result ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {result.refund.kind === 'refund'
                ? t('paymentsDesk.doneRefund', {
                    amount: format.money(result.refund.amountCents),
                    status: t(`paymentsDesk.refundStatus.${result.refund.status}`),
                    left: format.money(result.payment.refundableCents),
                  })
                : t('paymentsDesk.doneVoid', { amount: format.money(result.refund.amountCents) })}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained" autoFocus>
              {t('paymentsDesk.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <PortalForm
          form={form}
          onSubmit={() => {
            setStep('confirm');
          }}
          labelledBy={titleId}
        >
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                {kind === 'refund'
                  ? t('paymentsDesk.refundIntro', { amount: format.money(payment.refundableCents) })
                  : t('paymentsDesk.voidIntro', { amount: format.money(payment.amountCents) })}
              </Typography>
              {kind === 'refund' && <MoneyInput name="amount" field="refundAmount" />}
              <TextInput name="reason" field="refundReason" required multiline maxLength={500} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose}>{t('paymentsDesk.close')}</Button>
            <Button type="submit" variant="contained">
              {t('paymentsDesk.review')}
            </Button>
          </DialogActions>
        </PortalForm>
      )}
    </Dialog>
  );
}
