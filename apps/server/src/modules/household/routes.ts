import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HouseholdUserRequestSchema, HouseholdUserResponseSchema, ProblemSchema } from '@portal/contracts';
import { authorizeMemberReference, requirePrincipal, type MemberReference } from '../../auth/access';
import { householdsForCaller } from './service';

export const householdRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/Household/user',
    {
      schema: {
        tags: ['household'],
        summary: 'The caller’s households with their policies, and the navigation scenario',
        description:
          'SPEC §7 `POST v1/Household/user`. Members get their household(s); brokers their book of business; guests and asserted users the policies they are scoped to. Staff with member-search pass `householdId` / `policyId` (or `exchangeSubscriberId`) to open the member of their acting session (`POST /api/v1/staff/acting-session`, decision 043) — any other member is refused 403 `acting-session-required`; brokers find only their own clients (SPEC §2 member search by `exchangeSubscriberId`).',
        body: HouseholdUserRequestSchema.nullish(),
        response: {
          200: HouseholdUserResponseSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const body = request.body ?? {};
      // One member at a time: an exchange subscriber id (the header's search), or a household or policy
      // chosen from the find-a-member results (issue 13; off-exchange members have no exchange id).
      const search: MemberReference | undefined =
        body.exchangeSubscriberId !== undefined
          ? { exchangeSubscriberId: body.exchangeSubscriberId }
          : body.householdId !== undefined
            ? { householdId: body.householdId }
            : body.policyId !== undefined
              ? { policyId: body.policyId }
              : undefined;
      // Who may name a member, and staff only the member they act for (auth/access/member-search.ts).
      if (search !== undefined) await authorizeMemberReference(request, app.database.db, principal, search);
      const result = await householdsForCaller(app.database.db, principal, {
        ...(search === undefined ? {} : { search }),
        rules: { today: app.today(), account: app.tenant.account },
      });
      const policyIds = [...result.households.flatMap((h) => h.policies), ...result.policies].map(
        (p) => p.id,
      );
      await request.audit({
        action:
          search === undefined ? 'read' : 'exchangeSubscriberId' in search ? 'member-search' : 'member-open',
        outcome: 'success',
        recordType: 'household',
        recordIds: [
          ...result.households.map((h) => h.household.id),
          ...policyIds.map((id) => `policy:${id}`),
        ],
        actingForHouseholdId: result.households[0]?.household.id ?? null,
      });
      return result;
    },
  );
  done();
};
