import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  addresses,
  autopaySubscriptions,
  brokers,
  contactInformation,
  coverageSpans,
  employerGroups,
  finances,
  households,
  members,
  memberSpans,
  plans,
  policies,
  preferences,
  reinstatementEligibility,
  scheduledPayments,
} from '../../db/schema';

export type PolicyRow = typeof policies.$inferSelect;
export type SpanRow = typeof coverageSpans.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type FinanceRow = typeof finances.$inferSelect;
export type ReinstatementRow = typeof reinstatementEligibility.$inferSelect;

/** A policy with what its summary needs, loaded for many policies in a few queries (no N+1). */
export interface PolicyBundle {
  policy: PolicyRow;
  holder: { firstName: string; lastName: string };
  spans: SpanRow[];
  plans: Map<string, PlanRow>;
  finance: FinanceRow | null;
  reinstatement: ReinstatementRow | null;
  activeAutopays: number;
  paperless: { paperless: boolean; paperlessEmail: string | null } | null;
}

export async function loadPolicyBundles(db: Database, policyIds: string[]): Promise<PolicyBundle[]> {
  if (policyIds.length === 0) return [];
  const [policyRows, spanRows, financeRows, reinstatementRows, autopayRows] = await Promise.all([
    db
      .select({ policy: policies, firstName: members.firstName, lastName: members.lastName, paperless: preferences.paperless, paperlessEmail: preferences.paperlessEmail })
      .from(policies)
      .innerJoin(members, eq(members.id, policies.subscriberMemberId))
      .leftJoin(preferences, eq(preferences.householdId, policies.householdId))
      .where(inArray(policies.id, policyIds)),
    db.select().from(coverageSpans).where(inArray(coverageSpans.policyId, policyIds)).orderBy(coverageSpans.startDate),
    db.select().from(finances).where(inArray(finances.policyId, policyIds)),
    db.select().from(reinstatementEligibility).where(inArray(reinstatementEligibility.policyId, policyIds)),
    db
      .select({ policyId: autopaySubscriptions.policyId, n: sql<number>`count(*)::int` })
      .from(autopaySubscriptions)
      .where(and(inArray(autopaySubscriptions.policyId, policyIds), eq(autopaySubscriptions.state, 'Active')))
      .groupBy(autopaySubscriptions.policyId),
  ]);
  const planIds = [...new Set(spanRows.map((span) => span.planId))];
  const planRows = planIds.length > 0 ? await db.select().from(plans).where(inArray(plans.id, planIds)) : [];
  const planMap = new Map(planRows.map((plan) => [plan.id, plan]));
  const order = new Map(policyIds.map((id, index) => [id, index]));
  return policyRows
    .map((row) => ({
      policy: row.policy,
      holder: { firstName: row.firstName, lastName: row.lastName },
      spans: spanRows.filter((span) => span.policyId === row.policy.id),
      plans: planMap,
      finance: financeRows.find((f) => f.policyId === row.policy.id) ?? null,
      reinstatement: reinstatementRows.find((r) => r.policyId === row.policy.id) ?? null,
      activeAutopays: autopayRows.find((a) => a.policyId === row.policy.id)?.n ?? 0,
      paperless: row.paperless === null ? null : { paperless: row.paperless, paperlessEmail: row.paperlessEmail },
    }))
    .sort((x, y) => (order.get(x.policy.id) ?? 0) - (order.get(y.policy.id) ?? 0));
}

/**
 * Ids of the policies a member may see: their household's, and any they hold or are covered by. Three
 * indexed look-ups joined by UNION (an OR across them would scan every policy).
 */
