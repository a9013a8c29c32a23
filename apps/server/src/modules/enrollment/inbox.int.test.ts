import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDayRule } from '@portal/domain';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { auditLog, enrollmentImports, plans, policies } from '../../db/schema';
import { INBOX_ACTOR, processInbox, type InboxOptions } from './inbox';
import type { ImportSettings } from './service';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const settings: ImportSettings = {
  today: '2026-12-06',
  dueRule: dueDayRule({ implementation: 'constant', day: 1, offsetDays: 0 }),
  actor: INBOX_ACTOR,
  demoPassword: null,
};
const log = pino({ level: 'silent' });

describe('the ENROLLMENT_INBOX drop folder (issue 34)', () => {
  let database: TestDatabase;
  let dir: string;
  const drop = (fixture: string, as = fixture) => {
    fs.copyFileSync(path.join(fixtures, fixture), path.join(dir, as));
  };
  const ls = (sub: string) =>
    fs
      .readdirSync(path.join(dir, sub))
      .filter((name) => !fs.statSync(path.join(dir, sub, name)).isDirectory())
      .sort();
  const run = (overrides: Partial<InboxOptions> = {}) =>
    processInbox({
      db: database.handle.db,
      dir,
      importSettings: () => settings,
      log,
      settleMs: 0,
      ...overrides,
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-'));
    await database.handle.db.insert(plans).values({
      id: '71644MA0040002-06',
      lineOfCoverage: 'Medical',
      planName: 'Harbor Silver 87 HMO',
      metalLevel: 'Silver',
      planType: 'HMO',
      planYear: 2027,
      effectiveDate: '2027-01-01',
      effectiveEndDate: '2027-12-31',
      monthlyPremiumCents: 45000,
      deductibleCents: 150000,
      outOfPocketMaxCents: 300000,
      drugsCovered: 'Generic and preferred brand',
    });
  });
  afterAll(async () => {
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('two runners at once import each file once: the good one to done/ with its 999, the broken one to failed/ with its TA1; a file still being written is left', async () => {
    drop('household-addition.edi');
    drop('broken-se-count.edi');
    drop('termination.edi', 'upload.edi.part');

    const [first, second] = await Promise.all([run(), run()]);
    const reports = [...first, ...second];
    expect(reports.map((report) => `${report.file} ${report.outcome}`).sort()).toEqual([
      'broken-se-count.edi failed',
      'household-addition.edi done',
    ]);

    expect(ls('done')).toEqual(['household-addition.edi', 'household-addition.edi.999']);
    expect(fs.readFileSync(path.join(dir, 'done', 'household-addition.edi.999'), 'latin1')).toContain(
      'AK9*A*1*1*1~',
    );
    expect(ls('failed')).toEqual(['broken-se-count.edi', 'broken-se-count.edi.ta1']);
    expect(fs.readFileSync(path.join(dir, 'failed', 'broken-se-count.edi.ta1'), 'latin1')).toMatch(
      /^ISA\*.*~\nTA1\*000000401\*\d{6}\*\d{4}\*R\*/s,
    );
    expect(ls('processing')).toEqual([]);
    expect(ls('.')).toEqual(['upload.edi.part']);
    // One import of the interchange, recorded as the drop folder's, its sets audited as the job's.
    const imports = await database.handle.db
      .select()
      .from(enrollmentImports)
      .where(eq(enrollmentImports.fileName, 'household-addition.edi'));
    expect(imports.map((row) => `${row.source} ${row.status}`)).toEqual(['inbox processed']);
    const audits = await database.handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'enrollment.834.021'), eq(auditLog.actorSubject, 'job:enrollment-inbox')),
      );
    expect(audits).toHaveLength(1);
  });

  it('the same file dropped again under the same name changes nothing, and keeps both files and acknowledgments', async () => {
    drop('household-addition.edi');
    const [report] = await run();
    expect(report?.summary.duplicate).toBe(true);
    expect(ls('done')).toHaveLength(4);
    // Recorded as a re-sent duplicate beside the one processed import (the admin page lists both).
    const records = await database.handle.db
      .select()
      .from(enrollmentImports)
      .where(eq(enrollmentImports.fileName, 'household-addition.edi'));
    expect(records.map((row) => row.status).sort()).toEqual(['duplicate', 'processed']);
  });

  it('a file whose runner crashed mid-import is taken over once its lease ran out; a claim still renewed is left to its runner', async () => {
    const processing = path.join(dir, 'processing');
    const abandoned = path.join(processing, '1765000000000-0badc0de--termination.edi');
    fs.copyFileSync(path.join(fixtures, 'termination.edi'), abandoned);
    fs.utimesSync(abandoned, new Date(Date.now() - 10 * 60_000), new Date(Date.now() - 10 * 60_000));
    const live = path.join(processing, `${String(Date.now())}-00c0ffee--change-pipe.edi`);
    fs.copyFileSync(path.join(fixtures, 'change-pipe.edi'), live);

    const reports = await run();
    expect(reports.map((report) => report.file)).toEqual(['termination.edi']);
    expect(ls('done')).toEqual(expect.arrayContaining(['termination.edi', 'termination.edi.999']));
    expect(ls('processing')).toEqual([path.basename(live)]);
    // The termination applied to the household the first file added.
    const [policy] = await database.handle.db
      .select()
      .from(policies)
      .where(eq(policies.exchangeSubscriberId, '0001000001'));
    expect(policy).toBeDefined();
  });

  it('a database that fails leaves the file claimed with its lease run out, and the next run imports it', async () => {
    fs.rmSync(path.join(dir, 'processing'), { recursive: true });
    drop('reinstatement.edi');
    const db = database.handle.db;
    const broken = new Proxy(db, {
      get: (target, key, receiver) =>
        key === 'transaction'
          ? () => Promise.reject(new Error('connection lost'))
          : (Reflect.get(target, key, receiver) as unknown),
    });
    await expect(run({ db: broken })).rejects.toThrow('connection lost');
    expect(ls('processing')).toHaveLength(1);
    expect(ls('.')).toEqual(['upload.edi.part']);
    const reports = await run();
    expect(reports.map((report) => `${report.file} ${report.outcome}`)).toEqual(['reinstatement.edi done']);
    expect(ls('processing')).toEqual([]);
  });
});
