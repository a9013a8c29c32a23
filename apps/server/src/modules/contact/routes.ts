import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ContactInformationSchema,
  HouseholdParamsSchema,
  ProblemSchema,
  UpdateContactRequestSchema,
  UpdateContactResponseSchema,
} from '@portal/contracts';
import { authorizeHousehold, forbidden, requirePrincipal } from '../../auth/access';
import { updateContactInformation } from './commands';
import { contactInformationOf } from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const commandErrors = { ...readErrors, 409: ProblemSchema, 422: ProblemSchema };

/** Issue 11, SPEC §2 /admin/policy-selection/contact-info: the household's phone numbers, e-mail and preferred contact method. */
export const contactRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  app.get(
    '/v1/Household/:householdId/contact-information',
    {
      schema: {
        tags: ['contact'],
        summary: 'The household’s phone numbers, e-mail and preferred contact method',
        description:
          'Issue 11. With the `version` a change must send back. A located guest may not read it (403, audited).',
        params: HouseholdParamsSchema,
        response: { 200: ContactInformationSchema, ...readErrors },
      },
    },
    async (request) => {
      const { householdId } = request.params;
      await authorizeHousehold(request, db, householdId);
      if (requirePrincipal(request).kind === 'guest') {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason: 'guest',
          recordType: 'contact-information',
          recordIds: [householdId],
          actingForHouseholdId: householdId,
        });
        throw forbidden();
      }
      const contact = await contactInformationOf(db, householdId);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'contact-information',
        recordIds: [householdId],
        actingForHouseholdId: householdId,
      });
      return contact;
    },
  );

  app.put(
    '/v1/Household/:householdId/contact-information',
    {
      config: { idempotent: true },
      schema: {
        tags: ['contact'],
        summary: 'Change the household’s phone numbers, e-mail or preferred contact method',
        description:
          'Issue 11. Applied at once as a `contact` service request (Completed). Phone numbers are US numbers in any usual spelling, stored as `(617) 555-0142` (field code `phone-invalid`); e-mail as an address; `email-needed-for-preference` / `phone-needed-for-preference` when the preferred method has nothing to reach. A changed phone number is also e-mailed to the tenant’s `mailboxes.contactNumberChange`. `version` is the one read (null: none yet): 409 `conflict` with `current` when it changed since. 422 `no-change` when nothing differs. Needs `Idempotency-Key`; role action `update-contact`.',
        params: HouseholdParamsSchema,
        body: UpdateContactRequestSchema,
        response: { 200: UpdateContactResponseSchema, ...commandErrors },
      },
    },
    async (request) => updateContactInformation(request, request.params.householdId, request.body),
  );
  done();
};