export async function memberPolicyIds(db: Database, memberId: string | null, householdId: string | null): Promise<string[]> {
  const parts = [
    ...(householdId ? [sql`select ${policies.id} as id, ${policies.createdAt} as created from ${policies} where ${policies.householdId} = ${householdId}`] : []),
    ...(memberId
      ? [
          sql`select ${policies.id} as id, ${policies.createdAt} as created from ${policies} where ${policies.subscriberMemberId} = ${memberId}`,
          sql`select ${policies.id} as id, ${policies.createdAt} as created from ${policies} join ${memberSpans} on ${memberSpans.policyId} = ${policies.id} where ${memberSpans.memberId} = ${memberId}`,
        ]
      : []),
  ];
  if (parts.length === 0) return [];
  const result: unknown = await db.execute(sql`select id from (${sql.join(parts, sql` union `)}) visible order by created, id`);
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}

export async function brokerPolicyIds(db: Database, brokerId: string): Promise<string[]> {
  const rows = await db.select({ id: policies.id }).from(policies).where(eq(policies.brokerId, brokerId)).orderBy(policies.createdAt);
  return rows.map((row) => row.id);
}

/** Policies of the household(s) of a subscriber found by exchange subscriber id (member search). */
export async function policyIdsForSubscriberSearch(db: Database, exchangeSubscriberId: string): Promise<string[]> {
  const found = await db
    .select({ householdId: policies.householdId, subscriberMemberId: policies.subscriberMemberId })
    .from(policies)
    .where(sql`upper(${policies.exchangeSubscriberId}) = upper(${exchangeSubscriberId})`);
  const householdIds = [...new Set(found.map((f) => f.householdId).filter((id): id is string => id !== null))];
  const subscriberIds = [...new Set(found.filter((f) => f.householdId === null).map((f) => f.subscriberMemberId))];
  if (householdIds.length === 0 && subscriberIds.length === 0) return [];
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      or(
        ...(householdIds.length > 0 ? [inArray(policies.householdId, householdIds)] : []),
        ...(subscriberIds.length > 0 ? [and(isNull(policies.householdId), inArray(policies.subscriberMemberId, subscriberIds))] : []),
      ),
    )
    .orderBy(policies.createdAt);
  return rows.map((row) => row.id);
}

export async function loadHouseholds(db: Database, householdIds: string[]) {
  if (householdIds.length === 0) return [];
  return db.select({ id: households.id, exchangeId: households.exchangeId }).from(households).where(inArray(households.id, householdIds));
}

/** What the policy page adds to the summary: members, broker, group, addresses, contact, schedule count. */
export async function loadPolicyExtras(db: Database, policy: PolicyRow) {
  const addressIds = [policy.residentialAddressId, policy.mailingAddressId].filter((id): id is string => id !== null);
  const [memberRows, broker, group, addressRows, contact, scheduled] = await Promise.all([
    db
      .select({ member: members, span: memberSpans })
      .from(memberSpans)
      .innerJoin(members, eq(members.id, memberSpans.memberId))
      .where(eq(memberSpans.policyId, policy.id))
      .orderBy(memberSpans.startDate),
    policy.brokerId ? db.select().from(brokers).where(eq(brokers.id, policy.brokerId)) : Promise.resolve([]),
    policy.groupId ? db.select().from(employerGroups).where(eq(employerGroups.id, policy.groupId)) : Promise.resolve([]),
    addressIds.length > 0 ? db.select().from(addresses).where(inArray(addresses.id, addressIds)) : Promise.resolve([]),
    policy.householdId ? db.select().from(contactInformation).where(eq(contactInformation.householdId, policy.householdId)) : Promise.resolve([]),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.policyId, policy.id), eq(scheduledPayments.status, 'Scheduled'))),
  ]);
  return {
    memberRows,
    broker: broker[0] ?? null,
    group: group[0] ?? null,
    residential: addressRows.find((a) => a.id === policy.residentialAddressId) ?? null,
    mailing: addressRows.find((a) => a.id === policy.mailingAddressId) ?? null,
    contact: contact[0] ?? null,
    scheduledCount: scheduled[0]?.n ?? 0,
  };
}
