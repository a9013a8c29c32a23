import { channel } from 'node:diagnostics_channel';

/**
 * What became of a delivery on the processor's webhook (issue 40, docs/decisions/049), published on a
 * diagnostics channel so that the metrics plugin counts it without the processor module knowing about
 * metrics (as payment outcomes are, lib/payment-outcomes.ts):
 * - `applied`: a new event, acted on;
 * - `duplicate`: an event seen before, delivered again by the processor (acknowledged, nothing changed);
 * - `refused`: an event that does not fit what it names (decision 039; acknowledged, nothing changed);
 * - `rejected`: a delivery whose signature could not be verified (400);
 * - `replay`: the very same signed delivery sent again (409);
 * - `failed`: a handler or the database failed (500 or 503: the processor delivers it again).
 */
export type WebhookOutcome = 'applied' | 'duplicate' | 'refused' | 'rejected' | 'replay' | 'failed';

export const webhookOutcomes = channel('portal:processor-webhook');

export function publishWebhookOutcome(outcome: WebhookOutcome): void {
  if (webhookOutcomes.hasSubscribers) webhookOutcomes.publish({ outcome });
}
