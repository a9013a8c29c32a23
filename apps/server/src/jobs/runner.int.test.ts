import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { JOB_SCHEMA } from './runner';

// docs/decisions/021: pg-boss runs the billing day on every instance — hourly and once at start — on the
// embedded database (PGlite) as on PostgreSQL; its health shows in GET /api/health.

describe('the job queue', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const runs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({
      database: database.handle,
      jobs: true,
      env: { DEMO_MODE: 'true', DEMO_TODAY: '2026-12-01' },
      beforeReady: (built) => {
        built.jobs.registerDailyStep({
          name: 'test-step',
          run: (day) => {
            runs.push(day);
            return Promise.resolve({ done: 1 });
          },
        });
      },
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('runs the billing day once when the instance starts, for the portal’s today, and reports its health', async () => {
    await expect.poll(() => runs.length, { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
    expect(runs[0]).toBe('2026-12-01');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', jobs: { status: 'up', failed: 0 } });
  });

  it('runs any day on request with every registered step, in order', async () => {
    const report = await app.jobs.runDay('2026-12-02');
    expect(report.day).toBe('2026-12-02');
    expect(report.steps.map((step) => step.name)).toEqual(app.jobs.stepNames);
    expect(report.steps.find((step) => step.name === 'test-step')?.counts).toEqual({ done: 1 });
  });
});

describe('the job queue when this instance runs no workers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ database: database.handle }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('says so in the health answer', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ jobs: { status: 'off', queued: 0, failed: 0 } });
  });
});

/**
 * Decision 048: pg-boss 12 cannot migrate the schema pg-boss 10 made (`pgboss` at version 24: "Version 24
 * not found", so the queue never started), and keeps its queue in a schema of its own beside it. A
 * database an older release ran on starts the queue, and the old schema is left as it was (instances of
 * the older release may still be running during a rolling update).
 */
describe('the job queue on a database an older release (pg-boss 10) ran on', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    // What pg-boss 10 leaves: its schema and version table at version 24 (with a job in it).
    await database.handle.executeSql(`create schema pgboss;
      create table pgboss.version (version int primary key, maintained_on timestamptz, cron_on timestamptz, monitored_on timestamptz);
      insert into pgboss.version (version) values (24);
      create table pgboss.job (id uuid primary key, name text not null, state text not null);
      insert into pgboss.job values ('00000000-0000-4000-8000-000000000024', 'billing-day', 'failed')`);
    ({ app } = await buildTestApp({ database: database.handle, jobs: true, jobStartRetryMs: 100 }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('starts the queue in its own schema and leaves the old one untouched', async () => {
    await expect.poll(() => app.jobs.status, { timeout: 30_000, interval: 100 }).toBe('up');
    expect(JOB_SCHEMA).not.toBe('pgboss');
    const { rows: versions } = await database.handle.executeSql('select version from pgboss.version', []);
    expect(versions).toEqual([{ version: 24 }]);
    const { rows: jobs } = await database.handle.executeSql('select count(*)::int as n from pgboss.job', []);
    expect(jobs).toEqual([{ n: 1 }]);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', jobs: { status: 'up' } });
  });
});
