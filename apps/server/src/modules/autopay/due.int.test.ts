import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, autopayRunOf, billedMonthDueNext, dueDayRule } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createAutopaySubscription, createMemberWithPolicy, createWallet } from '../../../test/fixtures';
import { saveSandboxCard } from '../../../test/saved-card';
import { autopayRuns, autopaySubscriptions, finances, outboxEvents, walletCards } from '../../db/schema';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { autopayStep } from './due';

/**
 * The autopay step works a page at a time (issue 10, docs/decisions/021). Announcing: the run rows of a
 * page of subscriptions are inserted in one statement, and the notices of the rows a billing day
 * inserted go to the outbox in that transaction — every due month announced once, across pages and
 * with two billing days announcing the same pages at the same moment (real concurrent transactions on
 * PostgreSQL, `npm run test:pg`). Charging: a page of claimed runs is decided together, except a
 * policy's several months, which are decided one after the other's charge.
 */
describe('the autopay step, a page at a time', () => {
  const harness = useTestApp({ sandbox: true });
  const rule = () => dueDayRule(harness.app.tenant.account.payments.dueDate);
  const stepWith = (announcePageSize: number) =>
    autopayStep({
      db: harness.db,
      processor: harness.app.processor,
      dueRule: rule(),
      autopay: harness.app.tenant.account.autopay,
      nudgeOutbox: () => undefined,
      announcePageSize,
    });

  it('announces every due month exactly once across pages, also with two billing days at once', async () => {
    const db = harness.db;
    const advanceNoticeDays = harness.app.tenant.account.autopay.advanceNoticeDays;
    const run = autopayRunOf(billedMonthDueNext(harness.app.today(), rule()), rule(), 0);
    const noticeDay = addDays(run.runDate, -advanceNoticeDays);
    const previous = autopayRunOf(addMonths(run.period, -1), rule(), 0);

    /** A member paying a fixed amount with autopay from their card (or bank account), started on `startDate`. */
    async function subscriber(
      options: {
        method?: 'Card' | 'BankAccount';
        startDate?: string;
        skipPeriod?: string;
        state?: 'Active' | 'Cancelled';
      } = {},
    ) {
      const member = await createMemberWithPolicy(db);
      const wallet = await createWallet(db, member.householdId ?? '');
      const method = options.method ?? 'Card';
      const subscriptionId = await createAutopaySubscription(
        db,
        member.policyId,
        method === 'Card' ? wallet.cardToken : wallet.bankToken,
        {
          paymentMethod: method,
          amountType: 'Fixed',
          amountCents: 9_900,
          startDate: options.startDate ?? noticeDay,
          skipPeriod: options.skipPeriod ?? null,
          state: options.state ?? 'Active',
        },
      );
      return { ...member, wallet, subscriptionId };
    }

    // 24 subscriptions announced (more than three pages of 7), and those that must not be.
    const plain: Awaited<ReturnType<typeof subscriber>>[] = [];
    for (let index = 0; index < 20; index += 1)
      plain.push(await subscriber({ method: index % 2 === 0 ? 'Card' : 'BankAccount' }));
    const expiring = await subscriber();
    await db
      .update(walletCards)
      .set({ expirationMonth: 12, expirationYear: Number(run.runDate.slice(0, 4)) - 1 })
      .where(eq(walletCards.token, expiring.wallet.cardToken));
    const skipping = await subscriber({ skipPeriod: run.period });
    // Ran last month already (its catch-up month is not added again) and is told of this month's.
    const running = await subscriber({ startDate: previous.runDate });
    await db.insert(autopayRuns).values({
      subscriptionId: running.subscriptionId,
      policyId: running.policyId,
      period: previous.period,
      runDate: previous.runDate,
      status: 'Paid',
      attempt: 1,
    });
    const announcedAlready = await subscriber();
    await db.insert(autopayRuns).values({
      subscriptionId: announcedAlready.subscriptionId,
      policyId: announcedAlready.policyId,
      period: run.period,
      runDate: run.runDate,
      status: 'Upcoming',
    });
    const cancelled = await subscriber({ state: 'Cancelled' });
    // A replacement whose predecessor has this month's run already.
    const replaced = await subscriber({ state: 'Cancelled' });
    const replacement = await createAutopaySubscription(db, replaced.policyId, replaced.wallet.bankToken, {
      paymentMethod: 'BankAccount',
      amountType: 'Fixed',
      amountCents: 9_900,
      startDate: noticeDay,
    });
    await db
      .update(autopaySubscriptions)
      .set({ replacedBy: replacement })
      .where(eq(autopaySubscriptions.id, replaced.subscriptionId));
    await db.insert(autopayRuns).values({
      subscriptionId: replaced.subscriptionId,
      policyId: replaced.policyId,
      period: run.period,
      runDate: run.runDate,
      status: 'Upcoming',
    });

    const step = stepWith(7);
    const reports = await Promise.all([
      step.run(noticeDay, {}, harness.app.log),
      step.run(noticeDay, {}, harness.app.log),
    ]);
    const again = await step.run(noticeDay, {}, harness.app.log);

    const announced = [...plain, expiring, skipping, running];
    const policyIds = [...announced, announcedAlready, cancelled, replaced].map((one) => one.policyId);
    const runs = await db.select().from(autopayRuns).where(inArray(autopayRuns.policyId, policyIds));
    // One row per subscription and month: the new ones Upcoming with their amount, the others as they were.
    expect(runs.map((row) => `${row.subscriptionId} ${row.period} ${row.status}`).sort()).toEqual(
      [
        ...announced.map((one) => `${one.subscriptionId} ${run.period} Upcoming`),
        `${running.subscriptionId} ${previous.period} Paid`,
        `${announcedAlready.subscriptionId} ${run.period} Upcoming`,
        `${replaced.subscriptionId} ${run.period} Upcoming`,
      ].sort(),
    );
    expect(
      runs
        .filter(
          (row) =>
            announced.some((one) => one.subscriptionId === row.subscriptionId) && row.period === run.period,
        )
        .every((row) => row.amountCents === 9_900),
    ).toBe(true);

    // Told once each: the coming debit (not for the month the member skipped), and the card that expires first.
    const events = await db.select().from(outboxEvents).where(inArray(outboxEvents.policyId, policyIds));
    const told = events.map((event) => `${event.type} ${String(event.payload.subscriptionId)}`).sort();
    expect(told).toEqual(
      [
        ...[...plain, expiring, running].map((one) => `autopay.upcoming ${one.subscriptionId}`),
        `autopay.card-expires ${expiring.subscriptionId}`,
      ].sort(),
    );
    const byId = new Map(runs.map((row) => [row.id, row]));
    for (const event of events) {
      const announcedRun = byId.get(String(event.payload.runId));
      expect(announcedRun?.subscriptionId).toBe(event.payload.subscriptionId);
      expect(event.payload).toMatchObject({
        runDate: run.runDate,
        policyNumber: expect.any(String) as string,
      });
    }
    const lastDigits = (one: (typeof plain)[number]) =>
      events.find((event) => event.payload.subscriptionId === one.subscriptionId)?.payload.last4;
    expect([lastDigits(plain[0] ?? expiring), lastDigits(plain[1] ?? expiring)]).toEqual(['4242', '789']);

    // The two billing days between them announced each month once; the day run again announces nothing.
    const total = (what: string) => reports.reduce((sum, report) => sum + (report[what] ?? 0), 0);
    expect(total('announced')).toBe(announced.length);
    expect(again).toEqual({});
  });

  it('charges a policy’s months one after the other: the later month is decided once the earlier one is posted', async () => {
    const member = await createMemberWithPolicy(harness.db);
    const householdId = member.householdId ?? '';
    await harness.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
    });
    const token = await harness.tokenFor('consumer', ['member'], { memberId: member.memberId });
    const cardId = await saveSandboxCard(harness, { householdId, token }, TEST_CARDS.visa.number);
    const [saved] = await harness.db
      .select({ token: walletCards.token })
      .from(walletCards)
      .where(eq(walletCards.id, cardId));
    // Two months whose run dates passed while no billing day ran: both are caught up today, in one page.
    const run = autopayRunOf(billedMonthDueNext(harness.app.today(), rule()), rule(), 0);
    const previous = autopayRunOf(addMonths(run.period, -1), rule(), 0);
    await createAutopaySubscription(harness.db, member.policyId, saved?.token ?? '', {
      startDate: previous.runDate,
    });

    const report = await stepWith(500).run(run.runDate, { householdId }, harness.app.log);

    // The earlier month charged what the finance said (150.00); posting it brought the policy's whole
    // balance up to date (the fixture's coverage is unpaid since last January), and the later month,
    // decided only then, charged that balance. Decided together, both would have charged 150.00.
    const runs = await harness.db.select().from(autopayRuns).where(eq(autopayRuns.policyId, member.policyId));
    const charged = harness.sandbox.sandbox
      .charges()
      .filter((charge) => charge.metadata.policyId === member.policyId);
    expect(charged.map((charge) => charge.amountCents)[0]).toBe(15_000);
    expect(charged).toHaveLength(2);
    expect(runs.map((row) => [row.period, row.status, row.amountCents]).sort()).toEqual([
      [previous.period, 'Paid', 15_000],
      [run.period, 'Paid', charged[1]?.amountCents],
    ]);
    expect(charged[1]?.amountCents).toBeGreaterThan(15_000);
    const [after] = await harness.db.select().from(finances).where(eq(finances.policyId, member.policyId));
    expect((after?.currentAmountDueCents ?? 0) + (after?.pastAmountDueCents ?? 0)).toBe(0);
    expect(report).toEqual({ added: 2, paid: 2 });
  });
});
