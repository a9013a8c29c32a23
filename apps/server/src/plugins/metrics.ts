import { timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetrics from 'fastify-metrics';
import client from 'prom-client';
import { paymentOutcomes, type PaymentOutcomeMessage } from '../lib/payment-outcomes';
import { webhookOutcomes, type WebhookOutcome } from '../lib/webhook-outcomes';
import { BILLING_DAY, JOB_SCHEMA } from '../jobs/runner';
import type { DatabaseHandle } from '../db/client';
import type { MetricsSettings } from '../settings';
import { sendNotFound } from './errors';

export interface Meters {
  /** A live notification stream opened / closed (SSE). */
  sseOpened(): void;
  sseClosed(): void;
  /** A request answered 503 by load shedding, and why (event loop delay, utilisation, heap). */
  shed(reason: string): void;
  /** The port the metrics listen on (METRICS_PORT), once they do; null when they have no port of their own. */
  port(): number | null;
  /** The metrics as Prometheus text. */
  text(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (docs/decisions/034). */
    meters: Meters;
  }
}

/** Request durations in seconds: the portal's reads take milliseconds; the processor may take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics (issue 16, docs/decisions/034) with fastify-metrics over prom-client, in a registry
 * of this app's own: request rate and latency per route pattern (`/api/v1/Policy/:policyId`, never the raw
 * URL), the database pool, the job queue, payment outcomes, live (SSE) streams, shed requests, and the
 * process (CPU, heap, event loop lag, GC).
 *
 * Never public: on a port of their own (METRICS_PORT, any path; keep it off the internet), or at
 * `GET /metrics` on the portal's port with `Authorization: Bearer <METRICS_TOKEN>` (a missing or wrong
 * token gets the same 404 as an unknown path). With neither, nothing is collected: no per-request cost.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsSettings) => {
    let sse = 0;
    let shedCount: ((reason: string) => void) | null = null;
    let server: http.Server | null = null;
    const exposed = options.port !== undefined || options.token !== undefined;
    const registry = new client.Registry();

    app.decorate('meters', {
      sseOpened: () => {
        sse += 1;
      },
      sseClosed: () => {
        sse = Math.max(0, sse - 1);
      },
      shed: (reason: string) => shedCount?.(reason),
      port: () => {
        const address = server?.address();
        return address && typeof address === 'object' ? address.port : null;
      },
      text: () => registry.metrics(),
    } satisfies Meters);
    if (!exposed) return;

    await app.register(fastifyMetrics, {
      endpoint: null,
      promClient: client,
      defaultMetrics: { enabled: true, register: registry, prefix: 'portal_' },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        registeredRoutesOnly: true,
        overrides: {
          histogram: {
            name: 'portal_http_request_duration_seconds',
            help: 'HTTP requests by route pattern, method and status: duration in seconds (its _count is the request rate)',
            buckets: DURATION_BUCKETS,
            registers: [registry],
          },
          // Made by fastify-metrics even when off: kept out of prom-client's global registry (one per app).
          summary: { name: 'portal_http_request_summary_seconds', help: 'unused', registers: [registry] },
        },
      },
    });

    const shed = new client.Counter({
      name: 'portal_requests_shed_total',
      help: 'Requests answered 503 by load shedding, by reason',
      labelNames: ['reason'],
      registers: [registry],
    });
    shedCount = (reason) => {
      shed.inc({ reason });
    };

    new client.Gauge({
      name: 'portal_sse_connections',
      help: 'Live notification streams (server-sent events) open on this instance',
      registers: [registry],
      collect() {
        this.set(sse);
      },
    });

    const database = app.database;
    new client.Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL connection pool: connections open (total), idle, queries waiting for one, and the pool size (max); absent on the embedded database',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = database.poolStats?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });

    // One query for both job gauges per scrape.
    let jobs: Promise<{ status: string; queued: number; failed: number }> | null = null;
    const jobHealth = () => (jobs ??= app.jobs.health().finally(() => setImmediate(() => (jobs = null))));
    new client.Gauge({
      name: 'portal_jobs_queued',
      help: 'Billing-day job runs waiting in the queue (pg-boss); 0 on an instance without workers (JOBS=false)',
      registers: [registry],
      async collect() {
        this.set((await jobHealth()).queued);
      },
    });
    new client.Gauge({
      name: 'portal_jobs_failed',
      help: 'Billing-day job runs that failed after their retries and are still kept (a week)',
      registers: [registry],
      async collect() {
        this.set((await jobHealth()).failed);
      },
    });
    new client.Gauge({
      name: 'portal_jobs_up',
      help: 'Whether this instance runs the job workers and they answer (1), or not (0)',
      registers: [registry],
      async collect() {
        this.set((await jobHealth()).status === 'up' ? 1 : 0);
      },
    });

    // Issue 40 (decision 049): what an operator alerts on in a fleet. They read the shared database, so
    // every instance reports the same values (alert on their max); each gauge runs its own small query per
    // scrape (a promise shared by a scrape's gauges would need a turn of the event loop to be renewed).
    new client.Gauge({
      name: 'portal_outbox_pending_events',
      help: 'Outbox events not dispatched yet (notifications, e-mails and live updates waiting); the same on every instance',
      registers: [registry],
      async collect() {
        this.set((await readOutboxBacklog(database)).pending);
      },
    });
    new client.Gauge({
      name: 'portal_outbox_oldest_pending_seconds',
      help: 'Age of the oldest outbox event not dispatched yet (0 when none): a growing value means nothing dispatches, or one event keeps failing',
      registers: [registry],
      async collect() {
        this.set((await readOutboxBacklog(database)).oldestSeconds);
      },
    });
    new client.Gauge({
      name: 'portal_jobs_oldest_due_seconds',
      help: 'How long the oldest billing-day run that is due has waited for a worker (0 when none waits): a growing value means no job runner is working',
      registers: [registry],
      async collect() {
        this.set((await readJobLag(database)).oldestDueSeconds);
      },
    });
    new client.Gauge({
      name: 'portal_jobs_last_billing_day_timestamp_seconds',
      help: 'When the last billing-day run completed (Unix time; 0 before any has): alert when time() minus it exceeds two hours',
      registers: [registry],
      async collect() {
        this.set((await readJobLag(database)).lastCompletedSeconds ?? 0);
      },
    });

    const webhooks = new client.Counter({
      name: 'portal_processor_webhooks_total',
      help: "Deliveries on the payment processor's webhook, by outcome: applied, duplicate, refused (does not fit what it names), rejected (bad signature), replay, failed (500/503: delivered again)",
      labelNames: ['outcome'],
      registers: [registry],
    });
    const onWebhook = (message: unknown) => {
      webhooks.inc({ outcome: (message as { outcome: WebhookOutcome }).outcome });
    };
    subscribe(webhookOutcomes.name, onWebhook);

    const payments = new client.Counter({
      name: 'portal_payment_outcomes_total',
      help: 'Payments the portal tried to make, by outcome (succeeded, pending, declined, scheduled, outcome-unknown, processor-unavailable, error) and source (portal, autopay, scheduled)',
      labelNames: ['outcome', 'source'],
      registers: [registry],
    });
    const onPayment = (message: unknown) => {
      const { outcome, source } = message as PaymentOutcomeMessage;
      payments.inc({ outcome, source });
    };
    subscribe(paymentOutcomes.name, onPayment);
    app.addHook('onClose', async () => {
      unsubscribe(paymentOutcomes.name, onPayment);
      unsubscribe(webhookOutcomes.name, onWebhook);
      if (server) {
        await new Promise<void>((resolve) => {
          server?.close(() => {
            resolve();
          });
        });
      }
    });

    if (options.token !== undefined) {
      const token = options.token;
      app.get(
        '/metrics',
        { config: { loadShedding: false, disableMetrics: true }, schema: { hide: true } },
        async (request, reply) => {
          const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
          if (!sameSecret(given, token)) return sendNotFound(request, reply);
          return reply
            .type(registry.contentType)
            .header('Cache-Control', 'no-store')
            .send(await registry.metrics());
        },
      );
    }

    if (options.port !== undefined) {
      const port = options.port;
      server = http.createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '/').split('?')[0] !== '/metrics') {
          response
            .writeHead(404, { 'content-type': 'text/plain' })
            .end('Not found: the metrics are at /metrics\n');
          return;
        }
        registry.metrics().then(
          (text) =>
            response
              .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
              .end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics collection failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
          },
        );
      });
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server?.once('error', reject);
          server?.listen({ port, host: options.host }, () => {
            resolve();
          });
        });
      });
    }
  },
  { name: 'metrics', dependencies: ['db', 'jobs'] },
);

type Executor = DatabaseHandle;

const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Outbox events not dispatched yet, and the age of the oldest (by when it was written). */
async function readOutboxBacklog(database: Executor): Promise<{ pending: number; oldestSeconds: number }> {
  const { rows } = await database.executeSql(
    `select count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
       from outbox_events where dispatched_at is null`,
    [],
  );
  const row = rows[0] as { pending: unknown; oldest: unknown } | undefined;
  return { pending: toNumber(row?.pending), oldestSeconds: Math.max(0, toNumber(row?.oldest)) };
}

interface JobLag {
  oldestDueSeconds: number;
  lastCompletedSeconds: number | null;
}

/**
 * The billing day's lag, from pg-boss's job table (in its schema, `JOB_SCHEMA`): the oldest run that is due
 * (created or to be retried, its start time passed) and not picked up, and when a run last completed
 * (pg-boss 12 keeps completed runs in the same table until its retention deletes them; it has no archive).
 * Nothing before any instance has started the queue (its tables do not exist yet).
 */
async function readJobLag(database: Executor): Promise<JobLag> {
  const { rows: exists } = await database.executeSql(
    `select to_regclass('${JOB_SCHEMA}.job') is not null as present`,
    [],
  );
  if (!(exists[0] as { present: boolean } | undefined)?.present)
    return { oldestDueSeconds: 0, lastCompletedSeconds: null };
  const { rows } = await database.executeSql(
    `select
       (select coalesce(extract(epoch from now() - min(start_after)), 0)::float8 from ${JOB_SCHEMA}.job
         where name = $1 and state in ('created', 'retry') and start_after <= now()) as oldest_due,
       (select extract(epoch from max(completed_on))::float8 from ${JOB_SCHEMA}.job where name = $1 and state = 'completed') as last_completed`,
    [BILLING_DAY],
  );
  const row = rows[0] as { oldest_due: unknown; last_completed: unknown } | undefined;
  return {
    oldestDueSeconds: Math.max(0, toNumber(row?.oldest_due)),
    lastCompletedSeconds:
      row?.last_completed === null || row?.last_completed === undefined ? null : Number(row.last_completed),
  };
}
