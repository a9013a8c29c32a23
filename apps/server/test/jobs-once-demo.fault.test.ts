import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenantConfig } from '../src/lib/tenant-config';
import { tenantToday } from '../src/lib/today';
import { inArray } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { scheduledPayments } from '../src/db/schema';
import { SandboxStore } from '../src/processor/sandbox/store';
import { repoRoot } from '../src/settings';
import { createMemberWithPolicy, createScheduledPayment, createWallet } from './fixtures';
import { fleetDatabase } from './fleet';
import { adjacentPorts } from './free-port';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * Issue 33, item 4: `npm run jobs -- --once` could not run twice at once in demo mode: each run started
 * the sandbox processor on the same port (PORT+1), and the second ended with an error (exit 1) after
 * doing its work. Two concurrent runs on one PostgreSQL, in demo mode with one DATA_DIR, must both exit
 * 0 and charge each due payment exactly once — counted in the sandbox's own records.
 */
describe('issue 33 item 4: two `jobs --once` runs at once in demo mode', () => {
  let postgres: ThrowawayPostgres;
  let url: string;
  let handle: DatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-jobs-demo-'));

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    url = await fleetDatabase(postgres, 'demo');
    handle = openPostgres({ connectionString: url, poolSize: 2 });
  }, 60_000);
  afterAll(async () => {
    await handle.close();
    await postgres.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function jobsOnce(port: number) {
    const inherited = { ...process.env };
    delete inherited.PORT;
    delete inherited.PROCESSOR_PORT;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/jobs/cli.ts'), '--once'],
      {
        cwd: repoRoot,
        // Demo mode on PostgreSQL, one DATA_DIR (its keys and sandbox state), one PORT and no
        // PROCESSOR_PORT (so the sandbox's is PORT+1): as an operator running the command twice would.
        // Not the default 3000 itself: whatever else on the machine listens on 3001 would fail the test.
        env: {
          ...inherited,
          NODE_ENV: 'test',
          DEMO_MODE: 'true',
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      child.once('exit', (code) => {
        resolve({ code, output });
      });
    });
  }

  it('both exit 0 and each due payment is charged exactly once', async () => {
    const db = handle.db;
    // The issuer's today (its time zone), as the billing day reads it: between midnight UTC and midnight in
    // New York, UTC's date is the issuer's tomorrow, and a payment dated then is not due yet.
    const today = tenantToday(loadTenantConfig(path.join(repoRoot, 'config')));
    const expected = new Map<string, number>();
    for (let index = 0; index < 12; index += 1) {
      const member = await createMemberWithPolicy(db);
      const wallet = await createWallet(db, member.householdId ?? '');
      const amount = 2_000 + index;
      await createScheduledPayment(db, member.policyId, wallet.cardToken, {
        paymentDate: today,
        paymentAmountCents: amount,
      });
      expected.set(member.policyId, amount);
    }
    // Each run used to start its sandbox on PORT+1, the same port.
    const [port] = await adjacentPorts();
    const runs = await Promise.all([jobsOnce(port), jobsOnce(port)]);
    for (const run of runs) expect(run.code, run.output).toBe(0);
    for (const run of runs) expect(run.output).not.toMatch(/AVV_ERR|EADDRINUSE|Error/);

    const store = new SandboxStore(path.join(dataDir, 'processor-sandbox'));
    const charged = new Map<string, number[]>();
    for (const charge of Object.values(store.state.charges)) {
      const policyId = String(charge.metadata.policyId);
      if (expected.has(policyId))
        charged.set(policyId, [...(charged.get(policyId) ?? []), charge.amountCents]);
    }
    store.close();
    expect(
      [...expected].filter(
        ([policyId, amount]) => JSON.stringify(charged.get(policyId)) !== JSON.stringify([amount]),
      ),
    ).toEqual([]);
    const rows = await db
      .select({ status: scheduledPayments.status })
      .from(scheduledPayments)
      .where(inArray(scheduledPayments.policyId, [...expected.keys()]));
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'Paid'));
  }, 240_000);
});
