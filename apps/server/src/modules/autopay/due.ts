import type { FastifyBaseLogger } from 'fastify';
import type { AccountConfig } from '@portal/contracts';
import {
  addDays,
  autopayRunOf,
  autopayRunsDue,
  type AutopayRunDates,
  type CalendarDate,
} from '@portal/domain';
import type { Transaction } from '../../db/client';
import type { DailyStep, DayScope } from '../../jobs/runner';
import { enqueueEvents, type OutboxEventInput } from '../../outbox/events';
import { auditSystemMany } from '../../plugins/audit';
import { ProcessorTimeout, ProcessorUnavailable } from '../../processor/port';
import { chargeDue, workThroughByPolicy, type DueChargeDependencies } from '../payment/service';
import { cardExpiries, walletMethodsOf, type WalletMethod } from '../wallet/service';
import {
  activeSubscriptionsAfter,
  addRuns,
  claimDueRuns,
  claimedRuns,
  decideAmount,
  decideAmounts,
  hasRun,
  lockSubscription,
  markProcessed,
  moveRun,
  policyFinance,
  policyFinances,
  runPeriodsOf,
  settleRun,
  settleUncharged,
  updateSubscription,
  type PolicyFinance,
} from './repository';
import { cardExpiresBefore, expectedAmount } from './service';

/** Subscriptions looked at per page when announcing (each page: a few reads, then one transaction). */
const ANNOUNCE_PAGE = 500;
/** Runs claimed at a time to be charged (DUE_CHARGES_AT_ONCE of them at once). */
const CLAIM = 100;
const JOB = 'autopay';

export interface AutopayStepDependencies extends DueChargeDependencies {
  /** The tenant's `autopay` settings: days of advance notice, days until a declined charge is tried again. */
  autopay: AccountConfig['autopay'];
  nudgeOutbox: () => void;
  /** Subscriptions looked at per page when announcing (default {@link ANNOUNCE_PAGE}; tests make it small). */
  announcePageSize?: number;
}

type Claimed = Awaited<ReturnType<typeof claimedRuns>>[number];
type Skip = 'nothing-due' | 'above-maximum' | 'skipped-by-member' | 'method-removed';

/**
 * The billing day's autopay step (issue 10, docs/decisions/021), after the scheduled payments. Each
 * piece of work happens once whatever the number of instances, retries or crashes:
 *
 * 1. **Announce.** For each active subscription, the billed month whose due date is next (and the months
 *    next to it: packages/domain autopayRunsDue) gets its run row — unique per subscription and month,
 *    `ON CONFLICT DO NOTHING` — from `advanceNoticeDays` before its run date (due date − daysBeforeDue).
 *    Whoever inserts it tells the member of the coming debit (amount, date, method), and warns when the
 *    card expires before the run date. A run date that came without its notice gets the row then.
 * 2. **Charge.** Runs whose day has come are claimed (SKIP LOCKED; a claim older than its lease is taken
 *    over) and decided: the member asked to skip the month → Skipped `skipped-by-member`; nothing owed
 *    → `nothing-due`; more than the member's maximum → `above-maximum` (and they are told); else charged
 *    through `chargeDue` under `autopay:<run id>:<attempt>` → Paid, Pending (bank), or declined: the
 *    first decline is retried `declineRetryDays` later (RetryScheduled), the second fails the month
 *    (Failed) and autopay stays on. The outcome, the subscription's `lastProcessed`, the audit and the
 *    member's notification are one transaction.
 */
export function autopayStep(deps: AutopayStepDependencies): DailyStep {
  return {
    name: 'autopay',
    run: async (day: CalendarDate, scope: DayScope, log: FastifyBaseLogger) => {
      const counts: Record<string, number> = {};
      const count = (what: string) => {
        counts[what] = (counts[what] ?? 0) + 1;
      };
      await announce(deps, day, scope, count);
      for (;;) {
        const claimed = await claimDueRuns(deps.db, day, CLAIM, scope.householdId);
        if (claimed.length === 0) break;
        // The page is finished before the next is claimed: a policy's later month waits for the earlier one.
        await chargePage(deps, day, claimed, log, count);
        if (claimed.length < CLAIM) break;
      }
      if (Object.keys(counts).length > 0) deps.nudgeOutbox();
      return counts;
    },
  };
}

