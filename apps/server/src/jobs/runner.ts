import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { CalendarDate } from '@portal/domain';
import { schemaIsCurrent, type DatabaseHandle } from '../db/client';

/**
 * The jobs of the portal (docs/decisions/021): pg-boss, a job queue kept in PostgreSQL (PGlite in the
 * embedded default), runs the **billing day** — every step a module registers (due scheduled payments,
 * then autopay; the billing clock is to join them) for one calendar day — hourly on every instance, and on start. Each step
 * claims its rows itself (row locks with SKIP LOCKED, unique constraints, processor idempotency keys),
 * so a step that runs twice, on two instances or again after a crash, does each piece of work once.
 */

/** What a step may limit itself to: in demo mode, one household's records (`POST /api/v1/demo/day`). */
export interface DayScope {
  householdId?: string;
}

export interface DailyStep {
  /** Short, stable: `billing-clock`, `scheduled-payments`, `autopay`. */
  name: string;
  /** Does the step's due work for `day` and says what it did (counts by outcome). */
  run(day: CalendarDate, scope: DayScope, log: FastifyBaseLogger): Promise<Record<string, number>>;
}

/**
 * A queue of its own besides the billing day (issue 34: issuer webhooks): its handler runs on a schedule
 * and whenever `nudge` asks, retried by pg-boss with backoff when it throws.
 */
export interface WorkQueue {
  name: string;
  /** Cron (in the issuer's zone) for the runs that pick up retries that came due. */
  cron: string;
  run(log: FastifyBaseLogger): Promise<void>;
}

export interface DayReport {
  day: CalendarDate;
  /** `cpuMilliseconds`: this process's CPU time (user and system) during the step; the database's is not in it. */
  steps: { name: string; counts: Record<string, number>; milliseconds: number; cpuMilliseconds: number }[];
}

export interface QueueHealth {
  /**
   * off: this instance runs no workers (JOBS=false, tests); up: pg-boss started; starting: its start is
   * under way or failed and is tried again; down: it started but its queries fail.
   */
  status: 'up' | 'off' | 'starting' | 'down';
  queued: number;
  failed: number;
}

export const BILLING_DAY = 'billing-day';

/**
 * pg-boss's schema. pg-boss 11 and later cannot migrate the schema pg-boss 10 made (`pgboss`, version 24:
 * "Version 24 not found"), and recommend a schema of their own beside it: the old one is left as it was
 * and may be dropped once no instance of an older release runs and its failed runs were looked at
 * (docs/OPERATIONS.md, "Upgrading"; decision 048).
 */
export const JOB_SCHEMA = 'pgboss_v12';

export interface JobRunnerOptions {
  /** The tenant's time zone: the hourly schedule runs in it. */
  timeZone: string;
  /** The day the portal takes as today (the tenant's calendar, or the demo's override). */
  today: () => CalendarDate;
  /** How often an idle worker asks for work (s); pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
  /** How many times a failed billing day is retried before it stays failed (default 3; tests use 0). */
  retryLimit?: number;
  /** The wait before the first retry of a failed start (ms; doubled each time, at most 30 s). */
  startRetryMs?: number;
}

const MAX_START_RETRY_MS = 30_000;

/** A billing day that failed for good (its retries spent), as the payments desk lists it (issue 13). */
export interface FailedJobRow {
  id: string;
  name: string;
  failedAt: Date | null;
  retryCount: number;
  error: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message a failed job kept (pg-boss stores the error as its output), shortened for a list. */
function errorOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  const value = typeof output === 'string' ? (JSON.parse(output) as unknown) : output;
  const message =
    typeof value === 'object' && value !== null && 'message' in value
      ? String(value.message)
      : JSON.stringify(value);
  return message.slice(0, 300);
}

