import { useMemo } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AutopayList, AutopaySubscription, ReplaceAutopayRequest } from '@portal/contracts';
import Box from '../../../kit/Box';
import Button from '../../../kit/Button';
import Dialog from '../../../kit/Dialog';
import DialogActions from '../../../kit/DialogActions';
import DialogContent from '../../../kit/DialogContent';
import DialogTitle from '../../../kit/DialogTitle';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { replaceAutopay } from '../../../data/autopay/autopay-commands';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CheckboxInput, contractResolver, PortalForm, RadioInput, useCommand } from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { useLayout } from '../../../ui/use-layout';
import { useAutopayError } from './autopay-errors';
import { consentParts, methodOptions, ownRuleMessage, type SavedMethod } from './autopay-model';
import { AutopayTermsForm, withOwnRules } from './autopay-terms-form';

type ReplaceForm = { walletItemId: string; consent: boolean };

interface CommonProps {
  subscription: AutopaySubscription;
  policyNumber: string;
  invalidates: () => readonly (readonly unknown[])[];
  onClose: () => void;
}

/** SPEC §4 Autopay "update": new terms, authorised again. */
export function ChangeTermsDialog({
  subscription,
  policyNumber,
  methodName,
  invalidates,
  onClose,
  onDone,
}: CommonProps & { methodName: string; onDone: (list: AutopayList) => void }) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="autopay-change-title"
    >
      <DialogTitle id="autopay-change-title">{t('autopay.changeDialog.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <AutopayTermsForm
            target={{ kind: 'update', subscription, methodName }}
            policyNumber={policyNumber}
            invalidates={invalidates}
            onDone={onDone}
            labelledBy="autopay-change-title"
            actions={(pending) => (
              <DialogActions sx={{ px: 0 }}>
                <Button onClick={onClose} disabled={pending}>
                  {t('form.cancel')}
                </Button>
                <Button type="submit" variant="contained" disabled={pending}>
                  {pending ? t('form.saving') : t('autopay.changeDialog.save')}
                </Button>
              </DialogActions>
            )}
          />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** SPEC §4 Autopay "replace (create new, then cancel original)": the same terms from another saved method. */
export function ReplaceMethodDialog({
  subscription,
  policyNumber,
  methods,
  invalidates,
  onClose,
  onDone,
}: CommonProps & {
  methods: readonly SavedMethod[];
  onDone: (list: AutopayList, methodName: string) => void;
}) {
  const { t } = useTranslation();
  const { narrow } = useLayout();
  const format = useFormatters();
  const describeError = useAutopayError();
  const currentId = subscription.paymentSource?.id;
  const options = methodOptions(t, methods, currentId);
  const resolver = useMemo(
    () => withOwnRules<ReplaceForm>(contractResolver((c) => c.ReplaceAutopayRequestSchema)),
    [],
  );
  const form = useForm<ReplaceForm>({
    resolver,
    defaultValues: {
      walletItemId: methods.find((method) => method.id !== currentId && !method.expired)?.id ?? '',
      consent: false,
    },
  });
  const errorsForm = useMemo(() => {
    const setError: UseFormSetError<ReplaceForm> = (name, error, options) => {
      form.setError(name, { ...error, message: ownRuleMessage(error.message) }, options);
    };
    return { setError };
  }, [form]);
  const command = useCommand({
    send: (request: ReplaceAutopayRequest, key: string) => replaceAutopay(subscription.id, request, key),
    invalidates,
    form: errorsForm,
  });
  const walletItemId = useWatch({ control: form.control, name: 'walletItemId' });
  const chosen = methods.find((method) => method.id === walletItemId);
  const { what, when } = consentParts(
    t,
    {
      amountType: subscription.amountType,
      fixedAmount: subscription.amountCents === null ? null : (subscription.amountCents / 100).toFixed(2),
      maxAmount: subscription.maxAmountCents === null ? null : (subscription.maxAmountCents / 100).toFixed(2),
      daysBeforeDue: subscription.daysBeforeDue,
    },
    format.money,
  );
  const save = async (values: ReplaceForm) => {
    const list = await command.submit(values);
    if (list) onDone(list, chosen?.label ?? '');
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby="autopay-replace-title"
    >
      <DialogTitle id="autopay-replace-title">{t('autopay.replaceDialog.title')}</DialogTitle>
      <DialogContent>
        {options.length === 0 ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{t('autopay.replaceDialog.noOther')}</Typography>
            <DialogActions sx={{ px: 0 }}>
              <Button component={RouterLink} to="/payments/wallet" variant="outlined">
                {t('autopay.unavailable.walletLink')}
              </Button>
              <Button onClick={onClose} autoFocus>
                {t('form.close')}
              </Button>
            </DialogActions>
          </Stack>
        ) : (
          <PortalForm
            form={form}
            onSubmit={save}
            error={command.error}
            describeError={describeError}
            labelledBy="autopay-replace-title"
          >
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography variant="body2">{t('autopay.replaceDialog.intro')}</Typography>
              <RadioInput name="walletItemId" field="autopayMethod" options={options} required />
              <CheckboxInput
                name="consent"
                field="autopayConsent"
                label={t('autopay.replaceDialog.consent', {
                  what,
                  when,
                  method: chosen?.label ?? t('autopay.consent.methodUnknown'),
                  policy: policyNumber,
                })}
              />
              <DialogActions sx={{ px: 0 }}>
                <Button onClick={onClose} disabled={command.pending}>
                  {t('form.cancel')}
                </Button>
                <Button type="submit" variant="contained" disabled={command.pending}>
                  {command.pending ? t('form.saving') : t('autopay.replaceDialog.confirm')}
                </Button>
              </DialogActions>
            </Stack>
          </PortalForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** SPEC §4 Autopay "cancel", confirmed first. */
export function TurnOffDialog({
  policyNumber,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  policyNumber: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="autopay-off"
      title={t('autopay.cancelDialog.title')}
      body={t('autopay.cancelDialog.body', { policy: policyNumber })}
      keepLabel={t('autopay.cancelDialog.keep')}
      confirmLabel={t('autopay.cancelDialog.confirm')}
      busy={busy}
      error={error}
      onKeep={onCancel}
      onConfirm={onConfirm}
    />
  );
}
