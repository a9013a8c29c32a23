import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, payments, policies } from '../../db/schema';

/**
 * One page of a policy's payment history, newest first (transaction date, then when it was recorded;
 * the id breaks ties so pages never overlap), with the total for the paginator (SPEC §9 'x - y of z').
 * `payments_policy_date_idx` serves both the order and the count.
 */
export async function paymentPage(db: Database, policyId: string, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .select({ payment: payments, issuerId: policies.issuerSubscriberId, subscriberFolderId: members.folderId })
      .from(payments)
      .innerJoin(policies, eq(policies.id, payments.policyId))
      .innerJoin(members, eq(members.id, policies.subscriberMemberId))
      .where(eq(payments.policyId, policyId))
      .orderBy(desc(payments.transactionDate), desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.policyId, policyId)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
