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
