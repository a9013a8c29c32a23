import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { demoGuestFacts } from '../src/seed/demo-households';
import { repoRoot } from '../src/settings';
import { startServer, type RunningServer } from './server-process';

/**
 * Issue 14, findings 2 and 14: what `npm start` writes and prints. Only demo mode seeds the demo
 * accounts with their shared password and names them in the banner, together with the guest facts and
 * the test SAML issuer; production never does, and refuses demo mode outright.
 */
/** Production also needs its payment processor (docs/decisions/016); an unreachable one is enough to start. */
const PROCESSOR = {
  PROCESSOR_URL: 'https://api.processor.example',
  PROCESSOR_API_KEY: 'sk_live_0123456789abcdef',
  PROCESSOR_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
};

// Each test starts the server from source (tsx) as its own process: seconds alone, but in the PostgreSQL
// pass it shares two cores with three test workers and the fault tests' servers, and once went past 60 s.
// The embedded database only (each server has a PGlite of its own): the PostgreSQL pass of CI
// (TEST_DATABASE_URL set) would run the same thing again, about a minute of a CI that must stay under 30.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'npm start and demo mode',
  { timeout: 180_000 },
  () => {
    const folders: string[] = [];
    const freshDataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
      folders.push(dir);
      return dir;
    };
    afterAll(() => {
      for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    });

    async function stop(server: RunningServer): Promise<void> {
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }

    async function rowCounts(dataDir: string): Promise<{ accounts: number; households: number }> {
      const db = new PGlite(path.join(dataDir, 'pgdata'));
      try {
        const { rows } = await db.query<{ accounts: number; households: number }>(
          'select (select count(*) from accounts)::int as accounts, (select count(*) from households)::int as households',
        );
        return rows[0] ?? { accounts: -1, households: -1 };
      } finally {
        await db.close();
      }
    }

    it('in production seeds nothing demo and prints no demo account or password', async () => {
      const dataDir = freshDataDir();
      const server = await startServer({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://portal.example.org',
        ...PROCESSOR,
      });
      const banner = server.output();
      await stop(server);
      expect(banner).toContain('Demo mode: off');
      expect(banner).not.toContain(DEMO_PASSWORD);
      for (const account of DEMO_ACCOUNTS)
        expect(banner).not.toMatch(new RegExp(`\\b${account.username.replace('.', '\\.')}\\b`));
      expect(banner).not.toContain('/idp/saml-test');
      expect(banner).toContain('Payment processor: https://api.processor.example');
      expect(await rowCounts(dataDir)).toEqual({ accounts: 0, households: 0 });
    });

    it('refuses production without a payment processor in one clear line, before touching the data folder', async () => {
      const dataDir = path.join(freshDataDir(), 'never-made');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            PORT: '0',
            HOST: '127.0.0.1',
            DATABASE_URL: 'postgres://127.0.0.1:1/none',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      const lines = stderr
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.includes('oidc-provider WARNING'));
      expect(lines).toEqual([
        'Invalid environment: production needs a payment processor: set PROCESSOR_URL, PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET',
      ]);
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('refuses NODE_ENV=production with DEMO_MODE=true in one clear line, before touching the data folder', async () => {
      const dataDir = path.join(freshDataDir(), 'never-made');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DEMO_MODE: 'true',
            DATA_DIR: dataDir,
            PORT: '0',
            HOST: '127.0.0.1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stdout).toBe('');
      // One line (oidc-provider's runtime warning on Node 20 aside): the refusal and what to do.
      const lines = stderr
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.includes('oidc-provider WARNING'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Refusing to start: DEMO_MODE=true with NODE_ENV=production .* Remove DEMO_MODE/,
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('in demo mode seeds the demo once and the banner lists what the demo really offers', async () => {
      const dataDir = freshDataDir();
      const server = await startServer({ DATA_DIR: dataDir });
      const banner = server.output();
      await stop(server);
      expect(banner).toContain('Demo mode: ON');
      expect(banner).toContain(DEMO_PASSWORD);
      for (const account of DEMO_ACCOUNTS) expect(banner).toContain(account.username);
      // The guest locate-account facts of each guest scenario, and the test SAML issuer.
      for (const account of DEMO_ACCOUNTS.filter(
        (candidate) => candidate.guestScenario && candidate.household,
      )) {
        const facts = demoGuestFacts(account.household ?? 'maria');
        expect(banner).toMatch(
          new RegExp(
            `${facts.policyNumber}\\s+${facts.dob}\\s+${facts.zipCode}\\s+${account.guestScenario ?? ''}`,
          ),
        );
      }
      expect(banner).toMatch(/\/payments\/locate-account/);
      expect(banner).toMatch(/SAML test issuer .*\/idp\/saml-test/);
      // Nothing about pages that are not built yet.
      expect(banner).not.toMatch(/wallet|1095-A|scheduled payments|binder payment only/i);
      const counts = await rowCounts(dataDir);
      expect(counts.accounts).toBe(DEMO_ACCOUNTS.length);
      expect(counts.households).toBeGreaterThan(50);
    });
  },
);
