import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { HouseholdUserRequestSchema, HouseholdUserResponseSchema, ProblemSchema, ProblemType } from '@portal/contracts';
import { authorizeHousehold, authorizePolicy, requirePrincipal } from '../../auth/access';
import { HttpProblem } from '../../plugins/errors';
import { policyIdsForMemberReference, type MemberReference } from '../policy/repository';
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
        response: { 200: HouseholdUserResponseSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
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
      const canSearch = (principal.kind === 'staff' || principal.kind === 'broker') && principal.permissions.includes(MEMBER_SEARCH_PERMISSION);
      if (search !== undefined && !canSearch) {
        await request.audit({ action: 'member-search', outcome: 'denied', reason: 'no-permission' });
        throw new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'Member search needs the member-search permission.');
      }
      // Staff open only the member they act for (docs/decisions/043): the household or policy named must be
      // their acting session's, and so must every policy an exchange subscriber id finds.
      if (search !== undefined && principal.kind === 'staff') {
        const db = app.database.db;
        if ('householdId' in search) await authorizeHousehold(request, db, search.householdId);
        else if ('policyId' in search) await authorizePolicy(request, db, search.policyId);
        else for (const policyId of await policyIdsForMemberReference(db, search)) await authorizePolicy(request, db, policyId);
      }
      const result = await householdsForCaller(app.database.db, principal, {
        ...(search === undefined ? {} : { search }),
        canSearch,
        rules: { today: app.today(), account: app.tenant.account },
      });
      const policyIds = [...result.households.flatMap((h) => h.policies), ...result.policies].map((p) => p.id);
      await request.audit({
        action: search === undefined ? 'read' : 'exchangeSubscriberId' in search ? 'member-search' : 'member-open',
        outcome: 'success',
        recordType: 'household',
        recordIds: [...result.households.map((h) => h.household.id), ...policyIds.map((id) => `policy:${id}`)],
        actingForHouseholdId: result.households[0]?.household.id ?? null,
      });
      return result;
    },
  );
  done();
};
