import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ConfirmEmailRequestSchema,
  HouseholdParamsSchema,
  PaperlessSettingsSchema,
  ProblemSchema,
  UpdatePaperlessRequestSchema,
  UpdatePaperlessResponseSchema,
} from '@portal/contracts';
import { authorizeHousehold, authorizePaperlessConsent, authorizePaperlessRead } from '../../auth/access';
import { runCommand } from '../../plugins/command';
import {
  confirmEmail,
  paperlessSettings,
  updateDelivery,
  usableConfirmation,
  type PaperlessDeps,
} from './service';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
};

/**
 * SPEC §2 /admin/paperless-settings and /admin/email-confirmation (DOMAIN "Paperless"). Changing the
 * delivery is the household's own member's (role-config `manage-paperless`); staff and brokers may
 * read it. Every change goes through the write path (plugins/command.ts).
 */
export const paperlessRoutes: FastifyPluginCallbackZod<PaperlessDeps> = (app, deps, done) => {
  const db = app.database.db;

  app.get(
    '/v1/Household/:householdId/paperless',
    {
      schema: {
        tags: ['paperless'],
        summary: 'The household’s delivery choices and paperless e-mail',
        description:
          'DOMAIN "Paperless". Paper or electronic for invoices, notices and tax forms; the address told when one arrives, whether it is confirmed, and a confirmation waiting for its link.',
        params: HouseholdParamsSchema,
        response: { 200: PaperlessSettingsSchema, ...problems },
      },
    },
    async (request) => {
      const { householdId } = request.params;
      await authorizePaperlessRead(request, db, householdId);
      const settings = await paperlessSettings(db, householdId);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'paperless',
        recordIds: [householdId],
        actingForHouseholdId: householdId,
      });
      return settings;
    },
  );

  app.put(
    '/v1/Household/:householdId/paperless',
    {
      config: { idempotent: true },
      schema: {
        tags: ['paperless'],
        summary: 'Choose paper or electronic delivery',
        description:
          'SPEC §2 /admin/paperless-settings. Paper, or electronic to the address already confirmed: in force at once (`saved`), with a notice of the change. Electronic to a new address: a confirmation link is e-mailed to it (`confirmation-sent`) and nothing changes until it is used. Electronic tax forms need `taxFormsConsent`. Requires `Idempotency-Key`.',
        params: HouseholdParamsSchema,
        body: UpdatePaperlessRequestSchema,
        response: { 200: UpdatePaperlessResponseSchema, ...problems },
      },
    },
    async (request) => {
      const { householdId } = request.params;
      const outcome = await runCommand(request, {
        action: 'manage-paperless',
        authorize: async (database, principal) => {
          await authorizeHousehold(request, database, householdId);
          // Consent to electronic delivery is the member's own to give.
          await authorizePaperlessConsent(request, principal, householdId);
          return householdId;
        },
        householdOf: (id) => id,
        execute: async (tx) => {
          const done = await updateDelivery(tx, deps, householdId, request.body, app.today());
          return {
            result: done,
            audit: { action: 'paperless.update', recordType: 'paperless', recordIds: [householdId] },
            events: done.events,
          };
        },
      });
      if (outcome.mailQueued) app.mail.nudge();
      return outcome.result;
    },
  );

  app.post(
    '/v1/paperless/confirm-email',
    {
      config: { idempotent: true },
      schema: {
        tags: ['paperless'],
        summary: 'Confirm a paperless e-mail address with the token from its link',
        description:
          'SPEC §2 /admin/email-confirmation. The signed-in member of the household confirms; the delivery choices that waited for the address are then in force. A link that is unknown, replaced by a newer one, already used or expired is refused (422 with `token-invalid`, `token-superseded`, `token-used` or `token-expired` on `body.token`). Requires `Idempotency-Key`.',
        body: ConfirmEmailRequestSchema,
        response: { 200: PaperlessSettingsSchema, ...problems },
      },
    },
    async (request) => {
      const settings = await runCommand(request, {
        action: 'manage-paperless',
        authorize: async (database, principal) => {
          const confirmation = await usableConfirmation(database, request.body.token);
          await authorizePaperlessConsent(request, principal, confirmation.householdId);
          return confirmation;
        },
        householdOf: (confirmation) => confirmation.householdId,
        execute: async (tx, { ref }) => {
          // Checked again inside the transaction: two tabs confirming at once confirm once.
          const confirmation = await usableConfirmation(tx, request.body.token, true);
          const done = await confirmEmail(tx, confirmation, app.today());
          return {
            result: done.result,
            audit: {
              action: 'paperless.confirm-email',
              recordType: 'paperless',
              recordIds: [ref.householdId],
            },
            events: done.events,
          };
        },
      });
      return settings;
    },
  );
  done();
};
