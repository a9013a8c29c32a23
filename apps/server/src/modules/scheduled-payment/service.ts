import type { Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { cancelScheduledPaymentsOf, scheduledPaymentsPayingWith } from './repository';

export { scheduledPaymentsPayingWith };

// The list and one payment as the list shows it (view.ts: the commands answer with it too).
export { scheduledPaymentList, scheduledPaymentView } from './view';

/**
 * The policy's coverage ended (the billing clock): its payments still waiting for their date are cancelled
 * — they would only pay a coverage that no longer runs — and the member is told of each. In the caller's
 * transaction; answers the outbox events.
 */
export async function cancelScheduledPaymentsOfPolicy(
  tx: Transaction,
  policy: { id: string; householdId: string | null; policyNumber: string },
): Promise<OutboxEventInput[]> {
  const cancelled = await cancelScheduledPaymentsOf(tx, policy.id);
  return cancelled.map((row) => ({
    type: 'scheduled-payment.cancelled',
    householdId: policy.householdId,
    policyId: policy.id,
    payload: {
      scheduledPaymentId: row.id,
      policyNumber: policy.policyNumber,
      amountCents: row.paymentAmountCents,
      paymentDate: row.paymentDate,
    },
  }));
}

// Issue 13 payments desk: the failed scheduled payments staff see (docs/decisions/031).
export { failedScheduledPayments } from './repository';

// A payment made "for later" on the make-payment page is a scheduled payment (payment/make-payment.ts).
export { isPaymentForLater, schedulePaymentForLater } from './commands';
