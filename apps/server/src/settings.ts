import { isIP } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file whether it runs from src/ (tsx, Vitest) or dist/ (the bundle). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: LogLevelSchema.default('info'),
  CONFIG_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.string().default('false'),
  DEMO_MODE: z.enum(['true', 'false']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PORTAL_SIGNING_JWK: z.string().min(1).optional(),
  IDP_SIGNING_JWK: z.string().min(1).optional(),
  IDP_COOKIE_SECRET: z.string().min(32).optional(),
  API_AUDIENCE: z.string().min(1).optional(),
  SAML_IDP_ENTITY_ID: z.string().min(1).optional(),
  SAML_IDP_CERT: z.string().min(1).optional(),
  SAML_SP_ENTITY_ID: z.string().min(1).optional(),
  PROCESSOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  PROCESSOR_API_KEY: z.string().min(16).optional(),
  PROCESSOR_WEBHOOK_SECRET: z.string().min(16).optional(),
  PROCESSOR_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  PROCESSOR_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PROCESSOR_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
  PROCESSOR_SETTLE_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  DEMO_TODAY: z.iso.date().optional(),
  DEMO_HOUSEHOLDS: z.coerce.number().int().min(0).max(5_000).optional(),
  JOBS: z.enum(['true', 'false']).default('true'),
  // Observability (docs/decisions/034): Prometheus metrics on their own port, or at /metrics with a token.
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (a random secret)').optional(),
  // Load shedding (@fastify/under-pressure): 0 turns a check off.
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).optional(),
  LOAD_SHED_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  LOAD_SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  LOAD_SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(100),
  // OpenTelemetry traces over OTLP/HTTP (issue 40, docs/decisions/049): off unless an endpoint is given.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('member-portal'),
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
  OTEL_TRACES_EXPORTER: z.string().default('otlp'),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).max(600_000).default(5_000),
  // Fast reads (docs/decisions/035): how long an accepted token's caller is remembered (0: checked on every call).
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  // Whether responses are validated against their contract schema (zod) before they are sent; compiled serializers otherwise.
  RESPONSE_VALIDATION: z.enum(['true', 'false']).optional(),
});

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

/**
 * The payment processor behind the port (docs/decisions/016):
 * - `sandbox`: the built-in sandbox runs in this process on its own port (demo mode without PROCESSOR_URL);
 * - `external`: a processor at PROCESSOR_URL (a real one in production);
 * - `none`: no processor (outside demo mode and production, without PROCESSOR_URL): paying answers 503.
 */
export interface ProcessorSettings {
  mode: 'sandbox' | 'external' | 'none';
  /** Server-to-server base URL of the processor's API (no trailing slash). */
  url: string;
  /** The origin browsers load hosted fields from (CSP frame-src, postMessage checks). */
  publicOrigin: string;
  /** The secret API key; the sandbox's lives in DATA_DIR/keys when not given. */
  apiKey: string | undefined;
  /** The HMAC secret of the processor's webhooks; the sandbox's lives in DATA_DIR/keys when not given. */
  webhookSecret: string | undefined;
  /** The sandbox's port (0: any free port). */
  port: number;
  /** How long a call to the processor may take before it counts as ProcessorTimeout. */
  timeoutMs: number;
  /** Sandbox: how long a bank (ACH) payment stays pending before its webhook says settled or returned. */
  settleDelayMs: number;
}

