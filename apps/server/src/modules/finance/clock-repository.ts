import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { readTogether, type Executor } from '../../db/client';
import { keptAmount } from './repository';
import { finances, payments, reinstatementEligibility } from '../../db/schema';
import { planNamesOf } from '../benefits/service';
import { cancelPolicyMemberSpans, endPolicyMemberSpans } from '../member/service';
import {
  cancelCoverageSpans,
  coverageSpansOfPolicies,
  effectuateCoverageSpan,
  endCoverageSpans,
  policyIdsOfHousehold,
  policyTermsOf,
  setEnrollmentStatus as setPolicyEnrollmentStatus,
} from '../policy/service';

/**
 * The billing clock's SQL (modules/finance/billing-clock.ts): a page of policies claimed with their
 * finance rows locked, everything their ledgers need in one query per table, and the day's writes in
 * a few statements per page, whatever the number of policies.
 */

export type FinanceRow = typeof finances.$inferSelect;
export type ReinstatementRow = typeof reinstatementEligibility.$inferSelect;
export type ReinstatementInsert = typeof reinstatementEligibility.$inferInsert;

/**
 * Claims up to `limit` policies the clock has not run for on `day` (its finance row locked until the
 * transaction ends; rows another instance or a payment holds are skipped, the next run finds them).
 */
export async function claimClockPage(
  tx: Executor,
  day: string,
  limit: number,
  options: { householdId?: string | undefined; skip: readonly string[] },
): Promise<FinanceRow[]> {
  const conditions: SQL[] = [sql`(${finances.clockDate} is null or ${finances.clockDate} < ${day})`];
  if (options.householdId !== undefined)
    conditions.push(inArray(finances.policyId, policyIdsOfHousehold(tx, options.householdId)));
  if (options.skip.length > 0)
    conditions.push(sql`${finances.policyId} <> all(${sql.param(options.skip)}::uuid[])`);
  const rows = await tx
    .select({ finance: finances })
    .from(finances)
    .where(and(...conditions))
    .orderBy(asc(finances.policyId))
    .limit(limit)
    .for('update', { of: finances, skipLocked: true });
  return rows.map((row) => row.finance);
}

/** The policies, spans (with plan names), succeeded payments and reinstatement rows of a page. */
export async function clockInputs(tx: Executor, policyIds: readonly string[]) {
  const ids = [...policyIds];
  const [policyRows, spans, paymentRows, reinstatementRows] = await readTogether(tx, [
    () => policyTermsOf(tx, ids),
    () => coverageSpansOfPolicies(tx, ids),
    // What the issuer kept of each payment (refunds given back are due again), as posting counts it.
    () =>
      tx
        .select({ policyId: payments.policyId, date: payments.transactionDate, amount: keptAmount })
        .from(payments)
        .where(
          and(
            inArray(payments.policyId, ids),
            eq(payments.transactionStatus, 'Succeeded'),
            sql`${keptAmount} > 0`,
          ),
        ),
    () => tx.select().from(reinstatementEligibility).where(inArray(reinstatementEligibility.policyId, ids)),
  ]);
  // The plan names of the page's spans, from their owner: one more query per page, not per policy.
  const planNames = await planNamesOf(
    tx,
    spans.map((span) => span.planId),
  );
  const spanRows = spans.flatMap(({ planId, ...span }) => {
    const planName = planNames.get(planId);
    return planName === undefined ? [] : [{ ...span, planName }];
  });
  return { policyRows, spanRows, paymentRows, reinstatementRows };
}

export type ClockInputs = Awaited<ReturnType<typeof clockInputs>>;
export type ClockPolicyRow = ClockInputs['policyRows'][number];
export type ClockSpanRow = ClockInputs['spanRows'][number];

/** The finance figures the clock writes for one policy (every column it recomputes). */
export interface FinanceFigures {
  policyId: string;
  premiumAmountDueCents: number;
  currentAmountDueCents: number;
  pastAmountDueCents: number;
  subsidizedAmountCents: number;
  hraAmountCents: number;
  unallocatedAmountCents: number;
  paymentDueDate: string | null;
  paidThroughDate: string | null;
  status: FinanceRow['status'];
  delinquent: boolean;
  gracePeriodStartDate: string | null;
  gracePeriodEndDate: string | null;
  pastDueMonths: string[];
  currentDueMonths: string[];
  announcedStatus: FinanceRow['status'];
}

