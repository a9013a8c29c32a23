import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, pageOf, PageQuerySchema, UuidSchema } from './common';
import { PaymentAmountSchema } from './make-payment';

/**
 * Issue 13, the staff payments desk (docs/decisions/031): find a payment, refund it (all or part of what
 * is left) or void it (a bank payment not settled yet) with a reason, through the processor; and the
 * billing day's failed work with a retry.
 */

/** Find payments by policy number, exchange subscriber id, the processor's transaction id, or a household id. */
export const DeskPaymentQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().min(3).max(64),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type DeskPaymentQuery = z.infer<typeof DeskPaymentQuerySchema>;

export const PaymentRefundSchema = z
  .object({
    id: UuidSchema,
    kind: z.enum(['refund', 'void']),
    amountCents: CentsSchema,
    reason: z.string(),
    /** Pending: a bank refund the processor completes later (its `refund.succeeded` webhook). */
    status: z.enum(['Pending', 'Succeeded', 'Failed']),
    failureReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PaymentRefund' });
export type PaymentRefund = z.infer<typeof PaymentRefundSchema>;

export const DeskPaymentSchema = z
  .object({
    id: UuidSchema,
    policyId: UuidSchema,
    householdId: UuidSchema.nullable(),
    policyNumber: z.string(),
    /** The subscriber, as staff need to recognise the member on the phone. */
    subscriberName: z.string(),
    amountCents: CentsSchema,
    transactionDate: CalendarDateSchema,
    transactionId: z.string(),
    transactionStatus: z.enum(['Pending', 'Succeeded', 'Failed', 'Refunded', 'Returned', 'Voided']),
    paymentMethod: z.enum(['Card', 'BankAccount']),
    methodLastDigits: z.string().nullable(),
    methodBrand: z.string().nullable(),
    paymentSource: z.string(),
    /** Refunded so far (pending and completed refunds). */
    refundedCents: CentsSchema,
    /** What a refund may still give back (0 unless the payment went through). */
    refundableCents: CentsSchema,
    /** A bank payment not settled yet: it can be voided (cancelled), not refunded. */
    voidable: z.boolean(),
    refunds: z.array(PaymentRefundSchema),
  })
  .meta({ id: 'DeskPayment' });
export type DeskPayment = z.infer<typeof DeskPaymentSchema>;

export const DeskPaymentPageSchema = pageOf(DeskPaymentSchema).meta({ id: 'DeskPaymentPage' });
export type DeskPaymentPage = z.infer<typeof DeskPaymentPageSchema>;

export const DeskReasonSchema = z.string().trim().min(5).max(500);

/** `POST /api/v1/payments-desk/payments/{paymentId}/refund`: all that is left when `amount` is absent. */
export const RefundPaymentRequestSchema = z
  .object({
    amount: PaymentAmountSchema.optional(),
    reason: DeskReasonSchema,
  })
  .meta({ id: 'RefundPaymentRequest' });
export type RefundPaymentRequest = z.infer<typeof RefundPaymentRequestSchema>;

export const VoidPaymentRequestSchema = z
  .object({ reason: DeskReasonSchema })
  .meta({ id: 'VoidPaymentRequest' });
export type VoidPaymentRequest = z.infer<typeof VoidPaymentRequestSchema>;

/** The result (the receipt staff see): the refund or void as recorded and the payment as it now stands. */
export const DeskResultSchema = z
  .object({
    refund: PaymentRefundSchema,
    payment: DeskPaymentSchema,
  })
  .meta({ id: 'PaymentsDeskResult' });
export type DeskResult = z.infer<typeof DeskResultSchema>;

export const DeskPaymentParamsSchema = z.object({ paymentId: UuidSchema });

/** The billing day's failed work (docs/decisions/021): queue jobs, and autopay runs and scheduled payments that failed. */
export const FailedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  failedAt: z.iso.datetime().nullable(),
  retryCount: z.number().int(),
  /** The error's message as the job recorded it (no member data: the steps log none). */
  error: z.string().nullable(),
});
export const FailedAutopayRunSchema = z.object({
  id: UuidSchema,
  policyId: UuidSchema,
  householdId: UuidSchema.nullable(),
  policyNumber: z.string(),
  period: CalendarDateSchema,
  runDate: CalendarDateSchema,
  amountCents: CentsSchema.nullable(),
  attempt: z.number().int(),
  reason: z.string().nullable(),
});
export const FailedScheduledPaymentSchema = z.object({
  id: UuidSchema,
  policyId: UuidSchema,
  householdId: UuidSchema.nullable(),
  policyNumber: z.string(),
  paymentDate: CalendarDateSchema,
  amountCents: CentsSchema,
  reason: z.string().nullable(),
});
export const FailedWorkSchema = z
  .object({
    /** off: this instance runs no job queue (its failed jobs cannot be listed here). */
    queue: z.enum(['up', 'off', 'down']),
    jobs: z.array(FailedJobSchema),
    autopayRuns: z.array(FailedAutopayRunSchema),
    scheduledPayments: z.array(FailedScheduledPaymentSchema),
  })
  .meta({ id: 'FailedWork' });
export type FailedWork = z.infer<typeof FailedWorkSchema>;
export type FailedAutopayRun = z.infer<typeof FailedAutopayRunSchema>;
export type FailedScheduledPayment = z.infer<typeof FailedScheduledPaymentSchema>;
export type FailedJob = z.infer<typeof FailedJobSchema>;

export const RetryJobParamsSchema = z.object({ jobId: z.string().min(1).max(64) });
export const RetryRunParamsSchema = z.object({ runId: UuidSchema });

export const RetryResultSchema = z
  .object({
    /** queued: back in the queue; done: run now by this instance; already: someone retried it first. */
    outcome: z.enum(['queued', 'done', 'already']),
    /** What the run did, by outcome (an autopay run: paid, pending, declined, failed …). */
    counts: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: 'RetryResult' });
export type RetryResult = z.infer<typeof RetryResultSchema>;
