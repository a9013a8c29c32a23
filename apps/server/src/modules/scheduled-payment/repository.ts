import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { scheduledPayments } from '../../db/schema';
import { householdOfPolicy, policyIdsOfHousehold, policyNumberOf } from '../policy/service';

/** A policy's scheduled payments: still-Scheduled ones first, each group by payment date (SPEC §3). */
export async function scheduledPaymentsOf(db: Database, policyId: string) {
  return db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.policyId, policyId))
    .orderBy(
      desc(sql`${scheduledPayments.status} = 'Scheduled'`),
      asc(scheduledPayments.paymentDate),
      asc(scheduledPayments.createdAt),
      asc(scheduledPayments.id),
    );
}

/** Scheduled (not yet run) payments that pay with any of these processor tokens. */
export async function scheduledPaymentsPayingWith(db: Executor, tokens: readonly string[]) {
  if (tokens.length === 0) return [];
  return db
    .select({
      id: scheduledPayments.id,
      policyId: scheduledPayments.policyId,
      policyNumber: policyNumberOf(db, scheduledPayments.policyId),
      paymentToken: scheduledPayments.paymentToken,
      paymentDate: scheduledPayments.paymentDate,
      amountCents: scheduledPayments.paymentAmountCents,
    })
    .from(scheduledPayments)
    .where(
      and(inArray(scheduledPayments.paymentToken, [...tokens]), eq(scheduledPayments.status, 'Scheduled')),
    )
    .orderBy(asc(scheduledPayments.paymentDate), asc(scheduledPayments.id));
}

/** How long a claimed payment stays with the run that claimed it before another run may take it over. */
export const CLAIM_LEASE_MINUTES = 15;

/**
 * Claims up to `limit` scheduled payments due by `day` (rows no other run holds: SKIP LOCKED), marking
 * them Processing in one statement. A Processing row whose claim is older than the lease belongs to a
 * run that died: it is claimed again (its charge is repeated under the same processor key). Oldest
 * payment date first, in the due index's order (ties by id too made every claim sort a whole day's).
 */
export async function claimDueScheduledPayments(
  db: Executor,
  day: string,
  limit: number,
  householdId?: string,
) {
  const household =
    householdId === undefined ? sql`true` : sql`sp.policy_id in ${policyIdsOfHousehold(db, householdId)}`;
  const result: unknown = await db.execute(sql`
    update ${scheduledPayments} set status = 'Processing', claimed_at = now(), modified_at = now()
    where id in (
      select sp.id from ${scheduledPayments} sp
      where sp.payment_date <= ${day}
        and (sp.status = 'Scheduled' or (sp.status = 'Processing' and sp.claimed_at < now() - make_interval(mins => ${CLAIM_LEASE_MINUTES})))
        and ${household}
      order by sp.payment_date
      limit ${limit}
      for update of sp skip locked)
    returning id`);
  const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select({
      payment: scheduledPayments,
      householdId: householdOfPolicy(db, scheduledPayments.policyId),
      policyNumber: policyNumberOf(db, scheduledPayments.policyId),
    })
    .from(scheduledPayments)
    .where(inArray(scheduledPayments.id, ids))
    .orderBy(asc(scheduledPayments.paymentDate), asc(scheduledPayments.id));
}

/** Records a scheduled payment's outcome (in the charge's transaction). */
export async function settleScheduledPayment(
  db: Executor,
  id: string,
  outcome: { status: 'Paid' | 'Pending' | 'Failed'; paymentId: string | null; failureReason: string | null },
): Promise<void> {
  await db
    .update(scheduledPayments)
    .set({
      status: outcome.status,
      paymentId: outcome.paymentId,
      failureReason: outcome.failureReason,
      claimedAt: null,
      modifiedAt: new Date(),
    })
    .where(eq(scheduledPayments.id, id));
}

export type ScheduledPaymentRow = typeof scheduledPayments.$inferSelect;

/** How many of the policy's payments are still Scheduled (what counts against the limit). */
export async function scheduledCountOf(tx: Executor, policyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.policyId, policyId), eq(scheduledPayments.status, 'Scheduled')));
  return row?.n ?? 0;
}

export async function insertScheduledPayment(
  tx: Executor,
  values: typeof scheduledPayments.$inferInsert,
): Promise<ScheduledPaymentRow> {
  const [row] = await tx.insert(scheduledPayments).values(values).returning();
  if (!row) throw new Error('scheduled payment not inserted');
  return row;
}

/** The scheduled payment, locked for the rest of the transaction (a job run claiming it waits, or skips it). */
export async function lockScheduledPayment(
  tx: Executor,
  id: string,
): Promise<ScheduledPaymentRow | undefined> {
  const [row] = await tx.select().from(scheduledPayments).where(eq(scheduledPayments.id, id)).for('update');
  return row;
}

export async function updateScheduledPayment(
  tx: Executor,
  id: string,
  change: Partial<Pick<ScheduledPaymentRow, 'paymentAmountCents' | 'paymentDate' | 'status'>>,
): Promise<void> {
  await tx
    .update(scheduledPayments)
    .set({ ...change, modifiedAt: new Date() })
    .where(eq(scheduledPayments.id, id));
}

/** SPEC §4: the policy's still-Scheduled payments become Cleared; the ones cleared are returned. */
export async function clearScheduledPayments(tx: Executor, policyId: string): Promise<ScheduledPaymentRow[]> {
  return tx
    .update(scheduledPayments)
    .set({ status: 'Cleared', modifiedAt: new Date() })
    .where(and(eq(scheduledPayments.policyId, policyId), eq(scheduledPayments.status, 'Scheduled')))
    .returning();
}

/** The policy's still-Scheduled payments become Cancelled (its coverage ended); the ones cancelled are returned. */
export async function cancelScheduledPaymentsOf(
  tx: Executor,
  policyId: string,
): Promise<ScheduledPaymentRow[]> {
  return tx
    .update(scheduledPayments)
    .set({ status: 'Cancelled', modifiedAt: new Date() })
    .where(and(eq(scheduledPayments.policyId, policyId), eq(scheduledPayments.status, 'Scheduled')))
    .returning();
}

/** Issue 13 payments desk: scheduled payments the processor declined on their day, newest first. */
export async function failedScheduledPayments(db: Executor, limit: number) {
  return db
    .select({
      id: scheduledPayments.id,
      policyId: scheduledPayments.policyId,
      householdId: householdOfPolicy(db, scheduledPayments.policyId),
      policyNumber: policyNumberOf(db, scheduledPayments.policyId),
      paymentDate: scheduledPayments.paymentDate,
      amountCents: scheduledPayments.paymentAmountCents,
      reason: scheduledPayments.failureReason,
    })
    .from(scheduledPayments)
    .where(eq(scheduledPayments.status, 'Failed'))
    .orderBy(desc(scheduledPayments.paymentDate), desc(scheduledPayments.modifiedAt))
    .limit(limit);
}
