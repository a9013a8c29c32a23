import { channel } from 'node:diagnostics_channel';

/**
 * What became of a payment the portal tried to make (docs/decisions/034), published on a diagnostics
 * channel so that the metrics plugin counts it without the payment module knowing about metrics:
 * - `succeeded`, `pending` (a bank payment waiting to settle), `declined`: the processor's answer;
 * - `scheduled`: a payment for a later day (nothing charged now);
 * - `outcome-unknown`: the processor did not answer in time (504, retried with the same key);
 * - `processor-unavailable`: no processor, or it refused the connection (503);
 * - `error`: anything else that failed after the request was accepted.
 * Refusals before any charge (validation, access, business rules) are not payment outcomes.
 */
export type PaymentOutcome =
  'succeeded' | 'pending' | 'declined' | 'scheduled' | 'outcome-unknown' | 'processor-unavailable' | 'error';
/** Who made it: the member (or guest, staff…) on the portal, or the billing day's autopay and scheduled payments. */
export type PaymentSource = 'portal' | 'autopay' | 'scheduled';

export interface PaymentOutcomeMessage {
  outcome: PaymentOutcome;
  source: PaymentSource;
}

export const paymentOutcomes = channel('portal:payment-outcome');

export function publishPaymentOutcome(outcome: PaymentOutcome, source: PaymentSource): void {
  if (paymentOutcomes.hasSubscribers)
    paymentOutcomes.publish({ outcome, source } satisfies PaymentOutcomeMessage);
}
