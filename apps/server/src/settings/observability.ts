import { z } from 'zod';
import { setting, yesNo } from './meta';

/** Metrics, traces, load shedding and speed: the reference's "Observability", "Load shedding" and "Performance" sections. */
export const observabilityEnv = {
  METRICS_PORT: setting(z.coerce.number().int().min(0).max(65_535).optional(), {
    group: 'Observability',
    description:
      'Prometheus metrics on a port of their own (0: any free one), at /metrics. Never the public PORT.',
  }),
  METRICS_HOST: setting(z.string().min(1).optional(), {
    group: 'Observability',
    description: 'The address the metrics port listens on (default HOST).',
  }),
  METRICS_TOKEN: setting(z.string().min(32, 'must be at least 32 characters (a random secret)').optional(), {
    group: 'Observability',
    description:
      'Metrics at <PUBLIC_URL>/metrics for callers with this bearer token (32+ characters). Without METRICS_PORT or this, no metrics are served.',
    secret: true,
  }),
  // OpenTelemetry traces over OTLP/HTTP (issue 40, docs/decisions/049): off unless an endpoint is given.
  OTEL_EXPORTER_OTLP_ENDPOINT: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Observability',
    description:
      'OpenTelemetry traces go to <this>/v1/traces over OTLP/HTTP (one span per request, named by its route). Off unless this or the next is set.',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Observability',
    description: 'The full OTLP/HTTP traces URL, instead of OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces.',
  }),
  OTEL_SERVICE_NAME: setting(z.string().min(1).default('member-portal'), {
    group: 'Observability',
    description: 'The service name the spans carry.',
  }),
  OTEL_SDK_DISABLED: setting(yesNo.default('false'), {
    group: 'Observability',
    description: '`true`: no traces, whatever the endpoint.',
  }),
  OTEL_TRACES_EXPORTER: setting(z.string().default('otlp'), {
    group: 'Observability',
    description: '`none` turns traces off (`otlp` is the only exporter).',
  }),
  OTEL_BSP_SCHEDULE_DELAY: setting(z.coerce.number().int().min(1).max(600_000).default(5_000), {
    group: 'Observability',
    description: 'How long (ms) spans are batched before they are sent.',
  }),
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: setting(z.coerce.number().int().min(0).max(60_000).default(500), {
    group: 'Load shedding',
    description:
      'Past this event-loop delay the instance answers 503 with Retry-After at once instead of queueing. 0: off.',
  }),
  LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: setting(z.coerce.number().min(0).max(1).optional(), {
    group: 'Load shedding',
    description: 'Past this event-loop utilisation (0-1) the instance sheds. Off unless set.',
  }),
  LOAD_SHED_MAX_HEAP_MB: setting(z.coerce.number().int().min(0).optional(), {
    group: 'Load shedding',
    description: "Past this much heap in use the instance sheds (default 90% of V8's heap limit). 0: off.",
  }),
  LOAD_SHED_RETRY_AFTER_SECONDS: setting(z.coerce.number().int().min(1).max(3_600).default(5), {
    group: 'Load shedding',
    description: 'The Retry-After of a shed request.',
  }),
  LOAD_SHED_SAMPLE_INTERVAL_MS: setting(z.coerce.number().int().min(10).max(60_000).default(500), {
    group: 'Load shedding',
    description: 'How often the event loop and heap are sampled.',
  }),
  LOAD_SHED_MAX_IN_FLIGHT: setting(z.coerce.number().int().min(0).max(100_000).default(100), {
    group: 'Load shedding',
    description:
      'API requests one instance answers at once (event streams aside); one more is shed. 0: no limit.',
  }),
  AUTH_CACHE_SECONDS: setting(z.coerce.number().int().min(0).max(60).default(5), {
    group: 'Performance',
    description:
      "How long an accepted token's caller is remembered by an instance (0: checked on every call). A sign-out elsewhere takes effect here within this bound.",
  }),
  FHIR_DIRECTORY_RATE_LIMIT: setting(z.coerce.number().int().min(1).max(100_000).default(300), {
    group: 'Performance',
    description:
      'Requests per minute each client address may make to the public FHIR provider directory and `/fhir/r4/metadata` (issue 37, decision 053); more are answered 429 with an OperationOutcome. Counted across instances with REDIS_URL.',
  }),
  RESPONSE_VALIDATION: setting(yesNo.optional(), {
    group: 'Performance',
    description:
      'Whether responses are checked against their contract schema before they are sent (default: outside production only).',
  }),
};

/** Prometheus metrics (docs/decisions/034): where they are exposed; never on the public port without a token. */
export interface MetricsSettings {
  /** A port of their own (0: any free one), on `host`; none: not on a port of their own. */
  port: number | undefined;
  host: string;
  /** The bearer token `GET /metrics` on the portal's own port requires; none: that path does not exist. */
  token: string | undefined;
}

/**
 * OpenTelemetry traces (issue 40, docs/decisions/049): exported over OTLP/HTTP to `tracesUrl` when it is
 * set (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`); off otherwise,
 * and with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export interface TracingSettings {
  tracesUrl: string | undefined;
  serviceName: string;
  version: string;
  /** How long spans are batched before they are sent (ms; OTEL_BSP_SCHEDULE_DELAY). */
  exportDelayMs: number;
}

/**
 * Load shedding (docs/decisions/034): past any of these the portal answers 503 problem+json with
 * Retry-After at once, instead of queueing requests until they time out. 0 turns a check off.
 */
export interface LoadSheddingSettings {
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  /** Heap in use (bytes); by default 90% of V8's heap limit. */
  maxHeapUsedBytes: number;
  retryAfterSeconds: number;
  sampleIntervalMs: number;
  /** API requests this instance may be answering at once (event streams aside); one more is shed. 0: no limit. */
  maxInFlight: number;
}
