import type { CalendarDate, Cents, PaymentDueDayRule } from '@portal/domain';
import { paymentAmountForProcessor } from '@portal/domain';
import type { Database, Transaction } from '../../db/client';
import { enqueueEvents, type OutboxEventInput } from '../../outbox/events';
import { auditSystem } from '../../plugins/audit';
import type { ChargeResult, PaymentProcessor } from '../../processor/port';
import { postToFinance } from '../finance/service';
import {
  insertPayment,
  paymentByTransactionId,
  policyForPayment,
  updatePayment,
  type PaymentRow,
} from './repository';

/** A payment the portal makes on its own on its day (a scheduled payment, an autopay charge). */
export interface DueCharge {
  /** The daily step making it (the audit's actor): `scheduled-payments`, `autopay`. */
  job: string;
  source: 'Scheduled' | 'Autopay';
  policyId: string;
  amountCents: Cents;
  /** The saved method's processor token, and what the receipt and history show of it. */
  token: string;
  method: 'Card' | 'BankAccount';
  lastDigits: string;
  brand: string;
  /**
   * Derived from the claim (`scheduled-payment:<id>`, `autopay:<run>:<attempt>`): a run that dies after
   * the charge and is taken over charges with the same key and gets the processor's first answer back.
   */
  idempotencyKey: string;
  /** The billing day: the payment's transaction date. */
  day: CalendarDate;
  payerName: string | null;
}

export interface DueChargeOutcome {
  status: ChargeResult['status'];
  payment: PaymentRow;
  declineCode: string | null;
  /** False when an earlier run already recorded this charge (nothing posted or announced again). */
  fresh: boolean;
}

export interface DueChargeDependencies {
  db: Database;
  processor: PaymentProcessor;
  dueRule: PaymentDueDayRule;
}

const STATUS: Record<ChargeResult['status'], PaymentRow['transactionStatus']> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  declined: 'Failed',
};

/**
 * Charges a due payment through the processor and records it — the same posting, outbox events and
 * notifications as a payment made in the portal (make-payment.ts), audited as the job that made it:
 *
 * 1. the charge, outside any transaction, under the claim's idempotency key (a processor timeout or
 *    outage throws: the claim stays, and the next run takes it over with the same key);
 * 2. one transaction: the payment (once per processor transaction), its posting to the policy's finance
 *    (money received), the caller's own change (`alsoInTransaction`: the scheduled payment or autopay
 *    run marked with the outcome), the audit row and the outbox events.
 */
export async function chargeDue(
  deps: DueChargeDependencies,
  charge: DueCharge,
  alsoInTransaction: (tx: Transaction, outcome: DueChargeOutcome) => Promise<void>,
): Promise<DueChargeOutcome> {
  const policy = await policyForPayment(deps.db, charge.policyId);
  if (!policy) throw new Error(`policy ${charge.policyId} is gone`);
  const result = await deps.processor.charge({
    token: charge.token,
    amountCents: charge.amountCents,
    idempotencyKey: charge.idempotencyKey,
    description: `Premium ${policy.policyNumber} (${charge.source === 'Autopay' ? 'autopay' : 'scheduled payment'})`,
    metadata: {
      policyId: policy.id,
      householdId: policy.householdId ?? '',
      amount: paymentAmountForProcessor(charge.amountCents),
    },
  });
  return deps.db.transaction(async (tx) => {
    const inserted = await insertPayment(tx, {
      policyId: policy.id,
      amountCents: charge.amountCents,
      transactionDate: charge.day,
      transactionId: result.transactionId,
      transactionStatus: STATUS[result.status],
      paymentMethod: charge.method,
      methodLastDigits: charge.lastDigits,
      methodBrand: charge.brand,
      paymentSource: charge.source,
      failureReason: result.status === 'declined' ? result.declineCode : null,
      payerName: charge.payerName,
    });
    const payment = inserted ?? (await paymentByTransactionId(tx, result.transactionId));
    if (!payment) throw new Error('payment neither inserted nor found');
    if (inserted && result.status === 'succeeded') {
      const posted = await postToFinance(tx, policy.id, charge.day, deps.dueRule);
      await updatePayment(tx, payment.id, {
        paidThroughDate: posted?.snapshot.state.paidThroughDate ?? null,
      });
    }
    const outcome: DueChargeOutcome = {
      status: result.status,
      payment,
      declineCode: result.status === 'declined' ? result.declineCode : null,
      fresh: inserted !== undefined,
    };
    await alsoInTransaction(tx, outcome);
    if (outcome.fresh) {
      await auditSystem(tx, {
        job: charge.job,
        action: charge.source === 'Autopay' ? 'payment.autopay' : 'payment.scheduled',
        outcome: result.status === 'declined' ? 'failure' : 'success',
        recordType: 'payment',
        recordIds: [payment.id],
        actingForHouseholdId: policy.householdId,
        ...(result.status === 'declined' ? { reason: result.declineCode } : {}),
      });
      const payload = {
        paymentId: payment.id,
        policyNumber: policy.policyNumber,
        amountCents: charge.amountCents,
        paymentDate: charge.day,
        last4: charge.lastDigits,
        source: charge.source,
        ...(result.status === 'declined' ? { declineCode: result.declineCode } : {}),
      };
      const type =
        result.status === 'succeeded'
          ? 'payment.succeeded'
          : result.status === 'pending'
            ? 'payment.pending'
            : 'payment.declined';
      const events: OutboxEventInput[] = [
        { type, householdId: policy.householdId, policyId: policy.id, payload },
      ];
      await enqueueEvents(tx, events);
    }
    return outcome;
  });
}
