import type { FastifyBaseLogger } from 'fastify';
import type { AccountConfig } from '@portal/contracts';
import { addDays, autopayRunOf, autopayRunsDue, type CalendarDate } from '@portal/domain';
import type { Transaction } from '../../db/client';
import type { DailyStep, DayScope } from '../../jobs/runner';
import { enqueueEvents, type OutboxEventInput } from '../../outbox/events';
import { auditSystem } from '../../plugins/audit';
import { ProcessorTimeout, ProcessorUnavailable } from '../../processor/port';
import { chargeDue, type DueChargeDependencies } from '../payment/service';
import { paymentMethodsByToken } from '../wallet/service';
import {
  activeSubscriptionsAfter,
  addRun,
  cardExpiries,
  claimDueRuns,
  claimedRun,
  decideAmount,
  hasRun,
  lockSubscription,
  moveRun,
  policyFinance,
  runPeriodsOf,
  settleRun,
  updateSubscription,
} from './repository';
import { cardExpiresBefore, expectedAmount } from './service';

const BATCH = 25;
const JOB = 'autopay';

export interface AutopayStepDependencies extends DueChargeDependencies {
  /** The tenant's `autopay` settings: days of advance notice, days until a declined charge is tried again. */
  autopay: AccountConfig['autopay'];
  nudgeOutbox: () => void;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof claimedRun>>>;
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
        const claimed = await claimDueRuns(deps.db, day, BATCH, scope.householdId);
        for (const claim of claimed) {
          const row = await claimedRun(deps.db, claim.id);
          if (!row) continue;
          try {
            count(await chargeRun(deps, day, row, claim.takenOver));
          } catch (error) {
            if (!(error instanceof ProcessorTimeout || error instanceof ProcessorUnavailable)) throw error;
            // Outcome unknown or nothing charged: the claim stays; after its lease a later run repeats it with the same key.
            log.warn({ err: error, autopayRunId: claim.id }, 'autopay charge left for a later run');
            count('retry-later');
          }
        }
        if (claimed.length < BATCH) break;
      }
      if (Object.keys(counts).length > 0) deps.nudgeOutbox();
      return counts;
    },
  };
}

/** Step 1: the run rows of the months whose notice or run date has come, each announced once. */
async function announce(deps: AutopayStepDependencies, day: CalendarDate, scope: DayScope, count: (what: string) => void): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page = await activeSubscriptionsAfter(deps.db, after, BATCH, scope.householdId);
    const dueOf = new Map(
      page.map(({ subscription }) => [
        subscription.id,
        autopayRunsDue(day, { rule: deps.dueRule, daysBeforeDue: subscription.daysBeforeDue, advanceNoticeDays: deps.autopay.advanceNoticeDays, startDate: subscription.startDate }),
      ]),
    );
    // Most days every month in view has its row already: only the others cost a transaction.
    const earliest = [...dueOf.values()].flat().map((entry) => entry.run.period).sort()[0];
    const existing = earliest === undefined ? new Set<string>() : await runPeriodsOf(deps.db, [...dueOf.keys()], earliest);
    for (const { subscription, householdId, policyNumber } of page) {
      const due = (dueOf.get(subscription.id) ?? []).filter((entry) => !existing.has(`${subscription.id}:${entry.run.period}`));
      if (due.length === 0) continue;
      const finance = await policyFinance(deps.db, subscription.policyId);
      const expiry = subscription.paymentMethod === 'Card' ? (await cardExpiries(deps.db, [subscription.paymentToken])).get(subscription.paymentToken) : undefined;
      const method = (await paymentMethodsByToken(deps.db, householdId, [subscription.paymentToken])).get(subscription.paymentToken);
      for (const { run, phase } of due) {
        const amount = phase === 'notice' ? expectedAmount(subscription, finance, run.period, day) : null;
        const added = await deps.db.transaction(async (tx) => {
          const id = await addRun(tx, { subscriptionId: subscription.id, policyId: subscription.policyId, period: run.period, runDate: run.runDate, amountCents: amount });
          if (id === null || phase !== 'notice' || subscription.skipPeriod === run.period) return id;
          const base = { subscriptionId: subscription.id, runId: id, policyNumber, runDate: run.runDate, last4: method?.lastDigits ?? '' };
          const events: OutboxEventInput[] = [];
          if (amount !== null && amount > 0) events.push({ type: 'autopay.upcoming', householdId, policyId: subscription.policyId, payload: { ...base, amountCents: amount } });
          if (cardExpiresBefore(expiry, run.runDate)) events.push({ type: 'autopay.card-expires', householdId, policyId: subscription.policyId, payload: base });
          await enqueueEvents(tx, events);
          return id;
        });
        if (added !== null) count(phase === 'notice' ? 'announced' : 'added');
      }
    }
    if (page.length < BATCH) break;
    after = page[page.length - 1]?.subscription.id ?? null;
  }
}

