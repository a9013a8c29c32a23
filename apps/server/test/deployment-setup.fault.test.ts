import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenantConfig } from '../src/lib/tenant-config';
import { tenantToday } from '../src/lib/today';
import { eq } from 'drizzle-orm';
import { signIn as signInOverHttp } from '../../../bench/lib/sign-in.mjs';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { scheduledPayments } from '../src/db/schema';
import { savedMethodDescriptions } from '../src/modules/wallet/service';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { repoRoot } from '../src/settings';
import { createMemberWithPolicy, createScheduledPayment, createWallet } from './fixtures';
import { fleetDatabase } from './fleet';
import { adjacentPorts } from './free-port';
import { startTestSandbox, TEST_API_KEY, TEST_WEBHOOK_SECRET, type TestSandbox } from './sandbox';
import { startServer, type RunningServer } from './server-process';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Environment lines (`NAME=value`, comments and blank lines aside) as an object. */
function parseEnvLines(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return Object.fromEntries(entries);
}

/**
 * Issue 40, defect 7: setting up several instances was harder than it should be. `npm start` rebuilt
 * before every start; the README asked for identical IDP_SIGNING_JWK, PORTAL_SIGNING_JWK and
 * IDP_COOKIE_SECRET on every instance but gave no way to make them; the sandbox processor took PORT+1, so
 * demo instances on adjacent ports collided; and `npm run jobs` ran once, with no long-running job runner.
 */
