import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { and, eq, gte, sql } from 'drizzle-orm';
import {
  ProblemSchema,
  WebhookReplayRequestSchema,
  WebhookReplayResultSchema,
  WebhookSecretRotatedSchema,
  WebhookSecretRotationSchema,
  WebhookSubscriberCreatedSchema,
  WebhookSubscriberListSchema,
  WebhookSubscriberParamsSchema,
  WebhookSubscriberRequestSchema,
  WebhookSubscriberSchema,
  WebhookSubscriberUpdateSchema,
} from '@portal/contracts';
import { forbidden, notFound } from '../../auth/access';
import { requireAction } from '../../auth/actions';
import type { Principal } from '../../auth/principal';
import type { Executor } from '../../db/client';
import { webhookDeliveries, webhookSubscribers } from '../../db/schema';
import { runCommand, ruleViolation } from '../../plugins/command';
import { newSigningSecret, type SecretBox } from './secrets';

/** Decision 056: after a rotation the replaced secret signs beside the new one this long. */
export const ROTATION_OVERLAP_HOURS = 24;

/** Role-config action of administrators who set up the issuer's event subscribers. */
export const MANAGE_WEBHOOKS_ACTION = 'manage-webhooks';

const errors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  422: ProblemSchema,
};

const staffOnly = (principal: Principal) => {
  if (principal.kind !== 'staff') throw forbidden();
  return null;
};

