import { canAddScheduledPayment, choosePolicySpans, type CalendarDate } from '@portal/domain';
import type { AccountConfig, ScheduledPayment, ScheduledPaymentList } from '@portal/contracts';
import { readTogether, type Database } from '../../db/client';
import { walletItemRef, walletItemsByToken } from '../wallet/service';
import { planNamesOf } from '../benefits/service';
import { coverageSpansOf } from '../policy/service';
import { scheduledPaymentsOf } from './repository';

/**
 * SPEC §3 Scheduled payments of a policy, with how many more the tenant allows (SPEC §9
 * maxScheduledPaymentsAllowed, decided by the domain's canAddScheduledPayment). The payment token is
 * replaced by the wallet item it pays from.
 */
export async function scheduledPaymentList(
  db: Database,
  policy: { id: string; householdId: string | null },
  rules: { today: CalendarDate; account: AccountConfig },
): Promise<ScheduledPaymentList> {
  // Called inside a command's transaction too (the list after a change): one statement at a time there.
  const [rows, spans] = await readTogether(db, [
    () => scheduledPaymentsOf(db, policy.id),
    () => coverageSpansOf(db, policy.id),
  ]);
  // SPEC §4 span choice: the span the policy shows today names the plan.
  const shownPlanId = choosePolicySpans(spans, rules.today)?.primary.planId;
  const [items, planNames] = await readTogether(db, [
    () =>
      walletItemsByToken(
        db,
        policy.householdId,
        rows.map((row) => row.paymentToken),
      ),
    () => planNamesOf(db, shownPlanId === undefined ? [] : [shownPlanId]),
  ]);
  const planName = shownPlanId === undefined ? null : (planNames.get(shownPlanId) ?? null);
  const limits = rules.account.payments;
  const scheduledCount = rows.filter((row) => row.status === 'Scheduled').length;
  return {
    items: rows.map((row) => ({
      id: row.id,
      accountId: row.policyId,
      paymentAmountCents: row.paymentAmountCents,
      description: row.description,
      paymentDate: row.paymentDate,
      paymentMethod: row.paymentMethod,
      paymentSource: walletItemRef(items.get(row.paymentToken)),
      status: row.status,
      failureReason: row.failureReason,
      createdDate: row.createdAt.toISOString(),
      modifiedDate: row.modifiedAt.toISOString(),
      planName,
    })),
    scheduledCount,
    maxScheduledPaymentsAllowed: limits.maxScheduledPaymentsAllowed,
    remaining: Math.max(0, limits.maxScheduledPaymentsAllowed - scheduledCount),
    canAddScheduledPayment: canAddScheduledPayment(scheduledCount, limits),
  };
}

/** One of the policy's scheduled payments as the list shows it (a command's answer, in its transaction). */
export async function scheduledPaymentView(
  db: Database,
  policy: { id: string; householdId: string | null },
  id: string,
  rules: { today: CalendarDate; account: AccountConfig },
): Promise<ScheduledPayment> {
  const item = (await scheduledPaymentList(db, policy, rules)).items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`scheduled payment ${id} is not among its policy's`);
  return item;
}