/** Writes every policy's figures and the clock's date in one statement. */
export async function writeFinances(
  tx: Executor,
  day: string,
  rows: readonly FinanceFigures[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${finances} set
      premium_amount_due_cents = x.premium, current_amount_due_cents = x.current, past_amount_due_cents = x.past,
      subsidized_amount_cents = x.subsidized, hra_amount_cents = x.hra, unallocated_amount_cents = x.unallocated,
      payment_due_date = x.due, paid_through_date = x.paid_through, status = x.status, delinquent = x.delinquent,
      grace_period_start_date = x.grace_start, grace_period_end_date = x.grace_end,
      past_due_months = x.past_months, current_due_months = x.current_months,
      announced_status = x.announced, clock_date = ${day}, updated_at = now()
    from json_to_recordset(${JSON.stringify(
      rows.map((row) => ({
        policy_id: row.policyId,
        premium: row.premiumAmountDueCents,
        current: row.currentAmountDueCents,
        past: row.pastAmountDueCents,
        subsidized: row.subsidizedAmountCents,
        hra: row.hraAmountCents,
        unallocated: row.unallocatedAmountCents,
        due: row.paymentDueDate,
        paid_through: row.paidThroughDate,
        status: row.status,
        delinquent: row.delinquent,
        grace_start: row.gracePeriodStartDate,
        grace_end: row.gracePeriodEndDate,
        past_months: row.pastDueMonths,
        current_months: row.currentDueMonths,
        announced: row.announcedStatus,
      })),
    )}::json) as x(policy_id uuid, premium integer, current integer, past integer, subsidized integer, hra integer,
      unallocated integer, due date, paid_through date, status text, delinquent boolean, grace_start date, grace_end date,
      past_months text[], current_months text[], announced text)
    where ${finances.policyId} = x.policy_id`);
}

/**
 * Ends a policy's coverage on `endDate` (a termination): spans (and members' spans) that run past it end
 * then, those that would start after it are cancelled. The policy and member modules write their rows,
 * in the order the clock always took them (spans, members' spans, then the policy).
 */
export async function endCoverage(tx: Executor, policyId: string, endDate: string): Promise<void> {
  await endCoverageSpans(tx, policyId, endDate);
  await endPolicyMemberSpans(tx, policyId, endDate);
  await setPolicyEnrollmentStatus(tx, policyId, 'Terminated');
}

/** Cancels every live span of a policy (and its members'): the coverage never took effect. */
export async function cancelCoverage(tx: Executor, policyId: string): Promise<void> {
  await cancelCoverageSpans(tx, policyId);
  await cancelPolicyMemberSpans(tx, policyId);
  await setPolicyEnrollmentStatus(tx, policyId, 'Cancelled');
}

/** A policy's enrolment status follows the clock (a pending coverage that began, Active). */
export async function setEnrollmentStatus(
  tx: Executor,
  policyId: string,
  status: ClockPolicyRow['enrollmentStatus'],
): Promise<void> {
  await setPolicyEnrollmentStatus(tx, policyId, status);
}

export async function effectuateSpans(
  tx: Executor,
  spans: readonly { spanId: string; date: string }[],
): Promise<void> {
  for (const span of spans) await effectuateCoverageSpan(tx, span.spanId, span.date);
}

/** SPEC §3 Reinstatement eligibility: written when coverage ends for non-payment, kept current until it expires. */
export async function upsertReinstatement(tx: Executor, row: ReinstatementInsert): Promise<void> {
  await tx
    .insert(reinstatementEligibility)
    .values(row)
    .onConflictDoUpdate({
      target: reinstatementEligibility.policyId,
      set: {
        reinstatementStatus: row.reinstatementStatus,
        expirationDate: row.expirationDate ?? null,
        amountDueCents: row.amountDueCents ?? 0,
        months: row.months ?? [],
      },
    });
}
