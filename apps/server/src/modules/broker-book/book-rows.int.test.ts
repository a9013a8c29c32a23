import { describe, expect, it, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BookPageSchema, type BookRow } from '@portal/contracts';
import { addDays } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { paymentBody } from '../../../test/payment-body';
import {
  createAutopaySubscription,
  createBroker,
  createMemberWithPolicy,
  createPayment,
} from '../../../test/fixtures';
import {
  autopaySubscriptions,
  coverageSpans,
  finances,
  members,
  memberSpans,
  policies,
} from '../../db/schema';
import { seedDatabase } from '../../seed/seed';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { brokerBookPage } from './service';

/**
 * docs/decisions/036: the book reads `broker_book_rows`, which the database keeps by triggers. Each change
 * a broker would see in his book — a payment, autopay on or off, the broker of record, the policyholder's
 * name, a grace period the billing clock starts, a renewal span cancelled or begun — shows on the next
 * read, through the real routes and jobs (PGlite here, PostgreSQL with TEST_DATABASE_URL).
 */
describe('the broker book follows the changes to its policies', () => {
  const harness = useTestApp({ sandbox: true });
  let brokerId: string;
  let token: string;
  let today: string;

  const tokenOf = (broker: string) => harness.tokenFor('workforce', ['broker'], { brokerId: broker });
  /** The broker's book row of a policy, found as the broker finds it (search by policy number); null when not in his book. */
  async function rowOf(policyNumber: string, as = token): Promise<BookRow | null> {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Broker/book?q=${encodeURIComponent(policyNumber)}`,
      headers: { authorization: `Bearer ${as}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = BookPageSchema.parse(response.json()).items.filter(
      (row) => row.policyNumber === policyNumber,
    );
    return rows[0] ?? null;
  }
  /** Rows of the kept table that differ from what the facts view computes now (both ways): none when in step. */
  async function outOfStep(): Promise<number> {
    const result: unknown = await harness.db.execute(sql`
      select count(*)::int as n from (
        (select * from broker_book_rows except select * from broker_book_facts)
        union all (select * from broker_book_facts except select * from broker_book_rows)) drift`);
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }
  async function client(finance: { currentCents?: number; pastCents?: number } = {}) {
    const created = await createMemberWithPolicy(harness.db, { brokerId });
    await harness.db.insert(finances).values({
      policyId: created.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: finance.currentCents ?? 15_000,
      pastAmountDueCents: finance.pastCents ?? 0,
      status: (finance.pastCents ?? 0) > 0 ? 'PastDue' : 'Current',
    });
    return created;
  }

  beforeAll(async () => {
    today = harness.app.today();
    brokerId = await createBroker(harness.db);
    token = await tokenOf(brokerId);
  });

  it('shows a payment made through the portal in the amount due and paid-through date', async () => {
    const holder = await client({ currentCents: 15_000 });
    expect(await rowOf(holder.policyNumber)).toMatchObject({
      amountDueCents: 15_000,
      paidThroughDate: null,
      financeStatus: 'Current',
    });
    const member = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
    const paid = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      headers: { authorization: `Bearer ${member}`, 'idempotency-key': 'book-rows-pay' },
      payload: paymentBody(
        holder,
        today,
        {
          paymentAmount: '150.00',
          method: 'Card',
          paymentToken: await harness.cardToken(member, TEST_CARDS.visa.number),
        },
        { zip: '02720-1234', emailAddress: 'test.member@example.org' },
      ),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [finance] = await harness.db.select().from(finances).where(eq(finances.policyId, holder.policyId));
    expect(finance?.paidThroughDate).not.toBeNull();
    expect(await rowOf(holder.policyNumber)).toMatchObject({
      amountDueCents: (finance?.currentAmountDueCents ?? 0) + (finance?.pastAmountDueCents ?? 0),
      pastDueCents: finance?.pastAmountDueCents,
      paidThroughDate: finance?.paidThroughDate,
      financeStatus: finance?.status,
    });
  });

  it('turns autopay on and off', async () => {
    const holder = await client();
    expect((await rowOf(holder.policyNumber))?.autopay).toBe(false);
    const subscription = await createAutopaySubscription(harness.db, holder.policyId, 'tok_book_rows');
    expect((await rowOf(holder.policyNumber))?.autopay).toBe(true);
    await harness.db
      .update(autopaySubscriptions)
      .set({ state: 'Cancelled' })
      .where(eq(autopaySubscriptions.id, subscription));
    expect((await rowOf(holder.policyNumber))?.autopay).toBe(false);
  });

  it('moves a policy to the new broker of record’s book, and out of every book when it has none', async () => {
    const holder = await client();
    const other = await createBroker(harness.db);
    const otherToken = await tokenOf(other);
    expect(await rowOf(holder.policyNumber, otherToken)).toBeNull();
    await harness.db.update(policies).set({ brokerId: other }).where(eq(policies.id, holder.policyId));
    expect(await rowOf(holder.policyNumber)).toBeNull();
    expect((await rowOf(holder.policyNumber, otherToken))?.policyId).toBe(holder.policyId);
    await harness.db.update(policies).set({ brokerId: null }).where(eq(policies.id, holder.policyId));
    expect(await rowOf(holder.policyNumber, otherToken)).toBeNull();
    await harness.db.update(policies).set({ brokerId }).where(eq(policies.id, holder.policyId));
    expect((await rowOf(holder.policyNumber))?.policyId).toBe(holder.policyId);
  });

  it('follows the policyholder’s name, and finds him by it', async () => {
    const holder = await client();
    await harness.db
      .update(members)
      .set({ firstName: 'Quirino', lastName: 'Quaresma' })
      .where(eq(members.id, holder.memberId));
    expect(await rowOf(holder.policyNumber)).toMatchObject({
      holderFirstName: 'Quirino',
      holderLastName: 'Quaresma',
    });
    const found = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/Broker/book?q=quaresma',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(BookPageSchema.parse(found.json()).items.map((row) => row.policyId)).toEqual([holder.policyId]);
  });

  it('shows the grace period the billing clock starts, and counts it in the alerts', async () => {
    // decision 032's grace period: the billing clock's own example (billing-clock.int.test.ts), two months paid.
    const holder = await createMemberWithPolicy(harness.db, { brokerId });
    await harness.db
      .update(coverageSpans)
      .set({
        startDate: '2026-01-01',
        premiumAmountCents: 45_000,
        policyRateAmountCents: 45_000,
        taxCreditAmountCents: 30_000,
        effectuatedDate: '2026-01-01',
      })
      .where(eq(coverageSpans.policyId, holder.policyId));
    await harness.db
      .update(memberSpans)
      .set({ startDate: '2026-01-01' })
      .where(eq(memberSpans.policyId, holder.policyId));
    await createPayment(harness.db, holder.policyId, { amountCents: 30_000, transactionDate: '2025-12-20' });
    await harness.db.insert(finances).values({
      policyId: holder.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 0,
      status: 'Current',
    });
    const before = BookPageSchema.parse(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/Broker/book',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    await harness.app.jobs.runDay('2026-03-02', { householdId: holder.householdId ?? '' });
    expect(await rowOf(holder.policyNumber)).toMatchObject({
      financeStatus: 'GracePeriod',
      gracePeriodEndDate: '2026-05-31',
      pastDueCents: 15_000,
    });
    const after = BookPageSchema.parse(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/Broker/book',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(after.alerts.gracePeriod).toBe(before.alerts.gracePeriod + 1);
    // A policy that has ended is in no grace period, whatever its finance says.
    await harness.db
      .update(policies)
      .set({ enrollmentStatus: 'Terminated' })
      .where(eq(policies.id, holder.policyId));
    expect(await rowOf(holder.policyNumber)).toMatchObject({
      enrollmentStatus: 'Terminated',
      gracePeriodEndDate: null,
    });
  });

  it('shows a renewal pending until its span is cancelled, and not once the day it starts has come', async () => {
    const holder = await client();
    const [span] = await harness.db
      .select()
      .from(coverageSpans)
      .where(eq(coverageSpans.policyId, holder.policyId));
    if (!span) throw new Error('no span');
    const renewalStart = addDays(today, 30);
    const [renewal] = await harness.db
      .insert(coverageSpans)
      .values({ ...span, id: undefined, startDate: renewalStart, effectuatedDate: null })
      .returning({ id: coverageSpans.id });
    expect((await rowOf(holder.policyNumber))?.renewalStartDate).toBe(renewalStart);
    // The same rows read on a later day (the page compares the stored starts with the server's today).
    const later = await brokerBookPage(harness.db, brokerId, renewalStart, {
      q: holder.policyNumber,
      sort: 'holder',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
    expect(later.items[0]?.renewalStartDate).toBeNull();
    const earlier = await brokerBookPage(harness.db, brokerId, addDays(renewalStart, -1), {
      q: holder.policyNumber,
      renewalPending: 'true',
      sort: 'holder',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
    expect(earlier.items.map((row) => row.renewalStartDate)).toEqual([renewalStart]);
    await harness.db
      .update(coverageSpans)
      .set({ cancelled: true })
      .where(eq(coverageSpans.id, renewal?.id ?? ''));
    expect((await rowOf(holder.policyNumber))?.renewalStartDate).toBeNull();
  });

  it('refreshes every policy a statement changes, and drops the row of a deleted policy', async () => {
    const holders = [await client(), await client(), await client()];
    const ids = holders.map((holder) => holder.policyId);
    await harness.db
      .update(finances)
      .set({ pastAmountDueCents: 4_200, status: 'PastDue' })
      .where(sql`${finances.policyId} = any(${sql.param(ids)}::uuid[])`);
    for (const holder of holders) expect((await rowOf(holder.policyNumber))?.pastDueCents).toBe(4_200);
    const gone = holders[0];
    if (!gone) throw new Error('no holder');
    await harness.db.delete(policies).where(eq(policies.id, gone.policyId));
    expect(await rowOf(gone.policyNumber)).toBeNull();
    expect(await outOfStep()).toBe(0);
  });

  it('keeps both of two transactions that change one policy at the same time, and several changes in one', async () => {
    const holder = await client();
    await Promise.all([
      harness.db.transaction(async (tx) => {
        await tx
          .update(finances)
          .set({ pastAmountDueCents: 1_000, status: 'PastDue' })
          .where(eq(finances.policyId, holder.policyId));
        await tx
          .update(finances)
          .set({ pastAmountDueCents: 2_000 })
          .where(eq(finances.policyId, holder.policyId));
      }),
      harness.db.transaction(async (tx) => {
        await tx.insert(autopaySubscriptions).values({
          policyId: holder.policyId,
          name: 'Autopay',
          amountType: 'AmountDue',
          paymentMethod: 'Card',
          paymentToken: 'tok_both',
          runDay: 1,
          startDate: '2026-01-01',
        });
      }),
    ]);
    expect(await rowOf(holder.policyNumber)).toMatchObject({
      pastDueCents: 2_000,
      financeStatus: 'PastDue',
      autopay: true,
    });
    expect(await outOfStep()).toBe(0);
  });

  it('is in step with the facts after a seed, which writes with the triggers off and rebuilds once', async () => {
    await seedDatabase(harness.database.handle, { households: 30, seed: 'book-rows', today, chunkSize: 10 });
    const result: unknown = await harness.db.execute(sql`select count(*)::int as n from broker_book_rows`);
    expect((result as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
    expect(await outOfStep()).toBe(0);
  });
});
