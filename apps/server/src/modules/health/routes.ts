import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@portal/contracts';
import { databaseIsUp } from '../../db/client';

export const healthRoutes: FastifyPluginCallbackZod<{ version: string }> = (app, options, done) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and job queue status',
        description:
          'Answers 200 when the database answers, 503 when it does not (for load balancers). Also reports the job queue of this instance: its status, billing-day runs waiting and runs that failed after their retries.',
        security: [],
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const up = await databaseIsUp(app.database);
      const jobs = up ? await app.jobs.health() : { status: 'down' as const, queued: 0, failed: 0 };
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'unavailable',
        version: options.version,
        database: { status: up ? 'up' : 'down', driver: app.database.driver },
        jobs,
      });
    },
  );
  done();
};
