import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HealthSchema, LivenessSchema, ReadinessSchema, type Readiness } from '@portal/contracts';
import { databaseIsUp, schemaIsCurrent } from '../../db/client';

/** Health answers are never shed under load (docs/decisions/034): an orchestrator must see the instance breathe. */
const neverShed = { loadShedding: false } as const;

export const healthRoutes: FastifyPluginCallbackZod<{ version: string }> = (app, options, done) => {
  app.get(
    '/health',
    {
      config: neverShed,
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and job queue status',
        description:
          'Answers 200 when the database answers, 503 when it does not (for load balancers). Also reports the job queue of this instance: its status, billing-day runs waiting and runs that failed after their retries. Orchestrators should prefer `/api/health/live` and `/api/health/ready`.',
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

  app.get(
    '/health/live',
    {
      config: neverShed,
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process runs',
        description: 'Always 200 while the process answers HTTP, whatever the database does (a liveness probe restarts a process only when it is stuck, never because a dependency is down). Never shed under load.',
        response: { 200: LivenessSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: neverShed,
      schema: {
        tags: ['system'],
        summary: 'Readiness: this instance should get traffic',
        description:
          '200 when the database answers and holds every migration this build needs; 503 while it is down or while migrations are pending (another instance still migrating; this instance listens only once its own have run). Once the instance is stopping, every request, this one too, is answered 503. Never shed under load.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const up = await databaseIsUp(app.database);
      let migrations: Readiness['checks']['migrations'] = 'unknown';
      if (up) {
        // No migrations table at all: nothing was migrated yet (pending too).
        migrations = (await schemaIsCurrent(app.database).catch(() => false)) ? 'current' : 'pending';
      }
      const ready = up && migrations === 'current';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks: { database: up ? 'up' : 'down', migrations } });
    },
  );
  done();
};
