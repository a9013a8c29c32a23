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
          'Answers 200 when the database answers and the job queue of this instance runs (or is off here: JOBS=false), 503 otherwise. Reports the job queue: its status, billing-day runs waiting and runs that failed after their retries. Orchestrators should prefer `/api/health/live` and `/api/health/ready`.',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const up = await databaseIsUp(app.database);
      const jobs = up ? await app.jobs.health() : { status: 'down' as const, queued: 0, failed: 0 };
      // A part this instance runs that is not running (its job queue) makes it unhealthy too (issue 40).
      const ok = up && (jobs.status === 'up' || jobs.status === 'off');
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
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
        description:
          'Always 200 while the process answers HTTP, whatever the database does (a liveness probe restarts a process only when it is stuck, never because a dependency is down). Never shed under load.',
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
          '200 when the database answers and holds every migration this build needs, and the job queue this instance runs is running (or off here); 503 while the database is down, while migrations are pending (another instance still migrating, or with MIGRATE_AT_START=false until the release runs `npm run migrate`), while the job queue is starting or down, and from the moment the instance is told to stop (`lifecycle: draining`: it serves on for SHUTDOWN_DRAIN_MS so the load balancer can notice). Redis is reported (`redis`) but does not make the instance unready: without it live notifications fall back to polling. Never shed under load.',
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
      const checks: Readiness['checks'] = {
        database: up ? 'up' : 'down',
        migrations,
        jobs: app.jobs.status,
        redis: app.live.status(),
        lifecycle: app.lifecycle.draining ? 'draining' : 'running',
      };
      // Redis is left out on purpose: every instance shares it, and the portal degrades without it.
      const ready =
        up &&
        migrations === 'current' &&
        (checks.jobs === 'up' || checks.jobs === 'off') &&
        checks.lifecycle === 'running';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
    },
  );
  done();
};
