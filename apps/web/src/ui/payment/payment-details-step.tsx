import type { Ref } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { HostedFieldsConfig, MakePaymentForm } from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Paper from '../../kit/Paper';
import Stack from '../../kit/Stack';
import Typography from '../../kit/Typography';
import { useConfig } from '../../config/config-context';
import { HydrateLater } from '../../lib/hydrate-later';
import { useSignedInViewer } from '../../lib/viewer';
import {
  CheckboxInput,
  DateInput,
  MoneyInput,
  PortalForm,
  RadioInput,
  TextInput,
  type Option,
} from '../form';
import { useFormatters } from '../format';
import { HostedFields, type HostedFieldsHandle } from '../hosted-fields/hosted-fields';
import { DetailsAction } from './details-action';

export const NEW_CARD = 'new-card';
export const NEW_BANK = 'new-bank';

/** The days a payment may be scheduled for (SPEC §9 scheduledPaymentHorizonDays). */
export interface PaymentWindow {
  earliest: CalendarDate;
  latest: CalendarDate;
}

/** The hosted fields' configuration as the page reads it (a query: loaded, failed, fetched anew). */
interface HostedFieldsQuery {
  data: HostedFieldsConfig | undefined;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** Today or a later date (a scheduled payment), and the later date within the window. */
function WhenFields({ today, window }: { today: CalendarDate; window: PaymentWindow }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const when = useWatch<MakePaymentForm, 'when'>({ name: 'when' });
  return (
    <>
      <RadioInput
        name="when"
        field="paymentWhen"
        row
        options={[
          { value: 'today', label: t('payments.makePayment.whenToday', { date: format.date(today) }) },
          { value: 'later', label: t('payments.makePayment.whenLater') },
        ]}
      />
      {when === 'later' && (
        <DateInput
          name="paymentDate"
          field="paymentDate"
          required
          slotProps={{ htmlInput: { min: window.earliest, max: window.latest } }}
          help={t('payments.makePayment.laterHelp', {
            earliest: format.date(window.earliest),
            latest: format.date(window.latest),
          })}
        />
      )}
    </>
  );
}

/**
 * The method to pay from: a saved one (members), or a new card or account typed in the processor's
 * hosted fields — which a member may keep in the wallet — with what went wrong checking it.
 */
function MethodFields({
  guest,
  savedOptions,
  frame,
  tokenizeFailed,
  frameExpired,
  hostedFields,
}: {
  guest: boolean;
  savedOptions: Option[];
  frame: Ref<HostedFieldsHandle>;
  tokenizeFailed: boolean;
  frameExpired: boolean;
  hostedFields: HostedFieldsQuery;
}) {
  const { t } = useTranslation();
  const viewer = useSignedInViewer();
  const limits = useConfig().account.payments;
  const methodChoice = useWatch<MakePaymentForm, 'methodChoice'>({ name: 'methodChoice' });
  const newKind = methodChoice === NEW_CARD ? 'card' : methodChoice === NEW_BANK ? 'bankAccount' : null;
  const methodOptions: Option[] = [
    ...(guest ? [] : savedOptions),
    ...(limits.paymentTypes.includes('CardPayments')
      ? [{ value: NEW_CARD, label: t('payments.method.newCard') }]
      : []),
    ...(limits.paymentTypes.includes('CheckingOrSavings')
      ? [{ value: NEW_BANK, label: t('payments.method.newBankAccount') }]
      : []),
  ];
  return (
    <>
      {guest && <Typography variant="body2">{t('payments.makePayment.guestMethods')}</Typography>}
      {!guest && savedOptions.length === 0 && (
        <Typography variant="body2">{t('payments.makePayment.noSavedMethods')}</Typography>
      )}
      <RadioInput name="methodChoice" field="methodChoice" options={methodOptions} required />
      {newKind && hostedFields.data && (
        <Box>
          <HostedFields
            key={newKind}
            ref={frame}
            kind={newKind}
            config={hostedFields.data}
            title={t(newKind === 'card' ? 'payments.method.newCard' : 'payments.method.newBankAccount')}
            onExpired={() => void hostedFields.refetch()}
          />
          {!guest && viewer.session.actions.includes('manage-wallet') && (
            <CheckboxInput name="saveToWallet" field="saveToWallet" />
          )}
        </Box>
      )}
      {newKind && hostedFields.isError && <Alert severity="error">{t('problems.unavailable')}</Alert>}
      {tokenizeFailed && <Alert severity="error">{t('problems.unavailable')}</Alert>}
      {frameExpired && <Alert severity="warning">{t('hostedFields.expired')}</Alert>}
    </>
  );
}

/** The billing name, address and e-mail the payment is made under. */
function BillingFields() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('payments.makePayment.billingHeading')}
      </Typography>
      <TextInput name="billingName" field="billingName" required autoComplete="cc-name" maxLength={100} />
      <TextInput
        name="street"
        field="street"
        required
        autoComplete="billing street-address"
        maxLength={100}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput name="city" field="city" required autoComplete="billing address-level2" maxLength={60} />
        <TextInput name="state" field="state" required autoComplete="billing address-level1" maxLength={2} />
        <TextInput
          name="zip"
          field="zip"
          required
          autoComplete="billing postal-code"
          inputMode="numeric"
          maxLength={10}
        />
      </Stack>
      <TextInput name="emailAddress" field="emailAddress" type="email" autoComplete="email" maxLength={200} />
    </>
  );
}

