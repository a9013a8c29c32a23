import type { DeskPaymentPage, DeskPaymentQuery, PaymentHistoryQuery, PaymentPage } from '@portal/contracts';
import type { Database } from '../../db/client';
import { findPayments, paymentPage, refundedCentsOf, refundsOf } from './repository';
import { deskPaymentOf } from './refund';

// Issue 13 payments desk: refunds and voids by staff (docs/decisions/031).
export { deskPayment, refundPayment, voidPayment } from './refund';

// Payments the portal makes on its own on their day (scheduled payments, autopay): the billing day's steps.
export { chargeDue, type DueCharge, type DueChargeOutcome, type DueChargeDependencies } from './charge-due';

// For the other modules' billing-day steps and scheduled payments (their one door into this module).
export { workThroughByPolicy } from './charge-due';
export { policiesForPayment, policyForPayment, type PolicyForPayment } from './repository';

/** SPEC §3 Payment history of one policy, a page at a time (issue 4: lists that grow are paginated). */
export async function paymentHistory(
  db: Database,
  policyId: string,
  query: PaymentHistoryQuery,
): Promise<PaymentPage> {
  const { rows, total } = await paymentPage(db, policyId, query);
  const refunded = await refundedCentsOf(
    db,
    rows.map((row) => row.payment.id),
  );
  return {
    items: rows.map(({ payment, issuerId, subscriberFolderId }) => ({
      id: payment.id,
      policyId: payment.policyId,
      amountCents: payment.amountCents,
      transactionDate: payment.transactionDate,
      transactionId: payment.transactionId,
      transactionStatus: payment.transactionStatus,
      paymentMethod: payment.paymentMethod,
      paymentSource: payment.paymentSource,
      methodLastDigits: payment.methodLastDigits,
      methodBrand: payment.methodBrand,
      failureReason: payment.failureReason,
      refundedCents: refunded.get(payment.id) ?? 0,
      paidThroughDate: payment.paidThroughDate,
      issuerId,
      subscriberFolderId,
      createdAt: payment.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** Issue 13 payments desk: payments found by policy number, exchange subscriber id, transaction id or household. */
export async function searchPayments(db: Database, query: DeskPaymentQuery): Promise<DeskPaymentPage> {
  const { rows, total } = await findPayments(db, query.q, query.page, query.pageSize);
  const refunds = await refundsOf(
    db,
    rows.map((row) => row.payment.id),
  );
  return {
    items: rows.map((row) =>
      deskPaymentOf(
        row,
        refunds.filter((refund) => refund.paymentId === row.payment.id),
      ),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

// --- reads for the enrollment module (the effectuation 834, issue 34) ---
export { paidThroughOf } from './repository';
// --- reads for document PDFs ---
export { succeededPaymentsBetween } from './repository';