export interface Settings {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Absolute folder for embedded state: the PGlite database and, later, signing keys. */
  dataDir: string;
  /** A PostgreSQL connection string; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof LogLevelSchema>;
  /** Tenant configuration files served at /config/. */
  configDir: string;
  /** The built single-page app served at /. */
  webDistDir: string;
  /**
   * Which peers may set X-Forwarded-For/-Proto/-Host (Fastify's `trustProxy`): none (false), a number of
   * hops, or the proxies' addresses and CIDR ranges. `true` (any peer) is accepted but discouraged.
   */
  trustProxy: TrustProxy;
  /**
   * Demo mode (docs/decisions/012): owns every demo-only part — the demo households and accounts with
   * their shared password (seeded on first start), the test SAML issuer, the in-process mail catcher and
   * development mailbox, demo fixtures, and later the sandbox payment processor and the "today" override. On by default only with the embedded
   * database outside production; refused in production.
   */
  demoMode: boolean;
  shutdownTimeoutMs: number;
  /**
   * How long a stopping instance keeps serving with its readiness failing, so the load balancer stops
   * sending it requests before it closes (issue 40). 5 s with PostgreSQL; 0 with the embedded database,
   * which one process serves alone.
   */
  shutdownDrainMs: number;
  /** The origin browsers use to reach this server (issuer URLs, redirect URIs, token audience). */
  publicUrl: string;
  /** The `aud` the API requires in access tokens. */
  apiAudience: string;
  /** Secrets given by the environment (production); when absent they live in DATA_DIR/keys. */
  secrets: { portalSigningJwk?: string; idpSigningJwk?: string; idpCookieSecret?: string };
  /**
   * Asserted (SAML) sessions (SPEC §1, §3 "Sign-in assertion"): the external identity provider we trust
   * (entity id + PEM certificate(s) or public key), or none (embedded mode: the built-in test issuer,
   * outside production), and who we are to it.
   */
  saml: { idpEntityId?: string; idpCert?: string; spEntityId: string; acsUrl: string };
  /** The payment processor behind the port (docs/decisions/016). */
  processor: ProcessorSettings;
  /** Redis for live updates across instances (pub/sub); in-process fan-out when absent. */
  redisUrl: string | undefined;
  /** Outgoing e-mail (nodemailer); in demo mode without it, an in-process catcher receives the mail. */
  smtpUrl: string | undefined;
  /** The From header of e-mails; defaults to the issuer's name at no-reply@<public host>. */
  mailFrom: string | undefined;
  /** Demo mode only: the day the portal takes as today (billing, due dates, scheduled payments). */
  demoToday: string | undefined;
  /** Demo mode: the generated households the first start seeds besides the named ones (default 50). */
  demoHouseholds: number | undefined;
  /** Whether this instance runs the job workers (every instance does by default; docs/decisions/021). */
  jobs: boolean;
  metrics: MetricsSettings;
  tracing: TracingSettings;
  loadShedding: LoadSheddingSettings;
  /**
   * How long (s) an accepted bearer token's caller (verified signature, live grant or session, account) is
   * remembered by this instance; 0 checks on every call. A sign-out on this instance forgets it at once;
   * one on another instance takes effect here within this bound (docs/decisions/035).
   */
  authCacheSeconds: number;
  /**
   * Responses are checked against their contract schema (zod) before they are sent — in development and
   * tests, so that drift fails a test; in production a compiled serializer writes them (docs/decisions/035).
   */
  validateResponses: boolean;
  version: string;
}

export class SettingsError extends Error {}

/** `TRUST_PROXY`: false, true, a hop count, or a list of addresses/CIDRs (as Fastify's `trustProxy` takes them). */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for the usual private ranges, accepted as list entries too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (rest.length > 0 || version === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Reads TRUST_PROXY; throws with the reason when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new SettingsError('Invalid environment: TRUST_PROXY: a hop count must be 1-10');
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new SettingsError(
      `Invalid environment: TRUST_PROXY: expected true, false, a hop count or addresses/CIDRs separated by commas, got "${invalid.join(', ') || text}"`,
    );
  }
  return entries;
}

