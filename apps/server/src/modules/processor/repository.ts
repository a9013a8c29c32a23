import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { processorEvents } from '../../db/schema';
import type { ProcessorEvent } from '../../processor/port';

/** Records an event once by its id (as applied, until {@link markRefused} says otherwise): false when it was already recorded. */
export async function recordEvent(tx: Executor, event: ProcessorEvent, deliveryId: string): Promise<boolean> {
  const inserted = await tx
    .insert(processorEvents)
    .values({
      id: event.id,
      type: event.type,
      transactionId: event.transactionId,
      payload: event,
      deliveryId,
    })
    .onConflictDoNothing({ target: processorEvents.id })
    .returning({ id: processorEvents.id });
  return inserted.length > 0;
}

export async function deliveryOf(db: Executor, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ deliveryId: processorEvents.deliveryId })
    .from(processorEvents)
    .where(eq(processorEvents.id, eventId));
  return row?.deliveryId;
}

/** Issue 33 item 3: the event did not fit what it names; it is kept, with why, and acted on no more. */
export async function markRefused(tx: Executor, eventId: string, reason: string): Promise<void> {
  await tx
    .update(processorEvents)
    .set({ outcome: 'refused', refusalReason: reason })
    .where(eq(processorEvents.id, eventId));
}
