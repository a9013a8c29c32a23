import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  coverageSpans,
  documents,
  finances,
  memberSpans,
  payments,
  plans,
  policies,
  preferences,
  reinstatementEligibility,
  serviceRequests,
} from '../../db/schema';

/** What the reinstatement of one policy needs to know about it (issue 11). */
export async function policyForReinstatement(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      lineOfCoverage: policies.lineOfCoverage,
      enrollmentStatus: policies.enrollmentStatus,
      financeStatus: finances.status,
      gracePeriodStartDate: finances.gracePeriodStartDate,
      pastDueMonths: finances.pastDueMonths,
      reinstatementStatus: reinstatementEligibility.reinstatementStatus,
      expirationDate: reinstatementEligibility.expirationDate,
    })
    .from(policies)
    .leftJoin(finances, eq(finances.policyId, policies.id))
    .leftJoin(reinstatementEligibility, eq(reinstatementEligibility.policyId, policies.id))
    .where(eq(policies.id, policyId));
  return row;
}

export type ReinstatementPolicy = NonNullable<Awaited<ReturnType<typeof policyForReinstatement>>>;

/** The policy's reinstatement row, locked for this transaction: one reinstatement at a time. */
export async function lockReinstatement(tx: Executor, policyId: string) {
  const [row] = await tx
    .select()
    .from(reinstatementEligibility)
    .where(eq(reinstatementEligibility.policyId, policyId))
    .for('update');
  return row;
}

/** The policy's spans with their plan names (the latest live one names the plan). */
export async function policySpans(db: Executor, policyId: string) {
  return db
    .select({
      id: coverageSpans.id,
      startDate: coverageSpans.startDate,
      endDate: coverageSpans.endDate,
      cancelled: coverageSpans.cancelled,
      planName: plans.planName,
    })
    .from(coverageSpans)
    .innerJoin(plans, eq(plans.id, coverageSpans.planId))
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(coverageSpans.startDate);
}

export async function memberSpansOf(db: Executor, policyId: string) {
  return db
    .select({
      id: memberSpans.id,
      startDate: memberSpans.startDate,
      endDate: memberSpans.endDate,
      cancelled: memberSpans.cancelled,
    })
    .from(memberSpans)
    .where(eq(memberSpans.policyId, policyId));
}

/** The offer was used: nothing more to reinstate (SPEC §3 NotEligible), its deadline kept for the record. */
export async function markReinstatementUsed(tx: Executor, policyId: string): Promise<void> {
  await tx
    .update(reinstatementEligibility)
    .set({ reinstatementStatus: 'NotEligible', amountDueCents: 0, months: [] })
    .where(eq(reinstatementEligibility.policyId, policyId));
}

const OPEN = ['Submitted', 'InReview'] as const;

/** The policy's reinstatement requests still open (Submitted or In review), newest first. */
export async function openReinstatementRequests(db: Executor, policyId: string) {
  return db
    .select({
      id: serviceRequests.id,
      referenceNumber: serviceRequests.referenceNumber,
      status: serviceRequests.status,
      version: serviceRequests.version,
      details: serviceRequests.details,
    })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.policyId, policyId),
        eq(serviceRequests.type, 'reinstatement'),
        inArray(serviceRequests.status, [...OPEN]),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt));
}

/** The reinstatement request a payment was made for (by the processor's transaction id), whatever its status. */
export async function reinstatementRequestPaidBy(db: Executor, transactionId: string) {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      referenceNumber: serviceRequests.referenceNumber,
      status: serviceRequests.status,
      version: serviceRequests.version,
      policyId: serviceRequests.policyId,
      householdId: serviceRequests.householdId,
      details: serviceRequests.details,
    })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.type, 'reinstatement'),
        sql`${serviceRequests.details} ->> 'transactionId' = ${transactionId}`,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt))
    .limit(1);
  return row;
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
  const [row] = await db
    .select({ reason: sql<string | null>`${documents.facts} ->> 'reason'` })
    .from(documents)
    .where(
      and(
        eq(documents.policyId, policyId),
        eq(documents.type, 'notice'),
        eq(documents.subtype, 'termination'),
      ),
    )
    .orderBy(desc(documents.documentDate), desc(documents.createdAt))
    .limit(1);
  return row?.reason ?? null;
}

/** The finance after a reinstatement: the next due date the notice names. */
export async function financeOf(db: Executor, policyId: string) {
  const [row] = await db
    .select({ paymentDueDate: finances.paymentDueDate, paidThroughDate: finances.paidThroughDate })
    .from(finances)
    .where(eq(finances.policyId, policyId));
  return row;
}

/** The household's language (a note the portal writes for the member is in it). */
export async function householdLanguageOf(
  db: Executor,
  householdId: string | null,
): Promise<'en' | 'es' | 'pt'> {
  if (!householdId) return 'en';
  const [row] = await db
    .select({ language: preferences.language })
    .from(preferences)
    .where(eq(preferences.householdId, householdId));
  return row?.language ?? 'en';
}
