import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PolicyParamsSchema, ProblemSchema, ScheduledPaymentListSchema } from '@portal/contracts';
import { authorizePolicy } from '../../auth/access';
import { tenantToday } from '../../lib/today';
import { scheduledPaymentList } from './service';

export const scheduledPaymentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Policy/:policyId/scheduled-payments',
    {
      schema: {
        tags: ['payment'],
        summary: 'A policy’s scheduled payments and how many more may be set up',
        description:
          'SPEC §3 Scheduled payment (SPEC §2 /payments/scheduled-payments): Scheduled ones first by payment date, then the rest; `planName` is the plan of the span the policy shows today (SPEC §4). `remaining`/`canAddScheduledPayment` apply SPEC §9 maxScheduledPaymentsAllowed. Tokens are replaced by the wallet item paid from.',
        params: PolicyParamsSchema,
        response: { 200: ScheduledPaymentListSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const policy = await authorizePolicy(request, app.database.db, request.params.policyId);
      const list = await scheduledPaymentList(app.database.db, policy, { today: tenantToday(app.tenant), account: app.tenant.account });
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'scheduled-payment',
        recordIds: [`policy:${policy.id}`, ...list.items.map((item) => item.id)],
        actingForHouseholdId: policy.householdId,
      });
      return list;
    },
  );
  done();
};