export class JobRunner {
  readonly #steps: DailyStep[] = [];
  readonly #queues: WorkQueue[] = [];
  #boss: PgBoss | null = null;
  /** Whether this instance runs the workers: from `start()` until `stop()`. */
  #wanted = false;
  #attempt: Promise<void> | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #failedStarts = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions,
  ) {}

  /** Modules add their steps when the app is built; they run in the order registered. */
  registerDailyStep(step: DailyStep): void {
    if (this.#steps.some((existing) => existing.name === step.name))
      throw new Error(`daily step ${step.name} registered twice`);
    this.#steps.push(step);
  }

  /** A queue of its own (registered while the app is built, before the workers start). */
  registerQueue(queue: WorkQueue): void {
    if (this.#queues.some((existing) => existing.name === queue.name))
      throw new Error(`queue ${queue.name} registered twice`);
    this.#queues.push(queue);
  }

  /**
   * Asks for a run of `name` soon: its queue is `stately` (one run queued and one running at most), so a nudge
   * during a run queues exactly one more. Nothing while this instance runs no workers.
   */
  nudge(name: string): void {
    const boss = this.#boss;
    if (!boss) return;
    boss.send(name, {}).catch((error: unknown) => {
      this.log.warn({ err: error, queue: name }, 'could not queue a run');
    });
  }

  get stepNames(): string[] {
    return this.#steps.map((step) => step.name);
  }

  /**
   * Runs every step for `day`, in order. A step that throws stops the run (the job fails and pg-boss
   * retries it with backoff); what the earlier steps did stays done, and a rerun does only what is left.
   */
  async runDay(day: CalendarDate, scope: DayScope = {}): Promise<DayReport> {
    const report: DayReport = { day, steps: [] };
    for (const step of this.#steps) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const counts = await step.run(day, scope, this.log);
      const used = process.cpuUsage(cpu);
      report.steps.push({
        name: step.name,
        counts,
        milliseconds: Math.round(performance.now() - started),
        cpuMilliseconds: Math.round((used.user + used.system) / 1000),
      });
    }
    this.log.info({ job: BILLING_DAY, report }, 'billing day done');
    return report;
  }

  /**
   * Starts the workers of this instance: the queue, the hourly schedule, one run now. A start that fails
   * is tried again with backoff (1 s, 2 s, 4 s … at most 30 s) until it works or the runner is stopped:
   * two instances starting on one database create pg-boss's tables and queue at the same moment, and one
   * of them may fail on the other's rows (SQLSTATE 23505, 40P01) — issue 40. Meanwhile the queue is
   * `starting` and readiness says not ready. Resolves after the first attempt.
   */
  async start(): Promise<void> {
    if (this.#wanted) return;
    this.#wanted = true;
    this.#failedStarts = 0;
    await this.#tryStart();
  }

  #tryStart(): Promise<void> {
    this.#attempt = this.#startOnce().finally(() => {
      this.#attempt = null;
    });
    return this.#attempt;
  }

  async #startOnce(): Promise<void> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      // PGlite is one connection in this process: pg-boss's embedded profile (no LISTEN connection of its own).
      ...(this.database.driver === 'pglite' ? { backend: 'pglite' as const } : {}),
      // One row per instance and heartbeat, and a nightly index check: nothing the portal reads.
      registerInstance: false,
      reindex: false,
    });
    boss.on('error', (error: Error) => {
      this.log.error({ err: error, job: 'pg-boss' }, 'job queue error');
    });
    try {
      // With MIGRATE_AT_START=false the release's `npm run migrate` may not have run yet: no billing day
      // on an older schema. Tried again with the backoff below until it has (decision 048).
      if (!(await schemaIsCurrent(this.database).catch(() => false)))
        throw new Error('the database schema is not current yet (migrations pending: npm run migrate)');
      await boss.start();
      // A failed billing day is retried three times, one, two then four minutes later, then stays failed
      // (visible in the health answer and the payments desk); it may run an hour; finished runs are kept
      // a week for operators, then removed. pg-boss 11+ keeps these on the queue, not the instance.
      const queueOptions = {
        retryLimit: this.options.retryLimit ?? 3,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 60 * 60,
        deleteAfterSeconds: 7 * 24 * 60 * 60,
      };
      if (await boss.getQueue(BILLING_DAY)) await boss.updateQueue(BILLING_DAY, queueOptions);
      else await boss.createQueue(BILLING_DAY, { policy: 'standard', ...queueOptions });
      // Every hour (a missed hour, a restart or a new day is caught up within the next), in the issuer's zone.
      await boss.schedule(
        BILLING_DAY,
        '5 * * * *',
        {},
        { tz: this.options.timeZone, singletonKey: BILLING_DAY },
      );
      await boss.work(
        BILLING_DAY,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async () => {
          await this.runDay(this.options.today());
        },
      );
      for (const queue of this.#queues) {
        const options = {
          retryLimit: 5,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: 15 * 60,
          deleteAfterSeconds: 24 * 60 * 60,
        };
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, options);
        else await boss.createQueue(queue.name, { policy: 'stately', ...options });
        await boss.schedule(queue.name, queue.cron, {}, { tz: this.options.timeZone });
        await boss.work(
          queue.name,
          { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async () => {
            await queue.run(this.log);
          },
        );
        await boss.send(queue.name, {});
      }
      // Today's work now, not only at the next hour (one queued run at a time across instances).
      await boss.send(BILLING_DAY, {}, { singletonKey: `${BILLING_DAY}:${this.options.today()}` });
      if (!this.#wanted) {
        // Stopped while starting.
        await boss.stop({ graceful: true, timeout: 20_000 });
        return;
      }
      this.#boss = boss;
      if (this.#failedStarts > 0)
        this.log.info({ attempts: this.#failedStarts + 1 }, 'the job queue started');
    } catch (error) {
      this.#failedStarts += 1;
      await boss.stop({ graceful: false }).catch(() => undefined);
      if (!this.#wanted) return;
      const delay = Math.min(
        MAX_START_RETRY_MS,
        (this.options.startRetryMs ?? 1_000) * 2 ** (this.#failedStarts - 1),
      );
      this.log.warn(
        { err: error, attempt: this.#failedStarts, retryInMs: delay },
        'the job queue did not start; trying again',
      );
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = null;
        if (this.#wanted) void this.#tryStart();
      }, delay);
      this.#retryTimer.unref();
    }
  }

  /** Lets a running job finish, then stops (a second instance or the next start takes over the rest). */
  async stop(): Promise<void> {
    this.#wanted = false;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    await this.#attempt;
    const boss = this.#boss;
    this.#boss = null;
    await boss?.stop({ graceful: true, timeout: 20_000 });
  }

  async health(): Promise<QueueHealth> {
    const boss = this.#boss;
    if (!boss) return { status: this.status, queued: 0, failed: 0 };
    try {
      const [queued, failed] = await Promise.all([this.#queuedCount(), this.#failedCount()]);
      return { status: 'up', queued, failed };
    } catch {
      return { status: 'down', queued: 0, failed: 0 };
    }
  }

  /** Whether this instance runs the queue's workers (up), was told not to (off), or is (still) starting them. */
  get status(): 'up' | 'off' | 'starting' {
    return this.#boss ? 'up' : this.#wanted ? 'starting' : 'off';
  }

  /**
   * The billing days that failed for good and are still kept (a week), newest first: what the payments
   * desk shows staff. Empty when the queue's tables do not exist yet (no instance ever started it).
   */
  async failedJobs(limit = 50): Promise<FailedJobRow[]> {
    const { rows: exists } = await this.database.executeSql(
      `select to_regclass('${JOB_SCHEMA}.job') is not null as present`,
      [],
    );
    if (!(exists[0] as { present: boolean } | undefined)?.present) return [];
    const { rows } = await this.database.executeSql(
      `select id::text as id, name, completed_on as failed_at, retry_count, output from ${JOB_SCHEMA}.job
        where name = $1 and state = 'failed' order by completed_on desc nulls last limit $2`,
      [BILLING_DAY, limit],
    );
    return (
      rows as {
        id: string;
        name: string;
        failed_at: Date | string | null;
        retry_count: number;
        output: unknown;
      }[]
    ).map((row) => ({
      id: row.id,
      name: row.name,
      failedAt: row.failed_at === null ? null : new Date(row.failed_at),
      retryCount: row.retry_count,
      error: errorOf(row.output),
    }));
  }

  /**
   * Puts a failed billing day back in the queue (issue 13: staff retry it). pg-boss moves it from failed
   * to retry only if it is still failed, so two staff retrying at once queue it once; the run itself does
   * only what is left (the steps claim their rows). Answers `not-found` for an unknown id, `already` when
   * someone retried it first, `off` when no worker of this instance could run it.
   */
  async retryFailed(jobId: string): Promise<'queued' | 'already' | 'not-found' | 'off'> {
    const boss = this.#boss;
    if (!boss) return 'off';
    if (!UUID.test(jobId)) return 'not-found';
    const [job] = await boss.findJobs(BILLING_DAY, { id: jobId, limit: 1 });
    if (!job) return 'not-found';
    // pg-boss answers how many jobs it moved (its typings leave CommandResponse empty).
    const result = (await boss.retry(BILLING_DAY, jobId)) as { affected?: number };
    return (result.affected ?? 0) > 0 ? 'queued' : 'already';
  }

  /** Jobs that ended failed (their retries spent) and are still kept. */
  async #failedCount(): Promise<number> {
    const { rows } = await this.database.executeSql(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and state = 'failed'`,
      [BILLING_DAY],
    );
    return (rows[0] as { n: number } | undefined)?.n ?? 0;
  }

  /** Runs waiting to be worked on (created or waiting for a retry), as pg-boss 10's getQueueSize counted them. */
  async #queuedCount(): Promise<number> {
    const { rows } = await this.database.executeSql(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and state < 'active'`,
      [BILLING_DAY],
    );
    return (rows[0] as { n: number } | undefined)?.n ?? 0;
  }
}
