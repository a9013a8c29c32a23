import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { enqueueEvents } from '../src/outbox/events';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { openStream, urlOf } from './event-stream';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { sharedEnv } from './fleet';
import { signIn } from './oidc';
import { startThrowawayRedis, type ThrowawayRedis } from './throwaway-redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 40, defect 4: a household's live stream opened while Redis was down got 500, and that household
 * never received live notifications on that instance again after Redis returned (other households did).
 * Two instances on one database and a throw-away Redis of this test's own, stopped and started again.
 */
describe('issue 40 defect 4: live notifications through a Redis outage', () => {
  let redis: ThrowawayRedis;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    database = await openTestDatabase();
    const env = await sharedEnv({ REDIS_URL: redis.url });
    for (let index = 0; index < 2; index += 1) {
      const { app } = await buildTestApp({ database: database.handle, env, liveStreamMaxMs: 60_000 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis.dispose();
    await database.dispose();
  });

  async function signedInMember(app: FastifyInstance) {
    const subscriber = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: subscriber.memberId,
    });
    const { accessToken } = await signIn(app, 'consumer', account.username, PASSWORD);
    return { householdId: subscriber.householdId ?? '', token: accessToken };
  }

  /** A notification event for the household, dispatched by `app` (as its outbox does after a command). */
  async function notify(app: FastifyInstance, householdId: string) {
    await database.handle.db.transaction((tx) =>
      enqueueEvents(tx, [
        {
          type: 'payment.succeeded',
          householdId,
          payload: { amountCents: 1_000, policyNumber: 'LHP-1', paymentDate: '2026-11-20' },
        },
      ]),
    );
    await app.outbox.drain();
  }

  const readiness = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/health/ready' })).json<{ checks: { redis: string } }>()
      .checks.redis;

  async function waitForRedis(status: 'up' | 'down') {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const states = await Promise.all(apps.map(readiness));
      if (states.every((state) => state === status)) return;
      await sleep(100);
    }
    throw new Error(`Redis was not ${status} on every instance within 15 s`);
  }

  it('opens a degraded stream (never a 500) while Redis is down, and that household hears live notifications again once Redis is back', async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('two instances expected');
    const victim = await signedInMember(first);
    const other = await signedInMember(first);
    await waitForRedis('up');

    await redis.stop();
    await waitForRedis('down');
    // The stream opens while Redis is down: an answer the page can use, saying to poll meanwhile.
    const during = openStream(`${urlOf(first)}/api/v1/Notification/stream`, victim.token);
    expect(await during.ready).toBe(200);
    await during.next((event) => event.event === 'live' && event.data.status === 'degraded');
    await during.next((event) => event.event === 'unread');
    // Readiness is not lost over Redis: every instance shares it, and the portal degrades without it.
    expect((await first.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    await redis.start();
    await waitForRedis('up');
    // The stream that opened during the outage hears that live messages resume, with the count.
    await during.next((event) => event.event === 'live' && event.data.status === 'up');

    // A notification dispatched on the other instance reaches the household on this one: on the stream
    // opened during the outage, and on a stream opened afterwards.
    const after = openStream(`${urlOf(first)}/api/v1/Notification/stream`, victim.token);
    expect(await after.ready).toBe(200);
    await after.next((event) => event.event === 'live' && event.data.status === 'up');
    await notify(second, victim.householdId);
    await after.next((event) => event.event === 'notification');
    await during.next((event) => event.event === 'notification');

    // And other households as well.
    const control = openStream(`${urlOf(first)}/api/v1/Notification/stream`, other.token);
    expect(await control.ready).toBe(200);
    await control.next((event) => event.event === 'unread');
    await notify(second, other.householdId);
    await control.next((event) => event.event === 'notification');
    for (const stream of [during, after, control]) stream.close();
  }, 90_000);
});
