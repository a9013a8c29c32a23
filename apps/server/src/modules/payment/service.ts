import type { PaymentHistoryQuery, PaymentPage } from '@portal/contracts';
import type { Database } from '../../db/client';
import { paymentPage } from './repository';

// Payments the portal makes on its own on their day (scheduled payments, autopay): the billing day's steps.
export { chargeDue, type DueCharge, type DueChargeOutcome, type DueChargeDependencies } from './charge-due';

/** SPEC §3 Payment history of one policy, a page at a time (issue 4: lists that grow are paginated). */
export async function paymentHistory(db: Database, policyId: string, query: PaymentHistoryQuery): Promise<PaymentPage> {
  const { rows, total } = await paymentPage(db, policyId, query);
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
