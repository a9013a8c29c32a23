import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { failureEvents } from '../db/schema';

/**
 * Counts failures over a sliding window (the last `windowSeconds`), stored in the database so a
 * limit holds exactly across instances and restarts. Keys that carry an identifier are hashed: the
 * table never holds a username or an exchange id in clear.
 */
export class FailureCounter {
  constructor(
    private readonly db: Database,
    private readonly windowSeconds: number,
  ) {}

  static key(kind: string, value: string): string {
    return `${kind}:${createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;
  }

  private get since() {
    return sql`now() - make_interval(secs => ${this.windowSeconds})`;
  }

  /** Failures recorded for `key` within the window. */
  async count(key: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(failureEvents)
      .where(and(eq(failureEvents.key, key), sql`${failureEvents.occurredAt} > ${this.since}`));
    return row?.count ?? 0;
  }

  /** Records one failure under each key. */
  async add(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.insert(failureEvents).values(keys.map((key) => ({ key })));
  }

  /** Forgets failures of these keys (after a success). */
  async clear(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(failureEvents).where(inArray(failureEvents.key, keys));
  }
}

/** Removes failures older than a day. */
export async function purgeOldFailures(db: Database): Promise<void> {
  await db.delete(failureEvents).where(sql`${failureEvents.occurredAt} < now() - interval '1 day'`);
}

export interface GuessLimits {
  /** Failures one source may make against one target in the window before that source is refused. */
  perTargetAndSource: number;
  /** Failures one source may make in the window, whatever the target, before it is refused. */
  perSource: number;
  /**
   * Failures against one target from all sources together after which every attempt on it is refused
   * (absent: never; only a step whose owner has another way in uses it, e.g. linking an account,
   * docs/decisions/028).
   */
  perTarget?: number;
  /** Failures against one target, from all sources together, after which every attempt is slowed down. */
  slowDownAfter: number;
  /** The delay of the first slowed-down attempt; it doubles with every further `slowDownAfter` failures. */
  slowDownMs: number;
  /** The longest delay. */
  maxSlowDownMs: number;
}

/** Refused for: `target` this source's failures on the target, `source` its failures overall, `all-sources` everyone's on the target. */
export type GuessDecision =
  { kind: 'refused'; scope: 'target' | 'source' | 'all-sources' } | { kind: 'allowed'; delayMs: number };

export interface GuessKeys {
  /** Every failure against the target (an account, a household), from anywhere. */
  target: string;
  /** Failures against the target from this source. */
  targetAndSource: string;
  /** Failures from this source, whatever the target. */
  source: string;
}

/**
 * Limits guessing (passwords, guest facts) without letting anyone lock out someone else
 * (docs/decisions/012): a source that fails too often against one target, or too often overall, is
 * refused; failures against a target from elsewhere never refuse its owner but slow every attempt on
 * that target down (the delay is the same whether the guess is right or wrong, so it tells nothing).
 */
export class GuessLimiter {
  private readonly failures: FailureCounter;

  constructor(
    db: Database,
    windowSeconds: number,
    private readonly limits: GuessLimits,
  ) {
    this.failures = new FailureCounter(db, windowSeconds);
  }

  /** The keys of one attempt; target and source are hashed before they are stored. */
  static keys(kind: string, target: string, source: string): GuessKeys {
    return {
      target: FailureCounter.key(`${kind}:target`, target),
      targetAndSource: FailureCounter.key(
        `${kind}:target-source`,
        `${target.trim().toLowerCase()}\n${source}`,
      ),
      source: FailureCounter.key(`${kind}:source`, source),
    };
  }

  /** Whether an attempt may go ahead, under this limiter's limits or the `limits` a caller gives for this kind of guess. */
  async decide(keys: GuessKeys, limits: GuessLimits = this.limits): Promise<GuessDecision> {
    const [pair, source, target] = await Promise.all([
      this.failures.count(keys.targetAndSource),
      this.failures.count(keys.source),
      this.failures.count(keys.target),
    ]);
    if (pair >= limits.perTargetAndSource) return { kind: 'refused', scope: 'target' };
    if (source >= limits.perSource) return { kind: 'refused', scope: 'source' };
    if (limits.perTarget !== undefined && target >= limits.perTarget)
      return { kind: 'refused', scope: 'all-sources' };
    return { kind: 'allowed', delayMs: this.delayFor(target, limits) };
  }

  /** The slow-down for a target with this many recent failures (0 below the threshold). */
  delayFor(targetFailures: number, limits: GuessLimits = this.limits): number {
    const { slowDownAfter, slowDownMs, maxSlowDownMs } = limits;
    if (targetFailures < slowDownAfter) return 0;
    const doublings = Math.floor(targetFailures / slowDownAfter) - 1;
    return Math.min(maxSlowDownMs, slowDownMs * 2 ** Math.min(doublings, 16));
  }

  async failed(keys: GuessKeys): Promise<void> {
    await this.failures.add([keys.target, keys.targetAndSource, keys.source]);
  }

  /** A right guess forgets this source's failures against the target (not the others' failures). */
  async succeeded(keys: GuessKeys): Promise<void> {
    await this.failures.clear([keys.targetAndSource]);
  }
}
