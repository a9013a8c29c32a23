import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  MakePaymentForm,
  MakePaymentRequest,
  MakePaymentResponse,
  PolicyDetail,
  Wallet,
} from '@portal/contracts';
import {
  amountCents,
  type CalendarDate,
  formatUsDate,
  scheduledPaymentWindow,
  toWireAmount,
} from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConfig } from '../../config/config-context';
import { makePayment, makePaymentLater } from '../../data/payment/make-payment';
import { scheduledPaymentsKey } from '../../data/scheduled-payment/get-scheduled-payments';
import { paymentHistoryKey } from '../../data/payment/get-payment-history';
import { reinstatementKey } from '../../data/reinstatement/get-reinstatement';
import { serviceRequestsKey } from '../../data/service-request/get-service-requests';
import { useHostedFields } from '../../data/processor/get-hosted-fields';
import { updatePortalState } from '../../lib/portal-state';
import { useSignedInViewer } from '../../lib/viewer';
import {
  CheckboxInput,
  contractResolver,
  DateInput,
  MoneyInput,
  PortalForm,
  RadioInput,
  TextInput,
  useCommand,
  type Option,
} from '../form';
import { useSnackbar } from '../snackbar';
import { useFormatters } from '../format';
import { isConflict, namesAField, PROBLEMS, useProblemText } from '../problems';
import { HostedFields, type HostedFieldsHandle } from '../hosted-fields/hosted-fields';
import { DetailsAction } from './details-action';
import { PaymentReviewStep, type ChosenMethod, type Review } from './payment-review-step';
import {
  freshMethod,
  savedMethodLabel,
  usePaymentMethodLabel,
  walletMethods,
  type MethodLabel,
} from './payment-method-label';

const NEW_CARD = 'new-card';
const NEW_BANK = 'new-bank';

/**
 * Paying to reinstate a terminated policy (issue 11, `purpose: reinstatement`): the amount is the
 * reinstatement's amount due, fixed; the review names the months it pays for and what paying does; the
 * payment asks for the reinstatement, and the page shows how it went.
 */
export interface ReinstatementPayment {
  months: readonly CalendarDate[];
  /** What paying does, said on the review step (reinstated at once, or reviewed by staff). */
  reviewNote: string;
  /** The page shows the outcome and the receipt (instead of leaving for the receipt page). */
  onPaid: (answer: MakePaymentResponse) => void;
  /** The offer changed under the member (the deadline passed, another request won): the page reloads it and says why. */
  onRefused: (message: string) => void;
}

export interface PaymentFormProps {
  policy: PolicyDetail;
  /** The household's wallet (members and staff acting for one); null for a guest. */
  wallet: Wallet | null;
  /** A binder payment: the amount is the first month, fixed. */
  binder: boolean;
  /** The amount filled in (the amount due, or the binder). */
  defaultAmountCents: number;
  today: CalendarDate;
  reinstatement?: ReinstatementPayment;
}

const savedOptions = (
  wallet: Wallet | null,
  label: MethodLabel,
  t: (key: 'payments.method.default') => string,
): Option[] =>
  walletMethods(wallet).map((saved) => ({
    value: `saved:${saved.id}`,
    label: `${savedMethodLabel(label, saved)}${saved.isDefault ? ` (${t('payments.method.default')})` : ''}`,
  }));

/** The form field a field error of the make-payment body (today's or a later date's) belongs to. */
function formFieldOf(field: string): string | null {
  if (field.endsWith('paymentAmount')) return 'amount';
  if (field === 'body.information.date') return 'paymentDate';
  if (field.endsWith('walletItemId') || field.endsWith('paymentToken')) return 'methodChoice';
  if (field.startsWith('body.information.'))
    return BILLING_FIELDS[field.slice('body.information.'.length)] ?? null;
  return null;
}
const BILLING_FIELDS: Record<string, string> = {
  billingName: 'billingName',
  street: 'street',
  city: 'city',
  state: 'state',
  zip: 'zip',
  emailAddress: 'emailAddress',
};

/**
 * Why a method the member asked to keep was not saved while paying, as the wallet's own message code
 * (wallet.errors.*; '' for a reason with no words of its own); null when it was saved or not asked.
 */
type NotSavedReason =
  'already-saved' | 'limit-reached' | 'card-expired' | 'method-type-not-accepted' | 'token-unknown';
