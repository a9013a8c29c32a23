import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startOfMonth, type CalendarDate } from '@portal/domain';
import { autopayRuns, finances, scheduledPayments } from '../src/db/schema';
import { savedMethodDescriptions } from '../src/modules/wallet/service';
import type { PaymentProcessor } from '../src/processor/port';
import { repoRoot } from '../src/settings';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import {
  createAutopaySubscription,
  createMemberWithPolicy,
  createScheduledPayment,
  createWallet,
} from './fixtures';
import { startTestSandbox, TEST_API_KEY, TEST_WEBHOOK_SECRET, type TestSandbox } from './sandbox';

/**
 * Issue 10, Done when: each due scheduled payment and autopay run is charged exactly once — counted at
 * the processor, not in our rows — when two instances run the billing day at the same moment, and when
 * a run dies in the middle and is started again. On PostgreSQL (`npm run test:pg`, CI) the instances
 * are real processes (`npm run jobs -- --once`) and the crash is a SIGKILL; on the embedded database,
 * which one process opens at a time, they are two apps in this process and the crash is a processor
 * answer lost after the charge was made.
 */
const AUTOPAY_CENTS = 15_000;

describe('the billing day charges each due payment exactly once', () => {
  let database: TestDatabase;
  let sandbox: TestSandbox;
  let app: FastifyInstance;
  let today: CalendarDate;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    sandbox = await startTestSandbox();
    ({ app } = await buildTestApp({ database: database.handle, processor: sandbox.processor }));
    today = app.today();
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
    await app.close();
    await sandbox.close();
    await database.dispose();
  });

  /**
   * `count` policies with a scheduled payment due today (each its own amount) and `count` with an autopay
   * run due today, each paying with a card the sandbox approves. Answers what each policy must be charged.
   */
  async function dueWork(count: number): Promise<Map<string, number>> {
    const db = database.handle.db;
    const expected = new Map<string, number>();
    for (let index = 0; index < count; index += 1) {
      const scheduled = await createMemberWithPolicy(db);
      const scheduledWallet = await createWallet(db, scheduled.householdId ?? '');
      const amount = 1_000 + index;
      await createScheduledPayment(db, scheduled.policyId, scheduledWallet.cardToken, {
        paymentDate: today,
        paymentAmountCents: amount,
      });
      expected.set(scheduled.policyId, amount);

      const autopay = await createMemberWithPolicy(db);
      const autopayWallet = await createWallet(db, autopay.householdId ?? '');
      await db.insert(finances).values({
        policyId: autopay.policyId,
        premiumAmountDueCents: AUTOPAY_CENTS,
        currentAmountDueCents: AUTOPAY_CENTS,
        status: 'Current',
        // The billing clock has done today's work for this policy (its own once-only runs are
        // billing-clock.int.test.ts's): the fixture's coverage has no payment history, from which the
        // clock would find every month since last January unpaid and end the coverage, and its autopay.
        clockDate: today,
      });
      const subscriptionId = await createAutopaySubscription(db, autopay.policyId, autopayWallet.cardToken, {
        startDate: today,
      });
      // The run announced earlier and due today (the announcing is the autopay tests' business).
      await db.insert(autopayRuns).values({
        subscriptionId,
        policyId: autopay.policyId,
        period: startOfMonth(today),
        runDate: today,
        status: 'Upcoming',
      });
      expected.set(autopay.policyId, AUTOPAY_CENTS);
    }
    // The sandbox learns the saved cards' tokens (approved), as the embedded default does with the demo data.
    sandbox.sandbox.adopt(await savedMethodDescriptions(db));
    return expected;
  }

  /** Every charge the processor made for these policies, by policy. */
  const chargedAt = (policies: Map<string, number>) => {
    const charged = new Map<string, number[]>();
    for (const charge of sandbox.sandbox.charges()) {
      const policyId = String(charge.metadata.policyId);
      if (policies.has(policyId))
        charged.set(policyId, [...(charged.get(policyId) ?? []), charge.amountCents]);
    }
    return charged;
  };

  async function expectEachChargedOnce(expected: Map<string, number>) {
    const charged = chargedAt(expected);
    const wrong = [...expected].filter(
      ([policyId, amount]) => JSON.stringify(charged.get(policyId)) !== JSON.stringify([amount]),
    );
    expect(
      wrong.map(([policyId, amount]) => ({
        policyId,
        expected: amount,
        charged: charged.get(policyId) ?? [],
      })),
    ).toEqual([]);
    const ids = [...expected.keys()];
    const db = database.handle.db;
    const scheduled = await db
      .select({ status: scheduledPayments.status })
      .from(scheduledPayments)
      .where(inArray(scheduledPayments.policyId, ids));
    const runs = await db
      .select({ status: autopayRuns.status })
      .from(autopayRuns)
      .where(inArray(autopayRuns.policyId, ids));
    expect(scheduled.length + runs.length).toBe(expected.size);
    expect([...scheduled, ...runs].every((row) => row.status === 'Paid')).toBe(true);
  }

  /** `npm run jobs -- --once` as its own process, on this test's PostgreSQL database and sandbox. */
  function jobsProcess() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-jobs-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/jobs/cli.ts'), '--once'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DEMO_MODE: 'false',
          DATABASE_URL: database.url ?? '',
          PROCESSOR_URL: sandbox.sandbox.url,
          PROCESSOR_API_KEY: TEST_API_KEY,
          PROCESSOR_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
      child.once('exit', (code, signal) => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, signal, output });
      });
    });
    return { child, exited };
  }

  /** A second app on the same embedded database, paying through `processor`. */
  async function secondApp(processor: PaymentProcessor) {
    const built = await buildTestApp({ database: database.handle, processor });
    closers.push(() => built.app.close());
    return built.app;
  }

  /** The time a dead run's claims wait before another run takes them over (15 minutes), gone by. */
  async function leasesRunOut() {
    await database.handle.db.execute(
      sql`update ${scheduledPayments} set claimed_at = claimed_at - interval '16 minutes' where claimed_at is not null`,
    );
    await database.handle.db.execute(
      sql`update ${autopayRuns} set claimed_at = claimed_at - interval '16 minutes' where claimed_at is not null`,
    );
  }

  it('when two instances run the day at the same moment', async () => {
    const expected = await dueWork(100);
    if (database.url) {
      const runs = await Promise.all([jobsProcess().exited, jobsProcess().exited]);
      for (const run of runs) expect(run.code, run.output).toBe(0);
    } else {
      const other = await secondApp(sandbox.processor);
      await Promise.all([app.jobs.runDay(today), other.jobs.runDay(today)]);
    }
    await expectEachChargedOnce(expected);
  }, 240_000);

  it('when a run dies in the middle and the day is run again', async () => {
    const expected = await dueWork(60);
    const chargedSoFar = () => [...chargedAt(expected).values()].flat().length;
    if (database.url) {
      const run = jobsProcess();
      while (chargedSoFar() < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      run.child.kill('SIGKILL');
      expect((await run.exited).signal).toBe('SIGKILL');
    } else {
      // The processor charges, and the answer is lost on the way back (as when the process dies then).
      let answered = 0;
      const inner = sandbox.processor;
      const dying: PaymentProcessor = {
        origin: inner.origin,
        createTokenizationSession: (owner) => inner.createTokenizationSession(owner),
        hostedFieldsUrl: (...args) => inner.hostedFieldsUrl(...args),
        describeToken: (token) => inner.describeToken(token),
        charge: async (request) => {
          const result = await inner.charge(request);
          answered += 1;
          if (answered > 20) throw new Error('the run died after the processor charged');
          return result;
        },
        refund: (request) => inner.refund(request),
        void: (transactionId, key) => inner.void(transactionId, key),
        verifyWebhook: (rawBody, headers) => inner.verifyWebhook(rawBody, headers),
      };
      await expect((await secondApp(dying)).jobs.runDay(today)).rejects.toThrow('the run died');
    }
    const partly = chargedSoFar();
    expect(partly).toBeGreaterThanOrEqual(20);
    expect(partly).toBeLessThan(expected.size);

    await leasesRunOut();
    if (database.url) {
      const again = await jobsProcess().exited;
      expect(again.code, again.output).toBe(0);
    } else {
      await app.jobs.runDay(today);
    }
    await expectEachChargedOnce(expected);
  }, 240_000);
});
