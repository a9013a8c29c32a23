import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FailedWorkSchema, RetryResultSchema } from '@portal/contracts';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createAccount, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';

// Issue 13: a billing day that failed for good shows on the payments desk, and a retry puts it back in
// the queue once — the workers run it again (its steps do only what is left).
describe('the payments desk: failed billing days and their retry', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let failNext = true;
  let runs = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({
      database: database.handle,
      jobs: true,
      jobRetryLimit: 0,
      beforeReady: (built) => {
        built.jobs.registerDailyStep({
          name: 'flaky-step',
          run: () => {
            runs += 1;
            if (failNext) return Promise.reject(new Error('the flaky step broke'));
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

  it('lists the failed job and retries it once', async () => {
    const account = await createAccount(database.handle.db, { realm: 'workforce', roles: ['administrator'] });
    const token = (await signIn(app, 'workforce', account.username, PASSWORD)).accessToken;
    const headers = (key?: string) => ({
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    });
    const failedWork = async () =>
      FailedWorkSchema.parse(
        (
          await app.inject({ method: 'GET', url: '/api/v1/payments-desk/failed-work', headers: headers() })
        ).json(),
      );

    await expect
      .poll(async () => (await failedWork()).jobs.length, { timeout: 30_000, interval: 250 })
      .toBe(1);
    const work = await failedWork();
    expect(work.queue).toBe('up');
    const [job] = work.jobs;
    expect(job).toMatchObject({ name: 'billing-day', error: 'the flaky step broke' });
    const ran = runs;

    failNext = false;
    const retried = await app.inject({
      method: 'POST',
      url: `/api/v1/payments-desk/failed-jobs/${job?.id ?? ''}/retry`,
      headers: headers('retry-job-1'),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(RetryResultSchema.parse(retried.json())).toEqual({ outcome: 'queued' });
    await expect.poll(() => runs, { timeout: 30_000, interval: 250 }).toBe(ran + 1);
    await expect
      .poll(async () => (await failedWork()).jobs.length, { timeout: 10_000, interval: 250 })
      .toBe(0);

    // Retried already: nothing queued again.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/payments-desk/failed-jobs/${job?.id ?? ''}/retry`,
      headers: headers('retry-job-2'),
    });
    expect(again.json()).toEqual({ outcome: 'already' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/payments-desk/failed-jobs/00000000-0000-4000-8000-000000000000/retry',
      headers: headers('retry-job-3'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(runs).toBe(ran + 1);
  });
});
