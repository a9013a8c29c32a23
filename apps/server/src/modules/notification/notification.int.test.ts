import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, isNull, and } from 'drizzle-orm';
import {
  MarkNotificationsReadResponseSchema,
  NotificationPageSchema,
  NotificationSchema,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy, createNotification } from '../../../test/fixtures';
import { notifications } from '../../db/schema';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

describe('notifications (SPEC §3 Notification, §4 unread becomes read, §5 empty list, §9 drawer)', () => {
  const harness = useTestApp();
  const { tokenFor } = harness;
  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
    harness.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const unreadIn = async (householdId: string) =>
    (
      await harness.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.householdId, householdId), isNull(notifications.readAt)))
    ).length;

  /** A member's household with three notifications: two unread, one read. */
  async function inbox() {
    const subscriber = await createMemberWithPolicy(harness.db);
    const householdId = subscriber.householdId ?? '';
    const oldest = await createNotification(harness.db, householdId, {
      createdAt: new Date('2026-01-01T10:00:00Z'),
      readAt: new Date('2026-01-02T10:00:00Z'),
    });
    const middle = await createNotification(harness.db, householdId, {
      createdAt: new Date('2026-02-01T10:00:00Z'),
      templateName: 'notification.paymentReceived',
    });
    const newest = await createNotification(harness.db, householdId, {
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    const token = await tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    return { subscriber, householdId, token, ids: { oldest, middle, newest } };
  }

  it('lists the member’s household’s notifications newest first with read and opened, paginated', async () => {
    const { token, ids } = await inbox();
    const response = await call('GET', '/api/v1/Notification?pageSize=2', token);
    expect(response.statusCode, response.body).toBe(200);
    const page = NotificationPageSchema.parse(response.json());
    expect(page).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page.items.map((n) => [n.id, n.read, n.opened])).toEqual([
      [ids.newest, false, 0],
      [ids.middle, false, 0],
    ]);
    expect(page.items[1]).toMatchObject({
      templateName: 'notification.paymentReceived',
      additionalValues: { amountCents: 15000 },
      link: '/documents/invoice',
    });
    const rest = NotificationPageSchema.parse(
      (await call('GET', '/api/v1/Notification?pageSize=2&page=2', token)).json(),
    );
    expect(rest.items.map((n) => [n.id, n.read, n.opened])).toEqual([[ids.oldest, true, 1]]);
    expect((await call('GET', '/api/v1/Notification/unread-count', token)).json()).toEqual({ count: 2 });
  });

  it('gives guests, staff and brokers an empty list and a zero count, not an error', async () => {
    const subscriber = await createMemberWithPolicy(harness.db, { dob: '1977-03-03', zipCode: '02118' });
    await createNotification(harness.db, subscriber.householdId ?? '');
    const located = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: subscriber.policyNumber,
        dateOfBirth: '1977-03-03',
        zipCode: '02118',
      },
    });
    const guest = await portalTokenOf(harness.app, located);
    const staff = await tokenFor('workforce', ['customer-service']);
    const broker = await tokenFor('workforce', ['broker'], { brokerId: await createBroker(harness.db) });
    for (const token of [guest, staff, broker]) {
      expect((await call('GET', '/api/v1/Notification', token)).json()).toEqual({
        items: [],
        page: 1,
        pageSize: 20,
        total: 0,
      });
      expect((await call('GET', '/api/v1/Notification/unread-count', token)).json()).toEqual({ count: 0 });
    }
  });

  it('reads one without marking it, then marks it read, idempotently (SPEC §4 one at a time)', async () => {
    const { token, householdId, ids } = await inbox();
    const one = NotificationSchema.parse(
      (await call('GET', `/api/v1/Notification/${ids.newest}`, token)).json(),
    );
    expect(one).toMatchObject({ id: ids.newest, read: false, opened: 0 });
    expect(await unreadIn(householdId)).toBe(2);
    for (let attempt = 0; attempt < 2; attempt++) {
      const marked = await call('PUT', `/api/v1/Notification/${ids.newest}`, token);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(NotificationSchema.parse(marked.json())).toMatchObject({
        id: ids.newest,
        read: true,
        opened: 1,
      });
    }
    expect((await call('GET', '/api/v1/Notification/unread-count', token)).json()).toEqual({ count: 1 });
  });

  it('marks a list read all at once, telling which changed and the new unread count', async () => {
    const { token, ids } = await inbox();
    const response = await call('PUT', '/api/v1/Notification', token, {
      ids: [ids.oldest, ids.middle, ids.newest, ids.middle],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = MarkNotificationsReadResponseSchema.parse(response.json());
    // The already-read one is left as it was.
    expect(result.markedRead.sort()).toEqual([ids.middle, ids.newest].sort());
    expect(result.unreadCount).toBe(0);
    const again = MarkNotificationsReadResponseSchema.parse(
      (await call('PUT', '/api/v1/Notification', token, { ids: [ids.newest] })).json(),
    );
    expect(again).toEqual({ markedRead: [], unreadCount: 0 });
  });

  it('refuses an empty list with 400 and marks nothing (SPEC §5)', async () => {
    const { token, householdId } = await inbox();
    const response = await call('PUT', '/api/v1/Notification', token, { ids: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('body.ids');
    expect(await unreadIn(householdId)).toBe(2);
  });

  it('marks none when any id is another household’s (403) or unknown (404)', async () => {
    const mine = await inbox();
    const theirs = await inbox();
    const refused = await call('PUT', '/api/v1/Notification', mine.token, {
      ids: [mine.ids.newest, theirs.ids.newest],
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await call('PUT', '/api/v1/Notification', mine.token, {
      ids: [mine.ids.newest, randomUUID()],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await unreadIn(mine.householdId)).toBe(2);
    expect(await unreadIn(theirs.householdId)).toBe(2);
    expect((await call('PUT', `/api/v1/Notification/${theirs.ids.newest}`, mine.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/Notification/${theirs.ids.newest}`, mine.token)).statusCode).toBe(403);
  });

  it('lets customer service read a member’s notification but not mark it read for them', async () => {
    const { householdId, ids } = await inbox();
    const staff = await harness.actingToken(['customer-service'], { householdId });
    expect((await call('GET', `/api/v1/Notification/${ids.newest}`, staff)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/Notification/${ids.newest}`, staff)).statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/Notification', staff, { ids: [ids.newest] })).statusCode).toBe(403);
    expect(await unreadIn(householdId)).toBe(2);
  });

  it('answers 404 for an unknown id and 400 for malformed ids', async () => {
    const { token } = await inbox();
    expect((await call('GET', `/api/v1/Notification/${randomUUID()}`, token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/Notification/${randomUUID()}`, token)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/Notification/42', token)).statusCode).toBe(400);
    expect((await call('PUT', '/api/v1/Notification', token, { ids: ['42'] })).statusCode).toBe(400);
    expect((await call('PUT', '/api/v1/Notification', token, {})).statusCode).toBe(400);
  });
});
