import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthSchema } from '@portal/contracts';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';

describe('GET /api/health', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('answers 200 with the database up and the driver in use', async () => {
    const { app } = await buildTestApp({ database: database.handle });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthSchema.parse(response.json());
    expect(body).toEqual({
      status: 'ok',
      version: '1.6.0-test',
      database: { status: 'up', driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      // This instance runs no workers (the test app is built without them): nothing waits, nothing failed.
      jobs: { status: 'off', queued: 0, failed: 0 },
    });
    await app.close();
  });

  it('answers 503 when the database is unreachable', async () => {
    // A database of its own, closed under the running app.
    const own = await openTestDatabase();
    const { app } = await buildTestApp({ database: own.handle });
    await own.dispose();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: { status: 'down' } });
    await app.close();
  });
});
