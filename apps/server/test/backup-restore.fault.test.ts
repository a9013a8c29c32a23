import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, schemaIsCurrent } from '../src/db/client';
import { JOB_SCHEMA } from '../src/jobs/runner';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { seedDatabase } from '../src/seed/seed';
import { repoRoot } from '../src/settings';
import { fleetDatabase, sharedEnv, startInstance, stopInstance } from './fleet';
import { signIn } from './oidc';
import { postgresTool, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/** The commands docs/OPERATIONS.md gives operators, with these very flags (the test checks the document). */
const BACKUP_FLAGS = ['--format=custom', '--no-owner', '--no-privileges'];
const RESTORE_FLAGS = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];

/** Every table of the portal and of the job queue, with its row count. */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle', $1) order by 1`,
      [JOB_SCHEMA],
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${name}`);
      counts[name] = rows[0]?.n ?? 0;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * Decision 048, docs/OPERATIONS.md "Backup and restore": a dump of a live database (pg_dump, custom format)
 * restored into a fresh database (pg_restore) holds every row of every table — the portal's, its migration
 * history and the job queue's — and the portal serves it: a member signs in and reads their household.
 */
describe('backing up and restoring PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres.dispose();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('docs/OPERATIONS.md gives these commands', () => {
    const operations = fs.readFileSync(path.join(repoRoot, 'docs/OPERATIONS.md'), 'utf8');
    expect(operations).toContain(`pg_dump ${BACKUP_FLAGS.join(' ')}`);
    expect(operations).toContain(`pg_restore ${RESTORE_FLAGS.join(' ')}`);
  });

  it('a dump of a seeded database, restored into a fresh one, holds every row and the portal serves it', async () => {
    const source = await fleetDatabase(postgres, 'portal_live');
    const seeding = openPostgres({ connectionString: source, poolSize: 2 });
    try {
      await seedDatabase(seeding, { households: 10, seed: 'backup-restore', today: '2026-12-01' });
    } finally {
      await seeding.close();
    }
    // The job queue's schema (pg-boss) is part of a live database too.
    const env = await sharedEnv();
    const live = await startInstance(source, env, { jobs: true, jobStartRetryMs: 200 });
    await expect.poll(() => live.app.jobs.status, { timeout: 30_000, interval: 100 }).toBe('up');
    await stopInstance(live);

    const dump = path.join(folder, 'portal.dump');
    execFileSync(postgresTool('pg_dump'), [...BACKUP_FLAGS, '--file', dump, source], { stdio: 'pipe' });
    expect(fs.statSync(dump).size).toBeGreaterThan(10_000);

    const restored = await postgres.createDatabase('portal_restored');
    execFileSync(postgresTool('pg_restore'), [...RESTORE_FLAGS, '--dbname', restored, dump], {
      stdio: 'pipe',
    });

    const before = await tableCounts(source);
    const after = await tableCounts(restored);
    expect(after).toEqual(before);
    expect(before['public.households']).toBeGreaterThan(10);
    expect(before[`${JOB_SCHEMA}.job`]).toBeGreaterThan(0);

    const instance = await startInstance(restored, env);
    try {
      expect(await schemaIsCurrent(instance.database)).toBe(true);
      const { accessToken } = await signIn(instance.app, 'consumer', 'maria.santos', DEMO_PASSWORD);
      const households = await instance.app.inject({
        method: 'POST',
        url: '/api/v1/Household/user',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(households.statusCode).toBe(200);
      expect(households.json<{ households: unknown[] }>().households.length).toBeGreaterThan(0);
    } finally {
      await stopInstance(instance);
    }
  }, 120_000);
});
