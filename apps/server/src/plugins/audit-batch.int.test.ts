import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { AUDIT_BATCH_SQL, AuditBatcher, type AuditRow } from './audit-batch';

const row = (requestId: string, overrides: Partial<AuditRow> = {}): AuditRow => ({
  actor_subject: 'subject-1',
  actor_role: 'member',
  acting_for_household_id: null,
  action: 'read',
  route: 'GET /api/v1/Policy/:policyId',
  record_type: 'policy',
  record_ids: ['a', 'b'],
  outcome: 'success',
  reason: null,
  ip: '127.0.0.1',
  user_agent: 'test',
  request_id: requestId,
  acting_session_id: null,
  ...overrides,
});

/** The group commit of audit rows (docs/decisions/035) against the real database. */
describe('audit rows written in batches', () => {
  let database: TestDatabase;
  let statements = 0;
  let batcher: AuditBatcher;
  beforeAll(async () => {
    database = await openTestDatabase();
    batcher = new AuditBatcher(async (rows) => {
      statements += 1;
      await database.handle.executeSql(AUDIT_BATCH_SQL, [JSON.stringify(rows)], 'audit_log_batch');
    });
  });
  afterAll(async () => {
    await database.dispose();
  });

  const stored = async (prefix: string) => {
    const { rows } = await database.handle.executeSql(
      'select request_id, record_ids, action, outcome from audit_log where request_id like $1 order by id',
      [`${prefix}%`],
    );
    return rows as { request_id: string; record_ids: string[]; action: string; outcome: string }[];
  };

  it('stores every row once its promise resolves, many requests to a statement', async () => {
    statements = 0;
    await Promise.all(Array.from({ length: 200 }, (_, i) => batcher.add(row(`many-${i}`))));
    const rows = await stored('many-');
    expect(rows.map((r) => r.request_id).sort()).toEqual(
      Array.from({ length: 200 }, (_, i) => `many-${i}`).sort(),
    );
    expect(rows[0]).toMatchObject({ record_ids: ['a', 'b'], action: 'read', outcome: 'success' });
    expect(statements).toBeLessThan(200);
  });

  it('fails only the request whose row the database refuses', async () => {
    const results = await Promise.allSettled([
      batcher.add(row('mixed-1')),
      batcher.add(row('mixed-2', { acting_for_household_id: 'not-a-uuid' })),
      batcher.add(row('mixed-3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored('mixed-')).map((r) => r.request_id)).toEqual(['mixed-1', 'mixed-3']);
  });

  it('has written everything handed over when drained', async () => {
    const pending = Array.from({ length: 20 }, (_, i) => batcher.add(row(`drain-${i}`)));
    await batcher.drain();
    expect(await stored('drain-')).toHaveLength(20);
    await Promise.all(pending);
  });
});
