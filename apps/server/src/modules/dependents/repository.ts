import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coverageSpans, policies } from '../../db/schema';

/** What the dependent commands need of a policy: where changes to it go, and its coverage periods. */
export async function policyForDependents(db: Executor, policyId: string) {
  const [policy] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      policyNumber: policies.policyNumber,
      subscriberMemberId: policies.subscriberMemberId,
      offExchange: policies.offExchange,
      marketCoverage: policies.marketCoverage,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (!policy) return undefined;
  const spans = await db
    .select({
      startDate: coverageSpans.startDate,
      endDate: coverageSpans.endDate,
      cancelled: coverageSpans.cancelled,
    })
    .from(coverageSpans)
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(asc(coverageSpans.startDate));
  return { ...policy, spans };
}
export type DependentsPolicy = NonNullable<Awaited<ReturnType<typeof policyForDependents>>>;
