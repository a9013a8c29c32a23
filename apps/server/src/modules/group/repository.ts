import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
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

// --- reads for benefits ---

/** The employer group's number and name as the benefits page and the ID card print them (undefined: no such group). */
export async function groupNumberAndName(
  db: Executor,
  groupId: string,
): Promise<{ groupNumber: string; name: string } | undefined> {
  const [row] = await db
    .select({ groupNumber: employerGroups.groupNumber, name: employerGroups.name })
    .from(employerGroups)
    .where(eq(employerGroups.id, groupId));
  return row;
}
