import type { CalendarDate, PaymentDueDayRule } from '@portal/domain';
import type { Transaction } from '../../db/client';
import { enqueueEvents } from '../../outbox/events';
import type { EventVerdict } from '../../plugins/processor';
import type { ProcessorEvent } from '../../processor/port';
import { postToFinance } from '../finance/service';
import { reinstatementPaymentReturned, reinstatementPaymentSettled } from '../reinstatement/service';
import { applyRefundEvent } from './refund';
import { paymentByTransactionId, policyOfPayment, updatePayment, type PaymentRow } from './repository';

type ChargeEvent = Extract<ProcessorEvent, { type: 'charge.settled' | 'charge.returned' }>;

/**
 * Issue 33 item 3: whether a charge event fits the payment it names, before anything changes. A signed
 * event is the processor speaking, but a processor's bug, a mix-up between two systems on one account or
 * a replayed test event must not move money on our books: only a bank payment settles or comes back (a
 * card is paid when charged), only while it can (pending; a return also once settled), only for its own
 * amount, and only for the policy our charge named. Null when it fits; else why not.
 */
function chargeMisfit(payment: PaymentRow, event: ChargeEvent): string | null {
  if (payment.paymentMethod !== 'BankAccount') return 'not-a-bank-payment';
  if (event.amountCents !== payment.amountCents) return 'amount-mismatch';
  const policyId = event.metadata.policyId;
  if (policyId !== undefined && policyId !== payment.policyId) return 'policy-mismatch';
  if (event.type === 'charge.settled' && payment.transactionStatus !== 'Pending')
    return 'payment-not-pending';
  // NACHA: a bank may return a debit after it settled (R01 within two banking days), never after it was
  // voided, refunded or already returned.
  if (
    event.type === 'charge.returned' &&
    payment.transactionStatus !== 'Pending' &&
    payment.transactionStatus !== 'Succeeded'
  )
    return 'payment-not-returnable';
  return null;
}

/**
 * A bank payment's fate, from the processor's signed webhook (received once, in this transaction):
 * settled → the money is applied to the policy like a card payment; returned (R01 insufficient funds,
 * …) → the payment is reversed (the ledger forgets it) and the household is told. A reinstatement that
 * waited for the payment (issue 11) is finished here too: reinstated once it cleared, rejected when it
 * came back. An event about a transaction we never recorded is not ours (`not-mine`: a webhook may
 * arrive for another system's charge); one that does not fit the payment it names is refused and
 * changes nothing (see chargeMisfit; the webhook route keeps it as refused).
 */
export async function applyProcessorEvent(
  tx: Transaction,
  event: ProcessorEvent,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
): Promise<EventVerdict> {
  if (event.type === 'refund.succeeded') return applyRefundEvent(tx, event);
  // Locked: two events about one payment (a settlement and a return) are judged one after the other.
  const payment = await paymentByTransactionId(tx, event.transactionId, true);
  if (!payment) return 'not-mine';
  const misfit = chargeMisfit(payment, event);
  if (misfit !== null) return { refused: misfit };
  const { householdId, policyNumber } = await policyOfPayment(tx, payment.policyId);
  // The values the notification templates carry (packages/contracts notification-templates.ts).
  const payload = {
    paymentId: payment.id,
    policyNumber,
    amountCents: payment.amountCents,
    paymentDate: payment.transactionDate,
    last4: payment.methodLastDigits ?? '',
  };
  if (event.type === 'charge.settled') {
    await updatePayment(tx, payment.id, { transactionStatus: 'Succeeded' });
    const posted = await postToFinance(tx, payment.policyId, today, dueRule);
    const effectiveDate = posted?.effectuated[0]?.startDate ?? null;
    await updatePayment(tx, payment.id, {
      paidThroughDate: posted?.snapshot.state.paidThroughDate ?? null,
      effectuatedCoverage: effectiveDate !== null,
    });
    // The receipt says what the payment paid through once the coverage it pays for is back.
    const reinstated = await reinstatementPaymentSettled(tx, payment.transactionId, { today, dueRule });
    if (reinstated) await updatePayment(tx, payment.id, { paidThroughDate: reinstated.paidThroughDate });
    await enqueueEvents(tx, [
      { type: 'payment.settled', householdId, policyId: payment.policyId, payload },
      ...(effectiveDate
        ? [
            {
              type: 'payment.binder-paid',
              householdId,
              policyId: payment.policyId,
              payload: { ...payload, effectiveDate },
            },
          ]
        : []),
      ...(reinstated?.events ?? []),
    ]);
    return 'applied';
  }
  const wasApplied = payment.transactionStatus === 'Succeeded';
  await updatePayment(tx, payment.id, {
    transactionStatus: 'Returned',
    failureReason: `returned:${event.returnCode}`,
    paidThroughDate: null,
  });
  if (wasApplied) await postToFinance(tx, payment.policyId, today, dueRule);
  await enqueueEvents(tx, [
    {
      type: 'payment.returned',
      householdId,
      policyId: payment.policyId,
      payload: { ...payload, returnCode: event.returnCode },
    },
    ...(await reinstatementPaymentReturned(tx, payment.transactionId)),
  ]);
  return 'applied';
}
