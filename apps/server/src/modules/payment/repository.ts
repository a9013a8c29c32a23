import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { readTogether, type Database, type Executor } from '../../db/client';
import {
  coverageSpans,
  finances,
  members,
  paymentRefunds,
  payments,
  plans,
  policies,
  preferences,
} from '../../db/schema';
import type { PaymentHistoryQuery } from '@portal/contracts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/**
 * One page of a policy's payment history, newest first (transaction date, then when it was recorded;
 * the id breaks ties so pages never overlap), with the total for the paginator (SPEC §9 'x - y of z').
 * `payments_policy_date_idx` serves both the order and the count.
 */
export async function paymentPage(db: Database, policyId: string, query: PaymentHistoryQuery) {
  const conditions: SQL[] = [eq(payments.policyId, policyId)];
  if (query.from) conditions.push(gte(payments.transactionDate, query.from));
  if (query.to) conditions.push(lte(payments.transactionDate, query.to));
  if (query.status) conditions.push(eq(payments.transactionStatus, query.status));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({
        payment: payments,
        issuerId: policies.issuerSubscriberId,
        subscriberFolderId: members.folderId,
      })
      .from(payments)
      .innerJoin(policies, eq(policies.id, payments.policyId))
      .innerJoin(members, eq(members.id, policies.subscriberMemberId))
      .where(where)
      .orderBy(desc(payments.transactionDate), desc(payments.createdAt), desc(payments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** What paying a policy needs to know about it: number, subscriber, household, finance, current plan. */
export async function policyForPayment(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      subscriberFolderId: members.folderId,
      subscriberFirstName: members.firstName,
      subscriberLastName: members.lastName,
      financeStatus: finances.status,
      currentAmountDueCents: finances.currentAmountDueCents,
      pastAmountDueCents: finances.pastAmountDueCents,
    })
    .from(policies)
    .innerJoin(members, eq(members.id, policies.subscriberMemberId))
    .leftJoin(finances, eq(finances.policyId, policies.id))
    .where(eq(policies.id, policyId));
  return row;
}

export async function insertPayment(db: Executor, payment: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: payments.transactionId })
    .returning();
  return row;
}

export async function paymentById(db: Executor, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/** The payment of a processor transaction; `lock` holds it for the rest of the transaction (a webhook acting on it). */
export async function paymentByTransactionId(
  db: Executor,
  transactionId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.transactionId, transactionId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updatePayment(
  db: Executor,
  paymentId: string,
  update: Partial<NewPayment>,
): Promise<void> {
  await db.update(payments).set(update).where(eq(payments.id, paymentId));
}

/** A payment with what its receipt shows: policy number, subscriber, and the policy's plans by span. */
export async function receiptRow(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      policyNumber: policies.policyNumber,
      householdId: policies.householdId,
      subscriberFirstName: members.firstName,
      subscriberLastName: members.lastName,
    })
    .from(payments)
    .innerJoin(policies, eq(policies.id, payments.policyId))
    .innerJoin(members, eq(members.id, policies.subscriberMemberId))
    .where(eq(payments.id, paymentId));
  if (!row) return undefined;
  const spans = await db
    .select({ startDate: coverageSpans.startDate, planName: plans.planName })
    .from(coverageSpans)
    .innerJoin(plans, eq(plans.id, coverageSpans.planId))
    .where(and(eq(coverageSpans.policyId, row.payment.policyId), eq(coverageSpans.cancelled, false)))
    .orderBy(coverageSpans.startDate);
  return { ...row, spans };
}

/** The policy a payment was made to (for the access check before its receipt is shown). */
export async function paymentPolicyId(db: Executor, paymentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ policyId: payments.policyId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.policyId;
}

export async function policyOfPayment(
  db: Executor,
  policyId: string,
): Promise<{ householdId: string | null; policyNumber: string }> {
  const [row] = await db
    .select({ householdId: policies.householdId, policyNumber: policies.policyNumber })
    .from(policies)
    .where(eq(policies.id, policyId));
  return { householdId: row?.householdId ?? null, policyNumber: row?.policyNumber ?? '' };
}

