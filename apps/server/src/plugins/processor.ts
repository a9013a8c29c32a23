import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../db/client';
import type { PaymentProcessor, ProcessorEvent } from '../processor/port';

/**
 * The payment processor (docs/decisions/016) on the app: `app.processor` is the port (the sandbox's
 * HTTP adapter in demo mode, a real processor's adapter in production), and `app.processorWebhooks`
 * is where modules register what a processor event does. The webhook route records each event once
 * and runs every handler in that same transaction: a handler that throws rolls the event back and the
 * processor delivers it again.
 */

/**
 * What a handler made of an event (issue 33 item 3, docs/decisions/039):
 * - nothing (`undefined`) or `'applied'`: the event was about something it keeps, fitted it, and was acted on;
 * - `'not-mine'`: the event names nothing it keeps (another module's record, another system's charge);
 * - `{ refused }`: the event names something it keeps but does not fit it (the wrong kind of payment, a
 *   final state, another amount, a refund never asked for): it must change nothing.
 */
export type EventVerdict = 'applied' | 'not-mine' | { refused: string };
export type ProcessorWebhookHandler = (
  tx: Transaction,
  event: ProcessorEvent,
) => Promise<EventVerdict | undefined>;

/** How the event was taken: acted on, or refused with the first refusal's reason. */
export type EventOutcome = { outcome: 'applied' } | { outcome: 'refused'; reason: string };

/** Thrown inside the handlers' savepoint to take back what the handlers before the refusing one did. */
class EventRefused extends Error {
  constructor(readonly reason: string) {
    super(`processor event refused: ${reason}`);
  }
}

export class ProcessorWebhooks {
  private readonly handlers: ProcessorWebhookHandler[] = [];

  /** Adds a handler; it runs for every event, in the order registered (it answers `not-mine` to the ones it does not keep). */
  register(handler: ProcessorWebhookHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Runs every handler in a savepoint of the event's transaction. A refusal takes back everything the
   * handlers did (the event changes nothing); an event no handler keeps is refused as
   * `unknown-transaction`. A handler that throws rolls the whole event back, as before.
   */
  async dispatch(tx: Transaction, event: ProcessorEvent): Promise<EventOutcome> {
    try {
      await tx.transaction(async (savepoint) => {
        let kept = false;
        for (const handler of this.handlers) {
          const verdict = (await handler(savepoint, event)) ?? 'applied';
          if (typeof verdict === 'object') throw new EventRefused(verdict.refused);
          if (verdict === 'applied') kept = true;
        }
        if (!kept) throw new EventRefused('unknown-transaction');
      });
      return { outcome: 'applied' };
    } catch (error) {
      if (error instanceof EventRefused) return { outcome: 'refused', reason: error.reason };
      throw error;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where modules register what a processor event does (`processor` itself is typed in processor/port.ts). */
    processorWebhooks: ProcessorWebhooks;
  }
}

export const processorPlugin = fp(
  (app: FastifyInstance, options: { processor: PaymentProcessor }) => {
    app.decorate('processor', options.processor);
    app.decorate('processorWebhooks', new ProcessorWebhooks());
  },
  { name: 'processor' },
);
