import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { importJWK, SignJWT, decodeJwt } from 'jose';
import { mailQueue, notifications, outboxEvents, preferences } from '../src/db/schema';
import { enqueueEvents } from '../src/outbox/events';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { createAccount, createMemberWithPolicy, PASSWORD } from './fixtures';
import { openStream, urlOf } from './event-stream';
import { signIn } from './oidc';

/**
 * Live notifications and the outbox across instances (issue "Documents, notifications and e-mail",
 * Done when): two app instances on one database and one Redis (127.0.0.1:6379, as in CI), a browser-like
 * SSE client on one, the event dispatched on the other; the outbox dispatching each row once.
 */

describe('live notifications across two instances (Redis) and the outbox dispatching once', () => {
  let database: TestDatabase;
  let sharedDir: string;
  const apps: FastifyInstance[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const { app } = await buildTestApp({
      database: database.handle,
      env: { DATA_DIR: sharedDir, REDIS_URL: 'redis://127.0.0.1:6379', ...env },
      liveStreamMaxMs: 60_000,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    // One signing key for both instances, as production gives every instance the same secrets.
    sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-live-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.dispose();
    fs.rmSync(sharedDir, { recursive: true, force: true });
  });

  async function signedInMember(app: FastifyInstance) {
    const subscriber = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: subscriber.memberId,
    });
    const { accessToken } = await signIn(app, 'consumer', account.username, PASSWORD);
    return { householdId: subscriber.householdId ?? '', token: accessToken };
  }

  it('delivers a notification dispatched on one instance to a browser connected to the other', async () => {
    const first = await start();
    const second = await start();
    const { householdId, token } = await signedInMember(first);
    const stream = openStream(`${urlOf(second)}/api/v1/Notification/stream`, token);
    expect(await stream.ready).toBe(200);
    await stream.next((event) => event.event === 'unread');

    await database.handle.db.transaction((tx) =>
      enqueueEvents(tx, [
        {
          type: 'payment.succeeded',
          householdId,
          payload: { amountCents: 20730, policyNumber: 'LHP-1', paymentDate: '2026-11-20' },
        },
      ]),
    );
    const started = Date.now();
    await first.outbox.drain();
    const live = await stream.next((event) => event.event === 'notification');
    const [made] = await database.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, householdId));
    expect(live.data).toEqual({ id: made?.id, templateName: 'notification.paymentReceived' });
    expect(Date.now() - started).toBeLessThan(3_000);

    // Marking it read on the first instance updates the count on the second (another tab).
    const marked = await first.inject({
      method: 'PUT',
      url: `/api/v1/Notification/${made?.id ?? ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await stream.next((event) => event.event === 'unread' && event.data.count === 0);
    stream.close();
  });

  it('refuses a stream without a token or with an expired one', async () => {
    const app = apps[0] ?? (await start());
    const none = await fetch(`${urlOf(app)}/api/v1/Notification/stream`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(none.status).toBe(401);
    const { token } = await signedInMember(app);
    const claims = decodeJwt(token);
    const jwk = JSON.parse(
      fs.readFileSync(path.join(sharedDir, 'keys', 'idp-consumer.jwk.json'), 'utf8'),
    ) as { kid: string };
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 60 })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .sign(await importJWK(jwk as never, 'RS256'));
    const refused = await fetch(`${urlOf(app)}/api/v1/Notification/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${expired}` },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('dispatches each outbox row once, with two instances draining at once and across a restart', async () => {
    const [first, second] = apps.length >= 2 ? apps : [await start(), await start()];
    if (!first || !second) throw new Error('two instances expected');
    const { householdId } = await signedInMember(first);
    // Paperless to a confirmed address: every event also queues an e-mail, which must be queued once too.
    await database.handle.db.insert(preferences).values({
      householdId,
      paperless: true,
      paperlessEmail: 'once@example.org',
      paperlessEmailConfirmedAt: new Date(),
      invoiceDelivery: 'electronic',
      noticeDelivery: 'electronic',
    });
    const marker = randomUUID();
    await database.handle.db.transaction((tx) =>
      enqueueEvents(
        tx,
        Array.from({ length: 30 }, (_, index) => ({
          type: 'payment.succeeded',
          householdId,
          payload: { amountCents: 100 + index, policyNumber: marker },
        })),
      ),
    );
    // Both instances drain at once; one of them stops half-way (a restart), a new one takes the rest.
    const stopping = first.outbox.drain();
    const racing = second.outbox.drain();
    await first.outbox.stop();
    await Promise.allSettled([stopping, racing]);
    const restarted = await start();
    await restarted.outbox.drain();

    const made = await database.handle.db
      .select()
      .from(notifications)
      .where(sql`${notifications.additionalValues}->>'policyNumber' = ${marker}`);
    expect(made).toHaveLength(30);
    expect(new Set(made.map((row) => row.additionalValues?.amountCents)).size).toBe(30);
    const events = await database.handle.db
      .select()
      .from(outboxEvents)
      .where(sql`${outboxEvents.payload}->>'policyNumber' = ${marker}`);
    expect(events.every((event) => event.dispatchedAt !== null && event.attempts === 1)).toBe(true);
    const mails = await database.handle.db
      .select()
      .from(mailQueue)
      .where(
        inArray(
          mailQueue.outboxEventId,
          events.map((event) => event.id),
        ),
      );
    expect(mails).toHaveLength(30);
  });
});
