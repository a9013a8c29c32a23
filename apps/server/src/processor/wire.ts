import { z } from 'zod';
import type { ProcessorEvent } from './port';

/**
 * The processor's HTTP API as the portal speaks it (docs/decisions/016, README "Payment processor"):
 * the built-in sandbox serves it; a real processor gets its own adapter behind the port instead.
 * Amounts travel as two-decimal strings (SPEC §9), identifiers are opaque.
 */

export const CardBrandSchema = z.enum(['Visa', 'Mastercard', 'Amex', 'Discover']);

/** Whom a token belongs to and which card or account it is (docs/decisions/039); null for older tokens. */
const tokenFacts = {
  token: z.string(),
  owner: z.string().nullable(),
  fingerprint: z.string().nullable(),
};

export const TokenDescriptionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    ...tokenFacts,
    brand: CardBrandSchema,
    last4: z.string().regex(/^[0-9]{4}$/),
    expirationMonth: z.number().int().min(1).max(12),
    expirationYear: z.number().int(),
    funding: z.enum(['credit', 'debit', 'prepaid']),
    postalCode: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('bankAccount'),
    ...tokenFacts,
    routingNumber: z.string().regex(/^[0-9]{9}$/),
    last3: z.string().regex(/^[0-9]{3}$/),
    accountType: z.enum(['Checking', 'Savings']),
    bankName: z.string().nullable(),
  }),
]);

/**
 * `POST /v1/tokenization-sessions` (secret key): a session the hosted fields make tokens in, each bound
 * to `owner` — an opaque reference of the portal's (`household:<id>`, `guest:<session id>`, …).
 */
export const TokenizationSessionBodySchema = z.object({ owner: z.string().min(1).max(200) });
export const TokenizationSessionSchema = z.object({
  id: z.string().min(1),
  owner: z.string(),
  expiresAt: z.string(),
});

export const DeclineCodeSchema = z.enum([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_account',
  'do_not_honor',
]);

export const Amount = z.string().regex(/^[0-9]+\.[0-9]{2}$/);

export const ChargeBodySchema = z.object({
  token: z.string().min(1).max(200),
  amount: Amount,
  description: z.string().max(200),
  metadata: z.record(z.string(), z.string()).default({}),
});

export const ChargeSchema = z.object({
  id: z.string(),
  status: z.enum(['succeeded', 'pending', 'declined', 'settled', 'returned', 'voided', 'refunded']),
  amount: Amount,
  declineCode: DeclineCodeSchema.nullable(),
  returnCode: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type WireCharge = z.infer<typeof ChargeSchema>;

export const RefundBodySchema = z.object({
  charge: z.string().min(1),
  amount: Amount.optional(),
  reason: z.string().max(200),
});

export const RefundSchema = z.object({
  id: z.string(),
  charge: z.string(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  amount: Amount,
  failureReason: z.string().nullable(),
});

export const VoidSchema = z.object({ status: z.enum(['voided', 'not-voidable']) });

/** Webhook bodies: one event each; `amount` is the charge's (settled, returned) or the refund's. */
export const EventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1),
    type: z.literal('charge.settled'),
    transactionId: z.string(),
    amount: Amount,
    metadata: z.record(z.string(), z.string()),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('charge.returned'),
    transactionId: z.string(),
    returnCode: z.string(),
    amount: Amount,
    metadata: z.record(z.string(), z.string()),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('refund.succeeded'),
    transactionId: z.string(),
    refundId: z.string(),
    amount: Amount,
    metadata: z.record(z.string(), z.string()),
  }),
]);
export type WireEvent = z.infer<typeof EventSchema>;

export const centsToAmount = (cents: number): string => (cents / 100).toFixed(2);
export const amountToCents = (amount: string): number => Number(amount.replace('.', ''));

/** The port's event (amounts in cents) from the wire's. */
export function eventFromWire({ amount, ...event }: WireEvent): ProcessorEvent {
  return { ...event, amountCents: amountToCents(amount) };
}

/** The wire's event (two-decimal amount) from the port's. */
export function eventToWire({ amountCents, ...event }: ProcessorEvent): WireEvent {
  return { ...event, amount: centsToAmount(amountCents) };
}
