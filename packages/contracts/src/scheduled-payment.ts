import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, UuidSchema } from './common';
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
    status: z.enum(['Scheduled', 'Processing', 'Paid', 'Failed', 'Cancelled']),
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
