import type { FastifyRequest } from 'fastify';
import type {
  DeskPayment,
  DeskResult,
  PaymentRefund,
  RefundPaymentRequest,
  VoidPaymentRequest,
} from '@portal/contracts';
import { amountCents, dueDayRule } from '@portal/domain';
import { authorizePolicy, isUuid, notFound } from '../../auth/access';
import type { Executor, Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { runCommand, ruleViolation } from '../../plugins/command';
import { processorKeyFor } from '../../plugins/idempotency';
import type { EventVerdict } from '../../plugins/processor';
import type { ProcessorEvent, RefundResult } from '../../processor/port';
import { postToFinance } from '../finance/service';
import { reinstatementPaymentReturned } from '../reinstatement/service';
import { processorProblem } from './processor-problem';
import {
  deskPaymentRow,
  insertRefund,
  markRefundSucceeded,
  paymentById,
  paymentByTransactionId,
  refundByProcessorId,
  refundsOf,
  updatePayment,
  type PaymentRefundRow,
} from './repository';

/**
 * Issue 13 payments desk (docs/decisions/031): staff give a payment's money back — a **refund** of all
 * or part of what is left of a payment that went through, or a **void** of a bank payment not settled
 * yet — with a reason, through the processor, on the write path: role action `refund-payment`, the
 * payment's policy access, the processor call before the transaction under a key derived from the
 * request's `Idempotency-Key` (a retry is answered by the processor's first result, never a second
 * refund), then one transaction with the `payment_refunds` row, the payment's status, the policy's
 * finance posted again (what was refunded is due again: the ledger counts what the issuer kept,
 * finance/repository.ts), the audit and the member's notification.
 */

type DeskRow = NonNullable<Awaited<ReturnType<typeof deskPaymentRow>>>;

const refundView = (row: PaymentRefundRow): PaymentRefund => ({
  id: row.id,
  kind: row.kind,
  amountCents: row.amountCents,
  reason: row.reason,
  status: row.status,
  failureReason: row.failureReason,
  createdAt: row.createdAt.toISOString(),
});

/** What is given back so far: refunds on their way or done (a void gives back the whole payment). */
const refundedOf = (refunds: readonly PaymentRefundRow[]) =>
  refunds
    .filter((refund) => refund.kind === 'refund' && refund.status !== 'Failed')
    .reduce((sum, refund) => sum + refund.amountCents, 0);

export function deskPaymentOf(row: DeskRow, refunds: readonly PaymentRefundRow[]): DeskPayment {
  const { payment } = row;
  const refundedCents = refundedOf(refunds);
  return {
    id: payment.id,
    policyId: payment.policyId,
    householdId: row.householdId,
    policyNumber: row.policyNumber,
    subscriberName: `${row.subscriberFirstName} ${row.subscriberLastName}`,
    amountCents: payment.amountCents,
    transactionDate: payment.transactionDate,
    transactionId: payment.transactionId,
    transactionStatus: payment.transactionStatus,
    paymentMethod: payment.paymentMethod,
    methodLastDigits: payment.methodLastDigits,
    methodBrand: payment.methodBrand,
    paymentSource: payment.paymentSource,
    refundedCents,
    refundableCents:
      payment.transactionStatus === 'Succeeded' ? Math.max(0, payment.amountCents - refundedCents) : 0,
    voidable: payment.transactionStatus === 'Pending',
    refunds: refunds.map(refundView),
  };
}

/** One payment as the desk shows it, with its refunds. */
export async function deskPayment(db: Executor, paymentId: string): Promise<DeskPayment | null> {
  const row = await deskPaymentRow(db, paymentId);
  return row ? deskPaymentOf(row, await refundsOf(db, [paymentId])) : null;
}

interface Ref {
  row: DeskRow;
  householdId: string | null;
}

async function authorizePayment(request: FastifyRequest, db: Executor, paymentId: string): Promise<Ref> {
  const row = isUuid(paymentId) ? await deskPaymentRow(db, paymentId) : undefined;
  if (!row) throw notFound('payment');
  const policy = await authorizePolicy(request, request.server.database.db, row.payment.policyId);
  return { row, householdId: policy.householdId };
}

const eventPayload = (row: DeskRow, amount: number) => ({
  paymentId: row.payment.id,
  policyNumber: row.policyNumber,
  amountCents: amount,
  paymentDate: row.payment.transactionDate,
  last4: row.payment.methodLastDigits ?? '',
});

interface RefundPrepared {
  amount: number;
  key: string;
  result: RefundResult;
}

/** The rules a refund must meet before the processor is asked (SPEC §9 money in cents). */
async function checkRefund(db: Executor, row: DeskRow, body: RefundPaymentRequest): Promise<number> {
  const { payment } = row;
  if (payment.transactionStatus === 'Pending') {
    throw ruleViolation(
      'body.amount',
      'payment-not-settled',
      'This bank payment has not settled yet: void it instead of refunding it.',
    );
  }
  if (payment.transactionStatus !== 'Succeeded')
    throw ruleViolation('body.amount', 'not-refundable', 'Only a payment that went through can be refunded.');
  const left = payment.amountCents - refundedOf(await refundsOf(db, [payment.id]));
  if (left <= 0)
    throw ruleViolation('body.amount', 'nothing-left-to-refund', 'This payment has been refunded in full.');
  const amount = body.amount === undefined ? left : amountCents(body.amount);
  if (amount > left)
    throw ruleViolation('body.amount', 'amount-above-refundable', 'More than what is left of the payment.', {
      maximum: left / 100,
    });
  return amount;
}

/** `POST /api/v1/payments-desk/payments/{paymentId}/refund`. */
export async function refundPayment(
  request: FastifyRequest,
  paymentId: string,
  body: RefundPaymentRequest,
): Promise<DeskResult> {
  const idempotency = request.idempotency;
  if (!idempotency) throw new Error('refunds run only under an Idempotency-Key');
  const dueRule = dueDayRule(request.server.tenant.account.payments.dueDate);
  return runCommand<Ref, DeskResult, RefundPrepared>(request, {
    action: 'refund-payment',
    authorize: (db) => authorizePayment(request, db, paymentId),
    householdOf: (ref) => ref.householdId,
    prepare: async (db, { ref }) => {
      const amount = await checkRefund(db, ref.row, body);
      const key = processorKeyFor(idempotency, 'refund');
      const result = await request.server.processor
        .refund({
          transactionId: ref.row.payment.transactionId,
          amountCents: amount,
          idempotencyKey: key,
          reason: 'requested_by_customer',
        })
        .catch((error: unknown) => {
          throw processorProblem(error);
        });
      return { amount, key, result };
    },
    execute: async (tx, { principal, ref, prepared }) => {
      const locked = (await deskPaymentRow(tx, paymentId, true)) ?? ref.row;
      const { result } = prepared;
      const { row: refund, fresh } = await insertRefund(tx, {
        paymentId,
        kind: 'refund',
        amountCents: prepared.amount,
        reason: body.reason,
        status:
          result.status === 'succeeded' ? 'Succeeded' : result.status === 'pending' ? 'Pending' : 'Failed',
        processorRefundId: result.refundId,
        failureReason: result.status === 'failed' ? result.reason : null,
        idempotencyKey: prepared.key,
        staffSubject: principal.subject,
      });
      const events: OutboxEventInput[] = [];
      if (refund.status !== 'Failed') {
        const refunds = await refundsOf(tx, [paymentId]);
        if (
          refundedOf(refunds) >= locked.payment.amountCents &&
          locked.payment.transactionStatus === 'Succeeded'
        ) {
          await updatePayment(tx, paymentId, { transactionStatus: 'Refunded' });
        }
        // What was refunded is owed again: the policy's amounts due, paid-through date and status follow.
        await postToFinance(tx, locked.payment.policyId, request.server.today(), dueRule);
        if (fresh)
          events.push({
            type: 'payment.refunded',
            householdId: locked.householdId,
            policyId: locked.payment.policyId,
            payload: eventPayload(locked, refund.amountCents),
          });
      }
      const after = await deskPayment(tx, paymentId);
      if (!after) throw new Error('payment vanished');
      return {
        result: { refund: refundView(refund), payment: after },
        audit: {
          action: 'refund-payment',
          recordType: 'payment',
          recordIds: [paymentId, refund.id],
          ...(refund.status === 'Failed'
            ? { outcome: 'failure' as const, reason: `processor:${refund.failureReason ?? 'failed'}` }
            : {}),
        },
        events,
        ...(refund.status === 'Failed'
          ? {
              refusal: ruleViolation('body.amount', 'refund-failed', 'The processor refused the refund.', {
                processorReason: refund.failureReason ?? 'failed',
              }),
            }
          : {}),
      };
    },
  });
}

interface VoidPrepared {
  key: string;
  status: 'voided' | 'not-voidable';
}

/** `POST /api/v1/payments-desk/payments/{paymentId}/void`: a bank payment not settled yet is cancelled. */
export async function voidPayment(
  request: FastifyRequest,
  paymentId: string,
  body: VoidPaymentRequest,
): Promise<DeskResult> {
  const idempotency = request.idempotency;
  if (!idempotency) throw new Error('voids run only under an Idempotency-Key');
  const dueRule = dueDayRule(request.server.tenant.account.payments.dueDate);
  return runCommand<Ref, DeskResult, VoidPrepared>(request, {
    action: 'refund-payment',
    authorize: (db) => authorizePayment(request, db, paymentId),
    householdOf: (ref) => ref.householdId,
    prepare: async (_db, { ref }) => {
      const status = ref.row.payment.transactionStatus;
      if (status === 'Succeeded')
        throw ruleViolation(
          'body.reason',
          'payment-settled',
          'This payment has settled: refund it instead of voiding it.',
        );
      if (status !== 'Pending')
        throw ruleViolation(
          'body.reason',
          'not-voidable',
          'Only a bank payment not settled yet can be voided.',
        );
      const key = processorKeyFor(idempotency, 'void');
      const answer = await request.server.processor
        .void(ref.row.payment.transactionId, key)
        .catch((error: unknown) => {
          throw processorProblem(error);
        });
      return { key, status: answer.status };
    },
    execute: async (tx, { principal, ref, prepared }) => {
      const locked = (await deskPaymentRow(tx, paymentId, true)) ?? ref.row;
      const voided = prepared.status === 'voided';
      const { row: refund, fresh } = await insertRefund(tx, {
        paymentId,
        kind: 'void',
        amountCents: locked.payment.amountCents,
        reason: body.reason,
        status: voided ? 'Succeeded' : 'Failed',
        processorRefundId: null,
        failureReason: voided ? null : 'not-voidable',
        idempotencyKey: prepared.key,
        staffSubject: principal.subject,
      });
      const events: OutboxEventInput[] = [];
      // Voided at the processor: the payment never settles (its webhook will not come). A pending payment
      // was never on the ledger; posting again keeps the finance row current all the same.
      if (voided && fresh && locked.payment.transactionStatus === 'Pending') {
        await updatePayment(tx, paymentId, { transactionStatus: 'Voided', paidThroughDate: null });
        await postToFinance(tx, locked.payment.policyId, request.server.today(), dueRule);
        events.push(
          {
            type: 'payment.voided',
            householdId: locked.householdId,
            policyId: locked.payment.policyId,
            payload: eventPayload(locked, locked.payment.amountCents),
          },
          // A reinstatement that waited for this payment will not get it (like a returned payment).
          ...(await reinstatementPaymentReturned(tx, locked.payment.transactionId)),
        );
      }
      const after = await deskPayment(tx, paymentId);
      if (!after) throw new Error('payment vanished');
      return {
        result: { refund: refundView(refund), payment: after },
        audit: {
          action: 'void-payment',
          recordType: 'payment',
          recordIds: [paymentId, refund.id],
          ...(voided ? {} : { outcome: 'failure' as const, reason: 'processor:not-voidable' }),
        },
        events,
        ...(voided
          ? {}
          : {
              refusal: ruleViolation(
                'body.reason',
                'not-voidable',
                'The processor could not void this payment (it may have settled meanwhile).',
              ),
            }),
      };
    },
  });
}

/**
 * The processor's `refund.succeeded` webhook: a bank refund that was pending has reached the member's
 * account. It was counted as given back from the start; only its status changes. Issue 33 item 3: only
 * a refund staff asked for (its processor id), of the payment the event names, for the amount asked, and
 * still pending; any other is refused and changes nothing. A refund event about a transaction we never
 * recorded is not ours.
 */
export async function applyRefundEvent(
  tx: Transaction,
  event: Extract<ProcessorEvent, { type: 'refund.succeeded' }>,
): Promise<EventVerdict> {
  const refund = await refundByProcessorId(tx, event.refundId);
  if (!refund)
    return (await paymentByTransactionId(tx, event.transactionId))
      ? { refused: 'unknown-refund' }
      : 'not-mine';
  const payment = await paymentById(tx, refund.paymentId);
  if (payment?.transactionId !== event.transactionId) return { refused: 'refund-of-another-payment' };
  if (event.amountCents !== refund.amountCents) return { refused: 'amount-mismatch' };
  if (!(await markRefundSucceeded(tx, refund.id))) return { refused: 'refund-not-pending' };
  return 'applied';
}
