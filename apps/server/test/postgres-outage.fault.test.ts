import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProblemType } from '@portal/contracts';
import type { Socket } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openPostgres } from '../src/db/client';
import { TransactionSafePool } from '../src/db/pool';
import { finances } from '../src/db/schema';
import { TEST_CARDS } from '../src/processor/sandbox/test-numbers';
import { householdOwner } from '../src/processor/owner';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import {
  fleetDatabase,
  INTERNALS,
  seen,
  sharedEnv,
  startInstance,
  stopInstance,
  type FleetInstance,
  type Seen,
} from './fleet';
import { signIn } from './oidc';
import { paymentBody } from './payment-body';
import { startTestSandbox, type TestSandbox } from './sandbox';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 40, defect 1: PostgreSQL stopped for a while under load. Members must get 503 problem+json with
 * `Retry-After` (never a 500, never SQL or other internals in a body), no instance may crash, and the
 * portal must serve again on its own once PostgreSQL is back. On a throw-away PostgreSQL server of this
 * test's own (the machine's shared one is never stopped), with two instances — each its own pool, as two
 * processes have — and read and payment loops against both.
 */
describe('issue 40 defect 1: a PostgreSQL outage under load', () => {
  let postgres: ThrowawayPostgres;
  let sandbox: TestSandbox;
  let url: string;
  const instances: FleetInstance[] = [];

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    url = await fleetDatabase(postgres, 'portal');
    sandbox = await startTestSandbox({ timeoutMs: 5_000 });
    const env = await sharedEnv();
    for (let index = 0; index < 2; index += 1)
      instances.push(await startInstance(url, env, { processor: sandbox.processor }));
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance);
    await sandbox.close();
    await postgres.dispose();
  });

  it('a pooled connection lost inside a transaction fails that transaction, and the process lives on', async () => {
    const own = openPostgres({ connectionString: url, poolSize: 1 });
    try {
      const outcome = own.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // PostgreSQL goes away while this transaction holds its (checked-out) connection.
        await postgres.stop('fast');
        await sleep(300);
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
    } finally {
      if (!postgres.running) await postgres.start();
      await own.close();
    }
    // The pool serves again once the server is back (the broken connection was discarded).
    const again = openPostgres({ connectionString: url, poolSize: 1 });
    await expect(again.ping()).resolves.toBeUndefined();
    await again.close();
  }, 60_000);

  it('a transaction whose connection died before BEGIN gives it back to the pool, which closes', async () => {
    // One connection, waited for at most 2 s: a connection kept by a failed transaction (drizzle-orm#6241)
    // would make the next transaction time out and `end()` wait forever.
    const pool = new TransactionSafePool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzle({ client: pool });
    await db.execute(sql`select 1`);
    // The connection dies as the pool hands it to the transaction, before its BEGIN is sent.
    pool.once('acquire', (client) => {
      (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    });
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    const again = await db.transaction((tx) => tx.execute<{ two: number }>(sql`select 2 as two`));
    expect(again.rows).toEqual([{ two: 2 }]);
    const ended = await Promise.race([
      pool.end().then(() => 'ended'),
      sleep(5_000).then(() => 'still waiting'),
    ]);
    expect(ended).toBe('ended');
  }, 30_000);

  it('answers 503 with Retry-After while PostgreSQL is down, never 500 or SQL, and serves again when it is back', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('two instances expected');
    const db = first.database.db;
    const member = await createMemberWithPolicy(db);
    await db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 100_000,
      currentAmountDueCents: 100_000,
      status: 'Current',
    });
    const account = await createAccount(db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: member.memberId,
    });
    const { accessToken } = await signIn(first.app, 'consumer', account.username, PASSWORD);
    const authorization = `Bearer ${accessToken}`;
    const card = await sandbox.cardToken(TEST_CARDS.visa.number, {
      owner: householdOwner(member.householdId ?? ''),
    });

    const answers: (Seen & { at: number })[] = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    let running = true;
    let payments = 0;
    const reads = (instance: FleetInstance) => async () => {
      while (running) {
        const policy = await instance.app.inject({
          method: 'GET',
          url: `/api/v1/Policy/${member.policyId}`,
          headers: { authorization },
        });
        answers.push({ ...seen('policy', policy), at: Date.now() });
        const household = await instance.app.inject({
          method: 'POST',
          url: '/api/v1/Household/user',
          headers: { authorization },
          payload: {},
        });
        answers.push({ ...seen('household', household), at: Date.now() });
        if (phase === 'down') await sleep(20);
      }
    };
    const pays = (instance: FleetInstance) => async () => {
      while (running) {
        payments += 1;
        const payment = await instance.app.inject({
          method: 'POST',
          url: '/api/v1/Payment',
          headers: { authorization, 'idempotency-key': `outage-${String(payments)}` },
          payload: paymentBody(member, first.app.today(), {
            paymentAmount: '1.00',
            method: 'Card',
            paymentToken: card,
          }),
        });
        answers.push({ ...seen('payment', payment), at: Date.now() });
        await sleep(phase === 'down' ? 50 : 10);
      }
    };
    const loops = [
      ...instances.flatMap((instance) => [reads(instance)(), reads(instance)(), reads(instance)()]),
      pays(first)(),
      pays(second)(),
    ].map((loop) =>
      loop.catch((error: unknown) => {
        running = false;
        throw error;
      }),
    );

    await sleep(1_500);
    phase = 'down';
    const downAt = Date.now();
    await postgres.stop('fast');
    await sleep(6_000);
    await postgres.start();
    const upAt = Date.now();
    phase = 'after';
    // Serving again without a restart: every loop gets through within a few seconds.
    let recoveredAt: number | null = null;
    while (Date.now() - upAt < 20_000) {
      const recent = answers.filter((answer) => answer.at > Date.now() - 1_000 && answer.at > upAt);
      if (recent.length > 10 && recent.every((answer) => answer.status < 500)) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    running = false;
    await Promise.all(loops);

    const during = answers.filter((answer) => answer.at > downAt);
    expect(answers.filter((answer) => answer.at < downAt && answer.status >= 500)).toEqual([]);
    // The outage was noticed (PostgreSQL was really gone) …
    expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(20);
    // … and every failure said "unavailable, try again", as problem+json with Retry-After: no 500.
    const failures = during.filter((answer) => answer.status >= 500);
    const wrong = failures.filter(
      (answer) =>
        answer.status !== 503 || answer.type !== ProblemType.unavailable || answer.retryAfter === undefined,
    );
    expect(
      wrong.slice(0, 5).map(({ route, status, body }) => ({ route, status, body: body.slice(0, 300) })),
    ).toEqual([]);
    // No answer ever carries SQL, a driver's message or a stack.
    const leaks = answers.filter((answer) => INTERNALS.test(answer.body));
    expect(
      leaks.slice(0, 3).map(({ route, status, body }) => ({ route, status, body: body.slice(0, 300) })),
    ).toEqual([]);
    expect(
      recoveredAt,
      'the instances did not serve again within 20 s of PostgreSQL coming back',
    ).not.toBeNull();
    // Within seconds, without a restart (the issue measured 1.1 s; a full second of clean answers is asked here).
    expect((recoveredAt ?? Infinity) - upAt).toBeLessThan(10_000);
  }, 120_000);
});
