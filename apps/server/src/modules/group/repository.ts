import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { employerGroups } from '../../db/schema';
import { groupPoliciesOfSubscribers } from '../policy/service';

/** Group-market policies of these issuer subscriber ids, with their employer group: one statement, by group name. */
export async function groupPoliciesWithGroups(db: Database, issuerSubscriberIds: readonly string[]) {
  if (issuerSubscriberIds.length === 0) return [];
  const groupPolicies = groupPoliciesOfSubscribers(db, issuerSubscriberIds);
  return db
    .select({
      policyId: groupPolicies.policyId,
      issuerSubscriberId: groupPolicies.issuerSubscriberId,
      group: { id: employerGroups.id, groupNumber: employerGroups.groupNumber, name: employerGroups.name },
    })
    .from(groupPolicies)
    .innerJoin(employerGroups, eq(employerGroups.id, groupPolicies.groupId))
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
