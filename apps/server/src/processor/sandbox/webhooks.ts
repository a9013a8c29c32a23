import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessorEvent } from '../port';
import { SIGNATURE_HEADER, signatureHeader } from '../signature';
import type { SandboxStore } from './store';

/**
 * The sandbox's later half of a bank payment: when a pending charge's time comes it settles (or is
 * returned R01 for the listed test account), and the portal is told by a signed webhook. Events wait
 * in the sandbox's state until the portal answers 2xx, so a restart of either side loses none; a
 * failed delivery is retried with a growing delay (1 s, 2 s, 4 s … at most a minute).
 */
export class WebhookDeliverer {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly options: { store: SandboxStore; secret: string; webhookUrl: () => string | null; log: FastifyBaseLogger },
  ) {}

  tick(now = Date.now()): void {
    this.settleDue(now);
    const url = this.options.webhookUrl();
    if (url === null) return;
    for (const delivery of this.options.store.state.deliveries) {
      if (this.inFlight.has(delivery.event.id) || Date.parse(delivery.nextAttemptAt) > now) continue;
      const attempt = this.deliver(url, delivery.event).finally(() => this.inFlight.delete(delivery.event.id));
      this.inFlight.set(delivery.event.id, attempt);
    }
  }

  /** Waits for deliveries under way (closing). */
  async idle(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }

  private settleDue(now: number): void {
    const { state } = this.options.store;
    const events: ProcessorEvent[] = [];
    for (const charge of Object.values(state.charges)) {
      if (charge.status !== 'pending' || charge.settleAt === null || Date.parse(charge.settleAt) > now) continue;
      const id = `evt_${randomBytes(12).toString('base64url')}`;
      if (charge.settleOutcome === 'return-r01') {
        events.push({ id, type: 'charge.returned', transactionId: charge.id, returnCode: 'R01', metadata: charge.metadata });
      } else {
        events.push({ id, type: 'charge.settled', transactionId: charge.id, metadata: charge.metadata });
      }
    }
    for (const refund of Object.values(state.refunds)) {
      if (refund.status !== 'pending' || refund.completeAt === null || Date.parse(refund.completeAt) > now) continue;
      const charge = state.charges[refund.charge];
      events.push({
        id: `evt_${randomBytes(12).toString('base64url')}`,
        type: 'refund.succeeded',
        transactionId: refund.charge,
        refundId: refund.id,
        metadata: charge?.metadata ?? {},
      });
    }
    if (events.length === 0) return;
    this.options.store.change((next) => {
      for (const event of events) {
        if (event.type === 'refund.succeeded') {
          const refund = next.refunds[event.refundId];
          if (refund) Object.assign(refund, { status: 'succeeded', completeAt: null });
        } else {
          const charge = next.charges[event.transactionId];
          if (charge) {
            Object.assign(charge, event.type === 'charge.returned' ? { status: 'returned', returnCode: event.returnCode } : { status: 'settled' }, { settleAt: null });
          }
        }
        next.deliveries.push({ event, attempts: 0, nextAttemptAt: new Date(now).toISOString() });
      }
    });
  }

  private async deliver(url: string, event: ProcessorEvent): Promise<void> {
    // Signed at each attempt: a retry is a new delivery of the same event (the portal processes the event once).
    const body = JSON.stringify(event);
    let acknowledged = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(this.options.secret, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      // 409: the portal already holds this exact delivery.
      acknowledged = response.ok || response.status === 409;
      if (!acknowledged) this.options.log.warn({ status: response.status, event: event.type }, 'sandbox processor: webhook refused; will retry');
    } catch {
      this.options.log.warn({ event: event.type }, 'sandbox processor: webhook not delivered; will retry');
    }
    this.options.store.change((state) => {
      const index = state.deliveries.findIndex((delivery) => delivery.event.id === event.id);
      const delivery = state.deliveries[index];
      if (!delivery) return;
      if (acknowledged) state.deliveries.splice(index, 1);
      else {
        delivery.attempts += 1;
        delivery.nextAttemptAt = new Date(Date.now() + Math.min(60_000, 1000 * 2 ** (delivery.attempts - 1))).toISOString();
      }
    });
  }
}
