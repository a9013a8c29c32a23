import { eq } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { payments, reinstatementEligibility } from '../../db/schema';
import { planNamesOf } from '../benefits/service';
import { terminationNoticeReason as noticedReason } from '../document/service';
import { financeOf, type FinanceRow } from '../finance/service';
import { memberSpanPeriodsOf } from '../member/service';
import { householdLanguage } from '../paperless/service';
import { coverageSpansOf, policyHeads, type PolicyHead } from '../policy/service';
import { openRequestsOfPolicy, requestPaidBy } from '../service-request/service';

/** What the reinstatement of one policy needs to know about it (issue 11). */
export interface ReinstatementPolicy {
  id: string;
  householdId: string | null;
  policyNumber: string;
  lineOfCoverage: PolicyHead['lineOfCoverage'];
  enrollmentStatus: PolicyHead['enrollmentStatus'];
  financeStatus: FinanceRow['status'] | null;
  gracePeriodStartDate: FinanceRow['gracePeriodStartDate'] | null;
  pastDueMonths: FinanceRow['pastDueMonths'] | null;
  reinstatementStatus: (typeof reinstatementEligibility.$inferSelect)['reinstatementStatus'] | null;
  expirationDate: (typeof reinstatementEligibility.$inferSelect)['expirationDate'] | null;
}

/**
 * {@link ReinstatementPolicy} of one policy (undefined: no such policy): the policy, its finance and its
 * reinstatement row, read together from their owners (a one-policy page or command, not a hot read).
 */
export async function policyForReinstatement(
  db: Executor,
  policyId: string,
): Promise<ReinstatementPolicy | undefined> {
  const [heads, finance, [offer]] = await readTogether(db, [
    () => policyHeads(db, [policyId]),
    () => financeOf(db, policyId),
    () =>
      db
        .select({
          reinstatementStatus: reinstatementEligibility.reinstatementStatus,
          expirationDate: reinstatementEligibility.expirationDate,
        })
        .from(reinstatementEligibility)
        .where(eq(reinstatementEligibility.policyId, policyId)),
  ]);
  const policy = heads.get(policyId);
  if (!policy) return undefined;
  return {
    id: policy.id,
    householdId: policy.householdId,
    policyNumber: policy.policyNumber,
    lineOfCoverage: policy.lineOfCoverage,
    enrollmentStatus: policy.enrollmentStatus,
    financeStatus: finance?.status ?? null,
    gracePeriodStartDate: finance?.gracePeriodStartDate ?? null,
    pastDueMonths: finance?.pastDueMonths ?? null,
    reinstatementStatus: offer?.reinstatementStatus ?? null,
    expirationDate: offer?.expirationDate ?? null,
  };
}

/** The policy's reinstatement row, locked for this transaction: one reinstatement at a time. */
export async function lockReinstatement(tx: Executor, policyId: string) {
  const [row] = await tx
    .select()
    .from(reinstatementEligibility)
    .where(eq(reinstatementEligibility.policyId, policyId))
    .for('update');
  return row;
}

/** The policy's spans with their plan names (the latest live one names the plan), oldest first. */
export async function policySpans(db: Executor, policyId: string) {
  const spans = await coverageSpansOf(db, policyId);
  const planNames = await planNamesOf(
    db,
    spans.map((span) => span.planId),
  );
  return spans.flatMap((span) => {
    const planName = planNames.get(span.planId);
    return planName === undefined
      ? []
      : [
          {
            id: span.id,
            startDate: span.startDate,
            endDate: span.endDate,
            cancelled: span.cancelled,
            planName,
          },
        ];
  });
}

export async function memberSpansOf(db: Executor, policyId: string) {
  return memberSpanPeriodsOf(db, policyId);
}

/** The offer was used: nothing more to reinstate (SPEC §3 NotEligible), its deadline kept for the record. */
export async function markReinstatementUsed(tx: Executor, policyId: string): Promise<void> {
  await tx
    .update(reinstatementEligibility)
    .set({ reinstatementStatus: 'NotEligible', amountDueCents: 0, months: [] })
    .where(eq(reinstatementEligibility.policyId, policyId));
}

/** The policy's reinstatement requests still open (Submitted or In review), newest first. */
export async function openReinstatementRequests(db: Executor, policyId: string) {
  return openRequestsOfPolicy(db, policyId, 'reinstatement');
}

/** The reinstatement request a payment was made for (by the processor's transaction id), whatever its status. */
export async function reinstatementRequestPaidBy(db: Executor, transactionId: string) {
  return requestPaidBy(db, 'reinstatement', transactionId);
}

/** A payment's status by the processor's transaction id (a request waits while its bank payment is Pending). */
export async function paymentStatusOf(db: Executor, transactionId: string) {
  const [row] = await db
    .select({ status: payments.transactionStatus })
    .from(payments)
    .where(eq(payments.transactionId, transactionId));
  return row?.status;
}

/** Why the latest termination notice says the coverage ended (`non-payment`, `voluntary`), if it says. */
export async function terminationNoticeReason(db: Executor, policyId: string): Promise<string | null> {
  return noticedReason(db, policyId);
}

/** The household's language (a note the portal writes for the member is in it). */
export async function householdLanguageOf(
  db: Executor,
  householdId: string | null,
): Promise<'en' | 'es' | 'pt'> {
  if (!householdId) return 'en';
  return (await householdLanguage(db, householdId)) ?? 'en';
}
