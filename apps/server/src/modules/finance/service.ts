import {
  allocatePayments,
  financeSnapshot,
  monthStart,
  paymentDueDate,
  reinstatementDue,
  type CalendarDate,
  type FinanceSnapshot,
  type PaymentDueDayRule,
  type ReinstatementDue,
} from '@portal/domain';
import type { Executor } from '../../db/client';
import { billedMonths, enrollmentOf, liveSpans } from './policy-ledger';

// The policy's HRA terms, said by modules/policy (its record): re-exported for the modules that read them with the ledger.
export { hraOf } from '../policy/service';
import { effectuateSpan, ledgerInputs, lockFinance, updateFinance } from './repository';

type Inputs = NonNullable<Awaited<ReturnType<typeof ledgerInputs>>>;

function snapshotOf(
  inputs: Inputs,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
  terminatedForNonPayment = false,
) {
  const ledger = billedMonths(inputs.policy, inputs.spans, today);
  const live = liveSpans(inputs.spans);
  const snapshot = financeSnapshot({
    months: ledger.months,
    payments: inputs.payments,
    today,
    enrollment: enrollmentOf(inputs.spans, ledger, inputs.payments, today),
    onAptc: live.some((span) => span.aptc > 0),
    firstStart: live[0]?.startDate ?? today,
    dueRule,
    terminatedForNonPayment,
  });
  return { snapshot, live, spanOfMonth: ledger.spanOfMonth.map((span) => span.id) };
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
export async function postToFinance(
  tx: Executor,
  policyId: string,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
  options: { reinstated?: boolean } = {},
): Promise<PostedFinance | null> {
  const current = await lockFinance(tx, policyId);
  const inputs = await ledgerInputs(tx, policyId);
  if (!current || !inputs) return null;
  // A policy just reinstated (issue 11) is computed as the coverage it now is, not as the termination it was.
  const terminatedForNonPayment =
    !options.reinstated && current.status === 'Terminated' && current.gracePeriodStartDate !== null;
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
    // The reinstatement's own notice tells the member where the policy now stands: nothing else to announce.
    ...(options.reinstated ? { announcedStatus: snapshot.status } : {}),
    updatedAt: new Date(),
  });
  return { snapshot, effectuated };
}

/**
 * SPEC §3 Reinstatement eligibility `amountDue` as of `today`, from the same ledger as every amount due:
 * the months owed as if the ended coverage had gone on, less money on account (the billing clock keeps
 * the stored amount current once a day; a payment made since is counted here at once).
 */
export async function reinstatementDueNow(
  db: Executor,
  policyId: string,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
): Promise<ReinstatementDue | null> {
  const inputs = await ledgerInputs(db, policyId);
  if (!inputs) return null;
  const continued = billedMonths(inputs.policy, inputs.spans, today, { carryOn: true }).months;
  const dueDateOf = (month: CalendarDate) => paymentDueDate(monthStart(month), dueRule);
  return reinstatementDue(continued, allocatePayments(continued, inputs.payments, today), today, dueDateOf);
}

/** What the member owes on a policy right now (for the amount a payment defaults to, and the binder). */
export async function amountsDue(
  tx: Executor,
  policyId: string,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
): Promise<FinanceSnapshot | null> {
  const inputs = await ledgerInputs(tx, policyId);
  return inputs ? snapshotOf(inputs, today, dueRule).snapshot : null;
}

// --- reads for autopay, payment, reinstatement (issue 38) ---
// What a policy owes, as the billing keeps it: the finance rows of policies (payments, autopay's amounts, reinstatement's dates).
export { financeOf, financesOf, type FinanceRow } from './repository';

// --- writes for the enrollment module (the X12 834 import, issue 34) ---
export { insertFinance } from './repository';

/** An ended (terminated or cancelled) policy's finance: it bills no more (an 834 termination). */
export async function markFinanceTerminated(tx: Executor, policyId: string): Promise<void> {
  await updateFinance(tx, policyId, { status: 'Terminated' });
}
// --- reads for policy-coverage, saml ---
export { financeStatusesOf, paidThroughDateOf, type FinanceStatus } from './repository';
