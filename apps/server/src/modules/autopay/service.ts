import {
  autopayRunOf,
  canAddAutopay,
  cardExpiryStatus,
  compareCalendarDates,
  invoiceDateOf,
  nextAutopayRun,
  type CalendarDate,
  type PaymentDueDayRule,
} from '@portal/domain';
import type { AccountConfig, AutopayLastRun, AutopayList, AutopayNextRun } from '@portal/contracts';
import { readTogether, type Database, type Executor, type Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { cardExpiries, walletItemRef, walletItemsByToken } from '../wallet/service';
import {
  activeSubscriptionsPayingWith,
  lockPolicyAutopay,
  policyFinance,
  runsOfPolicy,
  subscriptionsOf,
  type PolicyFinance,
  type RunRow,
  skipOpenRuns,
  type SubscriptionRow,
  updateSubscription,
} from './repository';

export { activeSubscriptionsPayingWith };

/** Runs the member has not seen the end of yet: announced, being charged, or waiting for a retry. */
const OPEN: readonly RunRow['status'][] = ['Upcoming', 'Processing', 'RetryScheduled'];

/** The subscriptions this one replaced, directly or through others (SPEC §4 replace). */
function predecessorsOf(subscription: SubscriptionRow, all: readonly SubscriptionRow[]): Set<string> {
  const found = new Set<string>();
  let frontier = [subscription.id];
  while (frontier.length > 0) {
    const next = all.filter(
      (candidate) =>
        candidate.replacedBy !== null && frontier.includes(candidate.replacedBy) && !found.has(candidate.id),
    );
    for (const candidate of next) found.add(candidate.id);
    frontier = next.map((candidate) => candidate.id);
  }
  return found;
}

/**
 * What autopay would charge for `period` as far as is known today: a fixed amount always; the amount due
 * (current and past due) once the month has been invoiced, else null.
 */
export function expectedAmount(
  subscription: Pick<SubscriptionRow, 'amountType' | 'amountCents'>,
  finance: PolicyFinance | undefined,
  period: CalendarDate,
  today: CalendarDate,
): number | null {
  if (subscription.amountType === 'Fixed') return subscription.amountCents;
  if (
    !finance ||
    finance.currentAmountDueCents === null ||
    compareCalendarDates(invoiceDateOf(period), today) >= 0
  )
    return null;
  return finance.currentAmountDueCents + (finance.pastAmountDueCents ?? 0);
}

/** A card's last day is before `date` (bank accounts do not expire). */
export function cardExpiresBefore(
  expiry: { month: number; year: number } | undefined,
  date: CalendarDate,
): boolean {
  return expiry !== undefined && cardExpiryStatus(expiry.month, expiry.year, date, 0) === 'expired';
}

export interface NextRunContext {
  today: CalendarDate;
  dueRule: PaymentDueDayRule;
  /** The policy's subscriptions and their runs. */
  subscriptions: readonly SubscriptionRow[];
  runs: readonly RunRow[];
  finance: PolicyFinance | undefined;
  expiries: Map<string, { month: number; year: number }>;
}

/**
 * SPEC §4 Autopay, the next charge of an active subscription as the daily step will make it: a run
 * already open (announced, being charged, waiting for its retry), else the next billed month neither it
 * nor a subscription it replaced has run yet (packages/domain nextAutopayRun).
 */
export function nextRunOf(subscription: SubscriptionRow, context: NextRunContext): AutopayNextRun | null {
  if (subscription.state !== 'Active') return null;
  const own = context.runs.filter((run) => run.subscriptionId === subscription.id);
  const open = own
    .filter((run) => OPEN.includes(run.status))
    .sort((a, b) => compareCalendarDates(a.period, b.period))[0];
  const expiry =
    subscription.paymentMethod === 'Card' ? context.expiries.get(subscription.paymentToken) : undefined;
  if (open) {
    const planned =
      open.status === 'RetryScheduled' && open.nextAttemptDate ? open.nextAttemptDate : open.runDate;
    const runDate = compareCalendarDates(planned, context.today) < 0 ? context.today : planned;
    return {
      period: open.period,
      dueDate: autopayRunOf(open.period, context.dueRule, 0).dueDate,
      runDate,
      amountCents:
        open.amountCents ?? expectedAmount(subscription, context.finance, open.period, context.today),
      status:
        open.status === 'Upcoming' || open.status === 'Processing' || open.status === 'RetryScheduled'
          ? open.status
          : 'Upcoming',
      skipped: subscription.skipPeriod === open.period,
      cardExpiresBefore: cardExpiresBefore(expiry, runDate),
    };
  }
  const predecessors = predecessorsOf(subscription, context.subscriptions);
  const done = new Set(
    context.runs
      .filter((run) => run.subscriptionId === subscription.id || predecessors.has(run.subscriptionId))
      .map((run) => run.period),
  );
  const run = nextAutopayRun(context.today, {
    rule: context.dueRule,
    daysBeforeDue: subscription.daysBeforeDue,
    startDate: subscription.startDate,
    done: (period) => done.has(period),
  });
  return {
    ...run,
    amountCents: expectedAmount(subscription, context.finance, run.period, context.today),
    status: 'Scheduled',
    skipped: subscription.skipPeriod === run.period,
    cardExpiresBefore: cardExpiresBefore(expiry, run.runDate),
  };
}

/** The most recent run that did something (announcements are not outcomes). */
function lastRunOf(subscription: SubscriptionRow, runs: readonly RunRow[]): AutopayLastRun | null {
  const run = runs.find(
    (candidate) => candidate.subscriptionId === subscription.id && candidate.status !== 'Upcoming',
  );
  if (!run) return null;
  return {
    period: run.period,
    runDate: run.runDate,
    status: run.status,
    amountCents: run.amountCents,
    reason: run.reason,
    attempt: run.attempt,
    nextAttemptDate: run.nextAttemptDate,
    paymentId: run.paymentId,
  };
}

/** Everything the next-run and the list need of a policy, read once. */
export async function autopayContext(
  db: Executor,
  policyId: string,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
): Promise<NextRunContext> {
  const [subscriptions, runs, finance] = await readTogether(db, [
    () => subscriptionsOf(db, policyId),
    () => runsOfPolicy(db, policyId),
    () => policyFinance(db, policyId),
  ]);
  const expiries = await cardExpiries(
    db,
    subscriptions.filter((row) => row.paymentMethod === 'Card').map((row) => row.paymentToken),
  );
  return { today, dueRule, subscriptions, runs, finance, expiries };
}

/**
 * SPEC §3 Subscription list of a policy and whether one more may be created (SPEC §9 maxAutopayAllowed,
 * decided by the domain's canAddAutopay). The payment token is replaced by the wallet item it pays from;
 * each active subscription says when it charges next, and each what its last run did.
 */
export async function autopayList(
  db: Database,
  policy: { id: string; householdId: string | null },
  account: AccountConfig,
  today: CalendarDate,
  dueRule: PaymentDueDayRule,
): Promise<AutopayList> {
  const context = await autopayContext(db, policy.id, today, dueRule);
  const rows = context.subscriptions;
  const items = await walletItemsByToken(
    db,
    policy.householdId,
    rows.map((row) => row.paymentToken),
  );
  const activeCount = rows.filter((row) => row.state === 'Active').length;
  return {
    items: rows.map((row) => ({
      id: row.id,
      policyId: row.policyId,
      name: row.name,
      description: row.description,
      amountType: row.amountType,
      amountCents: row.amountCents,
      paymentMethod: row.paymentMethod,
      paymentSource: walletItemRef(items.get(row.paymentToken)),
      runDay: row.runDay,
      daysBeforeDue: row.daysBeforeDue,
      maxAmountCents: row.maxAmountCents,
      skipPeriod: row.skipPeriod,
      state: row.state,
      startDate: row.startDate,
      endDate: row.endDate,
      lastProcessed: row.lastProcessed,
      replacedBy: row.replacedBy,
      nextRun: nextRunOf(row, context),
      lastRun: lastRunOf(row, context.runs),
      createdTime: row.createdAt.toISOString(),
      modifiedTime: row.modifiedAt.toISOString(),
    })),
    activeCount,
    maxAutopayAllowed: account.payments.maxAutopayAllowed,
    canAddAutopay: canAddAutopay(activeCount, account.payments),
  };
}

/**
 * The policy's coverage ended (the billing clock: a termination for non-payment, a binder not paid):
 * autopay stops — a charge announced or waiting for its retry is not made — and the member is told.
 * In the caller's transaction; answers the outbox events.
 */
export async function stopAutopayOfPolicy(
  tx: Transaction,
  policy: { id: string; householdId: string | null; policyNumber: string },
  day: CalendarDate,
): Promise<OutboxEventInput[]> {
  const events: OutboxEventInput[] = [];
  for (const subscription of await lockPolicyAutopay(tx, policy.id)) {
    if (subscription.state !== 'Active') continue;
    await updateSubscription(tx, subscription.id, { state: 'Cancelled', endDate: day, skipPeriod: null });
    await skipOpenRuns(tx, subscription.id, 'coverage-ended');
    events.push({
      type: 'autopay.cancelled',
      householdId: policy.householdId,
      policyId: policy.id,
      payload: { subscriptionId: subscription.id, policyNumber: policy.policyNumber },
    });
  }
  return events;
}

// Issue 13 payments desk: the failed autopay months and their retry (docs/decisions/031).
export { failedRuns, failedRunOf, rescheduleFailedRun } from './repository';

// --- reads for document PDFs ---
export { hasActiveAutopay } from './repository';
