import type { GroupFromSubscribersResponse } from '@portal/contracts';
import { accessiblePolicyIds } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { groupPoliciesWithGroups } from './repository';

/**
 * SPEC §7 `GET v1/Group/FromSubscribers`: the employer groups of these subscribers, through the
 * policies the caller may see only. Subscribers that are unknown, not in a group or not the caller's
 * are simply absent: a list call answers with what it may, like a search.
 */
export async function groupsOfSubscribers(
  db: Database,
  principal: Principal,
  issuerSubscriberIds: readonly string[],
): Promise<GroupFromSubscribersResponse & { policyIds: string[] }> {
  const rows = await groupPoliciesWithGroups(db, issuerSubscriberIds);
  const visible = new Set(
    await accessiblePolicyIds(
      db,
      principal,
      rows.map((row) => row.policyId),
    ),
  );
  const groups = new Map<string, GroupFromSubscribersResponse['items'][number]>();
  for (const row of rows.filter((candidate) => visible.has(candidate.policyId))) {
    const entry = groups.get(row.group.id) ?? { ...row.group, subscriberEntityIds: [] };
    if (!entry.subscriberEntityIds.includes(row.issuerSubscriberId))
      entry.subscriberEntityIds.push(row.issuerSubscriberId);
    groups.set(row.group.id, entry);
  }
  return { items: [...groups.values()], policyIds: [...visible] };
}

// --- reads for benefits ---
export { groupNumberAndName } from './repository';
