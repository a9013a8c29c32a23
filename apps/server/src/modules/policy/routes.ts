import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PolicyDetailSchema, PolicyParamsSchema, ProblemSchema } from '@portal/contracts';
import { authorizePolicyRef, isUuid, notFound } from '../../auth/access';
import { loadPolicyPage } from './repository';
import { describePolicyPage } from './service';

export const policyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Policy/:policyId',
    {
      schema: {
        tags: ['policy'],
        summary: 'One policy with finance, coverage details, plan and members',
        description:
          'SPEC §3 Policy with the §4 rules applied: span choice, member status over merged spans, display status, balance, HRA.',
        params: PolicyParamsSchema,
        response: {
          200: PolicyDetailSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      // The page in one statement, then the access check on the policy it holds (nothing is sent before
      // it passes): one round trip instead of a look-up for the check and another for the page (decision 035).
      const page = isUuid(request.params.policyId)
        ? await loadPolicyPage(app.database.db, request.params.policyId)
        : null;
      if (!page) throw notFound('policy');
      const { policy } = page.bundle;
      const ref = await authorizePolicyRef(request, app.database.db, {
        id: policy.id,
        householdId: policy.householdId,
        brokerId: policy.brokerId,
        subscriberMemberId: policy.subscriberMemberId,
      });
      const detail = describePolicyPage(page, { today: app.today(), account: app.tenant.account });
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
