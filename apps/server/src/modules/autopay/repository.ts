import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { autopayRuns, autopaySubscriptions } from '../../db/schema';
import { policiesForPayment, type PolicyForPayment } from '../payment/service';
import { householdOfPolicy, lockPolicy, policyIdsOfHousehold, policyNumberOf } from '../policy/service';

export type SubscriptionRow = typeof autopaySubscriptions.$inferSelect;
export type RunRow = typeof autopayRuns.$inferSelect;

/** A policy's autopay subscriptions: active ones first, newest first within each group. */
export async function subscriptionsOf(db: Executor, policyId: string) {
  return db
    .select()
    .from(autopaySubscriptions)
    .where(eq(autopaySubscriptions.policyId, policyId))
    .orderBy(
      desc(sql`${autopaySubscriptions.state} = 'Active'`),
      desc(autopaySubscriptions.createdAt),
      asc(autopaySubscriptions.id),
    );
}

/** Active subscriptions that pay with any of these processor tokens (a wallet method about to be removed). */
export async function activeSubscriptionsPayingWith(db: Executor, tokens: readonly string[]) {
  if (tokens.length === 0) return [];
  return db
    .select({
      id: autopaySubscriptions.id,
      policyId: autopaySubscriptions.policyId,
      policyNumber: policyNumberOf(db, autopaySubscriptions.policyId),
      name: autopaySubscriptions.name,
      paymentToken: autopaySubscriptions.paymentToken,
      amountCents: autopaySubscriptions.amountCents,
      runDay: autopaySubscriptions.runDay,
    })
    .from(autopaySubscriptions)
    .where(
      and(inArray(autopaySubscriptions.paymentToken, [...tokens]), eq(autopaySubscriptions.state, 'Active')),
    )
    .orderBy(asc(autopaySubscriptions.createdAt), asc(autopaySubscriptions.id));
}

/** Every run of a policy's subscriptions, newest billed month first. */
export async function runsOfPolicy(db: Executor, policyId: string): Promise<RunRow[]> {
  return db
    .select()
    .from(autopayRuns)
    .where(eq(autopayRuns.policyId, policyId))
    .orderBy(desc(autopayRuns.period), desc(autopayRuns.updatedAt));
}

/**
 * The policy's number and what it owes now (the finance the billing keeps: current and past amounts
 * due, its status); the amounts are null for a policy without a finance row. Read through the payment
 * module, what paying a policy needs to know (autopay charges through it; modules/finance imports autopay).
 */
export async function policyFinance(db: Executor, policyId: string): Promise<PolicyFinance | undefined> {
  return (await policyFinances(db, [policyId])).get(policyId);
}

export interface PolicyFinance {
  policyNumber: string;
  householdId: string | null;
  status: PolicyForPayment['financeStatus'];
  currentAmountDueCents: number | null;
  pastAmountDueCents: number | null;
}

/** {@link policyFinance} for many policies in one batch, by policy id. */
export async function policyFinances(
  db: Executor,
  policyIds: readonly string[],
): Promise<Map<string, PolicyFinance>> {
  if (policyIds.length === 0) return new Map();
  const facts = await policiesForPayment(db, policyIds);
  return new Map(
    [...facts.values()].map((policy) => [
      policy.id,
      {
        policyNumber: policy.policyNumber,
        householdId: policy.householdId,
        status: policy.financeStatus,
        currentAmountDueCents: policy.currentAmountDueCents,
        pastAmountDueCents: policy.pastAmountDueCents,
      },
    ]),
  );
}

// ---- Commands (one transaction each, the policy locked) ----

/**
 * Locks the policy's row, then its subscriptions, for the rest of the transaction: the autopay commands
 * of one policy take turns, so the limit of active subscriptions holds and a replacement is never seen
 * half done (`no key update`: payments and runs may still be written for the policy meanwhile).
 */
export async function lockPolicyAutopay(tx: Executor, policyId: string): Promise<SubscriptionRow[]> {
  await lockPolicy(tx, policyId, 'no key update');
  return tx
    .select()
    .from(autopaySubscriptions)
    .where(eq(autopaySubscriptions.policyId, policyId))
    .orderBy(asc(autopaySubscriptions.createdAt))
    .for('update');
}

