import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { coverageSpans, finances, paymentRefunds, payments, policies } from '../../db/schema';

/**
 * What the issuer kept of a payment: its amount less its refunds (issue 13) — pending ones too, money already
 * on its way back. The ledger of posting and of the billing clock both count this.
 */
// Written with explicit table names: drizzle leaves a column unqualified in a one-table query, where the
// subquery would read it as its own.
export const keptAmount = sql<number>`("payments"."amount_cents" - coalesce((select sum(pr.amount_cents) from ${paymentRefunds} pr where pr.payment_id = "payments"."id" and pr.kind = 'refund' and pr.status in ('Pending', 'Succeeded')), 0))::int`;

/** What the ledger of one policy is made of: its spans, its HRA, the payments that reached the issuer. */
export async function ledgerInputs(db: Executor, policyId: string) {
  const [policy] = await db
    .select({
      id: policies.id,
      hraKind: policies.hraKind,
      hraPercent: policies.hraPercent,
      hraAmountCents: policies.hraAmountCents,
      hraStartDate: policies.hraStartDate,
      hraEndDate: policies.hraEndDate,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (!policy) return null;
  const [spans, paid] = await readTogether(db, [
    () =>
      db
        .select({
          id: coverageSpans.id,
          startDate: coverageSpans.startDate,
          endDate: coverageSpans.endDate,
          cancelled: coverageSpans.cancelled,
          premium: coverageSpans.premiumAmountCents,
          aptc: coverageSpans.taxCreditAmountCents,
          other: coverageSpans.otherSubsidyAmountCents,
          effectuatedDate: coverageSpans.effectuatedDate,
        })
        .from(coverageSpans)
        .where(eq(coverageSpans.policyId, policyId))
        .orderBy(asc(coverageSpans.startDate)),
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

export async function effectuateSpan(db: Executor, spanId: string, date: string): Promise<void> {
  await db.update(coverageSpans).set({ effectuatedDate: date }).where(eq(coverageSpans.id, spanId));
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
