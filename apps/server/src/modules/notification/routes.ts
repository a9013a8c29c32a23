import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import '@fastify/sse';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  MarkNotificationsReadRequestSchema,
  MarkNotificationsReadResponseSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationParamsSchema,
  NotificationSchema,
  ProblemSchema,
  UnreadCountSchema,
} from '@portal/contracts';
import {
  authorizeNotifications,
  inboxChannel,
  notFound,
  notificationInbox,
  requirePrincipal,
  type Inbox,
} from '../../auth/access';
import { runCommand } from '../../plugins/command';
import {
  markNotificationsRead,
  notificationById,
  notificationList,
  unreadNotificationCount,
} from './service';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

export interface NotificationRoutesOptions {
  /** A live stream lasts at most this long, then the browser reconnects (and its token is checked again). */
  maxStreamMs: number;
}

export const notificationRoutes: FastifyPluginCallbackZod<NotificationRoutesOptions> = (
  app,
  options,
  done,
) => {
  const db = app.database.db;
  const streams = new Set<FastifyReply>();
  // Open streams would hold a graceful stop until its timeout: close them first (browsers reconnect).
  app.addHook('preClose', (closing) => {
    for (const reply of streams) reply.sse.close();
    streams.clear();
    closing();
  });

  app.get(
    '/v1/Notification',
    {
      schema: {
        tags: ['notification'],
        summary: 'The caller’s household’s notifications, paginated: the latest, or threads unread first',
        description:
          'SPEC §3 Notification, §9 drawer. `view=latest` (the drawer): newest first. `view=threads` (/notification/view-notifications): notifications that reply to none, unread threads first, each with its replies (SPEC §3 parentID). Callers without a household of their own (guests, staff, brokers, asserted sessions) get an empty page, not an error (SPEC §8).',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema, ...problems },
      },
    },
    async (request) => {
      const inbox = notificationInbox(requirePrincipal(request));
      const page = await notificationList(db, inbox, request.query);
      if (inbox !== null) {
        const ids = page.items.flatMap((item) => [item.id, ...item.replies.map((reply) => reply.id)]);
        await request.audit({
          action: 'read',
          outcome: 'success',
          recordType: 'notification',
          recordIds: ids,
          actingForHouseholdId: householdOf(inbox),
        });
      }
      return page;
    },
  );

  app.get(
    '/v1/Notification/unread-count',
    {
      schema: {
        tags: ['notification'],
        summary: 'How many of the caller’s notifications are unread (the badge)',
        description: 'SPEC §2 notification button. Zero for callers without a household of their own.',
        response: { 200: UnreadCountSchema, ...problems },
      },
    },
    async (request) => ({
      count: await unreadNotificationCount(db, notificationInbox(requirePrincipal(request))),
    }),
  );

  app.get(
    '/v1/Notification/stream',
    {
      sse: { kind: 'only', heartbeat: true },
      config: { longLived: true },
      compress: false,
      schema: {
        tags: ['notification'],
        summary: 'Live notifications (Server-Sent Events)',
        description:
          'docs/decisions/019. A `text/event-stream` of the caller’s household: `live` (data `{ status: up | degraded }`) on connect and whenever it changes — degraded while Redis is unreachable, when messages from other instances do not arrive and the page should poll the count; `unread` (data `{ count }`) on connect, whenever the count changes and when live messages resume; `notification` (data `{ id, templateName }`) when one arrives — within a second of its event being dispatched on any instance (Redis pub/sub when REDIS_URL is set). Authenticated like every API call (the web app’s session cookie, or a bearer token); the stream ends when the access token behind it expires (and after 15 minutes at most), and the client reconnects. 204 for callers without a household of their own: nothing will ever come.',
        response: { 200: z.string().meta({ description: 'text/event-stream' }), 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const inbox = notificationInbox(principal);
      if (inbox === null) return reply.code(204).send(null);
      // The stream ends when the access token behind it does (the web session's is renewed at the reconnection).
      const expiresAt = (decodeJwt(request.accessToken ?? '').exp ?? 0) * 1000;
      const lifetime = Math.max(0, Math.min(expiresAt - Date.now(), options.maxStreamMs));
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'notification-stream',
        recordIds: [],
        actingForHouseholdId: householdOf(inbox),
      });

      reply.sse.keepAlive();
      streams.add(reply);
      app.meters.sseOpened();
      const send = (event: string, data: Record<string, string | number | null>) => {
        if (reply.sse.isConnected) void reply.sse.send({ event, data }).catch(() => undefined);
      };
      const unsubscribe = await app.live.subscribe(inboxChannel(inbox), (message) => {
        send(message.event, message.data);
      });
      // Issue 40: while Redis is down, messages from other instances do not arrive — the page polls the
      // count (`live` degraded); when it is back, the page hears so and gets the count it may have missed.
      const stopStatus = app.live.onStatus((status) => {
        send('live', { status: status === 'down' ? 'degraded' : 'up' });
        if (status === 'up') {
          void unreadNotificationCount(db, inbox).then(
            (count) => {
              send('unread', { count });
            },
            () => undefined,
          );
        }
      });
      const timer = setTimeout(() => {
        reply.sse.close();
      }, lifetime);
      reply.sse.onClose(() => {
        clearTimeout(timer);
        stopStatus();
        if (streams.delete(reply)) app.meters.sseClosed();
        void unsubscribe();
      });
      await reply.sse.send({
        event: 'live',
        data: { status: app.live.status() === 'down' ? 'degraded' : 'up' },
        retry: 5_000,
      });
      await reply.sse.send({ event: 'unread', data: { count: await unreadNotificationCount(db, inbox) } });
      return reply;
    },
  );

  app.get(
    '/v1/Notification/:id',
    {
      schema: {
        tags: ['notification'],
        summary: 'One notification',
        description: 'SPEC §3 Notification. Reading it does not mark it read (that is `PUT`).',
        params: NotificationParamsSchema,
        response: { 200: NotificationSchema, ...problems },
      },
    },
    async (request) => {
      const [ref] = await authorizeNotifications(request, db, [request.params.id], 'read');
      const notification = ref ? await notificationById(db, ref.id) : null;
      if (!ref || !notification) throw notFound('notification');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'notification',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return notification;
    },
  );

  /** Marks read through the write path (action, record access, one transaction with its audit); other tabs are told. */
  async function markRead(request: Parameters<typeof runCommand>[0], ids: readonly string[]) {
    const result = await runCommand(request, {
      action: 'mark-notifications-read',
      authorize: () => authorizeNotifications(request, db, ids, 'mark-read'),
      // Only the caller's own inbox gets through authorizeNotifications: every ref has that household.
      householdOf: (refs) => refs[0]?.householdId ?? null,
      execute: async (tx, { ref: refs }) => {
        const first = refs[0];
        if (first === undefined) throw notFound('notification');
        const inbox: Inbox =
          first.brokerId !== null
            ? { kind: 'broker', id: first.brokerId }
            : { kind: 'household', id: first.householdId ?? '' };
        const marked = await markNotificationsRead(
          tx,
          refs.map((ref) => ref.id),
          inbox,
        );
        return {
          result: { ...marked, inbox },
          audit: { action: 'update', recordType: 'notification', recordIds: marked.markedRead },
        };
      },
    });
    if (result.markedRead.length > 0) {
      await app.live
        .publish(inboxChannel(result.inbox), { event: 'unread', data: { count: result.unreadCount } })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'live update not sent');
        });
    }
    return result;
  }

  app.put(
    '/v1/Notification/:id',
    {
      schema: {
        tags: ['notification'],
        summary: 'Mark one notification read',
        description:
          'SPEC §4 "unread becomes read (opened equals 1), one at a time". Idempotent. Only a member of the household may mark its notifications read (action `mark-notifications-read`).',
        params: NotificationParamsSchema,
        response: { 200: NotificationSchema, ...problems },
      },
    },
    async (request) => {
      await markRead(request, [request.params.id]);
      const notification = await notificationById(db, request.params.id);
      if (!notification) throw notFound('notification');
      return notification;
    },
  );

  app.put(
    '/v1/Notification',
    {
      schema: {
        tags: ['notification'],
        summary: 'Mark these notifications read, all at once',
        description:
          'SPEC §4 "all at once"; SPEC §5 "a notification list that is empty is not marked read": an empty list is refused (400). If any id is unknown (404) or not the caller’s (403), none is marked.',
        body: MarkNotificationsReadRequestSchema,
        response: { 200: MarkNotificationsReadResponseSchema, ...problems },
      },
    },
    async (request) => {
      const { markedRead, unreadCount } = await markRead(request, request.body.ids);
      return { markedRead, unreadCount };
    },
  );
  done();
};

/** The household an inbox belongs to, for the audit's "acting for" (a broker's own alerts: none). */
const householdOf = (inbox: Inbox | null): string | null => (inbox?.kind === 'household' ? inbox.id : null);