export async function insertSubscription(
  tx: Executor,
  values: typeof autopaySubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await tx.insert(autopaySubscriptions).values(values).returning();
  if (!row) throw new Error('autopay subscription not inserted');
  return row;
}

export async function updateSubscription(
  tx: Executor,
  id: string,
  values: Partial<typeof autopaySubscriptions.$inferInsert>,
): Promise<void> {
  await tx
    .update(autopaySubscriptions)
    .set({ ...values, modifiedAt: new Date() })
    .where(eq(autopaySubscriptions.id, id));
}

/** Runs announced but not charged yet are forgotten: the next billing day announces them again, on the new terms. */
export async function forgetUpcomingRuns(tx: Executor, subscriptionId: string): Promise<number> {
  const deleted = await tx
    .delete(autopayRuns)
    .where(and(eq(autopayRuns.subscriptionId, subscriptionId), eq(autopayRuns.status, 'Upcoming')))
    .returning({ id: autopayRuns.id });
  return deleted.length;
}

/** A replaced subscription's declined charge waiting for its retry is retried from the replacement. */
export async function moveRetriesTo(tx: Executor, from: string, to: string): Promise<void> {
  await tx
    .update(autopayRuns)
    .set({ subscriptionId: to, updatedAt: new Date() })
    .where(and(eq(autopayRuns.subscriptionId, from), eq(autopayRuns.status, 'RetryScheduled')));
}

/** A cancelled subscription's runs still waiting (announced, or waiting for a retry) will not be charged. */
export async function skipOpenRuns(tx: Executor, subscriptionId: string, reason: string): Promise<void> {
  await tx
    .update(autopayRuns)
    .set({ status: 'Skipped', reason, nextAttemptDate: null, updatedAt: new Date() })
    .where(
      and(
        eq(autopayRuns.subscriptionId, subscriptionId),
        inArray(autopayRuns.status, ['Upcoming', 'RetryScheduled']),
      ),
    );
}

// ---- The daily step ----

/** Active subscriptions (a page at a time, by id), limited to one household when asked (demo mode). */
export async function activeSubscriptionsAfter(
  db: Executor,
  afterId: string | null,
  limit: number,
  householdId?: string,
) {
  return db
    .select({
      subscription: autopaySubscriptions,
      householdId: householdOfPolicy(db, autopaySubscriptions.policyId),
      policyNumber: policyNumberOf(db, autopaySubscriptions.policyId),
    })
    .from(autopaySubscriptions)
    .where(
      and(
        eq(autopaySubscriptions.state, 'Active'),
        afterId === null ? undefined : sql`${autopaySubscriptions.id} > ${afterId}`,
        householdId === undefined
          ? undefined
          : inArray(autopaySubscriptions.policyId, policyIdsOfHousehold(db, householdId)),
      ),
    )
    .orderBy(asc(autopaySubscriptions.id))
    .limit(limit);
}

/** Which of these subscriptions already have a run of a month from `fromPeriod` on, as `subscription:period`. */
export async function runPeriodsOf(
  db: Executor,
  subscriptionIds: readonly string[],
  fromPeriod: string,
): Promise<Set<string>> {
  if (subscriptionIds.length === 0) return new Set();
  const rows = await db
    .select({ subscriptionId: autopayRuns.subscriptionId, period: autopayRuns.period })
    .from(autopayRuns)
    .where(
      and(
        inArray(autopayRuns.subscriptionId, [...subscriptionIds]),
        sql`${autopayRuns.period} >= ${fromPeriod}`,
      ),
    );
  return new Set(rows.map((row) => `${row.subscriptionId}:${row.period}`));
}

/** A billed month to record as Upcoming ({@link addRuns}). */
export interface NewRun {
  subscriptionId: string;
  policyId: string;
  period: string;
  runDate: string;
  amountCents: number | null;
}

