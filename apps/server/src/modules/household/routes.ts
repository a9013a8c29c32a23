import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { HouseholdUserRequestSchema, HouseholdUserResponseSchema, ProblemSchema, ProblemType } from '@portal/contracts';
import { requirePrincipal } from '../../auth/access';
import { HttpProblem } from '../../plugins/errors';
import type { MemberReference } from '../policy/repository';
import { householdsForCaller } from './service';

export const householdRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/Household/user',
    {
      schema: {
        tags: ['household'],
        summary: 'The caller’s households with their policies, and the navigation scenario',
        description:
          'SPEC §7 `POST v1/Household/user`. Members get their household(s); brokers their book of business; guests and asserted users the policies they are scoped to. Staff with member-search pass `exchangeSubscriberId` to look a subscriber up (SPEC §2 member search), or `householdId` / `policyId` to open a member found by `POST /api/v1/staff/member-search` (issue 13); brokers find only their own clients.',
        body: HouseholdUserRequestSchema.nullish(),
        response: { 200: HouseholdUserResponseSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
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
