import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ISSUER_EVENT_DATA,
  WebhookReplayResultSchema,
  WebhookSubscriberCreatedSchema,
  WebhookSubscriberListSchema,
  type IssuerEventType,
} from '@portal/contracts';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { useTestApp } from '../../../test/harness';
import { paymentBody } from '../../../test/payment-body';
import { finances, webhookDeliveries, webhookSubscribers } from '../../db/schema';
import { enqueueEvents } from '../../outbox/events';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The issuer's endpoint, in this process: records what it receives; answers `status()` (200 unless told). */
function subscriberEndpoint() {
  const received: Received[] = [];
  let answer = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answer;
      response.end();
    });
  });
  return {
    received,
    answerWith: (status: number) => {
      answer = status;
    },
    start: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          resolve(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`);
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('issuer events as signed webhooks (issue 34)', () => {
  const harness = useTestApp({ sandbox: true, captureLogs: true });
  const endpoint = subscriberEndpoint();
  let url = '';
  let secret = '';
  let subscriberId = '';
  beforeAll(async () => {
    url = await endpoint.start();
  });
  afterAll(async () => {
    await endpoint.stop();
  });
  const deliver = async () => {
    await harness.app.outbox.drain();
    return harness.app.issuerWebhooks.deliverDue();
  };

  it('adds a subscriber for administrators only; its secret is shown once and kept encrypted', async () => {
    const service = await harness.tokenFor('workforce', ['customer-service']);
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhook-subscribers',
      headers: { authorization: `Bearer ${service}` },
      payload: { name: 'Core admin', url },
    });
    expect(refused.statusCode).toBe(403);
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhook-subscribers',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: 'Core admin', url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscriber = WebhookSubscriberCreatedSchema.parse(created.json());
    secret = subscriber.secret;
    subscriberId = subscriber.id;
    expect(secret).toMatch(/^whsec_/);
    const [row] = await harness.db
      .select()
      .from(webhookSubscribers)
      .where(eq(webhookSubscribers.id, subscriberId));
    expect(row?.secretCiphertext).not.toContain(secret.slice(6, 20));
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/admin/webhook-subscribers',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(listed.body).not.toContain(secret);
    expect(WebhookSubscriberListSchema.parse(listed.json()).items.map((item) => item.id)).toEqual([
      subscriberId,
    ]);
  });

  it('publishes a member payment, written with the payment, signed v1 HMAC-SHA256 the subscriber verifies', async () => {
    const member = await createMemberWithPolicy(harness.db);
    await harness.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
    });
    const token = await harness.tokenFor('consumer', ['member'], { memberId: member.memberId });
    const body = paymentBody(member, harness.app.today(), {
      paymentAmount: '150.00',
      method: 'Card',
      paymentToken: await harness.cardToken(token, TEST_CARDS.visa.number),
    });
    const paid = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      payload: body,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'hook-pay-1' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await deliver()).delivered).toBeGreaterThanOrEqual(1);

    const hook = endpoint.received.find(
      (entry) => (JSON.parse(entry.body) as { type: string }).type === 'payment.succeeded',
    );
    expect(hook).toBeDefined();
    const verified = new Webhook(secret).verify(hook!.body, {
      'webhook-id': String(hook!.headers['webhook-id']),
      'webhook-timestamp': String(hook!.headers['webhook-timestamp']),
      'webhook-signature': String(hook!.headers['webhook-signature']),
    }) as { type: IssuerEventType; data: unknown };
    expect(hook!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(ISSUER_EVENT_DATA['payment.succeeded'].parse(verified.data)).toMatchObject({
      householdId: member.householdId,
      policyId: member.policyId,
      policyNumber: member.policyNumber,
      amountCents: 15_000,
      settled: false,
    });
    // A forged body does not verify.
    expect(() =>
      new Webhook(secret).verify(hook!.body.replace('15000', '1'), {
        'webhook-id': String(hook!.headers['webhook-id']),
        'webhook-timestamp': String(hook!.headers['webhook-timestamp']),
        'webhook-signature': String(hook!.headers['webhook-signature']),
      }),
    ).toThrow();
    // The secret is never in a log line.
    expect(harness.logs.join('\n')).not.toContain(secret.slice(6));
  });

  it('retries with backoff a delivery the subscriber refused, keeping the household’s later events behind it, then delivers them in order', async () => {
    const member = await createMemberWithPolicy(harness.db);
    const requestEvent = (status: string, type: string, n: number) => ({
      type: `service-request.${status}`,
      householdId: member.householdId,
      policyId: member.policyId,
      payload: {
        serviceRequestId: '00000000-0000-4000-8000-00000000000' + String(n),
        referenceNumber: `SR-TEST000${String(n)}`,
        requestType: type,
        policyNumber: member.policyNumber,
      },
    });
    endpoint.received.length = 0;
    endpoint.answerWith(503);
    await enqueueEvents(harness.db, [requestEvent('submitted', 'add-dependent', 1)]);
    // Two issuer events (status-changed, dependents.requested): the second waits behind the first.
    expect(await deliver()).toMatchObject({ delivered: 0, retried: 1 });
    expect(endpoint.received).toHaveLength(1);
    endpoint.received.length = 0;
    await enqueueEvents(harness.db, [requestEvent('completed', 'contact', 2)]);
    endpoint.answerWith(200);
    // The refused ones are not due yet; the later events wait behind them.
    expect(await deliver()).toMatchObject({ delivered: 0 });
    const waiting = await harness.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.householdId, member.householdId ?? ''));
    expect(
      waiting
        .filter((row) => row.attempts === 1)
        .every((row) => row.status === 'pending' && row.nextAttemptAt.getTime() > Date.now()),
    ).toBe(true);

    await harness.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.householdId, member.householdId ?? ''));
    for (let i = 0; i < 5; i += 1) await deliver();
    const types = endpoint.received.map(
      (entry) => JSON.parse(entry.body) as { type: string; data: { status?: string } },
    );
    expect(types.map((entry) => entry.type)).toEqual([
      'service-request.status-changed',
      'dependents.requested',
      'service-request.status-changed',
      'member.contact-changed',
    ]);
    expect(types[2]?.data.status).toBe('completed');
  });

  it('replays a subscriber’s events since a time, with their original webhook-id', async () => {
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const before = endpoint.received.map((entry) => entry.headers['webhook-id']);
    endpoint.received.length = 0;
    const since = new Date(Date.now() - 60_000).toISOString();
    const replay = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/admin/webhook-subscribers/${subscriberId}/replay`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { since },
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(WebhookReplayResultSchema.parse(replay.json()).requeued).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 5; i += 1) await deliver();
    const again = endpoint.received.map((entry) => entry.headers['webhook-id']);
    expect(again).toEqual(expect.arrayContaining(before));
  });
});