/** Step 1: the run rows of the months whose notice or run date has come, each announced once. */
async function announce(
  deps: AutopayStepDependencies,
  day: CalendarDate,
  scope: DayScope,
  count: (what: string) => void,
): Promise<void> {
  const pageSize = deps.announcePageSize ?? ANNOUNCE_PAGE;
  let after: string | null = null;
  for (;;) {
    const page = await activeSubscriptionsAfter(deps.db, after, pageSize, scope.householdId);
    const due = page.flatMap((row) =>
      autopayRunsDue(day, {
        rule: deps.dueRule,
        daysBeforeDue: row.subscription.daysBeforeDue,
        advanceNoticeDays: deps.autopay.advanceNoticeDays,
        startDate: row.subscription.startDate,
      }).map(({ run, phase }) => ({ row, run, phase })),
    );
    // Most days every month in view has its row already: only the others are read for and written.
    const earliest = due.map((entry) => entry.run.period).sort()[0];
    const existing =
      earliest === undefined
        ? new Set<string>()
        : await runPeriodsOf(
            deps.db,
            page.map((row) => row.subscription.id),
            earliest,
          );
    const missing = due.filter(({ row, run }) => !existing.has(`${row.subscription.id}:${run.period}`));
    if (missing.length > 0) await announcePage(deps, day, missing, count);
    if (page.length < pageSize) break;
    after = page[page.length - 1]?.subscription.id ?? null;
  }
}

type SubscriptionOfPage = Awaited<ReturnType<typeof activeSubscriptionsAfter>>[number];
type Missing = { row: SubscriptionOfPage; run: AutopayRunDates; phase: 'notice' | 'charge' };

/**
 * A page's missing run rows, in one transaction: what a notice needs is read for the whole page first
 * (the amount owed, the card's expiry, the method's last digits), then the rows are inserted in one
 * statement and the notices of the rows this billing day inserted — and only those — are written to
 * the outbox with them. Another billing day inserting the same rows at the same moment waits for this
 * one and inserts nothing (the unique subscription and month), so it announces nothing.
 */
async function announcePage(
  deps: AutopayStepDependencies,
  day: CalendarDate,
  missing: readonly Missing[],
  count: (what: string) => void,
): Promise<void> {
  const notices = missing.filter((entry) => entry.phase === 'notice').map((entry) => entry.row);
  const [finances, expiries, methods] = await Promise.all([
    policyFinances(
      deps.db,
      notices.map((row) => row.subscription.policyId),
    ),
    cardExpiries(
      deps.db,
      notices
        .filter((row) => row.subscription.paymentMethod === 'Card')
        .map((row) => row.subscription.paymentToken),
    ),
    walletMethodsOf(
      deps.db,
      notices.map((row) => ({ householdId: row.householdId, token: row.subscription.paymentToken })),
    ),
  ]);
  const planned = new Map(
    missing.map((entry) => {
      const { subscription } = entry.row;
      const amount =
        entry.phase === 'notice'
          ? expectedAmount(subscription, finances.get(subscription.policyId), entry.run.period, day)
          : null;
      return [`${subscription.id}:${entry.run.period}`, { ...entry, amount }];
    }),
  );
  const added = await retryingDeadlocks(() =>
    deps.db.transaction(async (tx) => {
      const inserted = await addRuns(
        tx,
        [...planned.values()].map(({ row, run, amount }) => ({
          subscriptionId: row.subscription.id,
          policyId: row.subscription.policyId,
          period: run.period,
          runDate: run.runDate,
          amountCents: amount,
        })),
      );
      const events: OutboxEventInput[] = [];
      for (const { id, subscriptionId, period } of inserted) {
        const entry = planned.get(`${subscriptionId}:${period}`);
        if (!entry || entry.phase !== 'notice' || entry.row.subscription.skipPeriod === period) continue;
        const { row, run, amount } = entry;
        const { subscription, householdId, policyNumber } = row;
        const base = {
          subscriptionId,
          runId: id,
          policyNumber,
          runDate: run.runDate,
          last4: methods.get(`${householdId} ${subscription.paymentToken}`)?.lastDigits ?? '',
        };
        if (amount !== null && amount > 0)
          events.push({
            type: 'autopay.upcoming',
            householdId,
            policyId: subscription.policyId,
            payload: { ...base, amountCents: amount },
          });
        const expiry =
          subscription.paymentMethod === 'Card' ? expiries.get(subscription.paymentToken) : undefined;
        if (cardExpiresBefore(expiry, run.runDate))
          events.push({
            type: 'autopay.card-expires',
            householdId,
            policyId: subscription.policyId,
            payload: base,
          });
      }
      await enqueueEvents(tx, events);
      return inserted;
    }),
  );
  for (const { subscriptionId, period } of added)
    count(planned.get(`${subscriptionId}:${period}`)?.phase === 'notice' ? 'announced' : 'added');
}

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back (SQLSTATE 40P01): a page
 * share-locks many subscriptions, and a member's command or another billing day may lock some of them in
 * another order. The rolled-back attempt left nothing behind, so the next one decides afresh.
 */
