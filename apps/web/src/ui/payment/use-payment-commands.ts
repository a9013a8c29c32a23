import type { UseFormReturn } from 'react-hook-form';
import type { MakePaymentForm, MakePaymentRequest } from '@portal/contracts';
import { useConfig } from '../../config/config-context';
import { makePayment, makePaymentLater } from '../../data/payment/make-payment';
import { paymentHistoryKey } from '../../data/payment/get-payment-history';
import { reinstatementKey } from '../../data/reinstatement/get-reinstatement';
import { scheduledPaymentsKey } from '../../data/scheduled-payment/get-scheduled-payments';
import { serviceRequestsKey } from '../../data/service-request/get-service-requests';
import { useSignedInViewer } from '../../lib/viewer';
import { useCommand } from '../form';
import { formFieldOf } from './payment-request';

/**
 * Paying today (retried automatically, SPEC §9 makePaymentRetryCount) and paying on a later date (a
 * scheduled payment), each with one Idempotency-Key per attempt; a refusal about a field lands on it in
 * the details form. Each refreshes what the payment changes (a reinstatement, its requests and documents too).
 */
export function usePaymentCommands(
  form: UseFormReturn<MakePaymentForm>,
  policyId: string,
  reinstating: boolean,
) {
  const viewer = useSignedInViewer();
  const limits = useConfig().account.payments;
  const pay = useCommand({
    send: (body: MakePaymentRequest, key: string) => makePayment(body, key),
    retries: limits.makePaymentRetryCount,
    fieldOf: formFieldOf,
    form,
    invalidates: () => [
      ['policy'],
      ['household-user'],
      paymentHistoryKey(viewer.credentialKey, policyId),
      ['notifications'],
      ...(reinstating
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
  return { pay, schedule };
}
