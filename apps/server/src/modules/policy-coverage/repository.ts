import { and, asc, eq, inArray } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { coverageSpans, finances, members, memberSpans, plans, policies } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type CoveragePolicyRow = typeof policies.$inferSelect;
export type CoverageSpanRow = typeof coverageSpans.$inferSelect & { plan: PlanRow };
export interface MemberSpanRow {
  span: typeof memberSpans.$inferSelect;
  member: Pick<typeof members.$inferSelect, 'id' | 'firstName' | 'lastName' | 'dob'>;
}

/** A policy with what the coverage pages need: its spans with their plans, its members' spans, its paid-through date. */
export interface CoverageBundle {
  policy: CoveragePolicyRow;
  spans: CoverageSpanRow[];
  memberRows: MemberSpanRow[];
  paidThroughDate: string | null;
}

export async function loadCoverageBundle(db: Executor, policyId: string): Promise<CoverageBundle | null> {
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId));
  if (!policy) return null;
  const [spanRows, memberRows, financeRows] = await readTogether(db, [
    () =>
      db
        .select({ span: coverageSpans, plan: plans })
        .from(coverageSpans)
        .innerJoin(plans, eq(plans.id, coverageSpans.planId))
        .where(eq(coverageSpans.policyId, policyId))
        .orderBy(asc(coverageSpans.startDate), asc(coverageSpans.id)),
    () =>
      db
        .select({
          span: memberSpans,
          member: {
            id: members.id,
            firstName: members.firstName,
            lastName: members.lastName,
            dob: members.dob,
          },
        })
        .from(memberSpans)
        .innerJoin(members, eq(members.id, memberSpans.memberId))
        .where(eq(memberSpans.policyId, policyId))
        .orderBy(asc(memberSpans.startDate), asc(members.dob), asc(memberSpans.id)),
    () =>
      db
        .select({ paidThroughDate: finances.paidThroughDate })
        .from(finances)
        .where(eq(finances.policyId, policyId)),
  ]);
  return {
    policy,
    spans: spanRows.map(({ span, plan }) => ({ ...span, plan })),
    memberRows,
    paidThroughDate: financeRows[0]?.paidThroughDate ?? null,
  };
}

/** The plans of one line of coverage in these plan years (the catalogue a plan change chooses from). */
export async function cataloguePlans(
  db: Executor,
  lineOfCoverage: PlanRow['lineOfCoverage'],
  years: number[],
): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.lineOfCoverage, lineOfCoverage), inArray(plans.planYear, years)))
    .orderBy(asc(plans.monthlyPremiumCents), asc(plans.id));
}

export async function planById(db: Executor, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}
