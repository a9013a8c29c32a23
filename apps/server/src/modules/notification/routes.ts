import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  MarkNotificationsReadRequestSchema,
  MarkNotificationsReadResponseSchema,
  NotificationPageSchema,
  NotificationParamsSchema,
  NotificationSchema,
  PageQuerySchema,
  ProblemSchema,
  UnreadCountSchema,
} from '@portal/contracts';
import { authorizeNotifications, notFound, notificationInbox, requirePrincipal } from '../../auth/access';
import { markNotificationsRead, notificationById, notificationList, unreadNotificationCount } from './service';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

export const notificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/v1/Notification',
    {
      schema: {
        tags: ['notification'],
        summary: 'The caller’s household’s notifications, newest first, paginated',
        description:
          'SPEC §3 Notification, §9 drawer. A member’s household’s; callers without a household of their own (guests, staff, brokers, asserted sessions) get an empty page, not an error (SPEC §8).',
        querystring: PageQuerySchema,
        response: { 200: NotificationPageSchema, ...problems },
      },
    },
    async (request) => {
      const householdId = notificationInbox(requirePrincipal(request));
      const page = await notificationList(db, householdId, request.query);
      if (householdId !== null) {
        await request.audit({ action: 'read', outcome: 'success', recordType: 'notification', recordIds: page.items.map((item) => item.id), actingForHouseholdId: householdId });
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
    async (request) => ({ count: await unreadNotificationCount(db, notificationInbox(requirePrincipal(request))) }),
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
      await request.audit({ action: 'read', outcome: 'success', recordType: 'notification', recordIds: [ref.id], actingForHouseholdId: ref.householdId });
      return notification;
    },
  );

  app.put(
    '/v1/Notification/:id',
    {
      schema: {
        tags: ['notification'],
        summary: 'Mark one notification read',
        description: 'SPEC §4 "unread becomes read (opened equals 1), one at a time". Idempotent. Only a member of the household may mark its notifications read.',
        params: NotificationParamsSchema,
        response: { 200: NotificationSchema, ...problems },
      },
    },
    async (request) => {
      const [ref] = await authorizeNotifications(request, db, [request.params.id], 'mark-read');
      if (!ref) throw notFound('notification');
      const result = await markNotificationsRead(db, [ref.id], ref.householdId);
      await request.audit({ action: 'update', outcome: 'success', recordType: 'notification', recordIds: result.markedRead, actingForHouseholdId: ref.householdId });
      const notification = await notificationById(db, ref.id);
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
      const refs = await authorizeNotifications(request, db, request.body.ids, 'mark-read');
      // Only the caller's own inbox got through authorizeNotifications: every ref has that household.
      const householdId = refs[0]?.householdId;
      if (householdId === undefined) throw notFound('notification');
      const result = await markNotificationsRead(db, refs.map((ref) => ref.id), householdId);
      await request.audit({ action: 'update', outcome: 'success', recordType: 'notification', recordIds: result.markedRead, actingForHouseholdId: householdId });
      return result;
    },
  );
  done();
};
