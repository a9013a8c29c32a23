import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { outboxEvents } from '../db/schema';
import type { OutboxEvent } from './events';

/** What a handler may ask of the dispatch besides writing in its transaction. */
export interface DispatchContext {
  /**
   * Runs `effect` once the event's transaction has committed (never if it rolls back): for what must
   * not be seen before the change is (a live update to the browser, a nudge to the mail sender). An
   * effect is best effort: it is not retried, and its failure is logged, not the event's.
   */
  afterCommit(effect: () => void | Promise<void>): void;
}

/**
 * A channel that events are dispatched to (in-app notifications, e-mail, …). It runs inside the
 * transaction that marks the event dispatched, so what it writes to the database happens exactly once.
 * A channel that talks to the outside world (e-mail) writes its own queue row here and sends from there;
 * one that only tells browsers (live updates) does so after the commit (`dispatch.afterCommit`).
 */
export type OutboxHandler = (tx: Transaction, event: OutboxEvent, dispatch: DispatchContext) => Promise<void>;

export interface DispatcherLog {
  error(object: Record<string, unknown>, message: string): void;
}

/** Longest wait before a failed event is tried again. */
const MAX_BACKOFF_SECONDS = 3600;
/** Events dispatched per run at most (the next nudge or tick takes the rest). */
const BATCH = 200;

/**
 * Dispatches outbox events to the handlers, one event per transaction, oldest first. Claims use
 * `FOR UPDATE SKIP LOCKED`, so several instances share the work and never dispatch one event twice.
 * A handler that throws rolls the event's transaction back; the event is retried with backoff.
 */
export class OutboxDispatcher {
  private readonly handlers: OutboxHandler[] = [];
  private current: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: DispatcherLog,
  ) {}

  register(handler: OutboxHandler): void {
    this.handlers.push(handler);
  }

  /** Dispatches soon (after a command commits); coalesces with runs already waiting. */
  nudge(): void {
    if (this.stopped) return;
    this.drain().catch((error: unknown) => {
      this.log.error({ err: error }, 'outbox dispatch failed');
    });
  }

  /**
   * Dispatches everything due now and resolves with how many events this run dispatched (tests await
   * it). Runs never overlap: a call during a run queues one more run after it, so whatever committed
   * before the call is seen; calls meanwhile share that queued run.
   */
  drain(): Promise<number> {
    if (this.queued) return this.queued;
    if (!this.current) return this.startRun();
    const queued = this.current
      .catch(() => 0)
      .then(() => {
        this.queued = null;
        return this.startRun();
      });
    this.queued = queued;
    return queued;
  }

  private startRun(): Promise<number> {
    const run = this.runAll().finally(() => {
      if (this.current === run) this.current = null;
    });
    this.current = run;
    return run;
  }

  private async runAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const dispatched = await this.dispatchBatch();
      total += dispatched;
      if (dispatched < BATCH || this.stopped) return total;
    }
  }

  /** Also dispatches on a timer: events whose retry time came, or written by another instance. */
  start(intervalMs: number): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      this.nudge();
    }, intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Stops the timer and waits for a run in progress (shutdown: no transaction is cut off). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queued?.catch(() => undefined);
    await this.current?.catch(() => undefined);
  }

  private async dispatchBatch(): Promise<number> {
    let dispatched = 0;
    while (dispatched < BATCH && !this.stopped) {
      const outcome = await this.dispatchOne();
      if (outcome === 'none') break;
      if (outcome === 'dispatched') dispatched += 1;
    }
    return dispatched;
  }

  private async dispatchOne(): Promise<'none' | 'dispatched' | 'failed'> {
    // Set inside the transaction; read after it failed (a holder, so the compiler sees the assignment).
    const state: { claimed: OutboxEvent | null } = { claimed: null };
    const effects: (() => void | Promise<void>)[] = [];
    const dispatch: DispatchContext = {
      afterCommit: (effect) => {
        effects.push(effect);
      },
    };
    try {
      const outcome = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(outboxEvents)
          .where(and(isNull(outboxEvents.dispatchedAt), lte(outboxEvents.availableAt, sql`now()`)))
          .orderBy(asc(outboxEvents.availableAt), asc(outboxEvents.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return 'none';
        const event: OutboxEvent = { id: row.id, type: row.type, householdId: row.householdId, policyId: row.policyId, payload: row.payload, createdAt: row.createdAt };
        state.claimed = event;
        for (const handler of this.handlers) await handler(tx, event, dispatch);
        await tx.update(outboxEvents).set({ dispatchedAt: sql`now()`, attempts: sql`${outboxEvents.attempts} + 1` }).where(eq(outboxEvents.id, row.id));
        return 'dispatched' as const;
      });
      for (const effect of effects) {
        try {
          await effect();
        } catch (error) {
          this.log.error({ err: error, eventId: state.claimed?.id }, 'outbox after-commit effect failed');
        }
      }
      return outcome;
    } catch (error) {
      const event = state.claimed;
      if (!event) throw error;
      this.log.error({ err: error, eventId: event.id, eventType: event.type }, 'outbox event failed; will retry');
      const message = error instanceof Error ? error.message.slice(0, 500) : 'error';
      await this.db
        .update(outboxEvents)
        .set({
          attempts: sql`${outboxEvents.attempts} + 1`,
          lastError: message,
          availableAt: sql`now() + least(power(2, ${outboxEvents.attempts}), ${MAX_BACKOFF_SECONDS}) * interval '1 second'`,
        })
        .where(eq(outboxEvents.id, event.id));
      return 'failed';
    }
  }
}
