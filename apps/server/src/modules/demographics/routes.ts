import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DemographicsChangeRequestSchema,
  HouseholdParamsSchema,
  PolicyDemographicsSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ServiceRequestSchema,
  UpdateLanguageRequestSchema,
  UpdateLanguageResponseSchema,
} from '@portal/contracts';
import { authorizeDemographicsRead, requirePrincipal } from '../../auth/access';
import { submitDemographicsChange, updateHouseholdLanguage } from './commands';
import { policyDemographics } from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const commandErrors = { ...readErrors, 409: ProblemSchema, 422: ProblemSchema };

/** Issue 11, SPEC §2 /admin/demographics. */
export const demographicsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/v1/Policy/:policyId/demographics',
    {
      schema: {
        tags: ['demographics'],
        summary: 'The members of a policy as the demographics page shows them, and the household’s language',
        description:
          'Issue 11. Name, date of birth, gender and tobacco use of each member on the policy with their `version` and whether the caller may ask to change them (`canChange`: the subscriber for everyone, another member for themselves); `onExchange`: those changes are the exchange’s; the household’s preferred language with its version. A located guest may not read it (403, audited).',
        params: PolicyParamsSchema,
        response: { 200: PolicyDemographicsSchema, ...readErrors },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const policy = await authorizeDemographicsRead(request, db, principal, request.params.policyId);
      const view = await policyDemographics(db, policy.id, principal);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'member',
        recordIds: [policy.id, ...view.members.map((member) => member.id)],
        actingForHouseholdId: policy.householdId,
      });
      return view;
    },
  );

  app.post(
    '/v1/Policy/:policyId/demographics',
    {
      config: { idempotent: true },
      schema: {
        tags: ['demographics'],
        summary: 'Ask to change a member’s name, date of birth, gender or tobacco use',
        description:
          'Issue 11. A `demographics` service request staff review. Refused with 422 and a field code: `report-to-exchange` (on-exchange policy: params `exchange`, `url`, `phone`), `not-an-option` (gender not among the tenant’s `members.genderOptions`), `not-on-policy`, `no-change`, `name-characters`, `date-in-future`, `date-too-old`; 403 when a member who is not the subscriber asks for someone else. `version` is the member’s as read: 409 `conflict` with `current.member`. Needs `Idempotency-Key`; role action `update-demographics`.',
        params: PolicyParamsSchema,
        body: DemographicsChangeRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitDemographicsChange(request, request.params.policyId, request.body)),
  );

  app.put(
    '/v1/Household/:householdId/language',
    {
      config: { idempotent: true },
      schema: {
        tags: ['demographics'],
        summary: 'Change the household’s preferred language',
        description:
          'Issue 11. Applied at once: the language the issuer writes in and the portal opens in after sign-in (when the browser has none stored). `version` as read (null: none yet): 409 `conflict` with `current`. Needs `Idempotency-Key`; role action `update-demographics`.',
        params: HouseholdParamsSchema,
        body: UpdateLanguageRequestSchema,
        response: { 200: UpdateLanguageResponseSchema, ...commandErrors },
      },
    },
    async (request) => updateHouseholdLanguage(request, request.params.householdId, request.body),
  );
  done();
};
