import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ChangeScheduledPaymentRequestSchema,
  CreateScheduledPaymentRequestSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ScheduledPaymentListSchema,
  ScheduledPaymentParamsSchema,
  ScheduledPaymentSchema,
} from '@portal/contracts';
import { authorizePolicy } from '../../auth/access';
import { cancelScheduledPayment, changeScheduledPayment, createScheduledPayment } from './commands';
import { scheduledPaymentList } from './service';

const commandErrors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
};
const RULES =
  'Refused with 422 and a field code: `binder-pays-now` (a binder is paid now, in full), `limit-reached` (the tenant’s `payments.maxScheduledPaymentsAllowed` Scheduled per policy; param `maximum`), `date-too-early` (the date must be after today, the portal’s today; param `earliest`), `date-after-horizon` (at most `payments.scheduledPaymentHorizonDays` ahead; param `latest`), `amount-below-minimum` / `amount-above-maximum` (params in dollars), `not-yours` (not an active saved method of the policy’s household), `method-type-not-accepted`.';

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
        response: {
          200: ScheduledPaymentListSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      const policy = await authorizePolicy(request, app.database.db, request.params.policyId);
      const list = await scheduledPaymentList(app.database.db, policy, {
        today: app.today(),
        account: app.tenant.account,
      });
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

  app.post(
    '/v1/Policy/:policyId/scheduled-payments',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Schedule a one-time payment for a later date',
        description: `Issue 10 (SPEC §3 Scheduled payment, §9). From a saved method of the household’s wallet (\`walletItemId\`; the browser never holds a token), an amount with at most two decimals, a date from tomorrow to the horizon. Charged by the billing day on its date (docs/decisions/021). ${RULES} Needs \`Idempotency-Key\`; role action \`schedule-payment\`. Answers the scheduled payment.`,
        params: PolicyParamsSchema,
        body: CreateScheduledPaymentRequestSchema,
        response: { 201: ScheduledPaymentSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createScheduledPayment(request, request.params.policyId, request.body)),
  );

  app.put(
    '/v1/ScheduledPayment/:id',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Change a scheduled payment’s date or amount',
        description:
          'Issue 10. A new `paymentDate`, a new `paymentAmount`, or both, while the payment is still Scheduled (`not-scheduled` otherwise: it is being charged, was paid, failed, or was cancelled or cleared). The same date and amount rules as scheduling one. Another household’s id answers 404 like an unknown one. Needs `Idempotency-Key`; role action `schedule-payment`.',
        params: ScheduledPaymentParamsSchema,
        body: ChangeScheduledPaymentRequestSchema,
        response: { 200: ScheduledPaymentSchema, ...commandErrors },
      },
    },
    async (request) => changeScheduledPayment(request, request.params.id, request.body),
  );

  app.put(
    '/v1/ScheduledPayment/:id/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Cancel a scheduled payment',
        description:
          'Issue 10. Only while it is still Scheduled (422 `not-scheduled` otherwise). Another household’s id answers 404 like an unknown one. Needs `Idempotency-Key`; role action `schedule-payment`. Answers the payment, now Cancelled.',
        params: ScheduledPaymentParamsSchema,
        response: { 200: ScheduledPaymentSchema, ...commandErrors },
      },
    },
    async (request) => cancelScheduledPayment(request, request.params.id),
  );
  done();
};
