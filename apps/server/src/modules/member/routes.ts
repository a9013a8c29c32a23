import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { MemberDetailSchema, MemberParamsSchema, ProblemSchema } from '@portal/contracts';
import { authorizeMember, notFound } from '../../auth/access';
import { memberDetail } from './service';

export const memberRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Member/2/:folderId',
    {
      schema: {
        tags: ['member'],
        summary: 'One member by folder id, with their coverage on the policies the caller may see',
        description:
          'SPEC §7 `GET v1/Member/2/{folderId}` (member API version 2, SPEC §9), SPEC §3 Member. Status and merged spans follow SPEC §4. Only the last four digits of the SSN exist.',
        params: MemberParamsSchema,
        response: {
          200: MemberDetailSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const ref = await authorizeMember(request, app.database.db, request.params.folderId);
      const detail = await memberDetail(app.database.db, ref.id, ref.policyIds, app.today());
      if (!detail) throw notFound('member');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'member',
        recordIds: [ref.id, ...ref.policyIds.map((id) => `policy:${id}`)],
        actingForHouseholdId: ref.householdId,
      });
      return detail;
    },
  );
  done();
};
