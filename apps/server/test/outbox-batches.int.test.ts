import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { mailQueue, notifications, outboxEvents, preferences } from '../src/db/schema';
import { loadTenantConfig } from '../src/lib/tenant-config';
import { notificationChannel } from '../src/modules/notification/outbox-handler';
import { emailChannel } from '../src/modules/paperless/outbox-handler';
import { OutboxDispatcher } from '../src/outbox/dispatcher';
import { enqueueEvents, type OutboxEventInput } from '../src/outbox/events';
import { loadBranding } from '../src/pdf/branding';
import { repoRoot } from '../src/settings';
import { openTestDatabase, type TestDatabase } from './database';
import { createBroker, createMemberWithPolicy } from './fixtures';

/**
 * The outbox dispatching a batch of events per transaction (decision 037): each event's notification and
 * e-mail are written exactly once — a failing event neither blocks nor loses the others of its batch,
 * and a dispatcher killed (SIGKILL, PostgreSQL only: another process must open the database) in the
 * middle of a batch leaves that batch undispatched and unwritten, for the next one to do once.
 */
describe('the outbox dispatches in batches, each event once', () => {
  let database: TestDatabase;
  const configDir = path.join(repoRoot, 'config');
  const branding = loadBranding(configDir, loadTenantConfig(configDir));
  const errors: string[] = [];
  const log = { error: (_object: Record<string, unknown>, message: string) => void errors.push(message) };
  /** Households: the even ones paperless to a confirmed address (each event also queues an e-mail). */
  const households: { householdId: string; policyId: string; paperless: boolean }[] = [];
  let brokerId = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.handle.db;
    brokerId = await createBroker(db);
    for (let index = 0; index < 6; index += 1) {
      const member = await createMemberWithPolicy(db, { brokerId });
      const householdId = member.householdId ?? '';
      const paperless = index % 2 === 0;
      if (paperless)
        await db.insert(preferences).values({
          householdId,
          paperless: true,
          paperlessEmail: `h${String(index)}@example.org`,
          paperlessEmailConfirmedAt: new Date(),
          invoiceDelivery: 'electronic',
          noticeDelivery: 'electronic',
        });
      households.push({ householdId, policyId: member.policyId, paperless });
    }
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  /**
   * `count` events spread over the households, marked with `marker`, each with its own amount (1…count);
   * every tenth a grace-period notice, which also alerts the policy's broker.
   */
  async function events(count: number, marker: string, poison: number[] = []): Promise<void> {
    const rows: OutboxEventInput[] = Array.from({ length: count }, (_, index) => {
      const household = households[index % households.length];
      if (!household) throw new Error('no household');
      const payload = {
        policyNumber: marker,
        amountCents: index + 1,
        ...(poison.includes(index + 1) ? { poison: true } : {}),
      };
      return index % 10 === 9
        ? {
            type: 'document.issued',
            householdId: household.householdId,
            policyId: household.policyId,
            payload: { ...payload, documentType: 'notice', subtype: 'grace-period' },
          }
        : {
            type: 'payment.succeeded',
            householdId: household.householdId,
            policyId: household.policyId,
            payload,
          };
    });
    for (let start = 0; start < rows.length; start += 1_000)
      await database.handle.db.transaction((tx) => enqueueEvents(tx, rows.slice(start, start + 1_000)));
  }

  const eventsOf = (marker: string) =>
    database.handle.db
      .select()
      .from(outboxEvents)
      .where(sql`${outboxEvents.payload}->>'policyNumber' = ${marker}`)
      .orderBy(asc(outboxEvents.id));
  const householdNotificationsOf = (marker: string) =>
    database.handle.db
      .select()
      .from(notifications)
      .where(
        and(
          isNotNull(notifications.householdId),
          sql`${notifications.additionalValues}->>'policyNumber' = ${marker}`,
        ),
      );

  /** What must hold after any crash: an event has its notification (and e-mail) exactly when it is dispatched. */
  async function expectDispatchedOnceEach(marker: string): Promise<{ dispatched: number; total: number }> {
    const all = await eventsOf(marker);
    const made = await householdNotificationsOf(marker);
    const byAmount = new Map<number, number>();
    for (const row of made) {
      const amount = Number(row.additionalValues?.amountCents);
      byAmount.set(amount, (byAmount.get(amount) ?? 0) + 1);
    }
    const paperless = new Set(
      households.filter((household) => household.paperless).map((household) => household.householdId),
    );
    const mails = await database.handle.db
      .select()
      .from(mailQueue)
      .where(
        inArray(
          mailQueue.outboxEventId,
          all.map((event) => event.id),
        ),
      );
    const mailsByEvent = new Map<number, number>();
    for (const mail of mails)
      mailsByEvent.set(mail.outboxEventId ?? 0, (mailsByEvent.get(mail.outboxEventId ?? 0) ?? 0) + 1);
    for (const event of all) {
      const amount = Number(event.payload.amountCents);
      const dispatched = event.dispatchedAt !== null;
      expect(byAmount.get(amount) ?? 0, `notifications of event ${String(event.id)}`).toBe(
        dispatched ? 1 : 0,
      );
      expect(mailsByEvent.get(event.id) ?? 0, `e-mails of event ${String(event.id)}`).toBe(
        dispatched && paperless.has(event.householdId ?? '') ? 1 : 0,
      );
      if (dispatched) expect(event.attempts).toBe(1);
    }
    return { dispatched: all.filter((event) => event.dispatchedAt !== null).length, total: all.length };
  }

  it('writes a batch set-based, in order, and a failing event neither blocks nor loses the others', async () => {
    const marker = randomUUID();
    await events(120, marker, [37]);
    const dispatcher = new OutboxDispatcher(database.handle.db, log, 50);
    dispatcher.register(notificationChannel());
    dispatcher.register(emailChannel({ branding, publicUrl: 'http://localhost', nudge: () => undefined }));
    const poisoned = (event: { payload: Record<string, unknown> }) => event.payload.poison === true;
    dispatcher.register({
      one: (_tx, event) =>
        poisoned(event) ? Promise.reject(new Error('this event cannot be dispatched')) : Promise.resolve(),
      many: (_tx, batch) =>
        batch.some(poisoned)
          ? Promise.reject(new Error('this event cannot be dispatched'))
          : Promise.resolve(),
    });
    await dispatcher.drain();

    const { dispatched, total } = await expectDispatchedOnceEach(marker);
    expect(total).toBe(120);
    expect(dispatched).toBe(119);
    const [bad] = await database.handle.db
      .select()
      .from(outboxEvents)
      .where(
        and(isNull(outboxEvents.dispatchedAt), sql`${outboxEvents.payload}->>'policyNumber' = ${marker}`),
      );
    expect(bad?.payload.amountCents).toBe(37);
    // Tried alone and put off with backoff (1 s after the first failure: a long drain may try it again).
    expect(bad?.attempts).toBeGreaterThanOrEqual(1);
    expect(bad?.lastError).toBe('this event cannot be dispatched');
    expect(bad && bad.availableAt.getTime() > bad.createdAt.getTime()).toBe(true);
    expect(errors).toContain('outbox batch failed; dispatching its events one by one');
    // Each inbox lists its messages in the order of their events (the batch stamps each row as it writes it).
    const first = households[0]?.householdId ?? '';
    const listed = await database.handle.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.householdId, first),
          sql`${notifications.additionalValues}->>'policyNumber' = ${marker}`,
        ),
      )
      .orderBy(asc(notifications.createdAt));
    const amounts = listed.map((row) => Number(row.additionalValues?.amountCents));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.length).toBe(19); // 20 events, less the failing one (37)
    // The twelve grace-period notices alerted the broker of record too, once each.
    const alerts = await database.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, brokerId));
    expect(alerts.map((row) => row.templateName)).toEqual(
      Array.from({ length: 12 }, () => 'notification.brokerClientGracePeriod'),
    );
    expect(new Set(alerts.map((row) => row.additionalValues?.amountCents)).size).toBe(12);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'dispatches each event once when the dispatcher is killed (SIGKILL) in the middle and another takes over',
    async () => {
      const marker = randomUUID();
      await events(3_000, marker);
      const dispatchedSoFar = async () =>
        (
          await database.handle.db
            .select({ n: sql<number>`count(*)::int` })
            .from(outboxEvents)
            .where(
              and(
                isNotNull(outboxEvents.dispatchedAt),
                sql`${outboxEvents.payload}->>'policyNumber' = ${marker}`,
              ),
            )
        )[0]?.n ?? 0;

      const killed = dispatcherProcess(100, 40);
      while ((await dispatchedSoFar()) < 500) await new Promise((resolve) => setTimeout(resolve, 10));
      killed.child.kill('SIGKILL');
      expect((await killed.exited).signal).toBe('SIGKILL');
      const partly = await expectDispatchedOnceEach(marker);
      expect(partly.dispatched).toBeGreaterThanOrEqual(500);
      expect(partly.dispatched).toBeLessThan(3_000);

      const again = await dispatcherProcess(500, 0).exited;
      expect(again.code, again.output).toBe(0);
      expect(await expectDispatchedOnceEach(marker)).toEqual({ dispatched: 3_000, total: 3_000 });
    },
    120_000,
  );

  function dispatcherProcess(batch: number, holdMs: number) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'apps/server/test/outbox-dispatcher.fixture.ts'),
        database.url ?? '',
        String(batch),
        String(holdMs),
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
      child.once('exit', (code, signal) => {
        resolve({ code, signal, output });
      });
    });
    return { child, exited };
  }
});
