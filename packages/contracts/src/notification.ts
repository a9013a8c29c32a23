import { z } from 'zod';
import { NOTIFICATION_OPENED } from '@portal/domain';
import { pageOf, PageQuerySchema, UuidSchema } from './common';

/**
 * SPEC §3 Notification as the drawer (SPEC §9, id 620) shows it. The message is a translation key
 * (`templateName`) with `additionalValues` as its parameters.
 */
export const NotificationSchema = z
  .object({
    id: UuidSchema,
    createdDate: z.iso.datetime(),
    read: z.boolean(),
    /** SPEC §4: read is `opened` equal to 1; unread is 0. */
    opened: z.union([z.literal(0), z.literal(NOTIFICATION_OPENED)]),
    templateName: z.string(),
    additionalValues: z.record(z.string(), z.union([z.string(), z.number()])),
    parentId: UuidSchema.nullable(),
    link: z.string().nullable(),
    linkTextKey: z.string().nullable(),
    dropDownLink: z.string().nullable(),
    dropDownLinkTextKey: z.string().nullable(),
    hasAttachment: z.boolean(),
    /** The document it announces (an invoice, a notice, a tax form), if any. */
    documentId: UuidSchema.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

/** A notification with the replies to it (SPEC §3 `parentID`), oldest reply first. */
export const NotificationThreadSchema = NotificationSchema.extend({
  replies: z.array(NotificationSchema),
}).meta({ id: 'NotificationThread' });
export type NotificationThread = z.infer<typeof NotificationThreadSchema>;

/**
 * `GET /api/v1/Notification`: the caller's household's. `latest` (the drawer): every notification,
 * newest first, no replies nested. `threads` (the notifications page): notifications that reply to
 * none, unread threads first, each with its replies.
 */
export const NotificationPageSchema = pageOf(NotificationThreadSchema).meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationListQuerySchema = PageQuerySchema.extend({
  view: z.enum(['latest', 'threads']).default('latest'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const UnreadCountSchema = z.object({ count: z.number().int().min(0) }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/**
 * `PUT /api/v1/Notification`: mark these read, all at once (SPEC §4). An empty list is refused: SPEC §5
 * "a notification list that is empty is not marked read".
 */
export const MarkNotificationsReadRequestSchema = z
  .object({ ids: z.array(UuidSchema).min(1, 'at least one notification id').max(200) })
  .meta({ id: 'MarkNotificationsReadRequest' });
export type MarkNotificationsReadRequest = z.infer<typeof MarkNotificationsReadRequestSchema>;

export const MarkNotificationsReadResponseSchema = z
  .object({
    /** The ids that were unread and are read now (already-read ones are left as they were). */
    markedRead: z.array(UuidSchema),
    unreadCount: z.number().int().min(0),
  })
  .meta({ id: 'MarkNotificationsReadResponse' });
export type MarkNotificationsReadResponse = z.infer<typeof MarkNotificationsReadResponseSchema>;

export const NotificationParamsSchema = z.object({ id: UuidSchema });
