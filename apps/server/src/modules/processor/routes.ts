import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  HostedFieldsConfigSchema,
  HostedFieldsQuerySchema,
  ProblemSchema,
  ProblemType,
  WebhookReceiptSchema,
} from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import type { EventOutcome } from '../../plugins/processor';
import { requirePrincipal } from '../../auth/access';
import { refuseDeepJson } from '../../plugins/request-hygiene';
import { portalOrigins } from '../../processor';
import { tokenOwnerOf } from '../../processor/owner';
import { ProcessorTimeout, ProcessorUnavailable, WebhookRejected } from '../../processor/port';
import { publishWebhookOutcome } from '../../lib/webhook-outcomes';
import { deliveryOf, markRefused, recordEvent } from './repository';

const PROCESSOR_ACTOR = { subject: 'payment-processor', role: 'processor' };

/**
 * The portal's side of the processor boundary (docs/decisions/016):
 * - `GET v1/processor/hosted-fields`: where the browser loads the hosted fields (signed-in callers,
 *   guests included: a guest pays with a one-time card);
 * - `POST v1/processor/webhook` (public, verified by signature): each event recorded once and handed,
 *   in that same transaction, to the handlers modules registered on `app.processorWebhooks`.
 */
export const processorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // The signature covers the exact bytes sent: the webhook's body is kept as text (this plugin only).
  // It is held to the same nesting limit as every other JSON body (issue 33 item 5).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) => {
    try {
      refuseDeepJson(body as string);
      parsed(null, body);
    } catch (error) {
      parsed(error as Error, undefined);
    }
  });

  app.get(
    '/v1/processor/hosted-fields',
    {
      schema: {
        tags: ['payment'],
        summary: 'Where the payment processor’s hosted fields are',
        description:
          'The processor’s origin and its hosted fields pages (card; bank account) in the asked language, for a page of the portal at `parentOrigin` (one of the portal’s own origins). The page frames them, checks every message comes from `origin`, and receives a token and display facts: card and account numbers never reach the portal. Each answer opens a tokenisation session at the processor for the caller (their household; a guest’s session; staff’s own account) until `expiresAt`: the tokens made in it can be paid with or saved by that caller only (docs/decisions/039). Not cached. 503 when no processor is configured or it cannot be reached.',
        querystring: HostedFieldsQuerySchema,
        response: {
          200: HostedFieldsConfigSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          503: ProblemSchema,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (app.settings.processor.mode === 'none') {
        throw new HttpProblem(
          503,
          ProblemType.unavailable,
          'No payment processor',
          'No payment processor is configured.',
        );
      }
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : null;
      const parent = new URL(request.query.parentOrigin).origin;
      if (!portalOrigins(app.settings, port).includes(parent)) {
        throw new HttpProblem(
          400,
          ProblemType.validation,
          'Invalid request',
          'parentOrigin is not an origin of this portal.',
          [{ field: 'query.parentOrigin', reason: 'not an origin of this portal', code: 'not-yours' }],
        );
      }
      const { language } = request.query;
      const session = await app.processor
        .createTokenizationSession(tokenOwnerOf(principal))
        .catch((error: unknown) => {
          if (error instanceof ProcessorUnavailable || error instanceof ProcessorTimeout) {
            request.log.warn({ err: error }, 'payment processor unavailable');
            throw new HttpProblem(
              503,
              ProblemType.unavailable,
              'Payment processor unavailable',
              'The payment processor could not be reached. Try again in a moment.',
            );
          }
          throw error;
        });
      return {
        origin: app.processor.origin,
        card: app.processor.hostedFieldsUrl('card', language, parent, session),
        bankAccount: app.processor.hostedFieldsUrl('bankAccount', language, parent, session),
        expiresAt: session.expiresAt,
      };
    },
  );

  app.post(
    '/v1/processor/webhook',
    {
      schema: {
        tags: ['payment'],
        summary: 'Events from the payment processor (signed webhooks)',
        description:
          'Public, but only a delivery signed with the webhook secret (`Processor-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">`) within 5 minutes of our clock is accepted (400 otherwise). Each event is recorded once by its id and acted on in the same transaction; the same event delivered again (newly signed) answers `duplicate: true` and changes nothing; the same signed delivery sent again is a replay and is refused (409). An event that does not fit what it names — a return of a card payment, a settlement of a payment in a final state or for another amount, a refund never asked for or for another amount, an unknown transaction — is recorded as refused, audited, changes nothing and is acknowledged with `refused: <reason>` (docs/decisions/039). A handler failure answers 500 so the processor delivers again.',
        response: { 200: WebhookReceiptSchema, 400: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let verified;
      try {
        verified = app.processor.verifyWebhook(raw, request.headers);
      } catch (error) {
        if (!(error instanceof WebhookRejected)) throw error;
        publishWebhookOutcome('rejected');
        await request.audit({
          action: 'processor.webhook',
          outcome: 'denied',
          reason: 'signature-rejected',
          actor: PROCESSOR_ACTOR,
        });
        throw new HttpProblem(
          400,
          ProblemType.webhookRejected,
          'Webhook rejected',
          'The webhook signature could not be verified.',
        );
      }
      const { event, deliveryId } = verified;
      let recorded: EventOutcome | null;
      try {
        recorded = await app.database.db.transaction(async (tx) => {
          if (!(await recordEvent(tx, event, deliveryId))) return null;
          const taken = await app.processorWebhooks.dispatch(tx, event);
          // Issue 33 item 3: an event that does not fit what it names changed nothing; it is kept as refused.
          if (taken.outcome === 'refused') await markRefused(tx, event.id, taken.reason);
          await request.audit(
            {
              action: 'processor.webhook',
              recordType: 'processor-event',
              recordIds: [event.id, event.transactionId],
              actor: PROCESSOR_ACTOR,
              ...(taken.outcome === 'refused'
                ? { outcome: 'failure' as const, reason: `event-refused:${taken.reason}` }
                : { outcome: 'success' as const }),
            },
            tx,
          );
          return taken;
        });
      } catch (error) {
        // The processor delivers it again: counted, so that an operator sees deliveries failing.
        publishWebhookOutcome('failed');
        throw error;
      }
      if (recorded?.outcome === 'refused') {
        publishWebhookOutcome('refused');
        // Acknowledged all the same: sent again it would not fit any better (decision 039).
        request.log.warn(
          { eventId: event.id, type: event.type, reason: recorded.reason },
          'processor event refused: it does not fit what it names',
        );
        return { received: true as const, duplicate: false, refused: recorded.reason };
      }
      if (recorded) {
        publishWebhookOutcome('applied');
        return { received: true as const, duplicate: false };
      }
      // Seen before: the processor's own redelivery is acknowledged; the very same delivery is a replay.
      if ((await deliveryOf(app.database.db, event.id)) === deliveryId) {
        publishWebhookOutcome('replay');
        await request.audit({
          action: 'processor.webhook',
          outcome: 'denied',
          reason: 'replay',
          recordType: 'processor-event',
          recordIds: [event.id],
          actor: PROCESSOR_ACTOR,
        });
        throw new HttpProblem(
          409,
          ProblemType.webhookRejected,
          'Webhook replayed',
          'This delivery was already received.',
        );
      }
      publishWebhookOutcome('duplicate');
      return { received: true as const, duplicate: true };
    },
  );
  done();
};
