import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, UuidSchema } from './common';
import { WalletItemRefSchema } from './wallet';

/**
 * SPEC §3 Subscription (autopay): charges the amount due, or a fixed amount, on a run day each month.
 * The processor's payment token is replaced by the wallet item it pays from; the processor's web
 * service URLs are internal and not shown.
 */
export const AutopaySubscriptionSchema = z
  .object({
    id: UuidSchema,
    /** SPEC §3 referenceId: the policy it pays. */
    policyId: UuidSchema,
    name: z.string(),
    description: z.string().nullable(),
    amountType: z.enum(['AmountDue', 'Fixed']),
    /** Fixed amounts only. */
    amountCents: CentsSchema.nullable(),
    paymentMethod: z.enum(['Card', 'BankAccount']),
    paymentSource: WalletItemRefSchema.nullable(),
    runDay: z.number().int().min(1).max(28),
    state: z.enum(['Active', 'Cancelled']),
    startDate: CalendarDateSchema,
    endDate: CalendarDateSchema.nullable(),
    lastProcessed: CalendarDateSchema.nullable(),
    createdTime: z.iso.datetime(),
    modifiedTime: z.iso.datetime(),
  })
  .meta({ id: 'AutopaySubscription' });
export type AutopaySubscription = z.infer<typeof AutopaySubscriptionSchema>;

/** `GET /api/v1/Policy/{policyId}/autopay`: active subscriptions first, newest first. */
export const AutopayListSchema = z
  .object({
    items: z.array(AutopaySubscriptionSchema),
    activeCount: z.number().int().min(0),
    /** SPEC §9 maxAutopayAllowed (tenant configuration). */
    maxAutopayAllowed: z.number().int().min(0),
    canAddAutopay: z.boolean(),
  })
  .meta({ id: 'AutopayList' });
export type AutopayList = z.infer<typeof AutopayListSchema>;
