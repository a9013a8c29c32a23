import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PolicyDetailSchema, PolicyParamsSchema, ProblemSchema } from '@portal/contracts';
import { authorizePolicy, notFound } from '../../auth/access';
import { policyDetail } from './service';

export const policyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Policy/:policyId',
    {
      schema: {
        tags: ['policy'],
        summary: 'One policy with finance, coverage details, plan and members',
        description: 'SPEC §3 Policy with the §4 rules applied: span choice, member status over merged spans, display status, balance, HRA.',
        params: PolicyParamsSchema,
        response: { 200: PolicyDetailSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const ref = await authorizePolicy(request, app.database.db, request.params.policyId);
      const detail = await policyDetail(app.database.db, ref.id, { today: app.today(), account: app.tenant.account });
      if (!detail) throw notFound('policy');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'policy',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return detail;
    },
  );
  done();
};
