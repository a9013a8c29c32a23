import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxDispatcher } from '../outbox/dispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dispatches outbox events to their channels (modules register handlers at start). */
    outbox: OutboxDispatcher;
  }
}

export interface OutboxPluginOptions {
  /** How often pending events are looked for besides the nudges after each command (ms); 0 = only nudges. */
  intervalMs: number;
}

/** The outbox dispatcher of this instance: started when the app is ready, stopped (run finished) on close. */
export const outboxPlugin = fp(
  (app: FastifyInstance, options: OutboxPluginOptions) => {
    const dispatcher = new OutboxDispatcher(app.database.db, app.log);
    app.decorate('outbox', dispatcher);
    app.addHook('onReady', () => {
      if (options.intervalMs > 0) dispatcher.start(options.intervalMs);
    });
    app.addHook('preClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'outbox', dependencies: ['db'] },
);