function notSavedReason(saved: MakePaymentResponse['savedToWallet']): NotSavedReason | '' | null {
  switch (saved) {
    case 'saved':
    case 'not-asked':
      return null;
    case 'already-saved':
    case 'limit-reached':
    case 'card-expired':
    case 'method-type-not-accepted':
      return saved;
    case 'token-taken':
      return 'token-unknown';
    case 'holder-missing':
      return '';
  }
}

/** A refusal about the policy itself (`body.id`: it ended, its reinstatement expired…). */
const aboutThePolicy = (field: string) => field === 'body.id';

/** The make-payment request for what the member reviewed (today's payment, or a later date's). */
function paymentRequest(
  policy: PolicyDetail,
  review: Review,
  reinstatement: boolean,
  today: CalendarDate,
): MakePaymentRequest {
  const { values, method } = review;
  const paysLater = values.when === 'later';
  const subscriber = policy.members.find((member) => member.relationship === 'self') ?? policy.members[0];
  return {
    id: policy.id,
    ...(reinstatement ? { purpose: 'reinstatement' as const } : {}),
    paymentDetails: {
      paymentAmount: toWireAmount(review.amountCents),
      method: method.method,
      ...(method.kind === 'saved' ? { walletItemId: method.itemId } : { paymentToken: method.token }),
      saveToWallet: method.kind === 'fresh' && values.saveToWallet,
    },
    information: {
      subscriberFolderID: subscriber?.folderId ?? policy.issuerSubscriberId,
      firstName: policy.policyHolder.firstName,
      lastName: policy.policyHolder.lastName,
      dateofBirth: subscriber?.dob ?? '1900-01-01',
      exchangeID: policy.exchangeSubscriberId,
      healthPlanID: policy.planId ?? '',
      billingName: values.billingName,
      street: values.street,
      city: values.city,
      state: values.state,
      zip: values.zip,
      ...(values.emailAddress ? { emailAddress: values.emailAddress } : {}),
      date: formatUsDate(paysLater ? values.paymentDate : today),
    },
  };
}

/**
 * The payment form (issue 9): details (amount, method, billing) → review → pay. A new card or account
 * is typed in the processor's hosted fields and reaches us as a token; the payment goes out with one
 * Idempotency-Key per attempt, so a double click or an automatic retry never pays twice. A decline says
 * why in plain words and keeps what was typed.
 */
