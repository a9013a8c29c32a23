import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PolicyParamsSchema, ProblemSchema, ReinstatementOfferSchema } from '@portal/contracts';
import { dueDayRule } from '@portal/domain';
import { authorizePolicy, notFound } from '../../auth/access';
import { reinstatementOffer } from './service';

export const reinstatementRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/Policy/:policyId/reinstatement',
    {
      schema: {
        tags: ['reinstatement'],
        summary: 'What reinstating a terminated policy takes today, or why it cannot be reinstated',
        description:
          'Issue 11 (SPEC §2 /admin/policy-selection/span-selection/reactivate-plan, §3 Reinstatement eligibility): when and why the coverage ended, the amount due to reinstate it — every month owed as if it had not ended, from the ledger today — and the months it pays for, the last day to ask, the day the restored coverage runs through, and a reinstatement request still open. `refusal` says why it cannot be asked for now (`not-terminated`, `reinstatement-requested`, `reinstatement-expired`, `reinstatement-not-eligible`). A located guest may read it for the located account. To reinstate, pay the amount with `POST /api/v1/Payment` and `purpose: reinstatement`.',
        params: PolicyParamsSchema,
        response: {
          200: ReinstatementOfferSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const db = app.database.db;
      const ref = await authorizePolicy(request, db, request.params.policyId);
      const offer = await reinstatementOffer(db, ref.id, {
        today: app.today(),
        dueRule: dueDayRule(app.tenant.account.payments.dueDate),
      });
      if (!offer) throw notFound('policy');
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'reinstatement',
        recordIds: [ref.id],
        actingForHouseholdId: ref.householdId,
      });
      return offer;
    },
  );
  done();
};
