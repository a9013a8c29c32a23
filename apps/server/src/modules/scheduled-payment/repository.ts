import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coverageSpans, plans, scheduledPayments } from '../../db/schema';

/** A policy's scheduled payments: still-Scheduled ones first, each group by payment date (SPEC §3). */
export async function scheduledPaymentsOf(db: Database, policyId: string) {
  return db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.policyId, policyId))
    .orderBy(desc(sql`${scheduledPayments.status} = 'Scheduled'`), asc(scheduledPayments.paymentDate), asc(scheduledPayments.createdAt), asc(scheduledPayments.id));
}

/** The policy's spans with their plan names, for the SPEC §4 span choice. */
export async function spansWithPlanNames(db: Database, policyId: string) {
  return db
    .select({ startDate: coverageSpans.startDate, endDate: coverageSpans.endDate, cancelled: coverageSpans.cancelled, planName: plans.planName })
    .from(coverageSpans)
    .innerJoin(plans, eq(plans.id, coverageSpans.planId))
    .where(eq(coverageSpans.policyId, policyId))
    .orderBy(coverageSpans.startDate);
}