export function PaymentForm({
  policy,
  wallet,
  binder,
  defaultAmountCents,
  today,
  reinstatement,
}: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const viewer = useSignedInViewer();
  const { account } = useConfig();
  const format = useFormatters();
  const methodLabel = usePaymentMethodLabel();
  const hostedFields = useHostedFields(viewer.credentialKey, i18n.language);
  const frame = useRef<HostedFieldsHandle>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [tokenizeFailed, setTokenizeFailed] = useState(false);
  const [frameExpired, setFrameExpired] = useState(false);
  // Issue 33 item 13: while the processor checks what was typed, a second press waits for the first
  // (the frame answers one request at a time) and the page says what it is doing.
  const [checking, setChecking] = useState(false);
  const checkingNow = useRef(false);
  const guest = viewer.session.kind === 'guest';
  const limits = account.payments;
  const snackbar = useSnackbar();
  const options = savedOptions(wallet, methodLabel, t);
  // Issue 10: a member (or staff acting for one) may pay on a later date from a saved method instead —
  // a scheduled payment; never a binder (the coverage starts only once it is paid) nor a guest.
  // Nor a reinstatement: it is paid today, in full, for the coverage to come back.
  const canPayLater =
    !guest &&
    !binder &&
    !reinstatement &&
    options.length > 0 &&
    viewer.session.actions.includes('schedule-payment');
  const fixedAmount = binder || reinstatement !== undefined;
  const window = useMemo(
    () => scheduledPaymentWindow(today, limits.scheduledPaymentHorizonDays),
    [today, limits.scheduledPaymentHorizonDays],
  );
  const defaultItem = wallet?.defaultItem
    ? `saved:${wallet.defaultItem.id}`
    : (options[0]?.value ?? NEW_CARD);
  const address = policy.mailingAddress ?? policy.residentialAddress;
  const resolver = useMemo(
    () => contractResolver((c) => c.makePaymentFormSchema(limits, window)),
    [limits, window],
  );
  const form = useForm<MakePaymentForm>({
    resolver,
    defaultValues: {
      policyId: policy.id,
      amount: defaultAmountCents > 0 ? toWireAmount(defaultAmountCents) : '',
      when: 'today',
      paymentDate: '',
      methodChoice: defaultItem,
      saveToWallet: false,
      billingName: `${policy.policyHolder.firstName} ${policy.policyHolder.lastName}`,
      street: address?.street1 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zip: address?.zipCode ?? '',
      emailAddress: policy.contactInformation?.email ?? '',
    },
  });
  // A reinstatement's amount follows the offer (it grows on the first of a month): the field shows it.
  const { setValue } = form;
  const reinstating = reinstatement !== undefined;
  useEffect(() => {
    if (reinstating && defaultAmountCents > 0) setValue('amount', toWireAmount(defaultAmountCents));
  }, [reinstating, defaultAmountCents, setValue]);
  const methodChoice = useWatch({ control: form.control, name: 'methodChoice' });
  const when = useWatch({ control: form.control, name: 'when' });
  const newKind = methodChoice === NEW_CARD ? 'card' : methodChoice === NEW_BANK ? 'bankAccount' : null;

  const pay = useCommand({
    send: (body: MakePaymentRequest, key: string) => makePayment(body, key),
    retries: limits.makePaymentRetryCount,
    fieldOf: formFieldOf,
    form,
    invalidates: () => [
      ['policy'],
      ['household-user'],
      paymentHistoryKey(viewer.credentialKey, policy.id),
      ['notifications'],
      ...(reinstatement
        ? [reinstatementKey(viewer.credentialKey), serviceRequestsKey(viewer.credentialKey), ['documents']]
        : []),
    ],
  });

  const schedule = useCommand({
    send: (body: MakePaymentRequest, key: string) => makePaymentLater(body, key),
    fieldOf: formFieldOf,
    form,
    invalidates: () => [
      ['policy'],
      ['household-user'],
      scheduledPaymentsKey(viewer.credentialKey),
      ['notifications'],
    ],
  });

  const toReview = async (values: MakePaymentForm) => {
    setTokenizeFailed(false);
    setFrameExpired(false);
    pay.reset();
    schedule.reset();
    let method: ChosenMethod;
    if (values.methodChoice.startsWith('saved:')) {
      const itemId = values.methodChoice.slice('saved:'.length);
      const saved = walletMethods(wallet).find((candidate) => candidate.id === itemId);
      if (!saved) return;
      method = { kind: 'saved', itemId, method: saved.method, label: savedMethodLabel(methodLabel, saved) };
    } else {
      if (checkingNow.current) return;
      checkingNow.current = true;
      setChecking(true);
      // Released whatever happens (no frame yet, a failed or slow answer): a later press must work again.
      let outcome: Awaited<ReturnType<NonNullable<typeof frame.current>['tokenize']>> | undefined;
      try {
        outcome = await frame.current?.tokenize();
      } finally {
        checkingNow.current = false;
        setChecking(false);
      }
      if (!outcome || outcome.status === 'failed') {
        setTokenizeFailed(true);
        return;
      }
      // The form's session ran out: the frame is loaded anew (onExpired) and the member types again.
      if (outcome.status === 'expired') {
        setFrameExpired(true);
        return;
      }
      if (outcome.status === 'invalid') return;
      const described = outcome.method;
      method = { kind: 'fresh', token: outcome.token, ...freshMethod(methodLabel, described), described };
    }
    setReview({ values, method, amountCents: amountCents(values.amount) });
  };

  const later = review?.values.when === 'later';
  const paymentDay = review?.values.when === 'later' ? review.values.paymentDate : today;

  const submitPayment = async () => {
    if (!review) return;
    const { values, method } = review;
    const paysLater = values.when === 'later';
    const body = paymentRequest(policy, review, reinstatement !== undefined, today);
    if (paysLater) {
      const scheduled = await schedule.attempt(body);
      if (!scheduled.ok) {
        // A refusal about a field (amount, date, method, billing) is fixed on the details step, where the field is.
        if (namesAField(scheduled.error)) setReview(null);
        return;
      }
      updatePortalState({ selectedPolicyId: policy.id });
      snackbar.show(
        t('payments.makePayment.scheduledDone', {
          amount: format.money(review.amountCents),
          date: format.date(values.paymentDate),
        }),
      );
      void navigate('/payments/scheduled-payments');
      return;
    }
    const outcome = await pay.attempt(body);
    // SPEC §4: a successful binder payment sets the binding-payment-success flag; a failure clears it.
    if (binder)
      updatePortalState({ bindingPaymentComplete: outcome.ok && outcome.result.receipt.effectuated });
    // Paid, but "save to my wallet" was refused (issue 33 item 2: the card is already there, …): say why.
    if (outcome.ok && method.kind === 'fresh') {
      const reason = notSavedReason(outcome.result.savedToWallet);
      if (reason !== null) {
        snackbar.show(
          t('payments.makePayment.notSavedToWallet', {
            method: method.label,
            reason:
              reason === ''
                ? ''
                : t(`wallet.errors.${reason}`, { maximum: account.wallet.maxPaymentMethods }),
          }),
          { durationMs: 12_000 },
        );
      }
    }
    if (!outcome.ok) {
      if (namesAField(outcome.error)) setReview(null);
      // The offer is not what it was (the deadline passed, a request is already waiting): the page says so.
      if (reinstatement && (namesAField(outcome.error, aboutThePolicy) || isConflict(outcome.error)))
        reinstatement.onRefused(declineMessage(outcome.error));
      return;
    }
    if (reinstatement) {
      reinstatement.onPaid(outcome.result);
      return;
    }
    // The receipt, history and overview that follow are about the policy just paid (SPEC §4 policy selection).
    updatePortalState({ selectedPolicyId: policy.id });
    const { paymentId } = outcome.result.receipt;
    const receiptPath = guest
      ? `/payments/make-payment/receipt/${paymentId}`
      : `/payments/payment-history/${paymentId}`;
    void navigate(receiptPath);
  };

  // A decline says why; a refusal about the policy itself (no field of the form to put it on) says its rule in place.
  const declineMessage = useProblemText(reinstatement ? PROBLEMS.reinstatementPayment : PROBLEMS.payment);
  const reviewMessage = useProblemText(
    reinstatement ? PROBLEMS.reinstatementPaymentReview : PROBLEMS.paymentReview,
  );

  const methodOptions: Option[] = [
    ...(guest ? [] : options),
    ...(limits.paymentTypes.includes('CardPayments')
      ? [{ value: NEW_CARD, label: t('payments.method.newCard') }]
      : []),
    ...(limits.paymentTypes.includes('CheckingOrSavings')
      ? [{ value: NEW_BANK, label: t('payments.method.newBankAccount') }]
      : []),
  ];

  if (review) {
    return (
      <PaymentReviewStep
        review={review}
        policy={policy}
        reinstatement={reinstatement}
        paymentDay={paymentDay}
        later={later}
        scheduleFailed={schedule.error !== null}
        payError={pay.error === null ? null : reviewMessage(pay.error)}
        sending={pay.pending || schedule.pending}
        onPay={() => void submitPayment()}
        onBack={() => {
          pay.reset();
          schedule.reset();
          setReview(null);
        }}
      />
    );
  }

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
        onSubmit={toReview}
        error={pay.error ?? undefined}
        describeError={declineMessage}
        labelledBy="details-heading"
      >
        <Stack spacing={2.5}>
          <MoneyInput
            name="amount"
            field="amount"
            required
            readOnly={fixedAmount}
            help={
              reinstatement
                ? t('reinstatement.amountHelp')
                : t('payments.makePayment.amountHelp', {
                    minimum: format.money(limits.minAllowedPaymentCents),
                    maximum: format.money(limits.maxAllowedPaymentCents),
                  })
            }
          />
          {canPayLater && (
            <RadioInput
              name="when"
              field="paymentWhen"
              row
              options={[
                { value: 'today', label: t('payments.makePayment.whenToday', { date: format.date(today) }) },
                { value: 'later', label: t('payments.makePayment.whenLater') },
              ]}
            />
          )}
          {canPayLater && when === 'later' && (
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
          {guest && <Typography variant="body2">{t('payments.makePayment.guestMethods')}</Typography>}
          {!guest && options.length === 0 && (
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
            <TextInput
              name="city"
              field="city"
              required
              autoComplete="billing address-level2"
              maxLength={60}
            />
            <TextInput
              name="state"
              field="state"
              required
              autoComplete="billing address-level1"
              maxLength={2}
            />
            <TextInput
              name="zip"
              field="zip"
              required
              autoComplete="billing postal-code"
              inputMode="numeric"
              maxLength={10}
            />
          </Stack>
          <TextInput
            name="emailAddress"
            field="emailAddress"
            type="email"
            autoComplete="email"
            maxLength={200}
          />
          <DetailsAction checking={checking} />
        </Stack>
      </PortalForm>
    </Paper>
  );
}