/** Reads the process environment into typed settings; an invalid variable is reported by name. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Settings {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  // Demo mode: on by default only with the embedded database outside production (docs/decisions/012).
  const demoMode = e.DEMO_MODE === undefined ? e.DATABASE_URL === undefined && e.NODE_ENV !== 'production' : e.DEMO_MODE === 'true';
  if (demoMode && e.NODE_ENV === 'production') {
    throw new SettingsError(
      'Refusing to start: DEMO_MODE=true with NODE_ENV=production would publish the demo accounts, their shared password and the test SAML issuer. Remove DEMO_MODE (or set it to false).',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`).replace(/\/+$/, '');
  // A trusted SAML identity provider is its entity id and its certificate together, never one alone.
  if ((e.SAML_IDP_ENTITY_ID === undefined) !== (e.SAML_IDP_CERT === undefined)) {
    throw new SettingsError('Invalid environment: SAML_IDP_ENTITY_ID and SAML_IDP_CERT must be set together');
  }
  const processor = processorSettings(e, publicUrl, demoMode);
  // The "today" override moves the demo through a month; outside demo mode the calendar is the real one.
  if (e.DEMO_TODAY !== undefined && !demoMode) {
    throw new SettingsError('Refusing to start: DEMO_TODAY is a demo-mode setting (it moves the billing clock); remove it or turn demo mode on.');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new SettingsError('Invalid environment: METRICS_PORT must differ from PORT (metrics are never served on the public port without METRICS_TOKEN)');
  }
  if (e.DEMO_HOUSEHOLDS !== undefined && !demoMode) {
    throw new SettingsError('Refusing to start: DEMO_HOUSEHOLDS is a demo-mode setting (how many generated households the first start seeds); remove it or turn demo mode on.');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    configDir: path.resolve(e.CONFIG_DIR ?? path.join(repoRoot, 'config')),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy,
    demoMode,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.DATABASE_URL === undefined ? 0 : 5_000),
    publicUrl,
    apiAudience: e.API_AUDIENCE ?? `${publicUrl}/api`,
    secrets: {
      ...(e.PORTAL_SIGNING_JWK ? { portalSigningJwk: e.PORTAL_SIGNING_JWK } : {}),
      ...(e.IDP_SIGNING_JWK ? { idpSigningJwk: e.IDP_SIGNING_JWK } : {}),
      ...(e.IDP_COOKIE_SECRET ? { idpCookieSecret: e.IDP_COOKIE_SECRET } : {}),
    },
    saml: {
      ...(e.SAML_IDP_ENTITY_ID ? { idpEntityId: e.SAML_IDP_ENTITY_ID } : {}),
      // Environment files often carry a PEM on one line with literal "\n" separators.
      ...(e.SAML_IDP_CERT ? { idpCert: e.SAML_IDP_CERT.replace(/\\n/g, '\n') } : {}),
      spEntityId: e.SAML_SP_ENTITY_ID ?? publicUrl,
      acsUrl: `${publicUrl}/api/v1/saml/acs`,
    },
    processor,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoToday: e.DEMO_TODAY,
    demoHouseholds: e.DEMO_HOUSEHOLDS,
    jobs: e.JOBS === 'true',
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
    tracing: {
      tracesUrl:
        e.OTEL_SDK_DISABLED === 'true' || e.OTEL_TRACES_EXPORTER.split(',').map((name) => name.trim()).includes('none')
          ? undefined
          : (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined)),
      serviceName: e.OTEL_SERVICE_NAME,
      version,
      exportDelayMs: e.OTEL_BSP_SCHEDULE_DELAY,
    },
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      // Off unless set: a loop that is merely busy is not overloaded (a server at its capacity is 100%
      // busy), and shedding on it kept itself going under a flood (decision 034, bench/RESULTS.md).
      maxEventLoopUtilization: e.LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION ?? 0,
      maxHeapUsedBytes: e.LOAD_SHED_MAX_HEAP_MB === undefined ? Math.floor(getHeapStatistics().heap_size_limit * 0.9) : e.LOAD_SHED_MAX_HEAP_MB * 1024 * 1024,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
      sampleIntervalMs: e.LOAD_SHED_SAMPLE_INTERVAL_MS,
      maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT,
    },
    authCacheSeconds: e.AUTH_CACHE_SECONDS,
    validateResponses: e.RESPONSE_VALIDATION === undefined ? e.NODE_ENV !== 'production' : e.RESPONSE_VALIDATION === 'true',
    version,
  };
}

const originOf = (url: string): string => new URL(url).origin;

function processorSettings(e: z.infer<typeof EnvSchema>, publicUrl: string, demoMode: boolean): ProcessorSettings {
  const common = {
    apiKey: e.PROCESSOR_API_KEY,
    webhookSecret: e.PROCESSOR_WEBHOOK_SECRET,
    timeoutMs: e.PROCESSOR_TIMEOUT_MS,
    settleDelayMs: e.PROCESSOR_SETTLE_DELAY_MS,
  };
  if (e.PROCESSOR_URL !== undefined) {
    if (e.PROCESSOR_API_KEY === undefined || e.PROCESSOR_WEBHOOK_SECRET === undefined) {
      throw new SettingsError('Invalid environment: PROCESSOR_URL needs PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET');
    }
    const url = e.PROCESSOR_URL.replace(/\/+$/, '');
    return { mode: 'external', url, publicOrigin: originOf(e.PROCESSOR_PUBLIC_URL ?? url), port: 0, ...common };
  }
  if (e.NODE_ENV === 'production') {
    throw new SettingsError('Invalid environment: production needs a payment processor: set PROCESSOR_URL, PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET');
  }
  // The sandbox listens next to the portal (PORT+1 unless told) and is reached by browsers on the portal's
  // host name. On any free port when PORT is 0, and with PostgreSQL, where several instances may run on
  // one host: PORT+1 would be the next instance's PORT (issue 40). The port is printed at start.
  const port = e.PROCESSOR_PORT ?? (e.PORT === 0 || e.DATABASE_URL !== undefined ? 0 : e.PORT + 1);
  const publicHost = new URL(publicUrl);
  const publicOrigin = originOf(e.PROCESSOR_PUBLIC_URL ?? `${publicHost.protocol}//${publicHost.hostname}:${port}`);
  const loopback = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return { mode: demoMode ? 'sandbox' : 'none', url: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`, publicOrigin, port, ...common };
}

/** The sandbox's address once it listens (its port is only known then when PROCESSOR_PORT/PORT is 0). */
export function withSandboxPort(processor: ProcessorSettings, port: number, publicUrl: string): ProcessorSettings {
  if (processor.port === port) return processor;
  const url = new URL(processor.url);
  url.port = String(port);
  const publicHost = new URL(publicUrl);
  return {
    ...processor,
    port,
    url: url.origin,
    publicOrigin: processor.publicOrigin.endsWith(':0') ? `${publicHost.protocol}//${publicHost.hostname}:${port}` : processor.publicOrigin,
  };
}
