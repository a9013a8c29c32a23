import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { plans } from '../../db/schema';
import type { coverageSpans, policies } from '../../db/schema';

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

/** These plans, by id (a policy's spans name theirs). */
export async function plansByIds(db: Executor, planIds: readonly string[]): Promise<PlanRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(plans)
    .where(inArray(plans.id, [...planIds]));
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
/** The plans of one line of coverage in these plan years, cheapest first (the catalogue a plan change chooses from). */
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

// --- writes for demo ---

/** Adds these plans, leaving any the issuer already holds as they are (a demo household made to order). */
export async function addPlansUnlessHeld(tx: Executor, rows: (typeof plans.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(plans).values(rows).onConflictDoNothing();
}
