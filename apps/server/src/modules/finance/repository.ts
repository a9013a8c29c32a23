import { and, eq, inArray, sql } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { finances, paymentRefunds, payments } from '../../db/schema';
import { coverageSpansOf, effectuateCoverageSpan, hraTermsOf } from '../policy/service';

/**
 * What the issuer kept of a payment: its amount less its refunds (issue 13) — pending ones too, money already
 * on its way back. The ledger of posting and of the billing clock both count this.
 */
// Written with explicit table names: drizzle leaves a column unqualified in a one-table query, where the
// subquery would read it as its own.
export const keptAmount = sql<number>`("payments"."amount_cents" - coalesce((select sum(pr.amount_cents) from ${paymentRefunds} pr where pr.payment_id = "payments"."id" and pr.kind = 'refund' and pr.status in ('Pending', 'Succeeded')), 0))::int`;

/** What the ledger of one policy is made of: its spans, its HRA, the payments that reached the issuer. */
export async function ledgerInputs(db: Executor, policyId: string) {
  const policy = await hraTermsOf(db, policyId);
  if (!policy) return null;
  const [spans, paid] = await readTogether(db, [
    () => coverageSpansOf(db, policyId),
    // A refund (issue 13) gives back part of a payment: the ledger counts what the issuer kept, so what was
    // refunded is due again. A pending refund (a bank refund on its way back) is money already given back.
    () =>
      db
        .select({
          date: payments.transactionDate,
          amount: keptAmount,
        })
        .from(payments)
        .where(and(eq(payments.policyId, policyId), eq(payments.transactionStatus, 'Succeeded'))),
  ]);
  return { policy, spans, payments: paid.filter((payment) => payment.amount > 0) };
}

/** The finance row, locked for this transaction: payments to one policy are posted one at a time. */
export async function lockFinance(db: Executor, policyId: string) {
  const [row] = await db.select().from(finances).where(eq(finances.policyId, policyId)).for('update');
  return row;
}

export type FinanceUpdate = Partial<typeof finances.$inferInsert>;

export async function updateFinance(db: Executor, policyId: string, update: FinanceUpdate): Promise<void> {
  await db.update(finances).set(update).where(eq(finances.policyId, policyId));
}

/** The span took effect (its binder payment was posted): the policy module writes its spans. */
export async function effectuateSpan(db: Executor, spanId: string, date: string): Promise<void> {
  await effectuateCoverageSpan(db, spanId, date);
}

// --- reads for autopay, payment, reinstatement (issue 38) ---

export type FinanceRow = typeof finances.$inferSelect;

/** The finance rows of these policies, by policy id, in one query (a policy without one is left out). */
export async function financesOf(
  db: Executor,
  policyIds: readonly string[],
): Promise<Map<string, FinanceRow>> {
  if (policyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(finances)
    .where(inArray(finances.policyId, [...new Set(policyIds)]));
  return new Map(rows.map((row) => [row.policyId, row]));
}

/** The policy's finance row (undefined: none). */
export async function financeOf(db: Executor, policyId: string): Promise<FinanceRow | undefined> {
  const [row] = await db.select().from(finances).where(eq(finances.policyId, policyId));
  return row;
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---

/** A new policy's finance row (an 834 addition: the binder is due). */
export async function insertFinance(tx: Executor, values: typeof finances.$inferInsert): Promise<void> {
  await tx.insert(finances).values(values);
}

// --- reads for policy-coverage, saml ---

/** The day the policy is paid through (null: none yet, or no finance row). */
export async function paidThroughDateOf(db: Executor, policyId: string): Promise<string | null> {
  const [row] = await db
    .select({ paidThroughDate: finances.paidThroughDate })
    .from(finances)
    .where(eq(finances.policyId, policyId));
  return row?.paidThroughDate ?? null;
}

/** The finance status of each of these policies, by policy id (policies without a finance row are left out). */
export async function financeStatusesOf(
  db: Executor,
  policyIds: readonly string[],
): Promise<Map<string, FinanceStatus>> {
  if (policyIds.length === 0) return new Map();
  const rows = await db
    .select({ policyId: finances.policyId, status: finances.status })
    .from(finances)
    .where(inArray(finances.policyId, [...policyIds]));
  return new Map(rows.map((row) => [row.policyId, row.status]));
}

export type FinanceStatus = (typeof finances.$inferSelect)['status'];
