import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MakePaymentRequestSchema,
  MakePaymentResponseSchema,
  MakePaymentScheduledResponseSchema,
  PaymentHistoryQuerySchema,
  PaymentPageSchema,
  PaymentParamsSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ReceiptPdfQuerySchema,
  ReceiptSchema,
  type Receipt,
} from '@portal/contracts';
import { authorizePolicy, isUuid, notFound, type PolicyRef } from '../../auth/access';
import type { Database } from '../../db/client';
import type { Branding } from '../../pdf/branding';
import { makePayment } from './make-payment';
import { outcomeOfFailure, publishPaymentOutcome } from './outcomes';
import { renderReceiptPdf } from './pdf/render-receipt';
import { receiptOf } from './receipt';
import { householdLanguage, paymentPolicyId } from './repository';
import { paymentHistory } from './service';

export interface PaymentRoutesOptions {
  branding: Branding;
}

/**
 * A payment's receipt for whoever may see its policy (a guest: the located subscriber's policies), the
 * read audited: the one rule for the receipt page and its printable PDF.
 */
async function readReceipt(
  request: FastifyRequest,
  db: Database,
  paymentId: string,
): Promise<{ receipt: Receipt; policy: PolicyRef }> {
  const policyId = isUuid(paymentId) ? await paymentPolicyId(db, paymentId) : undefined;
  if (!policyId) throw notFound('payment');
  const policy = await authorizePolicy(request, db, policyId);
  const receipt = await receiptOf(db, paymentId);
  await request.audit({
    action: 'read',
    outcome: 'success',
    recordType: 'payment',
    recordIds: [receipt.paymentId],
    actingForHouseholdId: policy.householdId,
  });
  return { receipt, policy };
}

export const paymentRoutes: FastifyPluginCallbackZod<PaymentRoutesOptions> = (app, options, done) => {
  app.get(
    '/v1/Policy/:policyId/payments',
    {
      schema: {
        tags: ['payment'],
        summary: 'A policy’s payment history, newest first, paginated',
        description:
          'SPEC §3 Payment (SPEC §2 /payments/payment-history). Filters: `from`/`to` (transaction date, inclusive) and `status`. Ordered by transaction date, then by when the payment was recorded, newest first. The method is shown by its last digits and brand only.',
        params: PolicyParamsSchema,
        querystring: PaymentHistoryQuerySchema,
        response: {
          200: PaymentPageSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
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

  app.post(
    '/v1/Payment',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Pay a policy’s premium (one-time, binder or guest payment)',
        description:
          'SPEC §7 make-payment. Requires `Idempotency-Key`: a retry with the same key and body answers the first result and never charges twice. The method is a saved wallet item (`walletItemId`) or a one-time token from the processor’s hosted fields (`paymentToken`). The amount is a two-decimal string within the tenant’s limits; the date is today (MM/DD/YYYY) — or a later day up to `payments.scheduledPaymentHorizonDays` ahead, paid from a saved wallet method: nothing is charged then, a scheduled payment is set up for that day (202, `scheduledPayment`; role action `schedule-payment`) and, per SPEC §4, the policy’s other scheduled payments are cleared (`clearedScheduledPayments`); an earlier date is refused (`date-not-today`). A decline is recorded and answered 402 with `declineCode`; a processor that does not answer in time gives 504 `payment-outcome-unknown` (retry with the same key). A card payment is applied to the policy at once; a bank payment is Pending until the processor settles it.',
        body: MakePaymentRequestSchema,
        response: {
          201: MakePaymentResponseSchema,
          202: MakePaymentScheduledResponseSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          402: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
          503: ProblemSchema,
          504: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      // Each outcome is counted once (docs/decisions/034): a replayed Idempotency-Key is answered before this handler.
      const answer = await makePayment(request, request.body).catch((error: unknown) => {
        const outcome = outcomeOfFailure(error);
        if (outcome) publishPaymentOutcome(outcome, 'portal');
        throw error;
      });
      if ('scheduledPayment' in answer) {
        publishPaymentOutcome('scheduled', 'portal');
        return reply.status(202).send(answer);
      }
      publishPaymentOutcome(answer.receipt.status === 'Pending' ? 'pending' : 'succeeded', 'portal');
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/v1/Payment/:paymentId',
    {
      schema: {
        tags: ['payment'],
        summary: 'A payment’s receipt',
        description:
          'What was paid, how (last digits only), for which policy and plan, and what it paid through.',
        params: PaymentParamsSchema,
        response: {
          200: ReceiptSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request) => (await readReceipt(request, app.database.db, request.params.paymentId)).receipt,
  );

  app.get(
    '/v1/Payment/:paymentId/receipt.pdf',
    {
      schema: {
        tags: ['payment'],
        summary: 'A payment’s receipt as a tagged PDF, generated from the payment',
        description:
          'Issue 9, docs/decisions/017. The receipt page’s facts under the issuer’s letterhead, as an accessible (tagged) PDF in English, Spanish or Portuguese (`lang`, default the household’s language). Same access rule and audit as the receipt itself; never cached.',
        params: PaymentParamsSchema,
        querystring: ReceiptPdfQuerySchema,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ description: 'The PDF (application/pdf)', format: 'binary' }),
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const { receipt, policy } = await readReceipt(request, db, request.params.paymentId);
      const language = request.query.lang ?? (await householdLanguage(db, policy.householdId));
      const rendered = await renderReceiptPdf(receipt, options.branding, language);
      return (
        reply
          .type('application/pdf')
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `inline; filename="${rendered.filename}"`)
          // A Buffer goes out as it is (Fastify does not serialize it); the schema above documents it.
          .send(rendered.bytes as unknown as string)
      );
    },
  );
  done();
};
