import { z } from 'zod';
import type { CalendarDate } from '@portal/domain';
import { CalendarDateSchema, CentsSchema, TypedDateSchema, UuidSchema } from './common';
import { MakePaymentResponseSchema, PaymentAmountSchema, paymentAmountWithin } from './make-payment';
import { WalletItemRefSchema } from './wallet';

/** SPEC §3 Scheduled payment: a one-time payment set for a future date (DOMAIN "Money"). */
export const ScheduledPaymentSchema = z
  .object({
    id: UuidSchema,
    /** SPEC §3 accountId: the policy the payment is for. */
    accountId: UuidSchema,
    paymentAmountCents: CentsSchema,
    description: z.string().nullable(),
    paymentDate: CalendarDateSchema,
    paymentMethod: z.enum(['Card', 'BankAccount']),
    /** What it pays from, instead of SPEC's paymentToken (tokens never reach the browser); null if unknown. */
    paymentSource: WalletItemRefSchema.nullable(),
    /**
     * Scheduled (waiting for its date) → Processing (being charged) → Paid | Pending (a bank payment not
     * settled yet) | Failed (declined: `failureReason`); Cancelled by the member; Cleared by SPEC §4's rule.
     */
    status: z.enum(['Scheduled', 'Processing', 'Paid', 'Pending', 'Failed', 'Cancelled', 'Cleared']),
    /** A decline's code (`card_declined`, `insufficient_funds`, …) when it Failed. */
    failureReason: z.string().nullable(),
    createdDate: z.iso.datetime(),
    modifiedDate: z.iso.datetime(),
    /** The plan of the policy's current span (SPEC §4 span choice). */
    planName: z.string().nullable(),
  })
  .meta({ id: 'ScheduledPayment' });
export type ScheduledPayment = z.infer<typeof ScheduledPaymentSchema>;

/** `GET /api/v1/Policy/{policyId}/scheduled-payments`: Scheduled ones first, by payment date. */
export const ScheduledPaymentListSchema = z
  .object({
    items: z.array(ScheduledPaymentSchema),
    /** Payments still in the Scheduled state: what counts against the limit. */
    scheduledCount: z.number().int().min(0),
    /** SPEC §9 maxScheduledPaymentsAllowed (tenant configuration). */
    maxScheduledPaymentsAllowed: z.number().int().min(0),
    /** How many more may be set up now. */
    remaining: z.number().int().min(0),
    canAddScheduledPayment: z.boolean(),
  })
  .meta({ id: 'ScheduledPaymentList' });
export type ScheduledPaymentList = z.infer<typeof ScheduledPaymentListSchema>;

/** `POST /api/v1/Policy/{policyId}/scheduled-payments`: a one-time payment set for a later date. */
export const CreateScheduledPaymentRequestSchema = z
  .object({
    /** The saved method of the household's wallet that pays (the browser never holds a saved token). */
    walletItemId: UuidSchema,
    paymentAmount: PaymentAmountSchema,
    paymentDate: TypedDateSchema,
    description: z.string().trim().max(140).optional(),
  })
  .meta({ id: 'CreateScheduledPaymentRequest' });
export type CreateScheduledPaymentRequest = z.input<typeof CreateScheduledPaymentRequestSchema>;

/** `PUT /api/v1/ScheduledPayment/{id}`: a new date, a new amount, or both (while it is still Scheduled). */
export const ChangeScheduledPaymentRequestSchema = z
  .object({
    paymentAmount: PaymentAmountSchema.optional(),
    paymentDate: TypedDateSchema.optional(),
  })
  .refine((change) => change.paymentAmount !== undefined || change.paymentDate !== undefined, {
    message: 'give a new paymentDate or paymentAmount',
    params: { code: 'nothing-to-change' },
    path: ['paymentDate'],
  })
  .meta({ id: 'ChangeScheduledPaymentRequest' });
export type ChangeScheduledPaymentRequest = z.input<typeof ChangeScheduledPaymentRequestSchema>;

export const ScheduledPaymentParamsSchema = z.object({ id: UuidSchema });

/**
 * The schedule form's own schema: the request's rules plus the tenant's limits and the date window,
 * checked in the browser before anything is sent (the server checks the same again).
 */
export const scheduledPaymentFormSchema = (
  limits: { minAllowedPaymentCents: number; maxAllowedPaymentCents: number },
  window: { earliest: CalendarDate; latest: CalendarDate },
) =>
  z.object({
    walletItemId: z.string().min(1),
    paymentAmount: paymentAmountWithin(limits),
    paymentDate: scheduledDateWithin(window),
    description: z.string().trim().max(140),
  });
export type ScheduledPaymentForm = z.infer<ReturnType<typeof scheduledPaymentFormSchema>>;

/** The change form: the same limits on the new date and amount. */
export const changeScheduledPaymentFormSchema = (
  limits: { minAllowedPaymentCents: number; maxAllowedPaymentCents: number },
  window: { earliest: CalendarDate; latest: CalendarDate },
) => z.object({ paymentAmount: paymentAmountWithin(limits), paymentDate: scheduledDateWithin(window) });
export type ChangeScheduledPaymentForm = z.infer<ReturnType<typeof changeScheduledPaymentFormSchema>>;

/** A typed date within the window: `date-too-early` (today or before), `date-after-horizon`. */
function scheduledDateWithin(window: { earliest: CalendarDate; latest: CalendarDate }) {
  return TypedDateSchema.refine((date) => date >= window.earliest, {
    message: `on or after ${window.earliest}`,
    params: { code: 'date-too-early', earliest: window.earliest },
    abort: true,
  }).refine((date) => date <= window.latest, {
    message: `on or before ${window.latest}`,
    params: { code: 'date-after-horizon', latest: window.latest },
  });
}

/**
 * `POST /api/v1/Payment` with a later date (202): no money moved; a scheduled payment was set up for
 * that day from the saved method, and (SPEC §4) the policy's other scheduled payments were cleared.
 */
export const MakePaymentScheduledResponseSchema = z
  .object({
    information: z.object({ subscriberFolderID: z.string() }),
    /** The date asked for (MM/DD/YYYY), as sent. */
    date: z.string(),
    paymentDetails: z.object({ paymentAmount: z.string(), method: z.enum(['Card', 'BankAccount']) }),
    scheduledPayment: ScheduledPaymentSchema,
    /** SPEC §4: how many of the policy's scheduled payments this payment on another date cleared. */
    clearedScheduledPayments: z.number().int().min(0),
  })
  .meta({ id: 'MakePaymentScheduledResponse' });
export type MakePaymentScheduledResponse = z.infer<typeof MakePaymentScheduledResponseSchema>;

/** What `POST /api/v1/Payment` answers: a payment made today (201), or one scheduled for a later date (202). */
export const MakePaymentAnswerSchema = z.union([
  MakePaymentScheduledResponseSchema,
  MakePaymentResponseSchema,
]);
export type MakePaymentAnswer = z.infer<typeof MakePaymentAnswerSchema>;
export const isScheduledAnswer = (answer: MakePaymentAnswer): answer is MakePaymentScheduledResponse =>
  'scheduledPayment' in answer;
