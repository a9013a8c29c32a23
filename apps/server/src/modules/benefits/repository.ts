import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  coverageSpans,
  employerGroups,
  members,
  memberSpans,
  plans,
  policies,
  preferences,
} from '../../db/schema';

export type SpanRow = typeof coverageSpans.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** A covered person on the policy for a period (one member span) with who they are. */
export interface CoveredMember {
  memberId: string;
  folderId: string;
  firstName: string;
  lastName: string;
  relationship: string;
  startDate: string;
  endDate: string | null;
  cancelled: boolean;
}

/** What the benefits page and the ID card read about one policy. */
export interface BenefitsBundle {
  policy: typeof policies.$inferSelect;
  group: { groupNumber: string; name: string } | null;
  /** Every span, oldest first (cancelled ones included: the rules leave them out). */
  spans: SpanRow[];
  plans: Map<string, PlanRow>;
  covered: CoveredMember[];
  language: 'en' | 'es' | 'pt';
}

export async function loadBenefitsBundle(db: Executor, policyId: string): Promise<BenefitsBundle | null> {
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId));
  if (!policy) return null;
  const spans = await db
    .select()
    .from(coverageSpans)
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(asc(coverageSpans.startDate));
  const planIds = [...new Set(spans.map((span) => span.planId))];
  const planRows = planIds.length > 0 ? await db.select().from(plans).where(inArray(plans.id, planIds)) : [];
  const covered = await db
    .select({
      memberId: members.id,
      folderId: members.folderId,
      firstName: members.firstName,
      lastName: members.lastName,
      relationship: memberSpans.relationship,
      startDate: memberSpans.startDate,
      endDate: memberSpans.endDate,
      cancelled: memberSpans.cancelled,
    })
    .from(memberSpans)
    .innerJoin(members, eq(members.id, memberSpans.memberId))
    .where(eq(memberSpans.policyId, policyId))
    .orderBy(asc(memberSpans.startDate));
  const group = policy.groupId
    ? ((
        await db
          .select({ groupNumber: employerGroups.groupNumber, name: employerGroups.name })
          .from(employerGroups)
          .where(eq(employerGroups.id, policy.groupId))
      )[0] ?? null)
    : null;
  const [preference] = policy.householdId
    ? await db
        .select({ language: preferences.language })
        .from(preferences)
        .where(eq(preferences.householdId, policy.householdId))
    : [];
  return {
    policy,
    group,
    spans,
    plans: new Map(planRows.map((plan) => [plan.id, plan])),
    covered,
    language: preference?.language ?? 'en',
  };
}

/** Every plan the issuer holds, by plan id (the public provider directory's InsurancePlans, issue 37). */
export async function allPlans(db: Executor): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.id));
}

// --- reads for payment, scheduled-payment, reinstatement (issue 38) ---

/** The names of these plans, by plan id, in one query (unknown ids are left out). */
export async function planNamesOf(db: Executor, planIds: readonly string[]): Promise<Map<string, string>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ id: plans.id, planName: plans.planName })
    .from(plans)
    .where(inArray(plans.id, [...new Set(planIds)]));
  return new Map(rows.map((row) => [row.id, row.planName]));
}

// --- reads for the enrollment module (the X12 834 import, issue 34) ---

/** The plan with this HIOS plan id. */
export async function planById(db: Executor, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}
