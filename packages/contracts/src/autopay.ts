import { z } from 'zod';
import { MAX_AUTOPAY_DAYS_BEFORE_DUE } from '@portal/domain';
import { CalendarDateSchema, CentsSchema, UuidSchema } from './common';
import { PaymentAmountSchema, paymentAmountWithin } from './make-payment';
import { WalletItemRefSchema } from './wallet';

/**
 * What an autopay run of one billed month became (issue 10): Upcoming once the member was told of the
 * coming debit, Processing while it is charged, then Paid, Pending (a bank payment not settled yet),
 * RetryScheduled (declined once, tried again later), Failed (declined twice) or Skipped (`reason`:
 * `nothing-due`, `above-maximum`, `skipped-by-member`, `cancelled`).
 */
export const AutopayRunStatusSchema = z.enum([
  'Upcoming',
  'Processing',
  'Paid',
  'Pending',
  'RetryScheduled',
  'Failed',
  'Skipped',
]);
export type AutopayRunStatus = z.infer<typeof AutopayRunStatusSchema>;

/** The next charge of a subscription: which billed month, when, and how much when known. */
export const AutopayNextRunSchema = z
  .object({
    /** The billed month (its first day). */
    period: CalendarDateSchema,
    dueDate: CalendarDateSchema,
    /** The day it will be charged (a declined charge's next attempt). */
    runDate: CalendarDateSchema,
    /** The fixed amount, or the amount due when the month has been billed; null while not known. */
    amountCents: CentsSchema.nullable(),
    /** Scheduled: not announced yet; Upcoming: the member was told; RetryScheduled: declined once, tried again on `runDate`. */
    status: z.enum(['Scheduled', 'Upcoming', 'Processing', 'RetryScheduled']),
    /** The member asked to skip this month once (`skipPeriod`). */
    skipped: z.boolean(),
    /** The card it pays with expires before `runDate`. */
    cardExpiresBefore: z.boolean(),
  })
  .meta({ id: 'AutopayNextRun' });
export type AutopayNextRun = z.infer<typeof AutopayNextRunSchema>;

/** The most recent run that did something (not merely announced). */
export const AutopayLastRunSchema = z
  .object({
    period: CalendarDateSchema,
    runDate: CalendarDateSchema,
    status: AutopayRunStatusSchema,
    amountCents: CentsSchema.nullable(),
    /** Why it was skipped or failed: a skip reason or a decline code (`card_declined`, `insufficient_funds`, …). */
    reason: z.string().nullable(),
    /** Charges tried so far (a decline is tried once more). */
    attempt: z.number().int().min(0),
    nextAttemptDate: CalendarDateSchema.nullable(),
    /** The payment it made (its receipt), if any. */
    paymentId: UuidSchema.nullable(),
  })
  .meta({ id: 'AutopayLastRun' });
export type AutopayLastRun = z.infer<typeof AutopayLastRunSchema>;

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
    /** SPEC §3 runDay: the day of the month it runs (from `daysBeforeDue` and the due day). */
    runDay: z.number().int().min(1).max(28),
    /** Runs on the due date (0) or this many days before it. */
    daysBeforeDue: z.number().int().min(0).max(MAX_AUTOPAY_DAYS_BEFORE_DUE),
    /** The member's cap: a bill above it is not charged (the member is told instead). */
    maxAmountCents: CentsSchema.nullable(),
    /** The billed month (first day) the member asked to skip once. */
    skipPeriod: CalendarDateSchema.nullable(),
    state: z.enum(['Active', 'Cancelled']),
    startDate: CalendarDateSchema,
    endDate: CalendarDateSchema.nullable(),
    lastProcessed: CalendarDateSchema.nullable(),
    /** SPEC §4 replace: the subscription that took this one's place. */
    replacedBy: UuidSchema.nullable(),
    /** Active subscriptions only. */
    nextRun: AutopayNextRunSchema.nullable(),
    lastRun: AutopayLastRunSchema.nullable(),
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

export const AutopayParamsSchema = z.object({ id: UuidSchema });

/** The member's authorisation of the debits the page describes (what, from which method, when). */
const ConsentSchema = z.boolean().refine((value) => value, {
  message: 'the member must authorise the debits',
  params: { code: 'consent-required' },
});

