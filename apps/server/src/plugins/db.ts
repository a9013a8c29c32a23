import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  database: DatabaseHandle;
  /** Close the database when the app closes (true for the server process, false for tests that share one). */
  closeOnShutdown: boolean;
}

/** Makes the database available to every module and closes it after in-flight requests have finished. */
export const dbPlugin = fp(
  (app: FastifyInstance, options: DbPluginOptions) => {
    app.decorate('database', options.database);
    if (options.closeOnShutdown) {
      app.addHook('onClose', async () => {
        await options.database.close();
      });
    }
  },
  { name: 'db' },
);
