import { z } from 'zod';
import { amountCents, isCalendarDate } from '@portal/domain';
import { BirthDateSchema, CalendarDateSchema, CentsSchema, UuidSchema } from './common';
import { PAYMENT_STATUSES } from './payment';
import { ReinstatementOutcomeSchema } from './reinstatement';

/**
 * SPEC §5/§9: a payment amount as typed and as sent: dollars with at most two decimals (`"125.50"`).
 * Each refusal names its rule (`not-a-number`, `too-many-decimals`, `not-positive`) so the form and
 * the API say the same thing.
 */
export const PaymentAmountSchema = z
  .string()
  .trim()
  .refine((text) => /^-?[0-9]+(\.[0-9]*)?$/.test(text), {
    message: 'an amount such as 125.50',
    params: { code: 'not-a-number' },
    abort: true,
  })
  .refine((text) => !/\.[0-9]{3,}$/.test(text), {
    message: 'at most two decimals',
    params: { code: 'too-many-decimals' },
    abort: true,
  })
  .refine((text) => !text.startsWith('-') && Number(text) > 0, {
    message: 'more than zero',
    params: { code: 'not-positive' },
    abort: true,
  })
  .refine((text) => Number(text) < 10_000_000, {
    message: 'too large',
    params: { code: 'amount-above-maximum', maximum: 10_000_000 },
  })
  .meta({ description: 'Dollars with at most two decimals, e.g. "125.50" (SPEC §9).', example: '125.50' });

/** The tenant's limits on one payment (config `payments.min/maxAllowedPaymentCents`), as a refinement. */
export function paymentAmountWithin(limits: {
  minAllowedPaymentCents: number;
  maxAllowedPaymentCents: number;
}) {
  const minimum = limits.minAllowedPaymentCents / 100;
  const maximum = limits.maxAllowedPaymentCents / 100;
  return PaymentAmountSchema.refine((text) => amountCents(text) >= limits.minAllowedPaymentCents, {
    message: `at least ${minimum}`,
    params: { code: 'amount-below-minimum', minimum },
    abort: true,
  }).refine((text) => amountCents(text) <= limits.maxAllowedPaymentCents, {
    message: `at most ${maximum}`,
    params: { code: 'amount-above-maximum', maximum },
  });
}

/** SPEC §7: the payment date, `MM/DD/YYYY`; today (a later date makes a scheduled payment). */
export const UsDateSchema = z
  .string()
  .regex(/^[0-9]{2}\/[0-9]{2}\/[0-9]{4}$/, { message: 'a date as MM/DD/YYYY', abort: true })
  .refine((text) => isCalendarDate(`${text.slice(6)}-${text.slice(0, 2)}-${text.slice(3, 5)}`), {
    message: 'not a real date',
    params: { code: 'not-a-date' },
  });

/** `MM/DD/YYYY` → `YYYY-MM-DD`. */
export const fromUsDate = (text: string): string =>
  `${text.slice(6)}-${text.slice(0, 2)}-${text.slice(3, 5)}`;

const Text = (max: number) => z.string().trim().min(1).max(max);

/**
 * SPEC §7 make-payment body (`POST /api/v1/Payment`, with `Idempotency-Key`). `id` is the policy paid.
 * The method is either a saved wallet method (`walletItemId`: the browser never holds a saved token)
 * or a one-time token from the processor's hosted fields (`paymentToken`), which may be saved.
 * `purpose: reinstatement` (issue 11) pays the whole amount due to reinstate a terminated policy and
 * asks for the reinstatement in the same command.
 */
export const MakePaymentRequestSchema = z
  .object({
    id: UuidSchema,
    /** A premium (the default), or the amount that reinstates a terminated policy. */
    purpose: z.enum(['premium', 'reinstatement']).optional(),
    paymentDetails: z
      .object({
        paymentAmount: PaymentAmountSchema,
        method: z.enum(['Card', 'BankAccount']),
        paymentToken: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .regex(/^[A-Za-z0-9_-]+$/)
          .optional(),
        walletItemId: UuidSchema.optional(),
        /** Keep a one-time card or account in the household's wallet (members only). */
        saveToWallet: z.boolean().default(false),
      })
      .refine((details) => (details.paymentToken === undefined) !== (details.walletItemId === undefined), {
        message: 'give either paymentToken or walletItemId',
        params: { code: 'choose-method' },
        path: ['walletItemId'],
      }),
    information: z.object({
      subscriberFolderID: Text(40),
      firstName: Text(100),
      lastName: Text(100),
      dateofBirth: BirthDateSchema,
      exchangeID: z.string().trim().max(30).nullable().optional(),
      healthPlanID: Text(30),
      billingName: Text(100),
      street: Text(100),
      city: Text(60),
      state: z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/),
      // SPEC §5: ZIP codes longer than 5 characters are cut to 5.
      zip: z
        .string()
        .trim()
        .regex(/^[0-9]{5}(-?[0-9]{4})?$/)
        .transform((zip) => zip.slice(0, 5)),
      emailAddress: z.email().max(200).nullable().optional(),
      details: z.string().trim().max(500).optional(),
      date: UsDateSchema,
    }),
  })
  .meta({ id: 'MakePaymentRequest' });
