import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MakePaymentForm, MakePaymentResponse, PolicyDetail, Wallet } from '@portal/contracts';
import { amountCents, type CalendarDate } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { useHostedFields } from '../../data/processor/get-hosted-fields';
import { updatePortalState } from '../../lib/portal-state';
import { useSignedInViewer } from '../../lib/viewer';
import type { Option } from '../form';
import { useSnackbar } from '../snackbar';
import { useFormatters } from '../format';
import { isConflict, namesAField, PROBLEMS, useProblemText } from '../problems';
import { NEW_CARD, PaymentDetailsStep } from './payment-details-step';
import { PaymentReviewStep, type ChosenMethod, type Review } from './payment-review-step';
import {
  freshMethod,
  savedMethodLabel,
  usePaymentMethodLabel,
  walletMethods,
  type MethodLabel,
} from './payment-method-label';
import { aboutThePolicy, notSavedReason, paymentRequest } from './payment-request';
import { useFreshMethod } from './use-fresh-method';
import { usePaymentCommands } from './use-payment-commands';
import { usePaymentDetailsForm } from './use-payment-details-form';

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
  const { frame, checking, tokenizeFailed, frameExpired, clear, tokenize } = useFreshMethod();
  const [review, setReview] = useState<Review | null>(null);
  const guest = viewer.session.kind === 'guest';
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
  const reinstating = reinstatement !== undefined;
  const { form, window } = usePaymentDetailsForm({
    policy,
    defaultAmountCents,
    defaultMethod: wallet?.defaultItem ? `saved:${wallet.defaultItem.id}` : (options[0]?.value ?? NEW_CARD),
    reinstating,
    today,
  });
  const { pay, schedule } = usePaymentCommands(form, policy.id, reinstating);

  const toReview = async (values: MakePaymentForm) => {
    clear();
    pay.reset();
    schedule.reset();
    let method: ChosenMethod;
    if (values.methodChoice.startsWith('saved:')) {
      const itemId = values.methodChoice.slice('saved:'.length);
      const saved = walletMethods(wallet).find((candidate) => candidate.id === itemId);
      if (!saved) return;
      method = { kind: 'saved', itemId, method: saved.method, label: savedMethodLabel(methodLabel, saved) };
    } else {
      const tokenized = await tokenize();
      if (!tokenized) return;
      const described = tokenized.method;
      method = { kind: 'fresh', token: tokenized.token, ...freshMethod(methodLabel, described), described };
    }
    setReview({ values, method, amountCents: amountCents(values.amount) });
  };

  const later = review?.values.when === 'later';
  const paymentDay = review?.values.when === 'later' ? review.values.paymentDate : today;

  /** Schedules the reviewed payment for its later date; on success, says so and opens the scheduled payments. */
  const scheduleLater = async (reviewed: Review) => {
    const body = paymentRequest(policy, reviewed, reinstating, today);
    const scheduled = await schedule.attempt(body);
    if (!scheduled.ok) {
      // A refusal about a field (amount, date, method, billing) is fixed on the details step, where the field is.
      if (namesAField(scheduled.error)) setReview(null);
      return;
    }
    updatePortalState({ selectedPolicyId: policy.id });
    snackbar.show(
      t('payments.makePayment.scheduledDone', {
        amount: format.money(reviewed.amountCents),
        date: format.date(reviewed.values.paymentDate),
      }),
    );
    void navigate('/payments/scheduled-payments');
  };

  /** Paid, but "save to my wallet" was refused (issue 33 item 2: the card is already there, …): say why. */
  const sayIfNotSaved = (method: ChosenMethod, answer: MakePaymentResponse) => {
    if (method.kind !== 'fresh') return;
    const reason = notSavedReason(answer.savedToWallet);
    if (reason === null) return;
    snackbar.show(
      t('payments.makePayment.notSavedToWallet', {
        method: method.label,
        reason:
          reason === '' ? '' : t(`wallet.errors.${reason}`, { maximum: account.wallet.maxPaymentMethods }),
      }),
      { durationMs: 12_000 },
    );
  };

  /** Pays the reviewed payment today; on success, the receipt (or the reinstatement's outcome). */
  const payToday = async (reviewed: Review) => {
    const outcome = await pay.attempt(paymentRequest(policy, reviewed, reinstating, today));
    // SPEC §4: a successful binder payment sets the binding-payment-success flag; a failure clears it.
    if (binder)
      updatePortalState({ bindingPaymentComplete: outcome.ok && outcome.result.receipt.effectuated });
    if (outcome.ok) sayIfNotSaved(reviewed.method, outcome.result);
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

  const submitPayment = async () => {
    if (!review) return;
    await (review.values.when === 'later' ? scheduleLater(review) : payToday(review));
  };

  // A decline says why; a refusal about the policy itself (no field of the form to put it on) says its rule in place.
  const declineMessage = useProblemText(reinstatement ? PROBLEMS.reinstatementPayment : PROBLEMS.payment);
  const reviewMessage = useProblemText(
    reinstatement ? PROBLEMS.reinstatementPaymentReview : PROBLEMS.paymentReview,
  );

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
    <PaymentDetailsStep
      form={form}
      onContinue={toReview}
      payError={pay.error}
      describeError={declineMessage}
      fixedAmount={fixedAmount}
      reinstating={reinstating}
      canPayLater={canPayLater}
      today={today}
      window={window}
      guest={guest}
      savedOptions={options}
      frame={frame}
      checking={checking}
      tokenizeFailed={tokenizeFailed}
      frameExpired={frameExpired}
      hostedFields={hostedFields}
    />
  );
}
