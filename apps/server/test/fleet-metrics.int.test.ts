import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { outboxEvents } from '../src/db/schema';
import { BILLING_DAY, JOB_SCHEMA } from '../src/jobs/runner';
import { signatureHeader, SIGNATURE_HEADER } from '../src/processor/signature';
import { useTestApp } from './harness';
import { TEST_WEBHOOK_SECRET } from './sandbox';

/**
 * Issue 40, item 3 (docs/decisions/049): what an operator of a fleet alerts on, read from `/metrics` as
 * Prometheus scrapes it — the billing day's lag, the outbox's backlog, the processor's webhook outcomes
 * (failures above all) and the database pool.
 */

const METRICS_TOKEN = 'metrics-token-for-the-fleet-tests-0123456789';

/** The value of one sample line of Prometheus text (`name{labels} value`), or null. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      return Number(line.split(' ').at(-1));
  }
  return null;
}

describe('issue 40: fleet metrics at /metrics', () => {
  const harness = useTestApp({ sandbox: true, env: { METRICS_TOKEN } });
  const scrape = async () => {
    const response = await harness.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('the outbox backlog: events not dispatched yet, and the age of the oldest', async () => {
    const before = await scrape();
    expect(sample(before, 'portal_outbox_pending_events')).toBe(0);
    expect(sample(before, 'portal_outbox_oldest_pending_seconds')).toBe(0);
    // Two events written two and one minutes ago that no dispatcher took (not available before tomorrow).
    const later = new Date(Date.now() + 24 * 3600 * 1000);
    await harness.db.insert(outboxEvents).values([
      {
        type: 'payment.succeeded',
        payload: {},
        createdAt: new Date(Date.now() - 120_000),
        availableAt: later,
      },
      {
        type: 'payment.succeeded',
        payload: {},
        createdAt: new Date(Date.now() - 60_000),
        availableAt: later,
      },
    ]);
    const after = await scrape();
    expect(sample(after, 'portal_outbox_pending_events')).toBe(2);
    expect(sample(after, 'portal_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(119);
    expect(sample(after, 'portal_outbox_oldest_pending_seconds')).toBeLessThan(300);
    // Dispatched events are no backlog.
    await harness.db
      .update(outboxEvents)
      .set({ dispatchedAt: new Date() })
      .where(sql`${outboxEvents.dispatchedAt} is null`);
    expect(sample(await scrape(), 'portal_outbox_pending_events')).toBe(0);
  });

  it('the billing day: when a run last completed, and how long a due run has waited for a worker', async () => {
    // Before any instance started the queue its tables do not exist: no lag, and no run ever (0, the epoch).
    const before = await scrape();
    expect(sample(before, 'portal_jobs_oldest_due_seconds')).toBe(0);
    expect(sample(before, 'portal_jobs_last_billing_day_timestamp_seconds')).toBe(0);

    // A worker starts, runs today's billing day, and stops (the job runner is gone).
    await harness.app.jobs.start();
    const deadline = Date.now() + 30_000;
    let last = 0;
    while (last === 0 && Date.now() < deadline) {
      last = sample(await scrape(), 'portal_jobs_last_billing_day_timestamp_seconds') ?? 0;
      if (last === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await harness.app.jobs.stop();
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);

    // A run that was due five minutes ago and that no worker took: its wait is the lag.
    await harness.database.handle.executeSql(
      `insert into ${JOB_SCHEMA}.job (name, state, start_after, policy) values ($1, 'created', now() - interval '5 minutes', 'standard')`,
      [BILLING_DAY],
    );
    const lagging = await scrape();
    expect(sample(lagging, 'portal_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(299);
    expect(sample(lagging, 'portal_jobs_oldest_due_seconds')).toBeLessThan(600);
    await harness.database.handle.executeSql(
      `delete from ${JOB_SCHEMA}.job where name = $1 and state = 'created'`,
      [BILLING_DAY],
    );
    expect(sample(await scrape(), 'portal_jobs_oldest_due_seconds')).toBe(0);
  }, 60_000);

  it('webhook deliveries by outcome: applied, duplicate, refused, rejected and failed', async () => {
    const count = async (outcome: string) =>
      sample(await scrape(), 'portal_processor_webhooks_total', { outcome }) ?? 0;
    const before = Object.fromEntries(
      await Promise.all(
        ['applied', 'duplicate', 'refused', 'rejected', 'failed'].map(
          async (outcome) => [outcome, await count(outcome)] as const,
        ),
      ),
    );
    const send = (body: string, signature: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/processor/webhook',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        payload: body,
      });
    // A settlement of a transaction the portal never made: refused (acknowledged, changes nothing), then again: duplicate.
    const unknown = JSON.stringify({
      id: 'evt_metrics_unknown',
      type: 'charge.settled',
      transactionId: 'ch_nobody',
      amount: '5.00',
      metadata: {},
    });
    expect((await send(unknown, signatureHeader(TEST_WEBHOOK_SECRET, unknown))).json()).toMatchObject({
      refused: 'unknown-transaction',
    });
    expect(
      (await send(unknown, signatureHeader(TEST_WEBHOOK_SECRET, unknown, Date.now() - 60_000))).json(),
    ).toMatchObject({ duplicate: true });
    // A forged signature: rejected.
    expect((await send(unknown, signatureHeader('whsec_someone_else_entirely', unknown))).statusCode).toBe(
      400,
    );
    // A handler that fails: 500, and the processor delivers it again.
    let failing = true;
    harness.app.processorWebhooks.register(() =>
      failing ? Promise.reject(new Error('handler failed')) : Promise.resolve('applied' as const),
    );
    const failed = JSON.stringify({
      id: 'evt_metrics_failed',
      type: 'charge.settled',
      transactionId: 'ch_metrics',
      amount: '5.00',
      metadata: {},
    });
    expect((await send(failed, signatureHeader(TEST_WEBHOOK_SECRET, failed))).statusCode).toBe(500);
    failing = false;
    expect(
      (await send(failed, signatureHeader(TEST_WEBHOOK_SECRET, failed, Date.now() - 60_000))).json(),
    ).toEqual({ received: true, duplicate: false });

    expect(await count('refused')).toBe((before.refused ?? 0) + 1);
    expect(await count('duplicate')).toBe((before.duplicate ?? 0) + 1);
    expect(await count('rejected')).toBe((before.rejected ?? 0) + 1);
    expect(await count('failed')).toBe((before.failed ?? 0) + 1);
    expect(await count('applied')).toBe((before.applied ?? 0) + 1);
  });

  it('the database pool: connections open, idle, waiting and the pool size', async () => {
    const text = await scrape();
    if (harness.database.handle.driver === 'postgres') {
      for (const state of ['total', 'idle', 'waiting', 'max'])
        expect(sample(text, 'portal_db_pool_connections', { state })).not.toBeNull();
      expect(sample(text, 'portal_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      // One embedded connection: no pool to report.
      expect(sample(text, 'portal_db_pool_connections', { state: 'max' })).toBeNull();
    }
  });
});
