import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { idArray } from '../db/arrays';
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

/**
 * A channel that can also take a batch of events in one transaction (decision 037): `many` must write
 * for the batch exactly what `one` would write for each of its events, with set-based statements (one
 * read and one insert for the batch, not one per event). `one` serves when a batch fails and its events
 * are dispatched one by one, so that one bad event neither blocks nor loses the others.
 */
export interface OutboxChannel {
  one: OutboxHandler;
  many(tx: Transaction, events: readonly OutboxEvent[], dispatch: DispatchContext): Promise<void>;
}

export interface DispatcherLog {
  error(object: Record<string, unknown>, message: string): void;
}

/** Longest wait before a failed event is tried again. */
const MAX_BACKOFF_SECONDS = 3600;
/** Events claimed and dispatched per transaction (decision 037); a run goes on while batches come back full. */
export const OUTBOX_BATCH = 500;

/**
 * Dispatches outbox events to the channels, a batch per transaction, oldest first (decision 037): one
 * statement claims up to {@link OUTBOX_BATCH} due events (`FOR UPDATE SKIP LOCKED`, so several instances
 * share the work and never dispatch one event twice), each channel writes for the whole batch, one
 * statement marks them dispatched, and the transaction commits — all of it or none. A batch that fails is
 * rolled back and its events are dispatched one by one, each in its own transaction: a handler that
 * throws rolls back only its event, which is retried with backoff; the others go through.
 *
 * Each event's writes happen exactly once (they commit with the mark); after-commit effects (live
 * updates, nudges) at most once; a crash before the commit leaves the batch undispatched, to be claimed
 * again by the next run.
 */
export class OutboxDispatcher {
  private readonly channels: OutboxChannel[] = [];
  private current: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: DispatcherLog,
    /** Events per transaction (tests make it small; 1 dispatches one by one). */
    private readonly batchSize = OUTBOX_BATCH,
  ) {}

  /** A plain handler is called once per event of a batch, in the batch's transaction. */
  register(channel: OutboxHandler | OutboxChannel): void {
    this.channels.push(
      typeof channel === 'function'
        ? {
            one: channel,
            many: async (tx, events, dispatch) => {
              for (const event of events) await channel(tx, event, dispatch);
            },
          }
        : channel,
    );
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
      const { claimed, dispatched } = await this.dispatchBatch();
      total += dispatched;
      if (claimed < this.batchSize || this.stopped) return total;
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

  /** Read afresh (a method: the compiler would take the field as narrowed by an earlier check). */
  private isStopped(): boolean {
    return this.stopped;
  }

  /** One batch in one transaction; when it fails, its events one by one. */
  private async dispatchBatch(): Promise<{ claimed: number; dispatched: number }> {
    if (this.stopped) return { claimed: 0, dispatched: 0 };
    const state: { claimed: OutboxEvent[] } = { claimed: [] };
    const effects: Effect[] = [];
    const dispatch: DispatchContext = {
      afterCommit: (effect) => {
        effects.push(effect);
      },
    };
    try {
      await this.db.transaction(async (tx) => {
        state.claimed = await claimDue(tx, this.batchSize);
        if (state.claimed.length === 0) return;
        if (state.claimed.length === 1 || this.channels.length === 0) {
          for (const channel of this.channels)
            for (const event of state.claimed) await channel.one(tx, event, dispatch);
        } else {
          for (const channel of this.channels) await channel.many(tx, state.claimed, dispatch);
        }
        await markDispatched(
          tx,
          state.claimed.map((event) => event.id),
        );
      });
    } catch (error) {
      const ids = state.claimed.map((event) => event.id);
      if (ids.length === 0) throw error;
      if (ids.length === 1) {
        await this.failed(state.claimed[0] as OutboxEvent, error);
        return { claimed: 1, dispatched: 0 };
      }
      this.log.error(
        { err: error, events: ids.length, firstEventId: ids[0] },
        'outbox batch failed; dispatching its events one by one',
      );
      let dispatched = 0;
      for (const id of ids) {
        if (this.isStopped()) break;
        if ((await this.dispatchOne(id)) === 'dispatched') dispatched += 1;
      }
      return { claimed: ids.length, dispatched };
    }
    await this.runEffects(effects, state.claimed[0]?.id);
    return { claimed: state.claimed.length, dispatched: state.claimed.length };
  }

  /** The event `id` alone in its transaction, if it is still due and nobody else holds it. */
  private async dispatchOne(id: number): Promise<'none' | 'dispatched' | 'failed'> {
    // Set inside the transaction; read after it failed (a holder, so the compiler sees the assignment).
    const state: { claimed: OutboxEvent | null } = { claimed: null };
    const effects: Effect[] = [];
    const dispatch: DispatchContext = {
      afterCommit: (effect) => {
        effects.push(effect);
      },
    };
    try {
      const outcome = await this.db.transaction(async (tx) => {
        const [event] = await claimDue(tx, 1, id);
        if (!event) return 'none';
        state.claimed = event;
        for (const channel of this.channels) await channel.one(tx, event, dispatch);
        await markDispatched(tx, [event.id]);
        return 'dispatched' as const;
      });
      await this.runEffects(effects, id);
      return outcome;
    } catch (error) {
      const event = state.claimed;
      if (!event) throw error;
      await this.failed(event, error);
      return 'failed';
    }
  }

  /** A failed event: its error kept, tried again after a backoff that doubles with each attempt. */
  private async failed(event: OutboxEvent, error: unknown): Promise<void> {
    this.log.error(
      { err: error, eventId: event.id, eventType: event.type },
      'outbox event failed; will retry',
    );
    const message = error instanceof Error ? error.message.slice(0, 500) : 'error';
    await this.db
      .update(outboxEvents)
      .set({
        attempts: sql`${outboxEvents.attempts} + 1`,
        lastError: message,
        availableAt: sql`now() + least(power(2, ${outboxEvents.attempts}), ${MAX_BACKOFF_SECONDS}) * interval '1 second'`,
      })
      .where(eq(outboxEvents.id, event.id));
  }

  private async runEffects(effects: readonly Effect[], eventId: number | undefined): Promise<void> {
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.log.error({ err: error, eventId }, 'outbox after-commit effect failed');
      }
    }
  }
}

type Effect = () => void | Promise<void>;

/**
 * Claims up to `limit` due events, oldest first, in one statement (or only event `id`): locked until the
 * transaction ends, skipped by every other dispatcher meanwhile.
 */
async function claimDue(tx: Transaction, limit: number, id?: number): Promise<OutboxEvent[]> {
  const rows = await tx
    .select()
    .from(outboxEvents)
    .where(
      and(
        isNull(outboxEvents.dispatchedAt),
        lte(outboxEvents.availableAt, sql`now()`),
        id === undefined ? undefined : eq(outboxEvents.id, id),
      ),
    )
    .orderBy(asc(outboxEvents.availableAt), asc(outboxEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    householdId: row.householdId,
    policyId: row.policyId,
    payload: row.payload,
    createdAt: row.createdAt,
  }));
}

/** Marks claimed events dispatched, in one statement (the ids as one array parameter). */
async function markDispatched(tx: Transaction, ids: readonly number[]): Promise<void> {
  await tx.execute(
    sql`update ${outboxEvents} set dispatched_at = now(), attempts = attempts + 1 where id = any(${idArray(ids, 'bigint')})`,
  );
}
