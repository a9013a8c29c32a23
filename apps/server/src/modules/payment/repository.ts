import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { readTogether, type Database, type Executor } from '../../db/client';
import { paymentRefunds, payments } from '../../db/schema';
import type { PaymentHistoryQuery } from '@portal/contracts';
import { planNamesOf } from '../benefits/service';
import { financesOf, type FinanceRow } from '../finance/service';
import { memberFolderIdOf, memberNames } from '../member/service';
import { householdLanguage as preferredLanguage } from '../paperless/service';
import {
  coverageSpansOf,
  issuerSubscriberIdOf,
  policyHeads,
  policyIdsMatching,
  subscriberOfPolicy,
} from '../policy/service';

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
        // Fragments of the policy and member modules: still one statement (decision 035).
        issuerId: issuerSubscriberIdOf(db, payments.policyId),
        subscriberFolderId: memberFolderIdOf(db, subscriberOfPolicy(db, payments.policyId)),
      })
      .from(payments)
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

/** What paying a policy needs to know about it: number, subscriber, household, and what it owes. */
export interface PolicyForPayment {
  id: string;
  householdId: string | null;
  policyNumber: string;
  subscriberFolderId: string;
  subscriberFirstName: string;
  subscriberLastName: string;
  /** The finance the billing keeps (null: the policy has none). */
  financeStatus: FinanceRow['status'] | null;
  currentAmountDueCents: number | null;
  pastAmountDueCents: number | null;
}
/**
 * {@link PolicyForPayment} of each of these policies, by id (unknown ids are left out): the policies
 * from their owner, then their subscribers and (with `finance`) their finances together — a command's
 * or a job page's reads, batched, not the hot read paths'.
 */
async function payerFacts(
  db: Executor,
  policyIds: readonly string[],
  finance: boolean,
): Promise<Map<string, PolicyForPayment>> {
  const heads = await policyHeads(db, policyIds);
  if (heads.size === 0) return new Map();
  const [names, financeRows] = await readTogether(db, [
    () =>
      memberNames(
        db,
        [...heads.values()].map((head) => head.subscriberMemberId),
      ),
    () => (finance ? financesOf(db, [...heads.keys()]) : Promise.resolve(new Map<never, never>())),
  ]);
  const facts = new Map<string, PolicyForPayment>();
  for (const head of heads.values()) {
    const subscriber = names.get(head.subscriberMemberId);
    if (!subscriber) continue;
    const row = financeRows.get(head.id);
    facts.set(head.id, {
      id: head.id,
      householdId: head.householdId,
      policyNumber: head.policyNumber,
      subscriberFolderId: subscriber.folderId,
      subscriberFirstName: subscriber.firstName,
      subscriberLastName: subscriber.lastName,
      financeStatus: row?.status ?? null,
      currentAmountDueCents: row?.currentAmountDueCents ?? null,
      pastAmountDueCents: row?.pastAmountDueCents ?? null,
    });
  }
  return facts;
}

/** What paying a policy needs to know about it: number, subscriber, household, finance (undefined: no such policy). */
export async function policyForPayment(
  db: Executor,
  policyId: string,
): Promise<PolicyForPayment | undefined> {
  return (await payerFacts(db, [policyId], true)).get(policyId);
}

/** {@link policyForPayment} of many policies (a billing day's page), by policy id. */
export async function policiesForPayment(
  db: Executor,
  policyIds: readonly string[],
): Promise<Map<string, PolicyForPayment>> {
  return payerFacts(db, policyIds, true);
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
  const payment = await paymentById(db, paymentId);
  if (!payment) return undefined;
  const [facts, allSpans] = await readTogether(db, [
    () => payerFacts(db, [payment.policyId], false),
    () => coverageSpansOf(db, payment.policyId),
  ]);
  const policy = facts.get(payment.policyId);
  if (!policy) return undefined;
  const live = allSpans.filter((span) => !span.cancelled);
  const planNames = await planNamesOf(
    db,
    live.map((span) => span.planId),
  );
  return {
    payment,
    policyNumber: policy.policyNumber,
    householdId: policy.householdId,
    subscriberFirstName: policy.subscriberFirstName,
    subscriberLastName: policy.subscriberLastName,
    spans: live.flatMap((span) => {
      const planName = planNames.get(span.planId);
      return planName === undefined ? [] : [{ startDate: span.startDate, planName }];
    }),
  };
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
  const head = (await policyHeads(db, [policyId])).get(policyId);
  return { householdId: head?.householdId ?? null, policyNumber: head?.policyNumber ?? '' };
}

/** The household's preferred language (a printed receipt's language unless the reader asks for another). */
export async function householdLanguage(
  db: Executor,
  householdId: string | null,
): Promise<'en' | 'es' | 'pt'> {
  if (!householdId) return 'en';
  return (await preferredLanguage(db, householdId)) ?? 'en';
}

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** A payment as the desk shows it: with its policy's number and household and the subscriber's name. */
async function withPolicyFacts(db: Executor, rows: readonly PaymentRow[]) {
  const facts = await payerFacts(
    db,
    rows.map((payment) => payment.policyId),
    false,
  );
  return rows.flatMap((payment) => {
    const policy = facts.get(payment.policyId);
    return policy
      ? [
          {
            payment,
            householdId: policy.householdId,
            policyNumber: policy.policyNumber,
            subscriberFirstName: policy.subscriberFirstName,
            subscriberLastName: policy.subscriberLastName,
          },
        ]
      : [];
  });
}

/**
 * Issue 13 payments desk: payments found by policy number or exchange subscriber id (case-insensitive,
 * exact), the processor's transaction id, or a household id — newest first, a page at a time.
 */
export async function findPayments(db: Executor, q: string, page: number, pageSize: number) {
  const needle = q.trim();
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(needle);
  const where = or(
    inArray(payments.policyId, policyIdsMatching(db, needle, isId ? needle : null)),
    eq(payments.transactionId, needle),
    isId ? eq(payments.id, needle) : undefined,
  );
  const [rows, total] = await readTogether(db, [
    () =>
      db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.transactionDate), desc(payments.createdAt), desc(payments.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(where),
  ]);
  return { rows: await withPolicyFacts(db, rows), total: total[0]?.n ?? 0 };
}

/** One payment as the desk shows it; `lock` holds its row for the transaction (refunds take turns). */
export async function deskPaymentRow(db: Executor, paymentId: string, lock = false) {
  const query = db.select().from(payments).where(eq(payments.id, paymentId));
  const found = lock ? await query.for('update') : await query;
  const [row] = await withPolicyFacts(db, found);
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

// --- reads for the enrollment module (the effectuation 834, issue 34) ---

/** The date this payment pays through (undefined: no such payment). */
export async function paidThroughOf(db: Executor, paymentId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ paidThrough: payments.paidThroughDate })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row === undefined ? undefined : row.paidThrough;
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
