import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PageQuerySchema, PaymentPageSchema, PolicyParamsSchema, ProblemSchema } from '@portal/contracts';
import { authorizePolicy } from '../../auth/access';
import { paymentHistory } from './service';

export const paymentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Policy/:policyId/payments',
    {
      schema: {
        tags: ['payment'],
        summary: 'A policy’s payment history, newest first, paginated',
        description:
          'SPEC §3 Payment (SPEC §2 /payments/payment-history). Ordered by transaction date, then by when the payment was recorded, newest first. The method is shown by its last digits and brand only.',
        params: PolicyParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PaymentPageSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const policy = await authorizePolicy(request, app.database.db, request.params.policyId);
      const page = await paymentHistory(app.database.db, policy.id, request.query);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'payment',
        recordIds: [`policy:${policy.id}`, ...page.items.map((item) => item.id)],
        actingForHouseholdId: policy.householdId,
      });
      return page;
    },
  );
  done();
};
