import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { policies } from '../../db/schema';

export async function policyFacts(db: Executor, policyId: string) {
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      offExchange: policies.offExchange,
      marketCoverage: policies.marketCoverage,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}
