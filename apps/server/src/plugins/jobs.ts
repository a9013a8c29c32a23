import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobRunner } from '../jobs/runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The billing day's steps and the job queue that runs them (docs/decisions/021). */
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  /** Run the workers in this instance (the server: yes unless JOBS=false; tests and `npm run jobs`: no). */
  workers: boolean;
  timeZone: string;
  pollingIntervalSeconds?: number;
  /** Retries of a failed billing day before it stays failed (default 3). */
  retryLimit?: number;
  /** The wait before a failed start of the queue is tried again (ms; default 1 s, doubled each time). */
  startRetryMs?: number;
}

/**
 * Decorates the app with the job runner. Modules register their daily steps while the app is built;
 * when the app is ready, the workers start (if this instance runs them; a failed start is tried again
 * with backoff, issue 40); on close, a running job ends first.
 */
export const jobsPlugin = fp(
  (app: FastifyInstance, options: JobsPluginOptions) => {
    const runner = new JobRunner(app.database, app.log, {
      timeZone: options.timeZone,
      today: () => app.today(),
      ...(options.pollingIntervalSeconds === undefined
        ? {}
        : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
      ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
      ...(options.startRetryMs === undefined ? {} : { startRetryMs: options.startRetryMs }),
    });
    app.decorate('jobs', runner);
    if (options.workers) {
      app.addHook('onReady', async () => {
        await runner.start();
      });
    }
    app.addHook('preClose', async () => {
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
