import { z } from 'zod';

/**
 * The payment processor as the browser meets it (docs/decisions/016): where its hosted fields live,
 * and what they hand the portal page after tokenising — a one-time token and display facts, never a
 * card or account number.
 */

export const HostedFieldsQuerySchema = z.object({
  /** The language the hosted fields speak (the portal's active language). */
  language: z.enum(['en', 'es', 'pt']).default('en'),
  /** The origin of the portal page that frames them (one of the portal's own origins). */
  parentOrigin: z.url({ protocol: /^https?$/ }),
});
export type HostedFieldsQuery = z.infer<typeof HostedFieldsQuerySchema>;

export const HostedFieldsConfigSchema = z
  .object({
    /** The processor's browser-facing origin: the only origin whose messages the portal page accepts. */
    origin: z.string(),
    /**
     * The hosted fields pages, in the asked language, for the asked parent origin, in a tokenisation
     * session opened for the caller: the tokens they make are usable by the caller's household (or
     * guest session) only (docs/decisions/039).
     */
    card: z.url(),
    bankAccount: z.url(),
    /** When the session stops making tokens (ISO time): ask again for pages shown later. */
    expiresAt: z.string(),
  })
  .meta({ id: 'HostedFieldsConfig' });
export type HostedFieldsConfig = z.infer<typeof HostedFieldsConfigSchema>;

/** What the hosted fields tell the portal page about the method just tokenised. */
export const TokenizedMethodSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    brand: z.enum(['Visa', 'Mastercard', 'Amex', 'Discover']),
    last4: z.string().regex(/^[0-9]{4}$/),
    expirationMonth: z.number().int().min(1).max(12),
    expirationYear: z.number().int(),
  }),
  z.object({
    kind: z.literal('bankAccount'),
    last3: z.string().regex(/^[0-9]{3}$/),
    accountType: z.enum(['Checking', 'Savings']),
    bankName: z.string().nullable(),
    routingNumberLast4: z.string().regex(/^[0-9]{4}$/),
  }),
]);
export type TokenizedMethod = z.infer<typeof TokenizedMethodSchema>;

/**
 * The answer of the processor's webhook endpoint. `refused`: the event did not fit what it names and
 * changed nothing (why: `not-a-bank-payment`, `amount-mismatch`, `payment-not-pending`, `unknown-refund`, …).
 */
export const WebhookReceiptSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean(), refused: z.string().optional() })
  .meta({ id: 'WebhookReceipt' });