/**
 * Records a page of billed months as Upcoming runs, each once: a month already run by its subscription
 * (the unique subscription and month) or by the one it replaced — or by that one's predecessors — is not
 * run again, and neither is a subscription no longer active. The active subscriptions are share-locked
 * first (in id order) and stay locked to the end of the transaction, so a replacement committing
 * meanwhile waits, and sees the runs; then the runs are inserted in one statement, `ON CONFLICT DO
 * NOTHING`. Answers the runs this call inserted: only those are this caller's to announce — a run
 * another billing day inserted first, or whose insert this one waited for, is not among them.
 */
export async function addRuns(
  tx: Executor,
  runs: readonly NewRun[],
): Promise<{ id: string; subscriptionId: string; period: string }[]> {
  const subscriptionIds = [...new Set(runs.map((run) => run.subscriptionId))];
  if (subscriptionIds.length === 0) return [];
  const live = await tx
    .select({ id: autopaySubscriptions.id })
    .from(autopaySubscriptions)
    .where(and(inArray(autopaySubscriptions.id, subscriptionIds), eq(autopaySubscriptions.state, 'Active')))
    .orderBy(asc(autopaySubscriptions.id))
    .for('share');
  const active = new Set(live.map((row) => row.id));
  const wanted = runs
    .filter((run) => active.has(run.subscriptionId))
    .map((run) => ({
      subscription_id: run.subscriptionId,
      policy_id: run.policyId,
      period: run.period,
      run_date: run.runDate,
      amount_cents: run.amountCents,
    }));
  if (wanted.length === 0) return [];
  // Inserted in key order, so two billing days inserting the same page wait on each other without deadlock.
  const result: unknown = await tx.execute(sql`
    with recursive wanted as (
        select * from json_to_recordset(${JSON.stringify(wanted)}::json)
          as w(subscription_id uuid, policy_id uuid, period date, run_date date, amount_cents int)),
      predecessors(successor, id) as (
        select s.replaced_by, s.id from ${autopaySubscriptions} s where s.replaced_by in (select subscription_id from wanted)
        union
        select p.successor, s.id from ${autopaySubscriptions} s join predecessors p on s.replaced_by = p.id)
    insert into ${autopayRuns} (subscription_id, policy_id, period, run_date, status, amount_cents)
    select w.subscription_id, w.policy_id, w.period, w.run_date, 'Upcoming', w.amount_cents from wanted w
    where not exists (
      select 1 from predecessors p join ${autopayRuns} r on r.subscription_id = p.id
      where p.successor = w.subscription_id and r.period = w.period)
    order by w.subscription_id, w.period
    on conflict (subscription_id, period) do nothing
    returning id, subscription_id as "subscriptionId", to_char(period, 'YYYY-MM-DD') as period`);
  return (result as { rows: { id: string; subscriptionId: string; period: string }[] }).rows;
}

/** How long a claimed run stays with the billing day that claimed it before another may take it over. */
export const RUN_LEASE_MINUTES = 15;

/**
 * Claims up to `limit` runs due by `day` (rows no other billing day holds: SKIP LOCKED), marking them
 * Processing in one statement: announced runs whose run date has come and declined ones whose retry
 * date has come, of active subscriptions — each a new attempt, its amount to be decided afresh — and
 * Processing runs whose claim is older than the lease (`takenOver`: a billing day that died; the same
 * attempt and amount, so the charge is repeated under the same processor key and the processor answers
 * its first result). Oldest run date first, in the due index's order: ordering ties by id as well made
 * PostgreSQL sort every due run of a date (tens of thousands on a due day) for each claim.
 */
