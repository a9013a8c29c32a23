import { and, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Database, Transaction } from '../../db/client';
import { webhookDeliveries, webhookSubscribers } from '../../db/schema';
import type { DispatchContext, OutboxChannel } from '../../outbox/dispatcher';
import type { OutboxEvent } from '../../outbox/events';
import { issuerEventsOf } from './catalogue';
import type { SecretBox } from './secrets';

/**
 * Issuer events (issue 34, docs/decisions/052). The outbox channel turns each outbox event — written in
 * the change's own transaction — into one delivery row per subscriber that wants its type, in the dispatch
 * transaction (so once per event and subscriber). The deliverer sends them at least once, signed (Standard
 * Webhooks, v1 HMAC-SHA256 of `id.timestamp.body`), oldest first and one at a time per subscriber and
 * household (a later event waits while an earlier one is pending), retrying with backoff; run by the job
 * queue (`jobs.ts`) and nudged after each dispatch.
 */

/** Attempts before a delivery is `failed` (a replay sends it again). About a day and a half of retries. */
export const MAX_ATTEMPTS = 12;
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;
const CLAIM = 50;

/** The wait before attempt `attempts + 1`: 5 s, 10 s, 20 s, … at most 6 hours. */
export const backoffSeconds = (attempts: number): number =>
  Math.min(5 * 2 ** Math.max(0, attempts - 1), 6 * 3600);

type Subscriber = { id: string; eventTypes: string[] };

/** The delivery rows of these events for these subscribers (a type a subscriber did not ask for is left out). */
function deliveriesOf(events: readonly OutboxEvent[], subscribers: readonly Subscriber[]) {
  const rows = [];
  for (const event of events) {
    for (const [index, issuerEvent] of issuerEventsOf(event).entries()) {
      for (const subscriber of subscribers) {
        if (subscriber.eventTypes.length > 0 && !subscriber.eventTypes.includes(issuerEvent.type)) continue;
        rows.push({
          subscriberId: subscriber.id,
          // One outbox event may give two issuer events (of two types): each its own row.
          outboxEventId: event.id,
          messageId: `msg_${String(event.id)}_${String(index)}_${subscriber.id.replace(/-/g, '')}`,
          householdId: event.householdId,
          eventType: issuerEvent.type,
          payload: {
            type: issuerEvent.type,
            timestamp: event.createdAt.toISOString(),
            data: issuerEvent.data,
          },
        });
      }
    }
  }
  return rows;
}

export function issuerEventsChannel(nudge: () => void): OutboxChannel {
  // A batch (decision 037): one read of the subscribers and one insert for all its events.
  const many = async (tx: Transaction, events: readonly OutboxEvent[], dispatch: DispatchContext) => {
    if (!events.some((event) => issuerEventsOf(event).length > 0)) return;
    const subscribers = await tx
      .select({ id: webhookSubscribers.id, eventTypes: webhookSubscribers.eventTypes })
      .from(webhookSubscribers)
      .where(eq(webhookSubscribers.active, true));
    const rows = deliveriesOf(events, subscribers);
    if (rows.length === 0) return;
    await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    dispatch.afterCommit(nudge);
  };
  return {
    one: (tx, event, dispatch) => many(tx, [event], dispatch),
    many,
  };
}

export interface DeliveryLog {
  warn(object: Record<string, unknown>, message: string): void;
}

type Claimed = {
  id: number;
  subscriberId: string;
  messageId: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
};

/**
 * Sends what is due now, until nothing is: claims (lease) the oldest pending delivery of each subscriber
 * and household whose turn it is, posts them, records each outcome. Resolves with the counts.
 */
