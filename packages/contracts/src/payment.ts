import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, pageOf, PageQuerySchema, UuidSchema } from './common';

/** A payment's status; Voided: cancelled by staff before it settled (issue 13 payments desk). */
export const PAYMENT_STATUSES = ['Pending', 'Succeeded', 'Failed', 'Refunded', 'Returned', 'Voided'] as const;

/** SPEC §3 Payment: one entry of a policy's payment history. The method is shown by its last digits only. */
export const PaymentSchema = z
  .object({
    id: UuidSchema,
    policyId: UuidSchema,
    amountCents: CentsSchema,
    transactionDate: CalendarDateSchema,
    /** The processor's transaction id (the receipt number). */
    transactionId: z.string(),
    transactionStatus: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.enum(['Card', 'BankAccount']),
    paymentSource: z.enum(['Portal', 'Guest', 'Binder', 'Autopay', 'Scheduled', 'Phone', 'Mail']),
    /** Card last 4 or account last 3; never a full number. */
    methodLastDigits: z.string().nullable(),
    /** Card brand or account type. */
    methodBrand: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** Given back by refunds so far (issue 13 payments desk): all of it when the status is Refunded. */
    refundedCents: CentsSchema,
    /** The paid-through date right after the payment was applied (what it paid through). */
    paidThroughDate: CalendarDateSchema.nullable(),
    /** SPEC §3 Payment issuerId: the issuer's subscriber id of the policy. */
    issuerId: z.string(),
    /** SPEC §3 Payment subscriberFolderID: the subscriber's member folder id. */
    subscriberFolderId: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof PaymentSchema>;

/** `GET /api/v1/Policy/{policyId}/payments`: newest first (transaction date, then when recorded). */
export const PaymentPageSchema = pageOf(PaymentSchema).meta({ id: 'PaymentPage' });
export type PaymentPage = z.infer<typeof PaymentPageSchema>;

/** History filters (SPEC §2 /payments/payment-history): a page, a date range, statuses. */
export const PaymentHistoryQuerySchema = PageQuerySchema.extend({
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentHistoryQuery = z.infer<typeof PaymentHistoryQuerySchema>;
