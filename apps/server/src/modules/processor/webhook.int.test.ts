import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ProblemType } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { PROCESSOR_ONLY_OWNER, TEST_WEBHOOK_SECRET } from '../../../test/sandbox';
import { auditLog, processorEvents } from '../../db/schema';
import type { ProcessorEvent } from '../../processor/port';
import { signatureHeader, SIGNATURE_HEADER } from '../../processor/signature';
import type { WireEvent } from '../../processor/wire';
import { TEST_BANK_ACCOUNTS } from '../../processor/sandbox/test-numbers';

describe('POST /api/v1/processor/webhook: signed events, each acted on exactly once', () => {
  const harness = useTestApp({ sandbox: { settleDelayMs: 100 } });
  const handled: ProcessorEvent[] = [];
  let failNext = false;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    harness.app.processorWebhooks.register(async (tx, event) => {
      // The handler's writes share the event's transaction: a failure takes both back.
      await tx.execute(sql`select 1`);
      if (failNext) {
        failNext = false;
        throw new Error('handler failed');
      }
      handled.push(event);
    });
  };

  /** An event as the processor sends it (the wire's two-decimal amount). */
  const event = (id = `evt_${Math.random().toString(36).slice(2)}`): WireEvent => ({
    id,
    type: 'charge.settled',
    transactionId: 'ch_test_1',
    amount: '50.00',
    metadata: { payment: 'p-1' },
  });
  const send = (body: string, signature: string | undefined) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/processor/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }),
      },
      payload: body,
    });
  const recorded = async (id: string) =>
    harness.db.select().from(processorEvents).where(eq(processorEvents.id, id));
  const webhookAudits = (reason: string) =>
    harness.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'processor.webhook' and ${auditLog.reason} = ${reason}`);

  it('records a verified event once and hands it to the registered handlers in that transaction', async () => {
    register();
    const body = JSON.stringify(event('evt_first'));
    const response = await send(body, signatureHeader(TEST_WEBHOOK_SECRET, body));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(handled.filter((e) => e.id === 'evt_first')).toHaveLength(1);
    expect(await recorded('evt_first')).toHaveLength(1);
    const [audit] = await harness.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'processor.webhook' and 'evt_first' = any(${auditLog.recordIds})`);
    expect(audit).toMatchObject({ outcome: 'success', actorSubject: 'payment-processor' });
  });

  it('acknowledges a redelivery of the same event (signed anew) without acting twice', async () => {
    const body = JSON.stringify(event('evt_again'));
    expect((await send(body, signatureHeader(TEST_WEBHOOK_SECRET, body, Date.now() - 5_000))).json()).toEqual(
      { received: true, duplicate: false },
    );
    const again = await send(body, signatureHeader(TEST_WEBHOOK_SECRET, body));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(handled.filter((e) => e.id === 'evt_again')).toHaveLength(1);
  });

  it('refuses a replay of the same signed delivery, and changes nothing', async () => {
    const body = JSON.stringify(event('evt_replayed'));
    const signature = signatureHeader(TEST_WEBHOOK_SECRET, body);
    expect((await send(body, signature)).statusCode).toBe(200);
    const deniedBefore = (await webhookAudits('replay')).length;
    const replay = await send(body, signature);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ type: ProblemType.webhookRejected });
    expect(handled.filter((e) => e.id === 'evt_replayed')).toHaveLength(1);
    expect((await webhookAudits('replay')).length).toBe(deniedBefore + 1);
  });

  it('refuses a bad signature, a stale or missing one, and an unknown body: nothing recorded, nothing handled', async () => {
    const body = JSON.stringify(event('evt_forged'));
    const attempts = [
      signatureHeader('whsec_someone_else_entirely', body),
      signatureHeader(TEST_WEBHOOK_SECRET, body, Date.now() - 10 * 60 * 1000),
      signatureHeader(TEST_WEBHOOK_SECRET, body, Date.now() + 10 * 60 * 1000),
      undefined,
      't=abc,v1=xyz',
      signatureHeader(
        TEST_WEBHOOK_SECRET,
        JSON.stringify({ ...event('evt_forged'), transactionId: 'ch_other' }),
      ),
    ];
    const deniedBefore = (await webhookAudits('signature-rejected')).length;
    for (const signature of attempts) {
      const response = await send(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: ProblemType.webhookRejected });
    }
    const unknown = JSON.stringify({ id: 'evt_odd', type: 'customer.deleted' });
    expect((await send(unknown, signatureHeader(TEST_WEBHOOK_SECRET, unknown))).statusCode).toBe(400);
    expect(await recorded('evt_forged')).toHaveLength(0);
    expect(await recorded('evt_odd')).toHaveLength(0);
    expect(handled.some((e) => e.id === 'evt_forged')).toBe(false);
    expect((await webhookAudits('signature-rejected')).length).toBe(deniedBefore + attempts.length + 1);
  });

  it('rolls the event back when a handler fails, so the processor’s next delivery is acted on', async () => {
    const body = JSON.stringify(event('evt_flaky'));
    failNext = true;
    expect((await send(body, signatureHeader(TEST_WEBHOOK_SECRET, body))).statusCode).toBe(500);
    expect(await recorded('evt_flaky')).toHaveLength(0);
    const retry = await send(body, signatureHeader(TEST_WEBHOOK_SECRET, body, Date.now() + 1_000));
    expect(retry.json()).toEqual({ received: true, duplicate: false });
    expect(handled.filter((e) => e.id === 'evt_flaky')).toHaveLength(1);
  });

  it('settles a pending bank payment from the sandbox, over HTTP, through the portal’s webhook', async () => {
    // The harness's sandbox delivers to the app's real webhook route (the app listens on a free port).
    const token = await harness.sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, {
      owner: PROCESSOR_ONLY_OWNER,
    });
    const charge = await harness.sandbox.processor.charge({
      token,
      amountCents: 5_000,
      idempotencyKey: 'k-settle',
      description: 'Premium',
      metadata: { payment: 'p-9' },
    });
    expect(charge.status).toBe('pending');
    const deadline = Date.now() + 5_000;
    while (!handled.some((e) => e.transactionId === charge.transactionId)) {
      if (Date.now() > deadline) throw new Error('no webhook arrived');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(handled.find((e) => e.transactionId === charge.transactionId)).toMatchObject({
      type: 'charge.settled',
      metadata: { payment: 'p-9' },
    });
    expect(
      await harness.db
        .select()
        .from(processorEvents)
        .where(eq(processorEvents.transactionId, charge.transactionId)),
    ).toHaveLength(1);
  });
});
