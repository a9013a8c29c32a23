import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AutopayListSchema, PolicyParamsSchema, ProblemSchema } from '@portal/contracts';
import { authorizePolicy } from '../../auth/access';
import { autopayList } from './service';

export const autopayRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Policy/:policyId/autopay',
    {
      schema: {
        tags: ['payment'],
        summary: 'A policy’s autopay subscriptions and whether one more may be created',
        description:
          'SPEC §3 Subscription (SPEC §2 /payments/autopay): active subscriptions first. `canAddAutopay` applies SPEC §9 maxAutopayAllowed. Payment tokens never reach the browser: each subscription names the wallet item it pays from.',
        params: PolicyParamsSchema,
        response: { 200: AutopayListSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const policy = await authorizePolicy(request, app.database.db, request.params.policyId);
      const list = await autopayList(app.database.db, policy, app.tenant.account);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'autopay-subscription',
        recordIds: [`policy:${policy.id}`, ...list.items.map((item) => item.id)],
        actingForHouseholdId: policy.householdId,
      });
      return list;
    },
  );
  done();
};
