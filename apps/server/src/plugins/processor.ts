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
export type ProcessorWebhookHandler = (tx: Transaction, event: ProcessorEvent) => Promise<void>;

export class ProcessorWebhooks {
  private readonly handlers: ProcessorWebhookHandler[] = [];

  /** Adds a handler; it runs for every event, in the order registered (it ignores the types it does not handle). */
  register(handler: ProcessorWebhookHandler): void {
    this.handlers.push(handler);
  }

  async dispatch(tx: Transaction, event: ProcessorEvent): Promise<void> {
    for (const handler of this.handlers) await handler(tx, event);
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
