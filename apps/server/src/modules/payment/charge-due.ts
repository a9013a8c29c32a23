import type { CalendarDate, Cents, PaymentDueDayRule } from '@portal/domain';
import { paymentAmountForProcessor } from '@portal/domain';
import type { Database, Transaction } from '../../db/client';
import { enqueueEvents, type OutboxEventInput } from '../../outbox/events';
import { auditSystem } from '../../plugins/audit';
import {
  ProcessorTimeout,
  ProcessorUnavailable,
  type ChargeResult,
  type PaymentProcessor,
} from '../../processor/port';
import { publishPaymentOutcome } from './outcomes';
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
  /**
   * The policy's household and number when the caller read them with its claim (a page of claimed
   * payments is read joined to their policies): one round trip less per charge. Read here otherwise.
   */
  policy?: { householdId: string | null; policyNumber: string };
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
  const policy = charge.policy
    ? { id: charge.policyId, ...charge.policy }
    : await policyForPayment(deps.db, charge.policyId);
  if (!policy) throw new Error(`policy ${charge.policyId} is gone`);
  const source = charge.source === 'Autopay' ? 'autopay' : 'scheduled';
  const result = await deps.processor
    .charge({
      token: charge.token,
      amountCents: charge.amountCents,
      idempotencyKey: charge.idempotencyKey,
      description: `Premium ${policy.policyNumber} (${charge.source === 'Autopay' ? 'autopay' : 'scheduled payment'})`,
      metadata: {
        policyId: policy.id,
        householdId: policy.householdId ?? '',
        amount: paymentAmountForProcessor(charge.amountCents),
      },
    })
    .catch((error: unknown) => {
      publishPaymentOutcome(
        error instanceof ProcessorTimeout
          ? 'outcome-unknown'
          : error instanceof ProcessorUnavailable
            ? 'processor-unavailable'
            : 'error',
        source,
      );
      throw error;
    });
  publishPaymentOutcome(result.status, source);
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

/**
 * How many due charges one billing day makes at once. Each waits on the processor and on its own
 * transaction's commit most of the time, so a few at once keep the database and the process busy; the
 * pool (DATABASE_POOL_SIZE, 10 by default) leaves connections over for the outbox and other work.
 */
export const DUE_CHARGES_AT_ONCE = 6;

/**
 * Works through a page of claimed due payments `atOnce` at a time, one policy's one after another in
 * the page's order — a later month of a policy is decided only after the earlier one's charge was
 * posted to the policy's finance, as when the page is worked through in order. After a failure no
 * further policy is started; the ones under way finish, then the first failure is thrown.
 */
export async function workThroughByPolicy<T>(
  items: readonly T[],
  policyOf: (item: T) => string,
  work: (item: T) => Promise<void>,
  atOnce = DUE_CHARGES_AT_ONCE,
): Promise<void> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(policyOf(item));
    if (group) group.push(item);
    else groups.set(policyOf(item), [item]);
  }
  const waiting = [...groups.values()];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let group = waiting.shift(); group && failures.length === 0; group = waiting.shift()) {
      try {
        for (const item of group) await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, waiting.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