/**
 * The payment form's details step (issue 9): the amount (fixed for a binder or a reinstatement), when
 * (members may pay on a later date), the method, the billing details, then Continue to the review.
 */
export function PaymentDetailsStep({
  form,
  onContinue,
  payError,
  describeError,
  fixedAmount,
  reinstating,
  canPayLater,
  today,
  window,
  guest,
  savedOptions,
  frame,
  checking,
  tokenizeFailed,
  frameExpired,
  hostedFields,
}: {
  form: UseFormReturn<MakePaymentForm>;
  onContinue: (values: MakePaymentForm) => Promise<void>;
  /** The last payment's failure, said above the fields (a refusal about one of them). */
  payError: unknown;
  describeError: (error: unknown) => string;
  fixedAmount: boolean;
  reinstating: boolean;
  canPayLater: boolean;
  today: CalendarDate;
  window: PaymentWindow;
  guest: boolean;
  savedOptions: Option[];
  /** The hosted fields' frame, and what checking what was typed in it said (see use-fresh-method.ts). */
  frame: Ref<HostedFieldsHandle>;
  checking: boolean;
  tokenizeFailed: boolean;
  frameExpired: boolean;
  hostedFields: HostedFieldsQuery;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const limits = useConfig().account.payments;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="details-heading"
    >
      <Typography id="details-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('payments.makePayment.detailsHeading')}
      </Typography>
      <PortalForm
        form={form}
        onSubmit={onContinue}
        error={payError ?? undefined}
        describeError={describeError}
        labelledBy="details-heading"
      >
        <Stack spacing={2.5}>
          <MoneyInput
            name="amount"
            field="amount"
            required
            readOnly={fixedAmount}
            help={
              reinstating
                ? t('reinstatement.amountHelp')
                : t('payments.makePayment.amountHelp', {
                    minimum: format.money(limits.minAllowedPaymentCents),
                    maximum: format.money(limits.maxAllowedPaymentCents),
                  })
            }
          />
          {/* A server-rendered form is hydrated a group of fields at a time (lib/hydrate-later.tsx). */}
          {canPayLater && (
            <HydrateLater name="payment-when">
              <WhenFields today={today} window={window} />
            </HydrateLater>
          )}
          <HydrateLater name="payment-method">
            <MethodFields
              guest={guest}
              savedOptions={savedOptions}
              frame={frame}
              tokenizeFailed={tokenizeFailed}
              frameExpired={frameExpired}
              hostedFields={hostedFields}
            />
          </HydrateLater>
          <HydrateLater name="payment-billing">
            <BillingFields />
          </HydrateLater>
          <DetailsAction checking={checking} />
        </Stack>
      </PortalForm>
    </Paper>
  );
}
