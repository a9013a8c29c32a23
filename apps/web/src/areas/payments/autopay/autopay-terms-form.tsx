import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AutopayForm, AutopayList, AutopaySubscription } from '@portal/contracts';
import { MAX_AUTOPAY_DAYS_BEFORE_DUE, toWireAmount } from '@portal/domain';
import Box from '../../../kit/Box';
import Stack from '../../../kit/Stack';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { autopayRequestOf, createAutopay, updateAutopay } from '../../../data/autopay/autopay-commands';
import {
  CheckboxInput,
  contractResolver,
  MoneyInput,
  PortalForm,
  RadioInput,
  SelectInput,
  useCommand,
  type Option,
} from '../../../ui/form';
import { useFormatters } from '../../../ui/format';
import { useAutopayError } from './autopay-errors';
import { consentParts, methodOptions, ownRuleMessage, type SavedMethod } from './autopay-model';

/** Autopay's own words for the rules whose shared message belongs to another form (see autopay-model.ts). */
export function withOwnRules<T extends AutopayForm | { walletItemId: string; consent: boolean }>(
  resolver: Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const error of Object.values(result.errors) as ({ message?: string } | undefined)[]) {
      if (error?.message !== undefined) error.message = ownRuleMessage(error.message);
    }
    return result;
  };
}

export type AutopayTermsTarget =
  | { kind: 'create'; policyId: string; methods: readonly SavedMethod[] }
  | { kind: 'update'; subscription: AutopaySubscription; methodName: string };

export interface AutopayTermsFormProps {
  target: AutopayTermsTarget;
  /** "LHP-1000001-01": named in the authorisation. */
  policyNumber: string;
  invalidates: () => readonly (readonly unknown[])[];
  onDone: (list: AutopayList) => void;
  /** The form's buttons (submit first): the page's or the dialog's. */
  actions: (pending: boolean) => ReactNode;
  labelledBy?: string;
}

/**
 * Set up (SPEC §4 Autopay "create") or change ("update") what autopay charges and when: the amount due
 * (up to an optional maximum) or a fixed amount, on the due date or up to 10 days before it, from a
 * saved method (set up only: the method changes by replacing). The member ticks an authorisation that
 * says exactly what will be debited, from which method, when: the consent the server requires.
 */
export function AutopayTermsForm({
  target,
  policyNumber,
  invalidates,
  onDone,
  actions,
  labelledBy,
}: AutopayTermsFormProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account } = useConfig();
  const limits = account.payments;
  const describeError = useAutopayError();
  const resolver = useMemo(
    () => withOwnRules(contractResolver((c) => c.autopayFormSchema(limits))),
    [limits],
  );
  const subscription = target.kind === 'update' ? target.subscription : null;
  const firstUsable =
    target.kind === 'create' ? (target.methods.find((method) => !method.expired)?.id ?? '') : '';
  const form = useForm<AutopayForm>({
    resolver,
    defaultValues: {
      // The update request names no method; the schema still asks for one.
      walletItemId: subscription ? (subscription.paymentSource?.id ?? subscription.id) : firstUsable,
      amountType: subscription?.amountType ?? 'AmountDue',
      fixedAmount: subscription?.amountCents != null ? toWireAmount(subscription.amountCents) : '',
      daysBeforeDue: String(subscription?.daysBeforeDue ?? 0),
      maxAmount: subscription?.maxAmountCents != null ? toWireAmount(subscription.maxAmountCents) : '',
      consent: false,
    },
  });
  const errorsForm = useMemo(() => {
    const setError: UseFormSetError<AutopayForm> = (name, error, options) => {
      form.setError(name, { ...error, message: ownRuleMessage(error.message) }, options);
    };
    return { setError };
  }, [form]);
  const command = useCommand({
    send: (values: AutopayForm, key: string) =>
      target.kind === 'create'
        ? createAutopay(
            target.policyId,
            { walletItemId: values.walletItemId, ...autopayRequestOf(values) },
            key,
          )
        : updateAutopay(target.subscription.id, autopayRequestOf(values), key),
    invalidates,
    form: errorsForm,
  });
  const [walletItemId, amountType, fixedAmount, maxAmount, daysBeforeDue] = useWatch({
    control: form.control,
    name: ['walletItemId', 'amountType', 'fixedAmount', 'maxAmount', 'daysBeforeDue'],
  });
  const fixed = amountType === 'Fixed';
  const { what, when } = consentParts(
    t,
    {
      amountType,
      fixedAmount: fixed ? fixedAmount : null,
      maxAmount: fixed ? null : maxAmount,
      daysBeforeDue: Number(daysBeforeDue),
    },
    format.money,
  );
  const methodName =
    target.kind === 'update'
      ? target.methodName
      : (target.methods.find((method) => method.id === walletItemId)?.label ??
        t('autopay.consent.methodUnknown'));
  const dayOptions: Option[] = Array.from({ length: MAX_AUTOPAY_DAYS_BEFORE_DUE + 1 }, (_, days) => ({
    value: String(days),
    label:
      days === 0
        ? t('autopay.form.dueDate')
        : days === 1
          ? t('autopay.form.oneDay')
          : t('autopay.form.days', { count: days }),
  }));
  const save = async (values: AutopayForm) => {
    const list = await command.submit(values);
    if (list) onDone(list);
  };

  return (
    <PortalForm
      form={form}
      onSubmit={save}
      error={command.error}
      describeError={describeError}
      {...(labelledBy ? { labelledBy } : {})}
    >
      <Stack spacing={2.5}>
        {target.kind === 'create' && (
          <RadioInput
            name="walletItemId"
            field="autopayMethod"
            options={methodOptions(t, target.methods)}
            required
          />
        )}
        <RadioInput
          name="amountType"
          field="autopayAmountType"
          options={[
            { value: 'AmountDue', label: t('autopay.form.amountTypes.AmountDue') },
            { value: 'Fixed', label: t('autopay.form.amountTypes.Fixed') },
          ]}
          required
        />
        {fixed ? (
          <MoneyInput
            name="fixedAmount"
            field="autopayFixedAmount"
            required
            help={t('autopay.form.fixedHelp', {
              minimum: format.money(limits.minAllowedPaymentCents),
              maximum: format.money(limits.maxAllowedPaymentCents),
            })}
          />
        ) : (
          <MoneyInput name="maxAmount" field="autopayMaxAmount" help={t('autopay.form.maxHelp')} />
        )}
        <SelectInput
          name="daysBeforeDue"
          field="autopayDaysBeforeDue"
          options={dayOptions}
          required
          help={t('autopay.form.whenHelp')}
        />
        <Box
          component="fieldset"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            m: 0,
            px: 2,
            pt: 1,
            pb: 1.5,
            minWidth: 0,
          }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {t('autopay.form.consentHeading')}
          </Typography>
          <CheckboxInput
            name="consent"
            field="autopayConsent"
            label={t('autopay.consent.text', { what, when, method: methodName, policy: policyNumber })}
            required
          />
        </Box>
        {actions(command.pending)}
      </Stack>
    </PortalForm>
  );
}