async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
    }
  }
}

function isDeadlock(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as Error & { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

/**
 * Step 2 for a page of claimed runs. Most are their policy's only run in the page: those are decided
 * together from one read of the policies' finances, the ones that charge nothing are recorded in one
 * transaction, and the amounts of the others are written in one statement before any is charged. A
 * policy's runs of several months, and runs taken over from a billing day that died, go one by one
 * (a later month is decided after the earlier month's charge was posted). The charges are made a few
 * at once, each in its own transaction after the processor's answer (`chargeRun`).
 */
async function chargePage(
  deps: AutopayStepDependencies,
  day: CalendarDate,
  claimed: readonly { id: string; takenOver: boolean }[],
  log: FastifyBaseLogger,
  count: (what: string) => void,
): Promise<void> {
  const takenOver = new Set(claimed.filter((claim) => claim.takenOver).map((claim) => claim.id));
  const rows = await claimedRuns(
    deps.db,
    claimed.map((claim) => claim.id),
  );
  const methods = await walletMethodsOf(
    deps.db,
    rows.map((row) => ({ householdId: row.householdId, token: row.subscription.paymentToken })),
  );
  const methodOf = (row: Claimed) => methods.get(`${row.householdId} ${row.subscription.paymentToken}`);
  const runsOfPolicy = new Map<string, number>();
  for (const row of rows) runsOfPolicy.set(row.run.policyId, (runsOfPolicy.get(row.run.policyId) ?? 0) + 1);
  const together = rows.filter(
    (row) => !takenOver.has(row.run.id) && runsOfPolicy.get(row.run.policyId) === 1,
  );
  const finances = await policyFinances(
    deps.db,
    together.map((row) => row.run.policyId),
  );
  const uncharged: Uncharged[] = [];
  const amounts = new Map<string, number>();
  for (const row of together) {
    const decided = decideFrom(row, finances.get(row.run.policyId));
    if (decided.skip) uncharged.push({ row, reason: decided.skip, amount: decided.amount });
    // The method left the wallet (it cannot while autopay uses it; kept for safety).
    else if (!isUsable(methodOf(row)))
      uncharged.push({ row, reason: 'method-removed', amount: decided.amount });
    else amounts.set(row.run.id, decided.amount);
  }
  await skipRuns(deps, day, uncharged);
  for (const { reason } of uncharged) count(reason === 'method-removed' ? 'failed' : `skipped-${reason}`);
  // Written before the charges: a billing day taking one of these runs over charges the same amount, same key.
  await decideAmounts(
    deps.db,
    [...amounts].map(([runId, amountCents]) => ({ runId, amountCents })),
  );
  const decidedTogether = new Set(together.map((row) => row.run.id));
  await workThroughByPolicy(
    rows.filter((row) => amounts.has(row.run.id) || !decidedTogether.has(row.run.id)),
    (row) => row.run.policyId,
    async (row) => {
      try {
        count(
          await chargeRun(
            deps,
            day,
            row,
            { takenOver: takenOver.has(row.run.id), decidedAmount: amounts.get(row.run.id) ?? null },
            methodOf(row),
          ),
        );
      } catch (error) {
        if (!(error instanceof ProcessorTimeout || error instanceof ProcessorUnavailable)) throw error;
        // Outcome unknown or nothing charged: the claim stays; after its lease a later run repeats it with the same key.
        log.warn({ err: error, autopayRunId: row.run.id }, 'autopay charge left for a later run');
        count('retry-later');
      }
    },
  );
}

const isUsable = (method: WalletMethod | undefined): method is WalletMethod =>
  method !== undefined && !method.removed;

/**
 * One claimed run: decided now (unless its amount was decided with its page, or it is taken over and
 * keeps the amount decided before), then skipped or charged from its method; says what happened.
 */
async function chargeRun(
  deps: AutopayStepDependencies,
  day: CalendarDate,
  row: Claimed,
  claim: { takenOver: boolean; decidedAmount: number | null },
  method: WalletMethod | undefined,
): Promise<string> {
  const { run, subscription } = row;
  let amount = claim.decidedAmount ?? (claim.takenOver ? run.amountCents : null);
  if (amount === null) {
    const decided = decideFrom(
      row,
      decidedAlone(row) ? undefined : await policyFinance(deps.db, run.policyId),
    );
    if (decided.skip) {
      await skipRuns(deps, day, [{ row, reason: decided.skip, amount: decided.amount }]);
      return `skipped-${decided.skip}`;
    }
    amount = decided.amount;
    // Written before the charge: a billing day taking this run over charges the same amount, same key.
    await decideAmount(deps.db, run.id, amount);
  }
  if (!isUsable(method)) {
    // The method left the wallet (it cannot while autopay uses it; kept for safety).
    await skipRuns(deps, day, [{ row, reason: 'method-removed', amount }]);
    return 'failed';
  }
  const charged = amount;
  const outcome = await chargeDue(
    deps,
    {
      job: JOB,
      source: 'Autopay',
      policyId: run.policyId,
      policy: { householdId: row.householdId, policyNumber: row.policyNumber },
      amountCents: charged,
      token: subscription.paymentToken,
      method: method.kind === 'card' ? 'Card' : 'BankAccount',
      lastDigits: method.lastDigits,
      brand: method.brand,
      idempotencyKey: `autopay:${run.id}:${run.attempt}`,
      day,
      payerName: null,
    },
    async (tx, result) => {
      const payload = {
        subscriptionId: subscription.id,
        runId: run.id,
        policyNumber: row.policyNumber,
        amountCents: charged,
        last4: method.lastDigits,
      };
      if (result.status !== 'declined') {
        await settleRun(tx, run.id, {
          status: result.status === 'succeeded' ? 'Paid' : 'Pending',
          amountCents: charged,
          paymentId: result.payment.id,
          reason: null,
          nextAttemptDate: null,
        });
        await updateSubscription(tx, subscription.id, { lastProcessed: day });
        return;
      }
      const owner = await retryOwner(tx, row);
      if (run.attempt < 2 && owner !== null) {
        const nextAttemptDate = addDays(day, deps.autopay.declineRetryDays);
        await settleRun(tx, run.id, {
          status: 'RetryScheduled',
          amountCents: charged,
          paymentId: result.payment.id,
          reason: result.declineCode,
          nextAttemptDate,
        });
        if (result.fresh)
          await enqueueEvents(tx, [
            {
              type: 'autopay.retry-scheduled',
              householdId: row.householdId,
              policyId: run.policyId,
              payload: { ...payload, nextAttemptDate },
            },
          ]);
      } else {
        await settleRun(tx, run.id, {
          status: 'Failed',
          amountCents: charged,
          paymentId: result.payment.id,
          reason: result.declineCode,
          nextAttemptDate: null,
        });
        if (result.fresh)
          await enqueueEvents(tx, [
            { type: 'autopay.failed', householdId: row.householdId, policyId: run.policyId, payload },
          ]);
      }
      await updateSubscription(tx, subscription.id, { lastProcessed: day });
    },
  );
  return outcome.status === 'succeeded'
    ? 'paid'
    : outcome.status === 'pending'
      ? 'pending'
      : run.attempt < 2
        ? 'declined'
        : 'failed';
}

/**
 * Who retries a declined run: its subscription while active; when it was replaced while the charge ran,
 * the replacement (the run moves to it, unless it has that month already); nobody once autopay is off.
 */
async function retryOwner(tx: Transaction, row: Claimed): Promise<string | null> {
  const subscription = await lockSubscription(tx, row.subscription.id);
  if (subscription?.state === 'Active') return subscription.id;
  const replacement = subscription?.replacedBy ?? null;
  if (replacement === null || (await hasRun(tx, replacement, row.run.period))) return null;
  await moveRun(tx, row.run.id, replacement);
  return replacement;
}

/** A month the member asked to skip needs no look at what is owed. */
const decidedAlone = (row: Claimed) => row.subscription.skipPeriod === row.run.period;

/** The amount to charge given what the policy owes now, or why nothing is charged (SPEC §4 Autopay; DOMAIN "Money"). */
function decideFrom(
  row: Claimed,
  finance: PolicyFinance | undefined,
): { skip: Skip; amount: number | null } | { skip: null; amount: number } {
  const { subscription } = row;
  if (decidedAlone(row)) return { skip: 'skipped-by-member', amount: null };
  const owed = (finance?.currentAmountDueCents ?? 0) + (finance?.pastAmountDueCents ?? 0);
  // A fixed amount is charged only while something is owed: a member who paid by hand is not charged again.
  const amount =
    subscription.amountType === 'Fixed' && owed > 0
      ? (subscription.amountCents ?? 0)
      : subscription.amountType === 'Fixed'
        ? 0
        : owed;
  if (amount <= 0) return { skip: 'nothing-due', amount: null };
  if (subscription.maxAmountCents !== null && amount > subscription.maxAmountCents)
    return { skip: 'above-maximum', amount };
  return { skip: null, amount };
}

interface Uncharged {
  row: Claimed;
  reason: Skip;
  amount: number | null;
}

/**
 * Runs that charge nothing, in one transaction: each run's reason, its subscription's last processed
 * day, the audit and (above the maximum, a removed method) the member's notification.
 */
async function skipRuns(
  deps: AutopayStepDependencies,
  day: CalendarDate,
  runs: readonly Uncharged[],
): Promise<void> {
  if (runs.length === 0) return;
  await retryingDeadlocks(() =>
    deps.db.transaction(async (tx) => {
      await settleUncharged(
        tx,
        runs.map(({ row, reason, amount }) => ({
          runId: row.run.id,
          status: reason === 'method-removed' ? 'Failed' : 'Skipped',
          amountCents: amount,
          reason,
        })),
      );
      await markProcessed(
        tx,
        day,
        runs.map(({ row, reason }) => ({
          id: row.subscription.id,
          skipUsed: reason === 'skipped-by-member',
        })),
      );
      await auditSystemMany(
        tx,
        runs.map(({ row, reason }) => ({
          job: JOB,
          action: reason === 'method-removed' ? 'autopay.fail' : 'autopay.skip',
          outcome: 'success' as const,
          recordType: 'autopay-run',
          recordIds: [row.run.id],
          actingForHouseholdId: row.householdId,
          reason,
        })),
      );
      const events: OutboxEventInput[] = [];
      for (const { row, reason, amount } of runs) {
        const { run, subscription } = row;
        const payload = {
          subscriptionId: subscription.id,
          runId: run.id,
          policyNumber: row.policyNumber,
          amountCents: amount ?? 0,
          runDate: autopayRunOf(run.period, deps.dueRule, subscription.daysBeforeDue).runDate,
        };
        if (reason === 'above-maximum')
          events.push({
            type: 'autopay.above-maximum',
            householdId: row.householdId,
            policyId: run.policyId,
            payload,
          });
        if (reason === 'method-removed')
          events.push({
            type: 'autopay.failed',
            householdId: row.householdId,
            policyId: run.policyId,
            payload: { ...payload, last4: '' },
          });
      }
      await enqueueEvents(tx, events);
    }),
  );
}
