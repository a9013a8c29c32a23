import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { JOB_SCHEMA } from '../src/jobs/runner';
import { fleetDatabase, sharedEnv, startInstance, stopInstance, type FleetInstance } from './fleet';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ready {
  status: string;
  checks: { jobs: string };
}

const readiness = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
  return { statusCode: response.statusCode, body: response.json<Ready>() };
};

async function waitForJobs(app: FastifyInstance, timeoutMs: number): Promise<Ready> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { statusCode, body } = await readiness(app);
    if (statusCode === 200 && body.checks.jobs === 'up') return body;
    if (Date.now() > deadline) return body;
    await sleep(100);
  }
}

/**
 * Issue 40, defect 3: two instances starting on one seeded database — one instance's job queue failed to
 * start (SQLSTATE 23505 twice, deadlock 40P01 once, in 7 starts) and stayed down until restarted, while
 * `/api/health` still answered 200 `ok` with `jobs: down`. The start is now tried again with backoff,
 * and readiness says not ready while the queue this instance runs is not running.
 */
describe('issue 40 defect 3: the job queue starts on every instance', () => {
  let postgres: ThrowawayPostgres;
  let env: Record<string, string>;
  const started: FleetInstance[] = [];

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    env = await sharedEnv();
  }, 60_000);
  afterAll(async () => {
    for (const instance of started) await stopInstance(instance);
    await postgres.dispose();
  });

  it('tries a failed start again, not ready meanwhile, and ready once the queue runs', async () => {
    const url = await fleetDatabase(postgres, 'broken_queue');
    // What another instance's half-made queue looks like to this one: pg-boss's schema with a version
    // table and no version in it. pg-boss fails to start on it until it is gone.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `create schema ${JOB_SCHEMA}; create table ${JOB_SCHEMA}.version (version int primary key, maintained_on timestamptz, cron_on timestamptz, monitored_on timestamptz)`,
      );
      const instance = await startInstance(url, env, { jobs: true, jobStartRetryMs: 200 });
      started.push(instance);
      const during = await readiness(instance.app);
      expect(during.statusCode).toBe(503);
      expect(during.body).toMatchObject({ status: 'not-ready', checks: { jobs: 'starting' } });
      const health = await instance.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', jobs: { status: 'starting' } });

      // The other instance's work is done (here: the half-made queue goes away): the next try succeeds.
      await admin.query(`drop schema ${JOB_SCHEMA} cascade`);
    } finally {
      await admin.end();
    }
    const instance = started.at(-1);
    if (!instance) throw new Error('no instance');
    expect(await waitForJobs(instance.app, 30_000)).toMatchObject({
      status: 'ready',
      checks: { jobs: 'up' },
    });
    const health = await instance.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', jobs: { status: 'up' } });
  }, 90_000);

  it('three instances starting at once on a fresh database all end up running the queue', async () => {
    for (let round = 0; round < 3; round += 1) {
      const url = await fleetDatabase(postgres, `fresh_queue_${String(round)}`);
      const instances = await Promise.all(
        [0, 1, 2].map(() => startInstance(url, env, { jobs: true, jobStartRetryMs: 200, poolSize: 3 })),
      );
      started.push(...instances);
      const states = await Promise.all(instances.map((instance) => waitForJobs(instance.app, 30_000)));
      expect(states.map((state) => state.checks.jobs)).toEqual(['up', 'up', 'up']);
      for (const instance of instances.splice(0)) {
        await stopInstance(instance);
        started.splice(started.indexOf(instance), 1);
      }
    }
  }, 240_000);
});
