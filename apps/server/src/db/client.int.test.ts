import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';

/** node-postgres answers a multi-statement query with one result per statement; PGlite's `exec` too. */
const rowsOf = (result: unknown): unknown[] =>
  Array.isArray(result)
    ? result.flatMap((part: { rows: unknown[] }) => part.rows)
    : (result as { rows: unknown[] }).rows;

describe('a parameterless multi-statement script (pg-boss maintenance and claims)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('returns the rows of every statement, not only the last', async () => {
    const result = await database.handle.executeSql(
      'begin; select 1 as lock_row; select 2 as claimed_row; commit',
    );
    expect(rowsOf(result)).toEqual([{ lock_row: 1 }, { claimed_row: 2 }]);
  });
});
