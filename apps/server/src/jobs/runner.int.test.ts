import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';

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