/** What is charged and when: the amount due or a fixed amount, on the due date or up to 10 days before, up to an optional maximum. */
const settings = {
  amountType: z.enum(['AmountDue', 'Fixed']),
  /** Fixed only: dollars with two decimals, within the tenant's payment limits. */
  fixedAmount: PaymentAmountSchema.optional(),
  daysBeforeDue: z.number().int().min(0).max(MAX_AUTOPAY_DAYS_BEFORE_DUE),
  /** A bill above it is not charged. */
  maxAmount: PaymentAmountSchema.optional(),
  consent: ConsentSchema,
};

const fixedNeedsAmount = (value: { amountType: 'AmountDue' | 'Fixed'; fixedAmount?: string | undefined }) =>
  value.amountType !== 'Fixed' || value.fixedAmount !== undefined;
const fixedAmountRule = {
  message: 'a fixed amount is required',
  path: ['fixedAmount'],
  params: { code: 'required' },
};

/** `POST /api/v1/Policy/{policyId}/autopay`: a new subscription paying from a saved wallet method. */
export const CreateAutopayRequestSchema = z
  .object({ walletItemId: UuidSchema, ...settings })
  .refine(fixedNeedsAmount, fixedAmountRule)
  .meta({ id: 'CreateAutopayRequest' });
export type CreateAutopayRequest = z.input<typeof CreateAutopayRequestSchema>;

/** `PUT /api/v1/Autopay/{id}`: new terms (the method changes by replacing the subscription). */
export const UpdateAutopayRequestSchema = z
  .object(settings)
  .refine(fixedNeedsAmount, fixedAmountRule)
  .meta({ id: 'UpdateAutopayRequest' });
export type UpdateAutopayRequest = z.input<typeof UpdateAutopayRequestSchema>;

/** `POST /api/v1/Autopay/{id}/replace` (SPEC §4): the same terms from another saved method. */
export const ReplaceAutopayRequestSchema = z
  .object({ walletItemId: UuidSchema, consent: ConsentSchema })
  .meta({ id: 'ReplaceAutopayRequest' });
export type ReplaceAutopayRequest = z.input<typeof ReplaceAutopayRequestSchema>;

/** `PUT /api/v1/Autopay/{id}/skip-next`: skip the next run once (`true`), or charge it after all (`false`). */
export const SkipNextAutopayRequestSchema = z
  .object({ skip: z.boolean() })
  .meta({ id: 'SkipNextAutopayRequest' });
export type SkipNextAutopayRequest = z.input<typeof SkipNextAutopayRequestSchema>;

/**
 * The autopay form's own schema (set up and change): text inputs and a select, checked against the
 * tenant's payment limits before anything is sent; {@link autopayRequestOf} makes the request of it.
 */
export const autopayFormSchema = (limits: {
  minAllowedPaymentCents: number;
  maxAllowedPaymentCents: number;
}) =>
  z
    .object({
      walletItemId: z.string().min(1),
      amountType: z.enum(['AmountDue', 'Fixed']),
      fixedAmount: z.string(),
      daysBeforeDue: z.string().regex(/^([0-9]|10)$/),
      maxAmount: z.string(),
      consent: ConsentSchema,
    })
    .superRefine((form, context) => {
      const problem = (field: 'fixedAmount' | 'maxAmount', issue: z.core.$ZodIssue | undefined) => {
        if (issue)
          context.addIssue({
            code: 'custom',
            path: [field],
            message: issue.message,
            params: issue.code === 'custom' ? (issue.params ?? {}) : {},
          });
      };
      if (form.amountType === 'Fixed') {
        if (form.fixedAmount.trim() === '')
          context.addIssue({ code: 'custom', path: ['fixedAmount'], message: 'required' });
        else problem('fixedAmount', paymentAmountWithin(limits).safeParse(form.fixedAmount).error?.issues[0]);
      } else if (form.maxAmount.trim() !== '') {
        problem('maxAmount', PaymentAmountSchema.safeParse(form.maxAmount).error?.issues[0]);
      }
    });
export type AutopayForm = z.infer<ReturnType<typeof autopayFormSchema>>;