/** The household's preferred language (a printed receipt's language unless the reader asks for another). */
export async function householdLanguage(
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

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

const deskColumns = {
  payment: payments,
  householdId: policies.householdId,
  policyNumber: policies.policyNumber,
  subscriberFirstName: members.firstName,
  subscriberLastName: members.lastName,
};

/**
 * Issue 13 payments desk: payments found by policy number or exchange subscriber id (case-insensitive,
 * exact), the processor's transaction id, or a household id — newest first, a page at a time.
 */
export async function findPayments(db: Executor, q: string, page: number, pageSize: number) {
  const needle = q.trim();
  const lower = needle.toLowerCase();
  const conditions: SQL[] = [
    sql`lower(${policies.policyNumber}) = ${lower}`,
    sql`lower(${policies.exchangeSubscriberId}) = ${lower}`,
    eq(payments.transactionId, needle),
  ];
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(needle)) {
    conditions.push(eq(policies.householdId, needle), eq(payments.id, needle));
  }
  const where = or(...conditions);
  const [rows, total] = await readTogether(db, [
    () =>
      db
        .select(deskColumns)
        .from(payments)
        .innerJoin(policies, eq(policies.id, payments.policyId))
        .innerJoin(members, eq(members.id, policies.subscriberMemberId))
        .where(where)
        .orderBy(desc(payments.transactionDate), desc(payments.createdAt), desc(payments.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .innerJoin(policies, eq(policies.id, payments.policyId))
        .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One payment as the desk shows it; `lock` holds its row for the transaction (refunds take turns). */
export async function deskPaymentRow(db: Executor, paymentId: string, lock = false) {
  const query = db
    .select(deskColumns)
    .from(payments)
    .innerJoin(policies, eq(policies.id, payments.policyId))
    .innerJoin(members, eq(members.id, policies.subscriberMemberId))
    .where(eq(payments.id, paymentId));
  const [row] = lock ? await query.for('update', { of: payments }) : await query;
  return row;
}

export async function refundsOf(db: Executor, paymentIds: readonly string[]): Promise<PaymentRefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentId, [...paymentIds]))
    .orderBy(asc(paymentRefunds.createdAt));
}

/** Refunded so far per payment (pending and completed refunds), for the payment history. */
export async function refundedCentsOf(
  db: Executor,
  paymentIds: readonly string[],
): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({
      paymentId: paymentRefunds.paymentId,
      cents: sql<number>`sum(${paymentRefunds.amountCents})::int`,
    })
    .from(paymentRefunds)
    .where(
      and(
        inArray(paymentRefunds.paymentId, [...paymentIds]),
        eq(paymentRefunds.kind, 'refund'),
        inArray(paymentRefunds.status, ['Pending', 'Succeeded']),
      ),
    )
    .groupBy(paymentRefunds.paymentId);
  return new Map(rows.map((row) => [row.paymentId, row.cents]));
}

/** Records a refund or void once per processor key: a retry after a crash finds the first one. */
export async function insertRefund(
  db: Executor,
  refund: typeof paymentRefunds.$inferInsert,
): Promise<{ row: PaymentRefundRow; fresh: boolean }> {
  const [inserted] = await db
    .insert(paymentRefunds)
    .values(refund)
    .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
    .returning();
  if (inserted) return { row: inserted, fresh: true };
  const [existing] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.idempotencyKey, refund.idempotencyKey));
  if (!existing) throw new Error('refund neither inserted nor found');
  return { row: existing, fresh: false };
}

export async function refundByProcessorId(
  db: Executor,
  processorRefundId: string,
): Promise<PaymentRefundRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.processorRefundId, processorRefundId));
  return row;
}

export async function markRefundSucceeded(db: Executor, refundId: string): Promise<boolean> {
  const rows = await db
    .update(paymentRefunds)
    .set({ status: 'Succeeded', updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'Pending')))
    .returning({ id: paymentRefunds.id });
  return rows.length > 0;
}

// --- reads for document PDFs ---

/**
 * The policy's succeeded payments made after `after` and up to `through` (transaction dates), oldest first,
 * at most `limit` (what an invoice lists as received since the previous one).
 */
export async function succeededPaymentsBetween(
  db: Executor,
  policyId: string,
  range: { after: string; through: string; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.policyId, policyId),
        eq(payments.transactionStatus, 'Succeeded'),
        lte(payments.transactionDate, range.through),
        gt(payments.transactionDate, range.after),
      ),
    )
    .orderBy(asc(payments.transactionDate))
    .limit(range.limit);
}
