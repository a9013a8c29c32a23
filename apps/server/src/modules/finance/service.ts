import {
  addMonths,
  compareCalendarDates,
  endOfMonth,
  financeSnapshot,
  hraDiscount,
  memberResponsibility,
  monthsBetween,
  type BillingEnrollment,
  type BilledMonth,
  type CalendarDate,
  type FinanceSnapshot,
  type HraDiscount,
  type PaymentDueDayRule,
} from '@portal/domain';
import type { Executor } from '../../db/client';
import { effectuateSpan, ledgerInputs, lockFinance, updateFinance } from './repository';

type Inputs = NonNullable<Awaited<ReturnType<typeof ledgerInputs>>>;

function hraOf(policy: Inputs['policy']): HraDiscount | null {
  if (!policy.hraKind || !policy.hraStartDate) return null;
  return policy.hraKind === 'percentage'
    ? { kind: 'percentage', percent: policy.hraPercent ?? 0, startDate: policy.hraStartDate, endDate: policy.hraEndDate }
    : { kind: 'flat', amount: policy.hraAmountCents ?? 0, startDate: policy.hraStartDate, endDate: policy.hraEndDate };
}

/** The billed months of a policy: every month of its live spans, through the end of next month. */
function billedMonths(inputs: Inputs, today: CalendarDate): { months: BilledMonth[]; spanOfMonth: string[] } {
  const horizon = endOfMonth(addMonths(today, 1));
  const hra = hraOf(inputs.policy);
  const months: BilledMonth[] = [];
  const spanOfMonth: string[] = [];
  for (const span of inputs.spans.filter((candidate) => !candidate.cancelled)) {
    const end = span.endDate && compareCalendarDates(span.endDate, horizon) < 0 ? span.endDate : horizon;
    for (const month of monthsBetween(span.startDate, end)) {
      months.push({
        month,
        amount: memberResponsibility({ premiumAmount: span.premium, taxCreditAmount: span.aptc, otherSubsidyAmount: span.other, hraAmount: hraDiscount(span.premium, hra, month) }),
      });
      spanOfMonth.push(span.id);
    }
  }
  return { months, spanOfMonth };
}

function enrollmentOf(inputs: Inputs, today: CalendarDate): BillingEnrollment {
  const live = inputs.spans.filter((span) => !span.cancelled);
  const first = live[0];
  if (!first) return 'Cancelled';
  const lastEnd = live.at(-1)?.endDate ?? null;
  if (lastEnd !== null && compareCalendarDates(lastEnd, today) < 0) return 'Terminated';
  if (compareCalendarDates(first.startDate, today) > 0) return 'Pending';
  return 'Active';
}

function snapshotOf(inputs: Inputs, today: CalendarDate, dueRule: PaymentDueDayRule, terminatedForNonPayment = false) {
  const { months, spanOfMonth } = billedMonths(inputs, today);
  const live = inputs.spans.filter((span) => !span.cancelled);
  const snapshot = financeSnapshot({
    months,
    payments: inputs.payments,
    today,
    enrollment: enrollmentOf(inputs, today),
    onAptc: live.some((span) => span.aptc > 0),
    firstStart: live[0]?.startDate ?? today,
    dueRule,
    terminatedForNonPayment,
  });
  return { snapshot, live, spanOfMonth };
}

export interface PostedFinance {
  snapshot: FinanceSnapshot;
  /** Spans effectuated by this posting (a binder payment), with the day each coverage starts. */
  effectuated: { spanId: string; startDate: CalendarDate }[];
}

/**
 * Recomputes a policy's finance from its ledger after a payment changed it (posted, settled, returned)
 * — inside the caller's transaction, with the finance row locked so two postings to one policy take
 * turns. Amounts due, past due, paid-through, next due date, status and grace period follow from the
 * ledger (packages/domain ledger.ts); a span whose first month is now paid is effectuated (SPEC §3: a
 * coverage detail is Effectuated when it has an effectuated date — the binder was paid).
 */
export async function postToFinance(tx: Executor, policyId: string, today: CalendarDate, dueRule: PaymentDueDayRule): Promise<PostedFinance | null> {
  const current = await lockFinance(tx, policyId);
  const inputs = await ledgerInputs(tx, policyId);
  if (!current || !inputs) return null;
  const terminatedForNonPayment = current.status === 'Terminated' && current.gracePeriodStartDate !== null;
  const { snapshot, live, spanOfMonth } = snapshotOf(inputs, today, dueRule, terminatedForNonPayment);
  const effectuated: PostedFinance['effectuated'] = [];
  for (const span of live) {
    const firstMonth = spanOfMonth.indexOf(span.id);
    const paidOn = firstMonth >= 0 ? snapshot.state.paidOn[firstMonth] : undefined;
    if (span.effectuatedDate === null && paidOn !== undefined) {
      await effectuateSpan(tx, span.id, paidOn);
      effectuated.push({ spanId: span.id, startDate: span.startDate });
    }
  }
  await updateFinance(tx, policyId, {
    currentAmountDueCents: snapshot.currentAmountDue,
    pastAmountDueCents: snapshot.pastAmountDue,
    unallocatedAmountCents: snapshot.state.unallocated,
    paidThroughDate: snapshot.state.paidThroughDate,
    paymentDueDate: snapshot.paymentDueDate,
    status: snapshot.status,
    delinquent: snapshot.delinquent,
    gracePeriodStartDate: snapshot.gracePeriod?.start ?? null,
    gracePeriodEndDate: snapshot.gracePeriod?.end ?? null,
    // The months the amounts are for, from the same ledger (the overview and documents name them).
    pastDueMonths: [...snapshot.pastDueMonths],
    currentDueMonths: [...snapshot.currentDueMonths],
    updatedAt: new Date(),
  });
  return { snapshot, effectuated };
}

/** What the member owes on a policy right now (for the amount a payment defaults to, and the binder). */
export async function amountsDue(tx: Executor, policyId: string, today: CalendarDate, dueRule: PaymentDueDayRule): Promise<FinanceSnapshot | null> {
  const inputs = await ledgerInputs(tx, policyId);
  return inputs ? snapshotOf(inputs, today, dueRule).snapshot : null;
}
