import { readTogether, type Executor } from '../../db/client';
import type { coverageSpans, members, memberSpans, plans, policies } from '../../db/schema';
import { plansByIds } from '../benefits/service';
import { paidThroughDateOf } from '../finance/service';
import { coveredPeopleOnPolicy } from '../member/service';
import { coverageSpansOfPolicy, policyById } from '../policy/service';

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

/** The policy with what the coverage pages need (null: no such policy), each part from its owner. */
export async function loadCoverageBundle(db: Executor, policyId: string): Promise<CoverageBundle | null> {
  const policy = await policyById(db, policyId);
  if (!policy) return null;
  const [spans, memberRows, paidThroughDate] = await readTogether(db, [
    () => coverageSpansWithPlans(db, policyId),
    () => coveredPeopleOnPolicy(db, policyId),
    () => paidThroughDateOf(db, policyId),
  ]);
  return { policy, spans, memberRows, paidThroughDate };
}

/** The policy's spans (oldest first) with their plans: the spans, then their plans in one batch. */
async function coverageSpansWithPlans(db: Executor, policyId: string): Promise<CoverageSpanRow[]> {
  const spans = await coverageSpansOfPolicy(db, policyId);
  const plans = new Map(
    (await plansByIds(db, [...new Set(spans.map((span) => span.planId))])).map((plan) => [plan.id, plan]),
  );
  // coverage_spans.plan_id references plans: every span finds its plan.
  return spans.flatMap((span) => {
    const plan = plans.get(span.planId);
    return plan ? [{ ...span, plan }] : [];
  });
}
