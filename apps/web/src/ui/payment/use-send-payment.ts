import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MakePaymentResponse, PolicyDetail } from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { updatePortalState } from '../../lib/portal-state';
import { useSignedInViewer } from '../../lib/viewer';
import { useFormatters } from '../format';
import { isConflict, namesAField } from '../problems';
import { useSnackbar } from '../snackbar';
import type { ReinstatementPayment } from './payment-form';
import type { ChosenMethod, Review } from './payment-review-step';
import { aboutThePolicy, notSavedReason, paymentRequest } from './payment-request';
import type { usePaymentCommands } from './use-payment-commands';

/**
 * Sending what the member reviewed, and what follows: a later date's payment is scheduled and the page
 * opens the scheduled payments; today's is paid and the page opens its receipt (a reinstatement's page
 * shows the outcome). A refusal about a field goes back to the details (`onFieldRefused`), where it is.
 */
export function useSendPayment({
  policy,
  binder,
  today,
  reinstatement,
  commands: { pay, schedule },
  declineMessage,
  onFieldRefused,
}: {
  policy: PolicyDetail;
  binder: boolean;
  today: CalendarDate;
  reinstatement: ReinstatementPayment | undefined;
  commands: ReturnType<typeof usePaymentCommands>;
  /** A decline in words (a reinstatement's page says why the offer changed). */
  declineMessage: (error: unknown) => string;
  onFieldRefused: () => void;
}): (review: Review) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useSignedInViewer();
  const { account } = useConfig();
  const format = useFormatters();
  const snackbar = useSnackbar();
  const guest = viewer.session.kind === 'guest';
  const reinstating = reinstatement !== undefined;

  /** Schedules the reviewed payment for its later date; on success, says so and opens the scheduled payments. */
  const scheduleLater = async (reviewed: Review) => {
    const body = paymentRequest(policy, reviewed, reinstating, today);
    const scheduled = await schedule.attempt(body);
    if (!scheduled.ok) {
      // A refusal about a field (amount, date, method, billing) is fixed on the details step, where the field is.
      if (namesAField(scheduled.error)) onFieldRefused();
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
      if (namesAField(outcome.error)) onFieldRefused();
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

  return (review) => (review.values.when === 'later' ? scheduleLater(review) : payToday(review));
}
