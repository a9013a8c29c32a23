import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessorEvent } from '../port';
import { SIGNATURE_HEADER, signatureHeader } from '../signature';
import { eventToWire } from '../wire';
import type { Change, SandboxStore } from './store';

/**
 * The sandbox's later half of a bank payment: when a pending charge's time comes it settles (or is
 * returned R01 for the listed test account), and the portal is told by a signed webhook. Events wait
 * in the sandbox's state until the portal answers 2xx, so a restart of either side loses none; a
 * failed delivery is retried with a growing delay (1 s, 2 s, 4 s … at most a minute).
 */
export class WebhookDeliverer {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly options: {
      store: SandboxStore;
      secret: string;
      webhookUrl: () => string | null;
      log: FastifyBaseLogger;
    },
  ) {}

  tick(now = Date.now()): void {
    this.settleDue(now);
    const url = this.options.webhookUrl();
    if (url === null) return;
    for (const delivery of Object.values(this.options.store.state.deliveries)) {
      if (this.inFlight.has(delivery.event.id) || Date.parse(delivery.nextAttemptAt) > now) continue;
      const attempt = this.deliver(url, delivery.event).finally(() =>
        this.inFlight.delete(delivery.event.id),
      );
      this.inFlight.set(delivery.event.id, attempt);
    }
  }

  /** Waits for deliveries under way (closing). */
  async idle(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }

  private settleDue(now: number): void {
    const { state } = this.options.store;
    const due = this.options.store.completingBy(now);
    const events: ProcessorEvent[] = [];
    for (const chargeId of due.charges) {
      const charge = state.charges[chargeId];
      if (charge?.status !== 'pending' || charge.settleAt === null || Date.parse(charge.settleAt) > now)
        continue;
      const id = `evt_${randomBytes(12).toString('base64url')}`;
      if (charge.settleOutcome === 'return-r01') {
        events.push({
          id,
          type: 'charge.returned',
          transactionId: charge.id,
          returnCode: 'R01',
          amountCents: charge.amountCents,
          metadata: charge.metadata,
        });
      } else {
        events.push({
          id,
          type: 'charge.settled',
          transactionId: charge.id,
          amountCents: charge.amountCents,
          metadata: charge.metadata,
        });
      }
    }
    for (const refundId of due.refunds) {
      const refund = state.refunds[refundId];
      if (refund?.status !== 'pending' || refund.completeAt === null || Date.parse(refund.completeAt) > now)
        continue;
      const charge = state.charges[refund.charge];
      events.push({
        id: `evt_${randomBytes(12).toString('base64url')}`,
        type: 'refund.succeeded',
        transactionId: refund.charge,
        refundId: refund.id,
        amountCents: refund.amountCents,
        metadata: charge?.metadata ?? {},
      });
    }
    if (events.length === 0) return;
    // The settlements and the events that announce them: one change.
    const changes: Change[] = [];
    for (const event of events) {
      if (event.type === 'refund.succeeded') {
        const refund = state.refunds[event.refundId];
        if (refund)
          changes.push({
            table: 'refunds',
            key: refund.id,
            value: { ...refund, status: 'succeeded', completeAt: null },
          });
      } else {
        const charge = state.charges[event.transactionId];
        if (charge) {
          const settled =
            event.type === 'charge.returned'
              ? { status: 'returned' as const, returnCode: event.returnCode }
              : { status: 'settled' as const };
          changes.push({
            table: 'charges',
            key: charge.id,
            value: { ...charge, ...settled, settleAt: null },
          });
        }
      }
      changes.push({
        table: 'deliveries',
        key: event.id,
        value: { event, attempts: 0, nextAttemptAt: new Date(now).toISOString() },
      });
    }
    this.options.store.write(changes);
  }

  /** An event kept before events carried amounts gets its charge's (or refund's) amount. */
  private withAmount(event: ProcessorEvent): ProcessorEvent {
    if (typeof (event as Partial<ProcessorEvent>).amountCents === 'number') return event;
    const { state } = this.options.store;
    const amountCents =
      (event.type === 'refund.succeeded'
        ? state.refunds[event.refundId]?.amountCents
        : state.charges[event.transactionId]?.amountCents) ?? 0;
    return { ...event, amountCents };
  }

  private async deliver(url: string, event: ProcessorEvent): Promise<void> {
    // Signed at each attempt: a retry is a new delivery of the same event (the portal processes the event once).
    const body = JSON.stringify(eventToWire(this.withAmount(event)));
    let acknowledged = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(this.options.secret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      // 409: the portal already holds this exact delivery.
      acknowledged = response.ok || response.status === 409;
      if (!acknowledged)
        this.options.log.warn(
          { status: response.status, event: event.type },
          'sandbox processor: webhook refused; will retry',
        );
    } catch {
      this.options.log.warn({ event: event.type }, 'sandbox processor: webhook not delivered; will retry');
    }
    const delivery = this.options.store.state.deliveries[event.id];
    if (!delivery) return;
    if (acknowledged) {
      this.options.store.write([{ table: 'deliveries', key: event.id, value: null }]);
    } else {
      const attempts = delivery.attempts + 1;
      const nextAttemptAt = new Date(Date.now() + Math.min(60_000, 1000 * 2 ** (attempts - 1))).toISOString();
      this.options.store.write([
        { table: 'deliveries', key: event.id, value: { ...delivery, attempts, nextAttemptAt } },
      ]);
    }
  }
}