describe('issue 40 defect 7: setting up a fleet', () => {
  let postgres: ThrowawayPostgres;
  let handle: DatabaseHandle | undefined;
  const servers: RunningServer[] = [];
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const server of servers)
      if (server.process.exitCode === null && server.process.signalCode === null)
        server.process.kill('SIGKILL');
    await handle?.close();
    await postgres.dispose();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('`npm run keys` makes the shared secrets; two demo instances on adjacent ports both start and accept each other’s tokens', async () => {
    const keys = spawnSync('npm', ['run', '--silent', 'keys'], { cwd: repoRoot, encoding: 'utf8' });
    expect(keys.status, keys.stderr).toBe(0);
    const shared = parseEnvLines(keys.stdout);
    expect(Object.keys(shared).sort()).toEqual([
      'ENROLLMENT_CLIENT_SECRET',
      'IDP_COOKIE_SECRET',
      'IDP_SIGNING_JWK',
      'PORTAL_SIGNING_JWK',
      'WEBHOOK_SECRETS_KEY',
    ]);
    // Another run makes another set: nothing is reused.
    const again = parseEnvLines(
      spawnSync('npm', ['run', '--silent', 'keys'], { cwd: repoRoot, encoding: 'utf8' }).stdout,
    );
    expect(again.IDP_COOKIE_SECRET).not.toBe(shared.IDP_COOKIE_SECRET);

    const url = await fleetDatabase(postgres, 'demo_fleet');
    const [first, second] = await adjacentPorts();
    // Demo mode on PostgreSQL, as the two instances: each its own DATA_DIR, one public address.
    const env = {
      ...shared,
      DATABASE_URL: url,
      DEMO_MODE: 'true',
      DEMO_HOUSEHOLDS: '0',
      JOBS: 'false',
      HOST: '0.0.0.0',
      PUBLIC_URL: `http://localhost:${String(first)}`,
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    const a = await startServer({ ...env, PORT: String(first), DATA_DIR: folder('portal-fleet-a-') });
    servers.push(a);
    const b = await startServer({ ...env, PORT: String(second), DATA_DIR: folder('portal-fleet-b-') });
    servers.push(b);
    // Neither took the other's port for its sandbox processor.
    expect(a.output()).toMatch(/Payment processor: the built-in sandbox at http:\/\/localhost:\d+/);
    expect(a.output()).not.toContain(`localhost:${String(second)} (demo mode`);

    const token = await signInOverHttp(
      `http://localhost:${String(first)}`,
      'consumer',
      'maria.santos',
      DEMO_PASSWORD,
    );
    const session = await fetch(`http://localhost:${String(second)}/api/v1/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.status).toBe(200);
    for (const server of [a, b]) {
      server.process.kill('SIGTERM');
      // A second signal skips the drain: these tests need not wait for a load balancer.
      await sleep(200);
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 300_000);

  describe('the job runner', () => {
    let sandbox: TestSandbox;
    beforeAll(async () => {
      sandbox = await startTestSandbox();
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it('`npm run jobs` without --once runs the billing day until SIGTERM, then lets its job finish and exits 0', async () => {
      const url = await fleetDatabase(postgres, 'runner');
      handle = openPostgres({ connectionString: url, poolSize: 2 });
      const member = await createMemberWithPolicy(handle.db);
      const wallet = await createWallet(handle.db, member.householdId ?? '');
      // The issuer's today (its time zone), as the billing day reads it: between midnight UTC and midnight in
      // New York, UTC's date is the issuer's tomorrow, and a payment dated then is not due yet.
      const today = tenantToday(loadTenantConfig(path.join(repoRoot, 'config')));
      await createScheduledPayment(handle.db, member.policyId, wallet.cardToken, {
        paymentDate: today,
        paymentAmountCents: 4_321,
      });
      sandbox.sandbox.adopt(await savedMethodDescriptions(handle.db));

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/jobs/cli.ts')],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            DEMO_MODE: 'false',
            DATABASE_URL: url,
            DATA_DIR: folder('portal-runner-'),
            PROCESSOR_URL: sandbox.sandbox.url,
            PROCESSOR_API_KEY: TEST_API_KEY,
            PROCESSOR_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | string>((resolve) => {
        child.once('exit', (code, signal) => {
          resolve(code ?? signal ?? 'unknown');
        });
      });
      try {
        // It runs today's billing day at start: the due payment is charged and recorded paid.
        const db = handle.db;
        const status = async () =>
          (
            await db
              .select({ status: scheduledPayments.status })
              .from(scheduledPayments)
              .where(eq(scheduledPayments.policyId, member.policyId))
          )[0]?.status;
        const deadline = Date.now() + 90_000;
        while ((await status()) !== 'Paid') {
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`the runner did not pay the due payment:\n${output}`);
          await sleep(200);
        }
        expect(output).toContain('Job runner');
        // Still running (a long-lived process), until told to stop.
        await sleep(1_000);
        expect(child.exitCode).toBeNull();
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(
          sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === member.policyId),
        ).toHaveLength(1);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 180_000);
  });

  /**
   * `npm start` as a person types it. The PATH is the shell's, without the repository's node_modules/.bin
   * (which npx put first for these tests): npm itself must put it first, so the server runs on the
   * repository's Node 24 whatever `node` the machine has (decision 048).
   */
  const start = (dataDir: string) =>
    new Promise<{ output: string; leftRunning: boolean }>((resolve, reject) => {
      const shellPath = (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((entry) => !entry.endsWith(`node_modules${path.sep}.bin`))
        .join(path.delimiter);
      const child = spawn('npm', ['start', '--silent'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PATH: shellPath,
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_MODE: 'false',
          JOBS: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, stopped as a whole, as a terminal's Ctrl+C stops it: npm runs the server in
        // a shell of its own, and a signal to npm alone left that server running after the test (three
        // servers of PGlite left behind by every run).
        detached: true,
      });
      const group = -(child.pid ?? 0);
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          process.kill(group, signal);
        } catch {
          // The group has already gone.
        }
      };
      let output = '';
      // The processes npm started (its shell, the server), seen once the server said it runs.
      let started: number[] = [];
      const timer = setTimeout(() => {
        signalGroup('SIGKILL');
        reject(new Error(`npm start did not start in 240 s:\n${output}`));
      }, 240_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/is running: http/.test(output) && started.length === 0) {
          started = descendantsOf(child.pid ?? 0);
          signalGroup('SIGTERM');
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', () => {
        clearTimeout(timer);
        void allGone(started).then((gone) => {
          if (!gone) signalGroup('SIGKILL');
          resolve({ output, leftRunning: !gone });
        });
      });
    });

  /** Every process below `pid` (its children, theirs, and so on), from `ps`. */
  const descendantsOf = (pid: number): number[] => {
    const rows = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number));
    const found: number[] = [];
    const visit = (parent: number) => {
      for (const [child, of] of rows)
        if (of === parent && child !== undefined) {
          found.push(child);
          visit(child);
        }
    };
    visit(pid);
    return found;
  };

  /** Whether every one of `pids` has exited within 20 s of npm's own exit (the server drains first). */
  const allGone = async (pids: number[]) => {
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 20_000;
    while (pids.some(alive)) {
      if (Date.now() > deadline) return false;
      await sleep(100);
    }
    return true;
  };

  it('`npm start` starts without building again when the build is current', async () => {
    // A first start makes the build current if it is not (a fresh clone: `npm ci && npm start`).
    const first = await start(folder('portal-start-1-'));
    expect(first.output).toMatch(/is running: http/);
    const builtAt = ['apps/server/dist/server.js', 'apps/web/dist/index.html'].map(
      (file) => fs.statSync(path.join(repoRoot, file)).mtimeMs,
    );
    const second = await start(folder('portal-start-2-'));
    expect(second.output).toMatch(/is running: http/);
    expect(second.output).not.toMatch(/Building|vite|esbuild/i);
    expect(
      ['apps/server/dist/server.js', 'apps/web/dist/index.html'].map(
        (file) => fs.statSync(path.join(repoRoot, file)).mtimeMs,
      ),
    ).toEqual(builtAt);
  }, 600_000);

  it('`npm start` runs the server on Node 24 LTS, the runtime floor, and says so in its banner', async () => {
    const { output, leftRunning } = await start(folder('portal-start-node-'));
    expect(output).toMatch(/is running: http/);
    // Stopped as a terminal stops it (SIGTERM to its process group), nothing of it is left running.
    expect(leftRunning).toBe(false);
    expect(output).toMatch(/Node\.js v24\.\d+\.\d+/);
  }, 300_000);
});
