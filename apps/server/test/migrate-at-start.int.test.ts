import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPglite, schemaIsCurrent, type DatabaseHandle } from '../src/db/client';
import { loadSettings, repoRoot } from '../src/settings';
import { prepareDatabase } from '../src/startup';
import { buildTestApp } from './app';

const ready = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
  return {
    status: response.statusCode,
    checks: response.json<{ checks: { migrations: string; jobs: string } }>().checks,
  };
};

/**
 * Decision 048: a release's migrations run once (`npm run migrate`, a Kubernetes Job) while its instances
 * start with MIGRATE_AT_START=false: they never change the schema, are not ready and run no billing day
 * until the migrations have run, then become ready by themselves.
 */
describe('MIGRATE_AT_START=false and npm run migrate', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openPglite();
    ({ app } = await buildTestApp({
      database,
      jobs: true,
      jobStartRetryMs: 100,
      env: { MIGRATE_AT_START: 'false', DEMO_MODE: 'false' },
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('the start leaves the schema alone with false, and migrates with the default', async () => {
    const fresh = await openPglite();
    try {
      await prepareDatabase(loadSettings({ MIGRATE_AT_START: 'false', DEMO_MODE: 'false' }), fresh);
      expect(await schemaIsCurrent(fresh).catch(() => false)).toBe(false);
      await prepareDatabase(loadSettings({ DEMO_MODE: 'false' }), fresh);
      expect(await schemaIsCurrent(fresh)).toBe(true);
    } finally {
      await fresh.close();
    }
    expect(() => loadSettings({ MIGRATE_AT_START: 'false', DEMO_MODE: 'true' })).toThrow(
      /demo mode migrates and seeds/,
    );
  });

  it('an instance on an unmigrated database is not ready and starts no job queue until the migrations run', async () => {
    expect(await ready(app)).toEqual({
      status: 503,
      checks: expect.objectContaining({ migrations: 'pending', jobs: 'starting' }) as unknown,
    });
    await database.migrate();
    await expect.poll(async () => (await ready(app)).status, { timeout: 30_000, interval: 100 }).toBe(200);
    expect((await ready(app)).checks).toMatchObject({ migrations: 'current', jobs: 'up' });
  });

  it('`migrate.js` needs the database alone (no processor keys, even in production) and applies each migration once', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrate-'));
    try {
      const run = () =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/db/migrate-cli.ts')],
          {
            cwd: repoRoot,
            encoding: 'utf8',
            env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir },
            timeout: 60_000,
          },
        );
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        /: ([1-9]\d*) migrations applied .* the schema is current \(\1 in all, embedded database/,
      );
      const second = run();
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/: 0 migrations applied/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
