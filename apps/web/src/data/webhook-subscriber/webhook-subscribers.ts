import { useQuery } from '@tanstack/react-query';
import type { WebhookSecretRotation, WebhookSubscriberUpdate } from '@portal/contracts';
import type { z } from 'zod';
import type { WebhookSubscriberRequestSchema } from '@portal/contracts';
import { apiCommand, apiGet } from '../../lib/api';

/** Issue 34, decisions 052 and 056: the issuer's webhook subscribers (role action `manage-webhooks`). */

export const MANAGE_WEBHOOKS_ACTION = 'manage-webhooks';

export const webhookSubscribersKey = (credentialKey: string) =>
  ['webhook-subscribers', credentialKey] as const;

export const useWebhookSubscribers = (credentialKey: string, enabled: boolean) =>
  useQuery({
    queryKey: webhookSubscribersKey(credentialKey),
    queryFn: ({ signal }) =>
      apiGet('/api/v1/admin/webhook-subscribers', (c) => c.WebhookSubscriberListSchema, { signal }),
    enabled,
    meta: { redirectOnError: false },
  });

const base = (id: string) => `/api/v1/admin/webhook-subscribers/${encodeURIComponent(id)}`;

export const addWebhookSubscriber = (
  request: z.input<typeof WebhookSubscriberRequestSchema>,
  idempotencyKey: string,
) =>
  apiCommand(
    'POST',
    '/api/v1/admin/webhook-subscribers',
    (c) => c.WebhookSubscriberCreatedSchema,
    request,
    idempotencyKey,
  );

export const editWebhookSubscriber = (id: string, request: WebhookSubscriberUpdate, idempotencyKey: string) =>
  apiCommand('PATCH', base(id), (c) => c.WebhookSubscriberSchema, request, idempotencyKey);

export const setWebhookSubscriberActive = (id: string, active: boolean, idempotencyKey: string) =>
  apiCommand(
    'POST',
    `${base(id)}/${active ? 'enable' : 'disable'}`,
    (c) => c.WebhookSubscriberSchema,
    undefined,
    idempotencyKey,
  );

export const rotateWebhookSecret = (id: string, request: WebhookSecretRotation, idempotencyKey: string) =>
  apiCommand(
    'POST',
    `${base(id)}/rotate-secret`,
    (c) => c.WebhookSecretRotatedSchema,
    request,
    idempotencyKey,
  );