export async function claimDueRuns(
  db: Executor,
  day: string,
  limit: number,
  householdId?: string,
): Promise<{ id: string; takenOver: boolean }[]> {
  const household =
    householdId === undefined ? sql`true` : sql`r.policy_id in ${policyIdsOfHousehold(db, householdId)}`;
  const result: unknown = await db.execute(sql`
    with picked as (
      select r.id, r.status as was from ${autopayRuns} r
        join ${autopaySubscriptions} s on s.id = r.subscription_id
      where ${household} and (
        (s.state = 'Active' and r.status = 'Upcoming' and r.run_date <= ${day})
        or (s.state = 'Active' and r.status = 'RetryScheduled' and r.next_attempt_date <= ${day})
        or (r.status = 'Processing' and r.claimed_at < now() - make_interval(mins => ${RUN_LEASE_MINUTES})))
      order by r.run_date
      limit ${limit}
      for update of r skip locked)
    update ${autopayRuns} set
      attempt = case when picked.was = 'Processing' then ${autopayRuns.attempt} else ${autopayRuns.attempt} + 1 end,
      amount_cents = case when picked.was = 'Processing' then ${autopayRuns.amountCents} else null end,
      status = 'Processing', claimed_at = now(), updated_at = now()
    from picked where ${autopayRuns.id} = picked.id
    returning ${autopayRuns.id} as id, picked.was as was`);
  return (result as { rows: { id: string; was: string }[] }).rows.map((row) => ({
    id: row.id,
    takenOver: row.was === 'Processing',
  }));
}

/** The amount decided for a claimed run, written before it is charged (a takeover charges the same). */
export async function decideAmount(db: Executor, runId: string, amountCents: number): Promise<void> {
  await db.update(autopayRuns).set({ amountCents, updatedAt: new Date() }).where(eq(autopayRuns.id, runId));
}

/** {@link decideAmount} for a page of claimed runs, in one statement. */
export async function decideAmounts(
  db: Executor,
  decided: readonly { runId: string; amountCents: number }[],
): Promise<void> {
  if (decided.length === 0) return;
  const rows = decided.map((run) => ({ id: run.runId, amount_cents: run.amountCents }));
  await db.execute(sql`
    update ${autopayRuns} r set amount_cents = x.amount_cents, updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, amount_cents int)
    where r.id = x.id`);
}

/** The outcomes of claimed runs that charged nothing (Skipped, or Failed: the method was removed), in one statement. */
export async function settleUncharged(
  tx: Executor,
  outcomes: readonly {
    runId: string;
    status: 'Skipped' | 'Failed';
    amountCents: number | null;
    reason: string;
  }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((run) => ({
    id: run.runId,
    status: run.status,
    amount_cents: run.amountCents,
    reason: run.reason,
  }));
  await tx.execute(sql`
    update ${autopayRuns} r set status = x.status, amount_cents = x.amount_cents, payment_id = null, reason = x.reason,
      next_attempt_date = null, claimed_at = null, updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, status text, amount_cents int, reason text)
    where r.id = x.id`);
}

/** Subscriptions whose run was processed on `day` (a month the member skipped is used up), in one statement. */
export async function markProcessed(
  tx: Executor,
  day: string,
  subscriptions: readonly { id: string; skipUsed: boolean }[],
): Promise<void> {
  if (subscriptions.length === 0) return;
  const rows = subscriptions.map((subscription) => ({
    id: subscription.id,
    skip_used: subscription.skipUsed,
  }));
  await tx.execute(sql`
    update ${autopaySubscriptions} s set last_processed = ${day}::date,
      skip_period = case when x.skip_used then null else s.skip_period end, modified_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, skip_used boolean)
    where s.id = x.id`);
}

/** Claimed runs with their subscription and policy, in the order they are charged (oldest run date first). */
export async function claimedRuns(db: Executor, runIds: readonly string[]) {
  if (runIds.length === 0) return [];
  return db
    .select({
      run: autopayRuns,
      subscription: autopaySubscriptions,
      householdId: householdOfPolicy(db, autopayRuns.policyId),
      policyNumber: policyNumberOf(db, autopayRuns.policyId),
    })
    .from(autopayRuns)
    .innerJoin(autopaySubscriptions, eq(autopaySubscriptions.id, autopayRuns.subscriptionId))
    .where(inArray(autopayRuns.id, [...runIds]))
    .orderBy(asc(autopayRuns.runDate), asc(autopayRuns.period), asc(autopayRuns.id));
}

