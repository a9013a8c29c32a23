import type { CalendarDate, PaymentDueDayRule } from '@portal/domain';
import type { Transaction } from '../../db/client';
import { enqueueEvents } from '../../outbox/events';
import type { ProcessorEvent } from '../../processor/port';
import { postToFinance } from '../finance/service';
import { reinstatementPaymentReturned, reinstatementPaymentSettled } from '../reinstatement/service';
import { applyRefundEvent } from './refund';
import { paymentByTransactionId, policyOfPayment, updatePayment } from './repository';

/**
 * A bank payment's fate, from the processor's signed webhook (received once, in this transaction):
 * settled → the money is applied to the policy like a card payment; returned (R01 insufficient funds,
 * …) → the payment is reversed (the ledger forgets it) and the household is told. Unknown
 * transactions and events that change nothing are ignored (a webhook may arrive for another system's
 * charge, or twice with different ids). A reinstatement that waited for the payment (issue 11) is
 * finished here too: reinstated once it cleared, rejected when it came back.
 */
export async function applyProcessorEvent(tx: Transaction, event: ProcessorEvent, today: CalendarDate, dueRule: PaymentDueDayRule): Promise<void> {
  if (event.type === 'refund.succeeded') {
    await applyRefundEvent(tx, event);
    return;
  }
  const payment = await paymentByTransactionId(tx, event.transactionId);
  if (!payment) return;
  const { householdId, policyNumber } = await policyOfPayment(tx, payment.policyId);
  // The values the notification templates carry (packages/contracts notification-templates.ts).
  const payload = { paymentId: payment.id, policyNumber, amountCents: payment.amountCents, paymentDate: payment.transactionDate, last4: payment.methodLastDigits ?? '' };
  if (event.type === 'charge.settled') {
    if (payment.transactionStatus !== 'Pending') return;
    await updatePayment(tx, payment.id, { transactionStatus: 'Succeeded' });
    const posted = await postToFinance(tx, payment.policyId, today, dueRule);
    const effectiveDate = posted?.effectuated[0]?.startDate ?? null;
    await updatePayment(tx, payment.id, { paidThroughDate: posted?.snapshot.state.paidThroughDate ?? null, effectuatedCoverage: effectiveDate !== null });
    // The receipt says what the payment paid through once the coverage it pays for is back.
    const reinstated = await reinstatementPaymentSettled(tx, payment.transactionId, { today, dueRule });
    if (reinstated) await updatePayment(tx, payment.id, { paidThroughDate: reinstated.paidThroughDate });
    await enqueueEvents(tx, [
      { type: 'payment.settled', householdId, policyId: payment.policyId, payload },
      ...(effectiveDate ? [{ type: 'payment.binder-paid', householdId, policyId: payment.policyId, payload: { ...payload, effectiveDate } }] : []),
      ...(reinstated?.events ?? []),
    ]);
    return;
  }
  if (payment.transactionStatus !== 'Pending' && payment.transactionStatus !== 'Succeeded') return;
  const wasApplied = payment.transactionStatus === 'Succeeded';
  await updatePayment(tx, payment.id, { transactionStatus: 'Returned', failureReason: `returned:${event.returnCode}`, paidThroughDate: null });
  if (wasApplied) await postToFinance(tx, payment.policyId, today, dueRule);
  await enqueueEvents(tx, [
    { type: 'payment.returned', householdId, policyId: payment.policyId, payload: { ...payload, returnCode: event.returnCode } },
    ...(await reinstatementPaymentReturned(tx, payment.transactionId)),
  ]);
}
