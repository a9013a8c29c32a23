import type { Executor } from '../db/client';
import { outboxEvents } from '../db/schema';

/**
 * An event for the outbox: what happened, to which household (and policy), and the facts its
 * handlers need. Never a secret and never a full card or account number: payloads are read by every
 * channel (in-app, live, e-mail).
 */
export interface OutboxEventInput {
  type: string;
  householdId: string | null;
  policyId?: string | null;
  payload: Record<string, unknown>;
}

/** A stored event, as handlers receive it. */
export interface OutboxEvent extends OutboxEventInput {
  id: number;
  createdAt: Date;
}

/** Writes events in the caller's transaction: they exist exactly when the change that caused them commits. */
export async function enqueueEvents(executor: Executor, events: readonly OutboxEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(outboxEvents).values(
    events.map((event) => ({
      type: event.type,
      householdId: event.householdId,
      policyId: event.policyId ?? null,
      payload: event.payload,
    })),
  );
}
