import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WebhookSecretRotatedSchema,
  WebhookSubscriberCreatedSchema,
  WebhookSubscriberListSchema,
  WebhookSubscriberSchema,
} from '@portal/contracts';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { useTestApp } from '../../../test/harness';
import { auditLog, webhookDeliveries, webhookSubscribers } from '../../db/schema';
import { enqueueEvents } from '../../outbox/events';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The issuer's endpoint in this process: records every request (its path too). */
function endpoint() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.end();
    });
  });
  return {
    received,
    base: () => `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

const headersOf = (entry: Received) => ({
  'webhook-id': String(entry.headers['webhook-id']),
  'webhook-timestamp': String(entry.headers['webhook-timestamp']),
  'webhook-signature': String(entry.headers['webhook-signature']),
});

describe('managing the issuer’s webhook subscribers (decision 056)', () => {
  const harness = useTestApp({ sandbox: true, captureLogs: true });
  const hooks = endpoint();
  let admin = '';
  let subscriberId = '';
  let secret = '';
  beforeAll(async () => {
    await hooks.start();
  });
  afterAll(async () => {
    await hooks.stop();
  });
  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object, token = admin) =>
    harness.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': `${method}-${url}-${String(Math.random())}`,
      },
      ...(payload ? { payload } : {}),
    });
  const deliver = async () => {
    await harness.app.outbox.drain();
    return harness.app.issuerWebhooks.deliverDue();
  };
  /** A service-request event of a new household: one `service-request.status-changed` issuer event. */
  const publish = async (n: number) => {
    const member = await createMemberWithPolicy(harness.db);
    await enqueueEvents(harness.db, [
      {
        type: 'service-request.completed',
        householdId: member.householdId,
        policyId: member.policyId,
        payload: {
          serviceRequestId: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
          referenceNumber: `SR-MGMT${String(n)}`,
          requestType: 'contact',
          policyNumber: member.policyNumber,
        },
      },
    ]);
    return member;
  };

  it('edits a subscriber’s name, URL and event types: pending deliveries go to the new URL; the change is audited', async () => {
    admin = await harness.tokenFor('workforce', ['administrator']);
    const created = WebhookSubscriberCreatedSchema.parse(
      (
        await call('POST', '/api/v1/admin/webhook-subscribers', {
          name: 'Core admin',
          url: `${hooks.base()}/old`,
          eventTypes: ['service-request.status-changed'],
        })
      ).json(),
    );
    subscriberId = created.id;
    secret = created.secret;
    await publish(1);
    await harness.app.outbox.drain();

    const edited = await call('PATCH', `/api/v1/admin/webhook-subscribers/${subscriberId}`, {
      name: 'Core admin (prod)',
      url: `${hooks.base()}/new`,
      eventTypes: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(WebhookSubscriberSchema.parse(edited.json())).toMatchObject({
      name: 'Core admin (prod)',
      url: `${hooks.base()}/new`,
      eventTypes: [],
    });
    expect(edited.body).not.toContain('whsec_');
    await deliver();
    expect(hooks.received.map((entry) => entry.url)).toEqual(['/new']);

    const nothing = await call('PATCH', `/api/v1/admin/webhook-subscribers/${subscriberId}`, {});
    expect(nothing.statusCode).toBe(400);
    const badUrl = await call('PATCH', `/api/v1/admin/webhook-subscribers/${subscriberId}`, {
      url: 'ftp://example.org/x',
    });
    expect(badUrl.statusCode).toBe(400);
    const [audit] = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'issuer-events.subscriber-changed'));
    expect(audit?.recordIds).toEqual([subscriberId, 'fields:name,url,eventTypes']);
  });

  it('a disabled subscriber gets no new deliveries; its pending ones wait and go out, in order, when it is enabled again', async () => {
    hooks.received.length = 0;
    await publish(2);
    await harness.app.outbox.drain();
    const disabled = await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(WebhookSubscriberSchema.parse(disabled.json()).active).toBe(false);
    // Written before it was disabled: pending, not sent.
    expect(await deliver()).toMatchObject({ delivered: 0 });
    const whileDisabled = await publish(3);
    await deliver();
    expect(hooks.received).toHaveLength(0);
    // Nothing written for an event published while disabled.
    expect(
      await harness.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.subscriberId, subscriberId),
            eq(webhookDeliveries.householdId, whileDisabled.householdId ?? ''),
          ),
        ),
    ).toHaveLength(0);

    const enabled = await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/enable`);
    expect(WebhookSubscriberSchema.parse(enabled.json()).active).toBe(true);
    await deliver();
    // Every type now (the edit above): the completed contact request is two events, in order.
    const sent = hooks.received.map(
      (entry) => JSON.parse(entry.body) as { type: string; data: { referenceNumber: string } },
    );
    expect(sent.map((event) => [event.type, event.data.referenceNumber])).toEqual([
      ['service-request.status-changed', 'SR-MGMT2'],
      ['member.contact-changed', 'SR-MGMT2'],
    ]);
    const actions = (
      await harness.db.select().from(auditLog).where(eq(auditLog.recordType, 'webhook-subscriber'))
    ).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['issuer-events.subscriber-disabled', 'issuer-events.subscriber-enabled']),
    );
  });

  it('rotates the secret: the new one is shown once; for 24 h both sign, so a receiver with either verifies; then only the new one', async () => {
    hooks.received.length = 0;
    const rotated = await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/rotate-secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const answer = WebhookSecretRotatedSchema.parse(rotated.json());
    expect(answer.secret).toMatch(/^whsec_/);
    expect(answer.secret).not.toBe(secret);
    const until = new Date(answer.previousSecretValidUntil ?? 0).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const listed = await call('GET', '/api/v1/admin/webhook-subscribers');
    expect(listed.body).not.toContain(answer.secret);
    expect(
      WebhookSubscriberListSchema.parse(listed.json()).items.find((item) => item.id === subscriberId)
        ?.secretRotatedAt,
    ).not.toBeNull();

    await publish(4);
    await deliver();
    const [during] = hooks.received;
    expect(String(during?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(during!.body, headersOf(during!))).not.toThrow();
    expect(() => new Webhook(answer.secret).verify(during!.body, headersOf(during!))).not.toThrow();

    // The window over: the old secret no longer signs.
    await harness.db
      .update(webhookSubscribers)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookSubscribers.id, subscriberId));
    hooks.received.length = 0;
    await publish(5);
    await deliver();
    const [after] = hooks.received;
    expect(String(after?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(answer.secret).verify(after!.body, headersOf(after!))).not.toThrow();
    expect(() => new Webhook(secret).verify(after!.body, headersOf(after!))).toThrow();
    // …and its ciphertext is gone from the database.
    const [row] = await harness.db
      .select()
      .from(webhookSubscribers)
      .where(eq(webhookSubscribers.id, subscriberId));
    expect(row).toMatchObject({ previousSecretCiphertext: null, previousSecretExpiresAt: null });
    expect(harness.logs.join('\n')).not.toContain(answer.secret.slice(6));
    const [audit] = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'issuer-events.secret-rotated'));
    expect(JSON.stringify(audit)).not.toContain(answer.secret.slice(6));
  });

  it('a leaked secret ends at once: endPreviousNow leaves one signature, by the new secret', async () => {
    hooks.received.length = 0;
    const first = WebhookSecretRotatedSchema.parse(
      (await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/rotate-secret`, {})).json(),
    );
    const second = WebhookSecretRotatedSchema.parse(
      (
        await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/rotate-secret`, {
          endPreviousNow: true,
        })
      ).json(),
    );
    expect(second.previousSecretValidUntil).toBeNull();
    await publish(6);
    await deliver();
    const [sent] = hooks.received;
    expect(String(sent?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(second.secret).verify(sent!.body, headersOf(sent!))).not.toThrow();
    expect(() => new Webhook(first.secret).verify(sent!.body, headersOf(sent!))).toThrow();
  });

  it('refuses customer service and members, and answers an unknown subscriber 404', async () => {
    const service = await harness.tokenFor('workforce', ['customer-service']);
    const member = await harness.tokenFor('consumer', ['member']);
    for (const token of [service, member]) {
      expect(
        (await call('PATCH', `/api/v1/admin/webhook-subscribers/${subscriberId}`, { name: 'X' }, token))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/disable`, undefined, token))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/v1/admin/webhook-subscribers/${subscriberId}/rotate-secret`, {}, token))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await call('POST', '/api/v1/admin/webhook-subscribers/00000000-0000-4000-8000-000000000000/enable'))
        .statusCode,
    ).toBe(404);
    const [row] = await harness.db
      .select()
      .from(webhookSubscribers)
      .where(eq(webhookSubscribers.id, subscriberId));
    expect(row?.name).toBe('Core admin (prod)');
  });
});