async function subscriberView(db: Executor, id?: string) {
  const rows = await db
    .select({
      id: webhookSubscribers.id,
      name: webhookSubscribers.name,
      url: webhookSubscribers.url,
      eventTypes: webhookSubscribers.eventTypes,
      active: webhookSubscribers.active,
      createdAt: webhookSubscribers.createdAt,
      updatedAt: webhookSubscribers.updatedAt,
      secretRotatedAt: webhookSubscribers.secretRotatedAt,
      previousSecretExpiresAt: webhookSubscribers.previousSecretExpiresAt,
      pending: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.subscriber_id = "webhook_subscribers"."id" and d.status = 'pending')`,
      delivered: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.subscriber_id = "webhook_subscribers"."id" and d.status = 'delivered')`,
      failed: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.subscriber_id = "webhook_subscribers"."id" and d.status = 'failed')`,
    })
    .from(webhookSubscribers)
    .where(id ? eq(webhookSubscribers.id, id) : undefined)
    .orderBy(webhookSubscribers.createdAt);
  const now = Date.now();
  return rows.map(
    ({
      pending,
      delivered,
      failed,
      createdAt,
      updatedAt,
      secretRotatedAt,
      previousSecretExpiresAt,
      ...row
    }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      secretRotatedAt: secretRotatedAt?.toISOString() ?? null,
      previousSecretValidUntil:
        previousSecretExpiresAt && previousSecretExpiresAt.getTime() > now
          ? previousSecretExpiresAt.toISOString()
          : null,
      deliveries: { pending, delivered, failed },
    }),
  );
}

/**
 * Issue 34 (docs/decisions/052): the issuer's event subscribers — created with their signing secret shown
 * once (kept encrypted), listed with their deliveries, and a replay for one that was down. Issuer staff with
 * role action `manage-webhooks` (administrators in the baseline).
 */
export const issuerEventRoutes: FastifyPluginCallbackZod<{ box: SecretBox; nudge: () => void }> = (
  app,
  options,
  done,
) => {
  app.post(
    '/v1/admin/webhook-subscribers',
    {
      schema: {
        tags: ['issuer-events'],
        summary: 'Add a subscriber to the issuer events',
        description:
          'Issue 34 (docs/ISSUER-EVENTS.md). The answer holds the signing secret (`whsec_…`, Standard Webhooks) once: it is stored encrypted and never shown again. `eventTypes` empty: every type. Role action `manage-webhooks`; audited.',
        body: WebhookSubscriberRequestSchema,
        response: { 201: WebhookSubscriberCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (app.settings.env === 'production' && !body.url.startsWith('https://'))
        throw ruleViolation('url', 'https-required', 'A subscriber is reached over HTTPS in production.');
      const secret = newSigningSecret();
      const created = await runCommand(request, {
        action: MANAGE_WEBHOOKS_ACTION,
        authorize: (_db, principal) => Promise.resolve(staffOnly(principal)),
        householdOf: () => null,
        notifyMember: false,
        execute: async (tx) => {
          const [row] = await tx
            .insert(webhookSubscribers)
            .values({
              name: body.name,
              url: body.url,
              eventTypes: body.eventTypes ?? [],
              secretCiphertext: options.box.seal(secret),
            })
            .returning({ id: webhookSubscribers.id });
          if (!row) throw new Error('subscriber not inserted');
          const [view] = await subscriberView(tx, row.id);
          if (!view) throw new Error('subscriber not found');
          return {
            result: view,
            audit: {
              action: 'issuer-events.subscriber-added',
              recordType: 'webhook-subscriber',
              recordIds: [row.id],
            },
          };
        },
      });
      return reply.status(201).send({ ...created, secret });
    },
  );

  app.get(
    '/v1/admin/webhook-subscribers',
    {
      schema: {
        tags: ['issuer-events'],
        summary: 'The issuer event subscribers and their deliveries',
        description: 'Issue 34. Never a secret. Role action `manage-webhooks`.',
        response: { 200: WebhookSubscriberListSchema, ...errors },
      },
    },
    async (request) => {
      const principal = await requireAction(request, MANAGE_WEBHOOKS_ACTION);
      staffOnly(principal);
      const items = await subscriberView(app.database.db);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'webhook-subscriber',
        recordIds: items.map((item) => item.id),
      });
      return { items };
    },
  );

  app.post(
    '/v1/admin/webhook-subscribers/:subscriberId/replay',
    {
      schema: {
        tags: ['issuer-events'],
        summary: 'Send a subscriber its events again',
        description:
          'Issue 34. Every event for this subscriber written at or after `since` — delivered, failed or pending — is sent again from its first attempt, in its original order per household, with its original `webhook-id` (a subscriber that kept them deduplicates). Role action `manage-webhooks`; audited.',
        params: WebhookSubscriberParamsSchema,
        body: WebhookReplayRequestSchema,
        response: { 200: WebhookReplayResultSchema, ...errors },
      },
    },
    async (request) => {
      const { subscriberId } = request.params;
      const result = await runCommand(request, {
        action: MANAGE_WEBHOOKS_ACTION,
        authorize: async (db, principal) => {
          staffOnly(principal);
          const [row] = await db
            .select({ id: webhookSubscribers.id })
            .from(webhookSubscribers)
            .where(eq(webhookSubscribers.id, subscriberId));
          if (!row) throw notFound('webhook subscriber');
          return row.id;
        },
        householdOf: () => null,
        notifyMember: false,
        execute: async (tx, { ref }) => {
          const requeued = await tx
            .update(webhookDeliveries)
            .set({
              status: 'pending',
              attempts: 0,
              nextAttemptAt: new Date(),
              leaseUntil: null,
              deliveredAt: null,
              lastError: null,
              lastStatusCode: null,
            })
            .where(
              and(
                eq(webhookDeliveries.subscriberId, ref),
                gte(webhookDeliveries.createdAt, new Date(request.body.since)),
              ),
            )
            .returning({ id: webhookDeliveries.id });
          return {
            result: { requeued: requeued.length },
            audit: { action: 'issuer-events.replay', recordType: 'webhook-subscriber', recordIds: [ref] },
          };
        },
      });
      options.nudge();
      return result;
    },
  );
  /** A command on one existing subscriber: staff with `manage-webhooks`, the subscriber found (404 otherwise). */
  const onSubscriber = (subscriberId: string) => async (db: Executor, principal: Principal) => {
    staffOnly(principal);
    const [row] = await db
      .select({ id: webhookSubscribers.id })
      .from(webhookSubscribers)
      .where(eq(webhookSubscribers.id, subscriberId));
    if (!row) throw notFound('webhook subscriber');
    return row.id;
  };
  const viewOf = async (tx: Executor, id: string) => {
    const [view] = await subscriberView(tx, id);
    if (!view) throw new Error('subscriber not found');
    return view;
  };

  app.patch(
    '/v1/admin/webhook-subscribers/:subscriberId',
    {
      schema: {
        tags: ['issuer-events'],
        summary: 'Change a subscriber’s name, URL or event types',
        description:
          'Decision 056. Any of `name`, `url`, `eventTypes` (empty: every type). A new URL is where its pending deliveries go next; new event types apply to events published from now on (deliveries already written are sent). Role action `manage-webhooks`; audited (which fields changed, never their values).',
        params: WebhookSubscriberParamsSchema,
        body: WebhookSubscriberUpdateSchema,
        response: { 200: WebhookSubscriberSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.url !== undefined && app.settings.env === 'production' && !body.url.startsWith('https://'))
        throw ruleViolation('url', 'https-required', 'A subscriber is reached over HTTPS in production.');
      const changed = (['name', 'url', 'eventTypes'] as const).filter((field) => body[field] !== undefined);
      return runCommand(request, {
        action: MANAGE_WEBHOOKS_ACTION,
        authorize: onSubscriber(request.params.subscriberId),
        householdOf: () => null,
        notifyMember: false,
        execute: async (tx, { ref }) => {
          await tx
            .update(webhookSubscribers)
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.url !== undefined ? { url: body.url } : {}),
              ...(body.eventTypes !== undefined ? { eventTypes: body.eventTypes } : {}),
              updatedAt: new Date(),
            })
            .where(eq(webhookSubscribers.id, ref));
          return {
            result: await viewOf(tx, ref),
            audit: {
              action: 'issuer-events.subscriber-changed',
              recordType: 'webhook-subscriber',
              recordIds: [ref, `fields:${changed.join(',')}`],
            },
          };
        },
      });
    },
  );

  for (const [verb, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/v1/admin/webhook-subscribers/:subscriberId/${verb}`,
      {
        schema: {
          tags: ['issuer-events'],
          summary: active ? 'Enable a subscriber again' : 'Disable a subscriber',
          description: active
            ? 'Decision 056. Deliveries written before it was disabled and still pending go out again, in order per household; events published while it was disabled were not written for it and are not sent (a replay resends only what was written). Role action `manage-webhooks`; audited.'
            : 'Decision 056. No delivery is written for it from now on, and none is sent: its pending deliveries wait (a delivery already in flight finishes) and go out, in order, if it is enabled again. Role action `manage-webhooks`; audited.',
          params: WebhookSubscriberParamsSchema,
          response: { 200: WebhookSubscriberSchema, ...errors },
        },
      },
      async (request) => {
        const result = await runCommand(request, {
          action: MANAGE_WEBHOOKS_ACTION,
          authorize: onSubscriber(request.params.subscriberId),
          householdOf: () => null,
          notifyMember: false,
          execute: async (tx, { ref }) => {
            await tx
              .update(webhookSubscribers)
              .set({ active, updatedAt: new Date() })
              .where(eq(webhookSubscribers.id, ref));
            return {
              result: await viewOf(tx, ref),
              audit: {
                action: `issuer-events.subscriber-${verb}d`,
                recordType: 'webhook-subscriber',
                recordIds: [ref],
              },
            };
          },
        });
        if (active) options.nudge();
        return result;
      },
    );
  }

  app.post(
    '/v1/admin/webhook-subscribers/:subscriberId/rotate-secret',
    {
      schema: {
        tags: ['issuer-events'],
        summary: 'Give a subscriber a new signing secret',
        description: `Decision 056. The answer holds the new \`whsec_…\` secret once. For ${String(ROTATION_OVERLAP_HOURS)} hours the secret it replaces signs too — \`webhook-signature\` carries two \`v1,\` signatures, and a Standard Webhooks receiver accepts either — so the receiver can switch without losing a message; \`endPreviousNow: true\` (a secret that leaked) drops the old one at once. Role action \`manage-webhooks\`; audited, never the secret.`,
        params: WebhookSubscriberParamsSchema,
        body: WebhookSecretRotationSchema,
        response: { 200: WebhookSecretRotatedSchema, ...errors },
      },
    },
    async (request) => {
      const secret = newSigningSecret();
      const { endPreviousNow } = request.body;
      const rotated = await runCommand(request, {
        action: MANAGE_WEBHOOKS_ACTION,
        authorize: onSubscriber(request.params.subscriberId),
        householdOf: () => null,
        notifyMember: false,
        execute: async (tx, { ref }) => {
          const now = new Date();
          // The secret in use becomes the previous one (one replaced earlier and still in its window is dropped).
          await tx
            .update(webhookSubscribers)
            .set({
              previousSecretCiphertext: endPreviousNow ? null : sql`${webhookSubscribers.secretCiphertext}`,
              previousSecretExpiresAt: endPreviousNow
                ? null
                : new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3600_000),
              secretCiphertext: options.box.seal(secret),
              secretRotatedAt: now,
              updatedAt: now,
            })
            .where(eq(webhookSubscribers.id, ref));
          return {
            result: await viewOf(tx, ref),
            audit: {
              action: 'issuer-events.secret-rotated',
              recordType: 'webhook-subscriber',
              recordIds: [
                ref,
                endPreviousNow ? 'previous:ended' : `previous:${String(ROTATION_OVERLAP_HOURS)}h`,
              ],
            },
          };
        },
      });
      return { ...rotated, secret };
    },
  );
  done();
};
