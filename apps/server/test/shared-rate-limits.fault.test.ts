import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { startThrowawayRedis, type ThrowawayRedis } from './throwaway-redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 40, defect 6: the limits of @fastify/rate-limit (client logging: 60 a minute per address; SAML
 * assertions: 30) lived in each instance's memory, so N instances allowed N times the limit. With
 * REDIS_URL they are counted in Redis; while Redis is down each instance counts on its own (never no
 * limit, never an error). Two instances, a throw-away Redis of this test's own.
 */
describe('issue 40 defect 6: rate limits shared by the instances', () => {
  let redis: ThrowawayRedis;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    database = await openTestDatabase();
    for (let index = 0; index < 2; index += 1)
      apps.push((await buildTestApp({ database: database.handle, env: { REDIS_URL: redis.url } })).app);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis.dispose();
    await database.dispose();
  });

  /** `count` client-log calls from one address, spread over the instances in turn: their statuses. */
  async function logCalls(count: number, address: string, over: FastifyInstance[]): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const app = over[index % over.length];
      if (!app) throw new Error('no app');
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/Logging',
        remoteAddress: address,
        payload: { events: [{ level: 'info', event: `limit-${String(index)}` }] },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }
  const accepted = (statuses: number[]) => statuses.filter((status) => status === 202).length;

  async function redisSeenAs(status: 'up' | 'down') {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const states = await Promise.all(
        apps.map(
          async (app) =>
            (await app.inject({ url: '/api/health/ready' })).json<{ checks: { redis: string } }>().checks
              .redis,
        ),
      );
      if (states.every((state) => state === status)) return;
      await sleep(100);
    }
    throw new Error(`Redis not ${status} within 15 s`);
  }

  it('allows the limit once across two instances, not once on each', async () => {
    const statuses = await logCalls(120, '203.0.113.10', apps);
    expect(accepted(statuses)).toBe(60);
    expect(statuses.filter((status) => status !== 202 && status !== 429)).toEqual([]);
    // The limit's answer is the portal's problem+json.
    const refused = await apps[1]?.inject({
      method: 'POST',
      url: '/api/v1/Logging',
      remoteAddress: '203.0.113.10',
      payload: { events: [{ level: 'info', event: 'over' }] },
    });
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['content-type']).toContain('application/problem+json');
  });

  it('while Redis is down each instance still limits (its own count), and the shared count resumes when it is back', async () => {
    await redis.stop();
    await redisSeenAs('down');
    const [first] = apps;
    if (!first) throw new Error('no app');
    const during = await logCalls(70, '203.0.113.20', [first]);
    expect(during.filter((status) => status !== 202 && status !== 429)).toEqual([]);
    expect(accepted(during)).toBe(60);

    await redis.start();
    await redisSeenAs('up');
    // The limits' own connection reconnects on ioredis's backoff (at most 2 s).
    await sleep(2_500);
    const after = await logCalls(90, '203.0.113.30', apps);
    expect(accepted(after)).toBe(60);
  }, 60_000);
});
