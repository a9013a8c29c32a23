import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dueDayRule, type CalendarDate } from '@portal/domain';
import baselineAccount from '../../../../../config/baseline/account.json';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import * as schema from '../../db/schema';
import { demoToday, seedDatabase } from '../../seed/seed';
import { billingClockStep } from './billing-clock';

/**
 * The billing clock and the seed compute finance from one ledger (packages/domain ledger.ts): on the day
 * the demo data was made, the clock's first run finds every policy as the seed left it — no transition to
 * announce, no coverage to end — and days later it moves every policy on without a failure.
 */
describe('the billing clock on the demo data', () => {
  const today = demoToday();
  let database: TestDatabase;
  const payments = baselineAccount.payments;
  const step = () =>
    billingClockStep({
      db: database.handle.db,
      rules: {
        dueRule: dueDayRule(payments.dueDate as Parameters<typeof dueDayRule>[0]),
        stateGracePeriodDays: payments.stateGracePeriodDays,
        binderDeadlineDaysAfterStart: payments.binderDeadlineDaysAfterStart,
        terminatedPlansDaysOut: payments.terminatedPlansDaysOut,
      },
      nudgeOutbox: () => undefined,
    });
  const log = pino({ level: 'silent' });
  const financeOf = async () => {
    const rows = await database.handle.db.select().from(schema.finances);
    return new Map(rows.map((row) => [row.policyId, row]));
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(database.handle, { households: 120, seed: 'billing-clock', today, chunkSize: 60 });
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('finds every policy as the seed left it on the day it was seeded', async () => {
    const before = await financeOf();
    const spansBefore = await database.handle.db.select().from(schema.coverageSpans);
    const counts = await step().run(today, {}, log);
    expect(counts.policies).toBe(before.size);
    const transitions = Object.keys(counts).filter(
      (key) => !['policies', 'invoices', 'notices'].includes(key),
    );
    expect(transitions).toEqual([]);
    expect(counts.notices ?? 0).toBe(0);
    const after = await financeOf();
    const figures = (row: typeof schema.finances.$inferSelect | undefined) =>
      row && {
        status: row.status,
        currentAmountDueCents: row.currentAmountDueCents,
        pastAmountDueCents: row.pastAmountDueCents,
        unallocatedAmountCents: row.unallocatedAmountCents,
        paidThroughDate: row.paidThroughDate,
        paymentDueDate: row.paymentDueDate,
        gracePeriodStartDate: row.gracePeriodStartDate,
        gracePeriodEndDate: row.gracePeriodEndDate,
        premiumAmountDueCents: row.premiumAmountDueCents,
        subsidizedAmountCents: row.subsidizedAmountCents,
        hraAmountCents: row.hraAmountCents,
        delinquent: row.delinquent,
      };
    for (const [policyId, row] of before)
      expect(figures(after.get(policyId)), policyId).toEqual(figures(row));
    expect(await database.handle.db.select().from(schema.coverageSpans)).toEqual(spansBefore);
    // Every invoice it wrote is dated today (the seed writes those of earlier days).
    const invoices = await database.handle.db.select().from(schema.documents);
    expect(invoices.filter((row) => row.type === 'invoice' && row.documentDate > today)).toEqual([]);
  });

  it('runs the next two months day by day without a failure, and announces each transition once', async () => {
    const seen = new Map<string, number>();
    for (let day: CalendarDate = addDays(today, 1); day <= addDays(today, 60); day = addDays(day, 1)) {
      const counts = await step().run(day, {}, log);
      expect(counts.failed ?? 0, day).toBe(0);
      for (const [key, value] of Object.entries(counts)) seen.set(key, (seen.get(key) ?? 0) + value);
    }
    // Every policy is clocked once a day.
    const policies = (await financeOf()).size;
    expect(seen.get('policies')).toBe(policies * 60);
    // A terminated coverage ends once: one termination notice per policy at most.
    const notices = await database.handle.db.select().from(schema.documents);
    const terminations = notices.filter((row) => row.subtype === 'termination' && row.documentDate > today);
    expect(new Set(terminations.map((row) => row.policyId)).size).toBe(terminations.length);
  });
});
