import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coverageSpans, finances, payments, policies } from '../../db/schema';

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
  const [spans, paid] = await Promise.all([
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
    db
      .select({ date: payments.transactionDate, amount: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.policyId, policyId), eq(payments.transactionStatus, 'Succeeded'))),
  ]);
  return { policy, spans, payments: paid };
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