export type MakePaymentRequest = z.input<typeof MakePaymentRequestSchema>;

/** SPEC §7 make-payment answer, plus the recorded payment (the receipt). */
export const MakePaymentResponseSchema = z
  .object({
    information: z.object({ subscriberFolderID: z.string() }),
    transactionID: z.string(),
    /** SPEC §7 `typeField`: how it was paid (`Card`, `BankAccount`). */
    typeField: z.enum(['Card', 'BankAccount']),
    date: z.string(),
    paymentDetails: z.object({ paymentAmount: z.string(), method: z.enum(['Card', 'BankAccount']) }),
    receipt: z.lazy(() => ReceiptSchema),
    /** "Save to my wallet": `saved`, not asked, or why it could not be kept (the payment is made regardless). */
    savedToWallet: z.enum([
      'saved',
      'not-asked',
      'method-type-not-accepted',
      'card-expired',
      'limit-reached',
      'already-saved',
      'token-taken',
      'holder-missing',
    ]),
    /** A reinstatement payment (`purpose: reinstatement`): its request and how it went. */
    reinstatement: ReinstatementOutcomeSchema.optional(),
  })
  .meta({ id: 'MakePaymentResponse' });
export type MakePaymentResponse = z.infer<typeof MakePaymentResponseSchema>;

/** A payment receipt: what was paid, how, for which policy, and what it paid through. */
export const ReceiptSchema = z
  .object({
    paymentId: UuidSchema,
    policyId: UuidSchema,
    policyNumber: z.string(),
    planName: z.string().nullable(),
    subscriberName: z.string(),
    payerName: z.string().nullable(),
    amountCents: CentsSchema,
    transactionId: z.string(),
    transactionDate: CalendarDateSchema,
    recordedAt: z.iso.datetime(),
    status: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.enum(['Card', 'BankAccount']),
    paymentSource: z.enum(['Portal', 'Guest', 'Binder', 'Autopay', 'Scheduled', 'Phone', 'Mail']),
    methodBrand: z.string().nullable(),
    methodLastDigits: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** The paid-through date right after this payment was applied (null while pending or when it did not complete a month). */
    paidThroughDate: CalendarDateSchema.nullable(),
    /** A binder payment that made the coverage effective. */
    effectuated: z.boolean(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof ReceiptSchema>;

export const PaymentParamsSchema = z.object({ paymentId: UuidSchema });
/** `GET /api/v1/Payment/{paymentId}/receipt.pdf`: the language of the printed receipt (default the household's). */
export const ReceiptPdfQuerySchema = z.object({ lang: z.enum(['en', 'es', 'pt']).optional() });

/**
 * The make-payment form's own schema (the page maps it to the SPEC §7 body). `when` is today (charged
 * now) or later (issue 10: a scheduled payment for `paymentDate`, within `window` — from tomorrow to the
 * horizon — and from a saved wallet method: a one-time token is used once, now).
 */
export const makePaymentFormSchema = (
  limits: { minAllowedPaymentCents: number; maxAllowedPaymentCents: number },
  window: { earliest: string; latest: string } | null = null,
) =>
  z
    .object({
      policyId: UuidSchema,
      amount: paymentAmountWithin(limits),
      when: z.enum(['today', 'later']),
      paymentDate: z.string(),
      methodChoice: z.string().min(1),
      saveToWallet: z.boolean(),
      billingName: Text(100),
      street: Text(100),
      city: Text(60),
      state: z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/),
      zip: z
        .string()
        .trim()
        .regex(/^[0-9]{5}(-?[0-9]{4})?$/),
      emailAddress: z.union([z.literal(''), z.email().max(200)]),
    })
    .superRefine((value, context) => {
      if (value.when !== 'later') return;
      if (!isCalendarDate(value.paymentDate)) {
        context.addIssue({
          code: 'custom',
          path: ['paymentDate'],
          message: 'a date is required',
          params: value.paymentDate === '' ? {} : { code: 'not-a-date' },
        });
      } else if (window && value.paymentDate < window.earliest) {
        context.addIssue({
          code: 'custom',
          path: ['paymentDate'],
          message: 'from tomorrow on',
          params: { code: 'later-date-too-early' },
        });
      } else if (window && value.paymentDate > window.latest) {
        context.addIssue({
          code: 'custom',
          path: ['paymentDate'],
          message: 'beyond the horizon',
          params: { code: 'later-date-after-horizon' },
        });
      }
      if (!value.methodChoice.startsWith('saved:')) {
        context.addIssue({
          code: 'custom',
          path: ['methodChoice'],
          message: 'a saved method pays later',
          params: { code: 'later-needs-saved-method' },
        });
      }
    });
export type MakePaymentForm = z.infer<ReturnType<typeof makePaymentFormSchema>>;
