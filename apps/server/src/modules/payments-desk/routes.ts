import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DeskPaymentPageSchema,
  DeskPaymentParamsSchema,
  DeskPaymentQuerySchema,
  DeskResultSchema,
  FailedWorkSchema,
  ProblemSchema,
  RefundPaymentRequestSchema,
  RetryJobParamsSchema,
  RetryResultSchema,
  RetryRunParamsSchema,
  VoidPaymentRequestSchema,
} from '@portal/contracts';
import { canSearchMembers, forbidden } from '../../auth/access';
import { requireAction } from '../../auth/actions';
import { refundPayment, searchPayments, voidPayment } from '../payment/service';
import { failedWork, RETRY_ACTION, retryFailedAutopayRun, retryFailedJob } from './service';

const REFUND_ACTION = 'refund-payment';
const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const commandErrors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
  503: ProblemSchema,
  504: ProblemSchema,
};

/**
 * Issue 13, the staff payments desk (docs/decisions/031): find payments, refund or void one, see the
 * billing day's failed work and retry it. Issuer staff only (member-search), with the role-config action
 * (`refund-payment` / `retry-failed-jobs`, administrators in the baseline).
 */
export const paymentsDeskRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/payments-desk/payments',
    {
      schema: {
        tags: ['payments-desk'],
        summary: 'Find payments to refund or void',
        description:
          'Issue 13. `q` is a policy number or exchange subscriber id (case-insensitive), the processor’s transaction id, or a household or payment id. Newest first, paginated; each payment with what is left to refund, whether it can be voided, and its refunds. Role action `refund-payment` and member-search; each household whose payments are shown gets its own audited read.',
        querystring: DeskPaymentQuerySchema,
        response: { 200: DeskPaymentPageSchema, ...readErrors },
      },
    },
    async (request) => {
      const principal = await requireAction(request, REFUND_ACTION);
      if (!canSearchMembers(principal)) throw forbidden();
      const page = await searchPayments(app.database.db, request.query);
      const byHousehold = new Map<string | null, string[]>();
      for (const item of page.items)
        byHousehold.set(item.householdId, [...(byHousehold.get(item.householdId) ?? []), item.id]);
      for (const [householdId, ids] of byHousehold) {
        await request.audit({
          action: 'read',
          outcome: 'success',
          recordType: 'payment',
          recordIds: ids,
          actingForHouseholdId: householdId,
        });
      }
      if (page.items.length === 0)
        await request.audit({
          action: 'payments-desk.search',
          outcome: 'success',
          recordType: 'payment',
          recordIds: [],
        });
      return page;
    },
  );

  app.post(
    '/v1/payments-desk/payments/:paymentId/refund',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments-desk'],
        summary: 'Refund all or part of a payment',
        description:
          'Issue 13. Requires `Idempotency-Key` (a retry answers the first result; the processor is asked under a key derived from it, so never twice) and role action `refund-payment`. `amount` (dollars, two decimals) at most what is left; all of it when absent. A bank payment not settled yet is voided instead (422 `payment-not-settled`). The refund is recorded with its reason, the policy’s finance posted again (the refunded amount is due again), audited and notified to the member. A bank refund is Pending until the processor’s `refund.succeeded` webhook. A refusal by the processor is recorded and answered 422 `refund-failed`.',
        params: DeskPaymentParamsSchema,
        body: RefundPaymentRequestSchema,
        response: { 200: DeskResultSchema, ...commandErrors },
      },
    },
    async (request) => refundPayment(request, request.params.paymentId, request.body),
  );

  app.post(
    '/v1/payments-desk/payments/:paymentId/void',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments-desk'],
        summary: 'Void a bank payment that has not settled',
        description:
          'Issue 13. Requires `Idempotency-Key` and role action `refund-payment`. Only a Pending (bank) payment: a settled one is refunded instead (422 `payment-settled`). The payment becomes Voided, the void is recorded with its reason, audited and notified; a reinstatement waiting for the payment is rejected.',
        params: DeskPaymentParamsSchema,
        body: VoidPaymentRequestSchema,
        response: { 200: DeskResultSchema, ...commandErrors },
      },
    },
    async (request) => voidPayment(request, request.params.paymentId, request.body),
  );

  app.get(
    '/v1/payments-desk/failed-work',
    {
      schema: {
        tags: ['payments-desk'],
        summary: 'The billing day’s failed work',
        description:
          'Issue 13, docs/decisions/021. Failed billing-day jobs kept by the queue (a week), autopay months that failed, scheduled payments the processor declined — newest first, 50 of each. Role action `retry-failed-jobs`.',
        response: { 200: FailedWorkSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAction(request, RETRY_ACTION);
      const work = await failedWork(request, app.database.db);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'failed-work',
        recordIds: [
          ...work.autopayRuns.map((run) => run.id),
          ...work.scheduledPayments.map((payment) => payment.id),
        ],
      });
      return work;
    },
  );

  app.post(
    '/v1/payments-desk/failed-jobs/:jobId/retry',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments-desk'],
        summary: 'Put a failed billing day back in the queue',
        description:
          'Issue 13. Requires `Idempotency-Key` and role action `retry-failed-jobs`. `already` when someone retried it first. 503 on an instance that runs no job workers.',
        params: RetryJobParamsSchema,
        response: { 200: RetryResultSchema, ...commandErrors },
      },
    },
    async (request) => retryFailedJob(request, request.params.jobId),
  );

  app.post(
    '/v1/payments-desk/failed-autopay-runs/:runId/retry',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments-desk'],
        summary: 'Charge a failed autopay month again',
        description:
          'Issue 13. Requires `Idempotency-Key` and role action `retry-failed-jobs`. The month is due again today as a new attempt (a new processor key), only while it is still failed (`already` otherwise), and the household’s billing day runs at once: its amount is decided afresh, so a month paid meanwhile is not charged. `counts` says what autopay did.',
        params: RetryRunParamsSchema,
        response: { 200: RetryResultSchema, ...commandErrors },
      },
    },
    async (request) => retryFailedAutopayRun(request, request.params.runId),
  );
  done();
};
