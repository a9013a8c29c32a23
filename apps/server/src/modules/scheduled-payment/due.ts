import type { FastifyBaseLogger } from 'fastify';
import type { CalendarDate } from '@portal/domain';
import type { DailyStep, DayScope } from '../../jobs/runner';
import { ProcessorTimeout, ProcessorUnavailable } from '../../processor/port';
import { chargeDue, workThroughByPolicy, type DueChargeDependencies } from '../payment/service';
import { paymentMethodsByToken } from '../wallet/service';
import { claimDueScheduledPayments, settleScheduledPayment } from './repository';

/** Payments claimed at a time (DUE_CHARGES_AT_ONCE of them charged at once). */
const CLAIM = 100;

/**
 * The billing day's step for scheduled payments (issue 10, docs/decisions/021): every payment due by the
 * day is claimed (a page at a time, rows no other run holds; a few charged at once, a policy's in
 * turn), charged from the wallet method it names
 * under the key `scheduled-payment:<id>`, and marked Paid, Pending (a bank payment) or Failed (declined,
 * with the reason) in the charge's transaction; the member is notified either way. A processor outage
 * leaves the claim to be taken over after its lease by a later run, with the same key.
 */
export function scheduledPaymentsStep(deps: DueChargeDependencies & { nudgeOutbox: () => void }): DailyStep {
  return {
    name: 'scheduled-payments',
    run: async (day: CalendarDate, scope: DayScope, log: FastifyBaseLogger) => {
      const counts: Record<string, number> = {};
      const count = (what: string) => {
        counts[what] = (counts[what] ?? 0) + 1;
      };
      for (;;) {
        const claimed = await claimDueScheduledPayments(deps.db, day, CLAIM, scope.householdId);
        if (claimed.length === 0) break;
        // The page is finished before the next is claimed; a policy's payments are charged in their order.
        await workThroughByPolicy(
          claimed,
          (row) => row.payment.policyId,
          async ({ payment: scheduled, householdId, policyNumber }) => {
            const method = (await paymentMethodsByToken(deps.db, householdId, [scheduled.paymentToken])).get(
              scheduled.paymentToken,
            );
            if (!method || method.removed) {
              // The method left the wallet (it cannot while a scheduled payment uses it; kept for safety).
              await settleScheduledPayment(deps.db, scheduled.id, {
                status: 'Failed',
                paymentId: null,
                failureReason: 'method-removed',
              });
              count('failed');
              return;
            }
            try {
              const outcome = await chargeDue(
                deps,
                {
                  job: 'scheduled-payments',
                  source: 'Scheduled',
                  policyId: scheduled.policyId,
                  policy: { householdId, policyNumber },
                  amountCents: scheduled.paymentAmountCents,
                  token: scheduled.paymentToken,
                  method: method.kind === 'card' ? 'Card' : 'BankAccount',
                  lastDigits: method.lastDigits,
                  brand: method.brand,
                  idempotencyKey: `scheduled-payment:${scheduled.id}`,
                  day,
                  payerName: null,
                },
                async (tx, result) => {
                  const status =
                    result.status === 'succeeded'
                      ? 'Paid'
                      : result.status === 'pending'
                        ? 'Pending'
                        : 'Failed';
                  await settleScheduledPayment(tx, scheduled.id, {
                    status,
                    paymentId: result.payment.id,
                    failureReason: result.declineCode,
                  });
                },
              );
              count(
                outcome.status === 'succeeded'
                  ? 'paid'
                  : outcome.status === 'pending'
                    ? 'pending'
                    : 'declined',
              );
            } catch (error) {
              if (!(error instanceof ProcessorTimeout || error instanceof ProcessorUnavailable)) throw error;
              // Outcome unknown or nothing charged: the claim stays; a later run repeats it with the same key.
              log.warn(
                { err: error, scheduledPaymentId: scheduled.id },
                'scheduled payment left for a later run',
              );
              count('retry-later');
            }
          },
        );
        if (claimed.length < CLAIM) break;
      }
      if (Object.keys(counts).length > 0) deps.nudgeOutbox();
      return counts;
    },
  };
}
