import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { finances, payments } from '../src/db/schema';
import { TEST_CARDS } from '../src/processor/sandbox/test-numbers';
import { householdOwner } from '../src/processor/owner';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { fleetDatabase, sharedEnv, startInstance, stopInstance, type FleetInstance } from './fleet';
import { signIn } from './oidc';
import { paymentBody } from './payment-body';
import { startTestSandbox, TEST_API_KEY, TEST_WEBHOOK_SECRET, type TestSandbox } from './sandbox';
import { startServer, type RunningServer } from './server-process';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 40, defect 5: a payment in flight on an instance that was killed — its same-key retries got 409
 * `idempotency-in-progress` for 60 s (the lease of the dead request). The lease is now short and renewed
 * while the request runs: a member retrying after a crash is answered within seconds, and the payment
 * is still charged once. The killed instance is a real process (SIGKILL); the one the member retries on
 * runs in this test; both on one throw-away PostgreSQL and one sandbox processor.
 */
describe('issue 40 defect 5: a retry after a crash mid-payment', () => {
  let postgres: ThrowawayPostgres;
  let sandbox: TestSandbox;
  let url: string;
  let handle: DatabaseHandle;
  let survivor: FleetInstance;
  let doomed: RunningServer | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-takeover-'));

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    url = await fleetDatabase(postgres, 'portal');
    handle = openPostgres({ connectionString: url, poolSize: 2 });
    // The slow test card answers after 7 s: long enough for its instance to die while it waits, and longer
    // than an idempotency lease (5 s).
    sandbox = await startTestSandbox({ slowAnswerMs: 7_000, timeoutMs: 10_000 });
    const env = await sharedEnv({ PROCESSOR_TIMEOUT_MS: '10000' });
    survivor = await startInstance(url, env, { processor: sandbox.processor });
    doomed = await startServer({
      ...env,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DEMO_MODE: 'false',
      JOBS: 'false',
      PROCESSOR_URL: sandbox.sandbox.url,
      PROCESSOR_API_KEY: TEST_API_KEY,
      PROCESSOR_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
  }, 180_000);
  afterAll(async () => {
    if (doomed && doomed.process.exitCode === null && doomed.process.signalCode === null)
      doomed.process.kill('SIGKILL');
    await stopInstance(survivor);
    await handle.close();
    await sandbox.close();
    await postgres.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the retry within seconds on another instance, and charges once', async () => {
    if (!doomed) throw new Error('no server');
    const member = await createMemberWithPolicy(handle.db);
    await handle.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
    });
    const account = await createAccount(handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: member.memberId,
    });
    const { accessToken } = await signIn(survivor.app, 'consumer', account.username, PASSWORD);
    const token = await sandbox.cardToken(TEST_CARDS.slowAnswer.number, {
      owner: householdOwner(member.householdId ?? ''),
    });
    const body = paymentBody(member, survivor.app.today(), {
      paymentAmount: '150.00',
      method: 'Card',
      paymentToken: token,
    });
    const headers = {
      authorization: `Bearer ${accessToken}`,
      'idempotency-key': 'pay-before-the-crash',
      'content-type': 'application/json',
    };

    // The payment starts on the instance that is about to die, and waits for the processor's answer.
    const first = fetch(`${doomed.url}/api/v1/Payment`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }).catch(() => null);
    const deadline = Date.now() + 10_000;
    while (
      sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === member.policyId).length === 0
    ) {
      if (Date.now() > deadline) throw new Error('the first instance never charged');
      await sleep(20);
    }
    doomed.process.kill('SIGKILL');
    expect(await doomed.exited).toBe('SIGKILL');
    expect(await first).toBeNull();
    const killedAt = Date.now();

    // The member retries on the other instance, as the web does on a lost answer (same key, Retry-After).
    let answer = await survivor.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      headers,
      payload: body,
    });
    while (answer.statusCode === 409 && Date.now() - killedAt < 70_000) {
      await sleep(Number(answer.headers['retry-after'] ?? '1') * 1_000);
      answer = await survivor.app.inject({ method: 'POST', url: '/api/v1/Payment', headers, payload: body });
    }
    const answeredAfterMs = Date.now() - killedAt;
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answeredAfterMs).toBeLessThan(10_000);

    // Charged once at the processor, recorded once.
    expect(
      sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === member.policyId),
    ).toHaveLength(1);
    expect(
      await handle.db.select().from(payments).where(eq(payments.policyId, member.policyId)),
    ).toHaveLength(1);
    // And a replay of the same key gives the same answer.
    const replay = await survivor.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      headers,
      payload: body,
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  }, 120_000);

  it('keeps the key of a live request that outlasts the lease: a duplicate meanwhile is never run twice', async () => {
    const member = await createMemberWithPolicy(handle.db);
    await handle.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
    });
    const account = await createAccount(handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: member.memberId,
    });
    const { accessToken } = await signIn(survivor.app, 'consumer', account.username, PASSWORD);
    const token = await sandbox.cardToken(TEST_CARDS.slowAnswer.number, {
      owner: householdOwner(member.householdId ?? ''),
    });
    const body = paymentBody(member, survivor.app.today(), {
      paymentAmount: '150.00',
      method: 'Card',
      paymentToken: token,
    });
    const headers = { authorization: `Bearer ${accessToken}`, 'idempotency-key': 'slow-but-alive' };
    const first = survivor.app.inject({ method: 'POST', url: '/api/v1/Payment', headers, payload: body });
    // The processor answers after 7 s, longer than the lease (5 s): the running request renews it
    // meanwhile, so a duplicate after 5.5 s still finds it held and waits for its answer.
    await sleep(5_500);
    const duplicate = await survivor.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      headers,
      payload: body,
    });
    expect([201, 409]).toContain(duplicate.statusCode);
    expect((await first).statusCode).toBe(201);
    expect(duplicate.statusCode === 409 || duplicate.headers['idempotent-replayed'] === 'true').toBe(true);
    expect(
      sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === member.policyId),
    ).toHaveLength(1);
    expect(
      await handle.db.select().from(payments).where(eq(payments.policyId, member.policyId)),
    ).toHaveLength(1);
  }, 60_000);
});