export async function deliverDue(
  db: Database,
  box: SecretBox,
  log: DeliveryLog,
  fetchImpl: typeof fetch = fetch,
): Promise<{ delivered: number; retried: number; failed: number }> {
  const counts = { delivered: 0, retried: 0, failed: 0 };
  // Decision 056: a secret a rotation replaced is dropped once its overlap window is over.
  await db
    .update(webhookSubscribers)
    .set({ previousSecretCiphertext: null, previousSecretExpiresAt: null })
    .where(sql`${webhookSubscribers.previousSecretExpiresAt} <= now()`);
  for (let round = 0; round < 100; round += 1) {
    const claimed = await claim(db);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await send(delivery, box, fetchImpl);
        if (outcome.ok) {
          await db
            .update(webhookDeliveries)
            .set({
              status: 'delivered',
              deliveredAt: new Date(),
              attempts: delivery.attempts + 1,
              lastStatusCode: outcome.status,
              lastError: null,
              leaseUntil: null,
            })
            .where(eq(webhookDeliveries.id, delivery.id));
          counts.delivered += 1;
          return;
        }
        const attempts = delivery.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        // The subscriber's id and the answer's status only: never the secret, the body or the signature.
        log.warn(
          { subscriberId: delivery.subscriberId, deliveryId: delivery.id, status: outcome.status, attempts },
          failed ? 'issuer webhook failed for good' : 'issuer webhook not accepted; will retry',
        );
        await db
          .update(webhookDeliveries)
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            lastStatusCode: outcome.status,
            lastError: outcome.error,
            leaseUntil: null,
            nextAttemptAt: sql`now() + ${backoffSeconds(attempts)} * interval '1 second'`,
          })
          .where(eq(webhookDeliveries.id, delivery.id));
        if (failed) counts.failed += 1;
        else counts.retried += 1;
      }),
    );
  }
  return counts;
}

/**
 * The deliveries whose turn it is, leased: due, not held by another deliverer, and the oldest pending one
 * of their subscriber and household (order per household: a later event waits for an earlier one).
 */
async function claim(db: Database): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ id: number }>(sql`
      select d.id from ${webhookDeliveries} d
      join ${webhookSubscribers} s on s.id = d.subscriber_id and s.active
      where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
        and not exists (
          select 1 from ${webhookDeliveries} e
          where e.subscriber_id = d.subscriber_id and e.household_id is not distinct from d.household_id
            and e.status = 'pending' and e.id < d.id)
      order by d.id
      limit ${CLAIM}
      for update of d skip locked`);
    const ids = (result as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    await tx
      .update(webhookDeliveries)
      .set({ leaseUntil: sql`now() + ${LEASE_SECONDS} * interval '1 second'` })
      .where(inArray(webhookDeliveries.id, ids));
    return tx
      .select({
        id: webhookDeliveries.id,
        subscriberId: webhookDeliveries.subscriberId,
        messageId: webhookDeliveries.messageId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        url: webhookSubscribers.url,
        secretCiphertext: webhookSubscribers.secretCiphertext,
        // Decision 056: the secret a rotation replaced, while its overlap window lasts.
        previousSecretCiphertext: sql<
          string | null
        >`case when ${webhookSubscribers.previousSecretExpiresAt} > now() then ${webhookSubscribers.previousSecretCiphertext} end`,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscribers, eq(webhookSubscribers.id, webhookDeliveries.subscriberId))
      .where(and(inArray(webhookDeliveries.id, ids)));
  });
}

async function send(
  delivery: Claimed,
  box: SecretBox,
  fetchImpl: typeof fetch,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = new Date();
  try {
    // After a rotation both secrets sign (decision 056): Standard Webhooks puts the signatures side by
    // side, space-separated, and a receiver accepts the message when any of them verifies.
    const secrets = [
      delivery.secretCiphertext,
      ...(delivery.previousSecretCiphertext ? [delivery.previousSecretCiphertext] : []),
    ];
    const signature = secrets
      .map((sealed) => new Webhook(box.open(sealed)).sign(delivery.messageId, timestamp, body))
      .join(' ');
    const response = await fetchImpl(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return {
      ok: response.status >= 200 && response.status < 300,
      status: response.status,
      error: response.status >= 300 ? `HTTP ${String(response.status)}` : null,
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { ok: false, status: null, error: name === 'TimeoutError' ? 'timed out' : 'could not connect' };
  }
}
