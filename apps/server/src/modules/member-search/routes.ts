import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  HouseholdParamsSchema,
  memberSearchQuery,
  MemberActivityResponseSchema,
  MemberSearchRequestSchema,
  MemberSearchResponseSchema,
  ProblemSchema,
  ProblemType,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { authorizeHousehold, canSearchMembers, requirePrincipal } from '../../auth/access';
import { HttpProblem } from '../../plugins/errors';
import { findMembers, memberActivity } from './service';

/** Staff's member tools need the member-search permission (SPEC §6); anyone else is refused, audited. */
async function requireMemberSearch(request: FastifyRequest, action: string): Promise<void> {
  const principal = requirePrincipal(request);
  if (canSearchMembers(principal)) return;
  await request.audit({ action, outcome: 'denied', reason: 'no-permission' });
  throw new HttpProblem(
    403,
    ProblemType.forbidden,
    'Not allowed',
    'Finding members needs the member-search permission.',
  );
}

export const memberSearchRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/staff/member-search',
    {
      schema: {
        tags: ['staff'],
        summary: 'Find a member (staff with member-search)',
        description:
          'Issue 13: one kind of search — `exchangeId`, `policyNumber`, `nameDob` (last name and date of birth, the first name optional and matched from its start ignoring case), `phone` (compared by its digits) or `email` — a page (at most 25) of the members it matches, by name, with the policies each is covered by and their status. A POST so that no name, date of birth, phone or e-mail is in a URL. Every search is audited (`member-search`, the kind of search as `reason: kind:<kind>`, the members found; never the terms). Only staff with the `member-search` permission; anyone else 403.',
        body: MemberSearchRequestSchema,
        response: {
          200: MemberSearchResponseSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
        },
      },
    },
    async (request) => {
      await requireMemberSearch(request, 'member-search');
      const result = await findMembers(app.database.db, memberSearchQuery(request.body), {
        today: app.today(),
        account: app.tenant.account,
      });
      await request.audit({
        action: 'member-search',
        outcome: 'success',
        reason: `kind:${request.body.kind}`,
        recordType: 'member',
        recordIds: result.items.map((item) => item.memberId),
      });
      return result;
    },
  );

  app.get(
    '/v1/staff/members/:householdId/activity',
    {
      schema: {
        tags: ['staff'],
        summary: 'A member’s latest notifications and contact history (member 360)',
        description:
          'Issue 13 member 360: the household’s 10 latest notifications and its contact history — the 20 latest things staff and brokers did on its records (changes, opening the member, refusals; not the plain reads), with who (role and name), when and how it ended. Only staff with the `member-search` permission (403 otherwise); an unknown household 404. Audited as a read for the household.',
        params: HouseholdParamsSchema,
        response: {
          200: MemberActivityResponseSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      await requireMemberSearch(request, 'access');
      const db = app.database.db;
      await authorizeHousehold(request, db, request.params.householdId);
      const result = await memberActivity(db, request.params.householdId);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'member-activity',
        recordIds: [request.params.householdId],
        actingForHouseholdId: request.params.householdId,
      });
      return result;
    },
  );
  done();
};
