import type { Receipt } from '@portal/contracts';
import { compareCalendarDates } from '@portal/domain';
import type { Executor } from '../../db/client';
import { receiptRow } from './repository';

/** A payment's receipt: what was paid, how, for which policy and plan, and what it paid through. */
export async function receiptOf(db: Executor, paymentId: string): Promise<Receipt> {
  const row = await receiptRow(db, paymentId);
  if (!row) throw new Error(`no payment ${paymentId}`);
  const { payment } = row;
  // The plan of the span the payment was made in (or, before coverage began, the first one).
  const span =
    [...row.spans]
      .reverse()
      .find((candidate) => compareCalendarDates(candidate.startDate, payment.transactionDate) <= 0) ??
    row.spans[0];
  return {
    paymentId: payment.id,
    policyId: payment.policyId,
    policyNumber: row.policyNumber,
    planName: span?.planName ?? null,
    subscriberName: `${row.subscriberFirstName} ${row.subscriberLastName}`,
    payerName: payment.payerName,
    amountCents: payment.amountCents,
    transactionId: payment.transactionId,
    transactionDate: payment.transactionDate,
    recordedAt: payment.createdAt.toISOString(),
    status: payment.transactionStatus,
    paymentMethod: payment.paymentMethod,
    paymentSource: payment.paymentSource,
    methodBrand: payment.methodBrand,
    methodLastDigits: payment.methodLastDigits,
    failureReason: payment.failureReason,
    paidThroughDate: payment.paidThroughDate,
    effectuated: payment.effectuatedCoverage,
  };
}