/** Step 2 for one claimed run: decide, then skip or charge; says what happened. */
async function chargeRun(deps: AutopayStepDependencies, day: CalendarDate, row: Claimed, takenOver: boolean): Promise<string> {
  const { run, subscription } = row;
  let amount = takenOver ? run.amountCents : null;
  if (amount === null) {
    const decided = await decide(deps, row);
    if (decided.skip) {
      await skipRun(deps, day, row, decided.skip, decided.amount);
      return `skipped-${decided.skip}`;
    }
    amount = decided.amount;
    // Written before the charge: a billing day taking this run over charges the same amount, same key.
    await decideAmount(deps.db, run.id, amount);
  }
  const method = (await paymentMethodsByToken(deps.db, row.householdId, [subscription.paymentToken])).get(subscription.paymentToken);
  if (!method || method.removed) {
    // The method left the wallet (it cannot while autopay uses it; kept for safety).
    await skipRun(deps, day, row, 'method-removed', amount);
    return 'failed';
  }
  const outcome = await chargeDue(
    deps,
    {
      job: JOB,
      source: 'Autopay',
      policyId: run.policyId,
      amountCents: amount,
      token: subscription.paymentToken,
      method: method.kind === 'card' ? 'Card' : 'BankAccount',
      lastDigits: method.lastDigits,
      brand: method.brand,
      idempotencyKey: `autopay:${run.id}:${run.attempt}`,
      day,
      payerName: null,
    },
    async (tx, result) => {
      const payload = { subscriptionId: subscription.id, runId: run.id, policyNumber: row.policyNumber, amountCents: amount, last4: method.lastDigits };
      if (result.status !== 'declined') {
        await settleRun(tx, run.id, { status: result.status === 'succeeded' ? 'Paid' : 'Pending', amountCents: amount, paymentId: result.payment.id, reason: null, nextAttemptDate: null });
        await updateSubscription(tx, subscription.id, { lastProcessed: day });
        return;
      }
      const owner = await retryOwner(tx, row);
      if (run.attempt < 2 && owner !== null) {
        const nextAttemptDate = addDays(day, deps.autopay.declineRetryDays);
        await settleRun(tx, run.id, { status: 'RetryScheduled', amountCents: amount, paymentId: result.payment.id, reason: result.declineCode, nextAttemptDate });
        if (result.fresh) await enqueueEvents(tx, [{ type: 'autopay.retry-scheduled', householdId: row.householdId, policyId: run.policyId, payload: { ...payload, nextAttemptDate } }]);
      } else {
        await settleRun(tx, run.id, { status: 'Failed', amountCents: amount, paymentId: result.payment.id, reason: result.declineCode, nextAttemptDate: null });
        if (result.fresh) await enqueueEvents(tx, [{ type: 'autopay.failed', householdId: row.householdId, policyId: run.policyId, payload }]);
      }
      await updateSubscription(tx, subscription.id, { lastProcessed: day });
    },
  );
  return outcome.status === 'succeeded' ? 'paid' : outcome.status === 'pending' ? 'pending' : run.attempt < 2 ? 'declined' : 'failed';
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

/** The amount to charge, or why nothing is charged (SPEC §4 Autopay; DOMAIN "Money"). */
async function decide(deps: AutopayStepDependencies, row: Claimed): Promise<{ skip: Skip; amount: number | null } | { skip: null; amount: number }> {
  const { run, subscription } = row;
  if (subscription.skipPeriod === run.period) return { skip: 'skipped-by-member', amount: null };
  const finance = await policyFinance(deps.db, run.policyId);
  const owed = (finance?.currentAmountDueCents ?? 0) + (finance?.pastAmountDueCents ?? 0);
  // A fixed amount is charged only while something is owed: a member who paid by hand is not charged again.
  const amount = subscription.amountType === 'Fixed' && owed > 0 ? (subscription.amountCents ?? 0) : subscription.amountType === 'Fixed' ? 0 : owed;
  if (amount <= 0) return { skip: 'nothing-due', amount: null };
  if (subscription.maxAmountCents !== null && amount > subscription.maxAmountCents) return { skip: 'above-maximum', amount };
  return { skip: null, amount };
}

/** A run that charges nothing: its reason, the subscription's last processed day, the audit and (above the maximum, a removed method) the member's notification. */
async function skipRun(deps: AutopayStepDependencies, day: CalendarDate, row: Claimed, reason: Skip, amount: number | null): Promise<void> {
  const { run, subscription } = row;
  await deps.db.transaction(async (tx) => {
    await settleRun(tx, run.id, { status: reason === 'method-removed' ? 'Failed' : 'Skipped', amountCents: amount, paymentId: null, reason, nextAttemptDate: null });
    await updateSubscription(tx, subscription.id, { lastProcessed: day, ...(reason === 'skipped-by-member' ? { skipPeriod: null } : {}) });
    await auditSystem(tx, {
      job: JOB,
      action: reason === 'method-removed' ? 'autopay.fail' : 'autopay.skip',
      outcome: 'success',
      recordType: 'autopay-run',
      recordIds: [run.id],
      actingForHouseholdId: row.householdId,
      reason,
    });
    const payload = { subscriptionId: subscription.id, runId: run.id, policyNumber: row.policyNumber, amountCents: amount ?? 0, runDate: autopayRunOf(run.period, deps.dueRule, subscription.daysBeforeDue).runDate };
    if (reason === 'above-maximum') await enqueueEvents(tx, [{ type: 'autopay.above-maximum', householdId: row.householdId, policyId: run.policyId, payload }]);
    if (reason === 'method-removed') await enqueueEvents(tx, [{ type: 'autopay.failed', householdId: row.householdId, policyId: run.policyId, payload: { ...payload, last4: '' } }]);
  });
}
