import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { employerGroups, policies } from '../../db/schema';

/** Group-market policies of these issuer subscriber ids, with their employer group. */
export async function groupPoliciesOfSubscribers(db: Database, issuerSubscriberIds: readonly string[]) {
  if (issuerSubscriberIds.length === 0) return [];
  return db
    .select({
      policyId: policies.id,
      issuerSubscriberId: policies.issuerSubscriberId,
      group: { id: employerGroups.id, groupNumber: employerGroups.groupNumber, name: employerGroups.name },
    })
    .from(policies)
    .innerJoin(employerGroups, eq(employerGroups.id, policies.groupId))
    .where(and(inArray(policies.issuerSubscriberId, [...issuerSubscriberIds]), isNotNull(policies.groupId)))
    .orderBy(employerGroups.name, employerGroups.id);
}
