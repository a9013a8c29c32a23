import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MakePaymentForm, MakePaymentResponse, PolicyDetail, Wallet } from '@portal/contracts';
import { amountCents, type CalendarDate } from '@portal/domain';
import { useHostedFields } from '../../data/processor/get-hosted-fields';
import { useSignedInViewer } from '../../lib/viewer';
import type { Option } from '../form';
import { PROBLEMS, useProblemText } from '../problems';
import { NEW_CARD, PaymentDetailsStep } from './payment-details-step';
import { PaymentReviewStep, type ChosenMethod, type Review } from './payment-review-step';
import {
  freshMethod,
  savedMethodLabel,
  usePaymentMethodLabel,
  walletMethods,
  type MethodLabel,
} from './payment-method-label';
import { useFreshMethod } from './use-fresh-method';
import { usePaymentCommands } from './use-payment-commands';
import { usePaymentDetailsForm } from './use-payment-details-form';
import { useSendPayment } from './use-send-payment';

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
  const viewer = useSignedInViewer();
  const methodLabel = usePaymentMethodLabel();
  const hostedFields = useHostedFields(viewer.credentialKey, i18n.language);
  const { frame, checking, tokenizeFailed, frameExpired, clear, tokenize } = useFreshMethod();
  const [review, setReview] = useState<Review | null>(null);
  const guest = viewer.session.kind === 'guest';
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

  // A decline says why; a refusal about the policy itself (no field of the form to put it on) says its rule in place.
  const declineMessage = useProblemText(reinstatement ? PROBLEMS.reinstatementPayment : PROBLEMS.payment);
  const reviewMessage = useProblemText(
    reinstatement ? PROBLEMS.reinstatementPaymentReview : PROBLEMS.paymentReview,
  );

  const sendPayment = useSendPayment({
    policy,
    binder,
    today,
    reinstatement,
    commands: { pay, schedule },
    declineMessage,
    onFieldRefused: () => {
      setReview(null);
    },
  });

  const submitPayment = async () => {
    if (!review) return;
    await sendPayment(review);
  };

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