/** A run's outcome (in the charge's transaction, or alone for a skip). */
export async function settleRun(
  tx: Executor,
  runId: string,
  outcome: {
    status: 'Paid' | 'Pending' | 'RetryScheduled' | 'Failed' | 'Skipped';
    amountCents: number | null;
    paymentId: string | null;
    reason: string | null;
    nextAttemptDate: string | null;
  },
): Promise<void> {
  await tx
    .update(autopayRuns)
    .set({ ...outcome, claimedAt: null, updatedAt: new Date() })
    .where(eq(autopayRuns.id, runId));
}

/** The subscription, locked (the outcome of its run and a command on it take turns). */
export async function lockSubscription(tx: Executor, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(autopaySubscriptions)
    .where(eq(autopaySubscriptions.id, id))
    .for('update');
  return row;
}

/** Whether this subscription already has a run of that month (a replacement's retry moves only if not). */
export async function hasRun(tx: Executor, subscriptionId: string, period: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: autopayRuns.id })
    .from(autopayRuns)
    .where(and(eq(autopayRuns.subscriptionId, subscriptionId), eq(autopayRuns.period, period)));
  return row !== undefined;
}

export async function moveRun(tx: Executor, runId: string, subscriptionId: string): Promise<void> {
  await tx
    .update(autopayRuns)
    .set({ subscriptionId, updatedAt: new Date() })
    .where(eq(autopayRuns.id, runId));
}

/**
 * Issue 13 payments desk: autopay months that failed (declined twice, or their method removed), newest
 * run date first, with their policy — the billing day's failed work staff may retry.
 */
export async function failedRuns(db: Executor, limit: number) {
  return db
    .select({
      id: autopayRuns.id,
      policyId: autopayRuns.policyId,
      householdId: householdOfPolicy(db, autopayRuns.policyId),
      policyNumber: policyNumberOf(db, autopayRuns.policyId),
      period: autopayRuns.period,
      runDate: autopayRuns.runDate,
      amountCents: autopayRuns.amountCents,
      attempt: autopayRuns.attempt,
      reason: autopayRuns.reason,
    })
    .from(autopayRuns)
    .where(eq(autopayRuns.status, 'Failed'))
    .orderBy(desc(autopayRuns.runDate), desc(autopayRuns.updatedAt))
    .limit(limit);
}

/** The failed run of an active subscription, with its household (null when there is no such run). */
export async function failedRunOf(db: Executor, runId: string) {
  const [row] = await db
    .select({
      run: autopayRuns,
      householdId: householdOfPolicy(db, autopayRuns.policyId),
      subscriptionState: autopaySubscriptions.state,
    })
    .from(autopayRuns)
    .innerJoin(autopaySubscriptions, eq(autopaySubscriptions.id, autopayRuns.subscriptionId))
    .where(eq(autopayRuns.id, runId));
  return row;
}

/**
 * A failed run due again on `day`: Failed → RetryScheduled only while it is still Failed (two staff
 * retrying at once schedule it once). The billing day's claim then charges it as a new attempt, under
 * a new processor key (`autopay:<run>:<attempt>`), its amount decided afresh (nothing owed: nothing charged).
 */
export async function rescheduleFailedRun(db: Executor, runId: string, day: string): Promise<boolean> {
  const rows = await db
    .update(autopayRuns)
    .set({ status: 'RetryScheduled', nextAttemptDate: day, claimedAt: null, updatedAt: new Date() })
    .where(and(eq(autopayRuns.id, runId), eq(autopayRuns.status, 'Failed')))
    .returning({ id: autopayRuns.id });
  return rows.length > 0;
}

// --- reads for document PDFs ---

/** Whether the policy has an active autopay subscription (an invoice says it is paid automatically). */
export async function hasActiveAutopay(db: Executor, policyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: autopaySubscriptions.id })
    .from(autopaySubscriptions)
    .where(and(eq(autopaySubscriptions.policyId, policyId), eq(autopaySubscriptions.state, 'Active')))
    .limit(1);
  return row !== undefined;
}
