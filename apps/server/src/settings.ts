import { isIP } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file whether it runs from src/ (tsx, Vitest) or dist/ (the bundle). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the configuration reference (docs/OPERATIONS.md, scripts/settings-reference.mjs) says of a setting. */
export interface SettingMeta {
  /** The reference's section. */
  group: SettingGroup;
  description: string;
  /** A secret: it belongs in a secret store (a Kubernetes Secret, an env file only its owner reads), never in a ConfigMap or a log. */
  secret?: boolean;
}

export const SETTING_GROUPS = [
  'Server',
  'Database',
  'Sign-in and keys',
  'Payments',
  'Live updates, e-mail and jobs',
  'Stopping',
  'Observability',
  'Load shedding',
  'Performance',
  'Enrollment and issuer events',
  'Demo mode',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A setting's schema with what the reference says of it (zod metadata, read back by z.toJSONSchema). */
const setting = <T extends z.ZodType>(schema: T, meta: SettingMeta): T => schema.meta({ ...meta });

const yesNo = z.enum(['true', 'false']);

/**
 * Every environment variable the portal reads, once: parsed here, and documented from here in the
 * configuration reference of docs/OPERATIONS.md (`node scripts/settings-reference.mjs --write`; a test
 * fails when the committed reference is stale).
 */
export const EnvSchema = z.object({
  NODE_ENV: setting(z.enum(['production', 'development', 'test']).default('development'), {
    group: 'Server',
    description:
      '`production` refuses demo mode, requires a payment processor, and writes responses with compiled serializers instead of validating them.',
  }),
  PORT: setting(z.coerce.number().int().min(0).max(65_535).default(3000), {
    group: 'Server',
    description:
      'The HTTP port of the portal (web app, /config, the API). 0: any free port (printed at start).',
  }),
  HOST: setting(z.string().min(1).default('0.0.0.0'), {
    group: 'Server',
    description: 'The address the portal listens on.',
  }),
  PUBLIC_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Server',
    description:
      "The origin members reach the portal at (issuer URLs, redirect URIs, the tokens' audience, e-mail links). Default `http://localhost:<PORT>`. Set it behind a load balancer.",
  }),
  TRUST_PROXY: setting(z.string().default('false'), {
    group: 'Server',
    description:
      'Which peers may set X-Forwarded-For/-Proto/-Host: `false`, a hop count 1-10, or proxy addresses and CIDR ranges separated by commas (`loopback`, `linklocal`, `uniquelocal` too). `true` (any peer) is accepted but lets clients forge their address.',
  }),
  DATA_DIR: setting(z.string().min(1).default('./.data'), {
    group: 'Server',
    description:
      'Folder for local state: the embedded database, keys made when none are given, the sandbox processor. With PostgreSQL and every key given it only needs to be writable (the image mounts an empty volume there).',
  }),
  CONFIG_DIR: setting(z.string().min(1).optional(), {
    group: 'Server',
    description: 'The tenant configuration served at /config/ (default: `config/` of the installation).',
  }),
  WEB_DIST_DIR: setting(z.string().min(1).optional(), {
    group: 'Server',
    description: 'The built web app served at / (default: `apps/web/dist/` of the installation).',
  }),
  LOG_LEVEL: setting(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
    group: 'Server',
    description: 'The least severe log line written (pino; JSON on standard output).',
  }),
  DATABASE_URL: setting(z.string().min(1).optional(), {
    group: 'Database',
    description:
      'A PostgreSQL connection string. Without it the embedded database (PGlite) in DATA_DIR is used: one process, demo and development only.',
    secret: true,
  }),
  DATABASE_POOL_SIZE: setting(z.coerce.number().int().min(1).max(200).default(10), {
    group: 'Database',
    description:
      "Connections each process keeps to PostgreSQL at most. Instances × this must stay below the server's `max_connections`.",
  }),
  MIGRATE_AT_START: setting(yesNo.default('true'), {
    group: 'Database',
    description:
      '`true`: the server and the job runner apply pending migrations before they start (serialised across instances by an advisory lock). `false`: they never change the schema; a release runs `node apps/server/dist/migrate.js` (`npm run migrate`) once, and until then readiness says `migrations: pending`. Demo mode always migrates.',
  }),
  PORTAL_SIGNING_JWK: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      "The private key (JWK, ES256) that signs the portal's own session tokens (guests, SAML sign-ins); also keys request fingerprints. Every instance needs the same one (`npm run keys`). Without it one is made in DATA_DIR/keys.",
    secret: true,
  }),
  PORTAL_SIGNING_JWK_ACCEPTED: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second key whose tokens are accepted but which never signs: the next key before a rotation, the previous one after it (docs/OPERATIONS.md, "Rotating keys"). Give the private JWK: with a public one tokens are accepted, but a retried request reaching an instance with the other key is not recognised.',
    secret: true,
  }),
  IDP_SIGNING_JWK: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'The private key (JWK, RS256) the built-in identity providers sign ID and access tokens with. Every instance needs the same one (`npm run keys`). Without it one is made in DATA_DIR/keys.',
    secret: true,
  }),
  IDP_SIGNING_JWK_ACCEPTED: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second private key (JWK, RS256) the identity providers publish and accept but never sign with: the next key before a rotation, the previous one after it.',
    secret: true,
  }),
  IDP_COOKIE_SECRET: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      'The secret (32+ characters) the identity providers sign their cookies with. Every instance needs the same one (`npm run keys`).',
    secret: true,
  }),
  IDP_COOKIE_SECRET_ACCEPTED: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second cookie secret that is accepted but never signs: the previous one after a rotation, so sign-ins under way and identity-provider sessions survive it.',
    secret: true,
  }),
  OIDC_CLIENT_SECRET: setting(z.string().min(16).optional(), {
    group: 'Sign-in and keys',
    description:
      "The web app's client secret at the identity providers: the server signs members and staff in as a confidential client (decision 050). With the built-in providers it defaults to one derived from IDP_COOKIE_SECRET; with external issuers it is required.",
    secret: true,
  }),
  SESSION_SECRET: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      "The secret (32+ characters) the web sessions' tokens are sealed with at rest (AES-256-GCM, decision 050). Every instance needs the same one; with the built-in providers it defaults to one derived from IDP_COOKIE_SECRET.",
    secret: true,
  }),
  SESSION_SECRET_ACCEPTED: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second session secret that opens sealed tokens but never seals: the previous one after a rotation, so nobody is signed out by it.',
    secret: true,
  }),
  SESSION_STORE: setting(z.enum(['postgres', 'redis']).default('postgres'), {
    group: 'Sign-in and keys',
    description:
      "Where the web app's sessions are kept (decision 050): `postgres` (the database, the embedded one by default) or `redis` (REDIS_URL, required then). With Redis, a Redis outage answers 503 to signed-in calls until it is back (sessions fail closed), and a Redis that loses its data signs everyone out.",
  }),
  API_AUDIENCE: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description: 'The `aud` the API requires in access tokens (default `<PUBLIC_URL>/api`).',
  }),
  SAML_IDP_ENTITY_ID: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'The entity id of the SAML identity provider whose assertions are trusted (with SAML_IDP_CERT).',
  }),
  SAML_IDP_CERT: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'Its signing certificate(s) or public key, PEM (`\\n` for line breaks on one line). Several PEM blocks: each is trusted (a rotation at the identity provider).',
  }),
  SAML_SP_ENTITY_ID: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description: 'Who the portal is to the SAML identity provider (default PUBLIC_URL).',
  }),
  PROCESSOR_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Payments',
    description:
      "The payment processor's API (server to server). Required in production (with its key and webhook secret); in demo mode without it the built-in sandbox runs.",
  }),
  PROCESSOR_API_KEY: setting(z.string().min(16).optional(), {
    group: 'Payments',
    description: "The processor's secret API key.",
    secret: true,
  }),
  PROCESSOR_WEBHOOK_SECRET: setting(z.string().min(16).optional(), {
    group: 'Payments',
    description: 'The secret the processor signs its webhooks with (HMAC-SHA256).',
    secret: true,
  }),
  PROCESSOR_WEBHOOK_SECRET_ACCEPTED: setting(z.string().min(16).optional(), {
    group: 'Payments',
    description:
      'A second webhook secret that is accepted: the previous one while the processor rotates its secret.',
    secret: true,
  }),
  PROCESSOR_PUBLIC_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Payments',
    description:
      "The origin browsers load the processor's hosted card fields from (default: PROCESSOR_URL's).",
  }),
  PROCESSOR_PORT: setting(z.coerce.number().int().min(0).max(65_535).optional(), {
    group: 'Payments',
    description:
      "Demo mode: the sandbox processor's port (default PORT+1 with the embedded database, any free port with PostgreSQL).",
  }),
  PROCESSOR_TIMEOUT_MS: setting(z.coerce.number().int().min(50).max(120_000).default(10_000), {
    group: 'Payments',
    description:
      'How long a call to the processor may take before its outcome counts as unknown (retried with the same idempotency key).',
  }),
  PROCESSOR_SETTLE_DELAY_MS: setting(z.coerce.number().int().min(0).default(30_000), {
    group: 'Payments',
    description:
      'Sandbox: how long a bank payment stays pending before its webhook says settled or returned.',
  }),
  REDIS_URL: setting(z.url({ protocol: /^rediss?$/ }).optional(), {
    group: 'Live updates, e-mail and jobs',
    description:
      'Redis for live notifications across instances and shared rate-limit counts. Without it each instance fans out and counts on its own (one instance: fine).',
    secret: true,
  }),
  SMTP_URL: setting(z.url({ protocol: /^smtps?$/ }).optional(), {
    group: 'Live updates, e-mail and jobs',
    description:
      'Where e-mail goes (`smtp://user:pass@host:587`). In demo mode without it an in-process catcher keeps it (/dev/mailbox).',
    secret: true,
  }),
  MAIL_FROM: setting(z.string().min(3).optional(), {
    group: 'Live updates, e-mail and jobs',
    description: "The From header of e-mails (default: the issuer's name at no-reply@<public host>).",
  }),
  JOBS: setting(yesNo.default('true'), {
    group: 'Live updates, e-mail and jobs',
    description:
      'Whether this server runs the job workers (billing day, outbox, mail). `false` on web instances beside a job runner (`node apps/server/dist/jobs.js`). Each piece of work is claimed once either way.',
  }),
  SHUTDOWN_DRAIN_MS: setting(z.coerce.number().int().min(0).max(600_000).optional(), {
    group: 'Stopping',
    description:
      'After SIGTERM: how long the instance keeps serving with readiness failing, so the load balancer stops sending it requests. Default 5000 with PostgreSQL, 0 with the embedded database.',
  }),
  SHUTDOWN_TIMEOUT_MS: setting(z.coerce.number().int().min(0).default(10_000), {
    group: 'Stopping',
    description:
      'After the drain: how long in-flight requests and a running job may take before the process exits anyway.',
  }),
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
  DEMO_MODE: setting(yesNo.optional(), {
    group: 'Demo mode',
    description:
      'Demo households and accounts with a published password, the test SAML issuer, the mail catcher, the sandbox processor, and `POST /api/v1/demo/member` and `/api/v1/demo/staff` (a fresh member or staff account of its own, for tests and trying it). Default: on with the embedded database outside production. Refused with NODE_ENV=production.',
  }),
  ENROLLMENT_OUTBOX_DIR: setting(z.string().min(1).optional(), {
    group: 'Enrollment and issuer events',
    description:
      'Where the daily effectuation 834 files are written for the exchange (issue 34, docs/INTEGRATION-834.md). Default DATA_DIR/enrollment/outbox.',
  }),
  ENROLLMENT_CLIENT_ID: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash and underscore only')
      .default('issuer-enrollment'),
    {
      group: 'Enrollment and issuer events',
      description:
        "The client id of the issuer's enrolment system at the built-in workforce identity provider: it gets tokens for `POST /api/v1/Enrollment/834` by OAuth client credentials (docs/decisions/051, docs/INTEGRATION-834.md).",
    },
  ),
  ENROLLMENT_CLIENT_SECRET: setting(z.string().min(32).optional(), {
    group: 'Enrollment and issuer events',
    description:
      "That client's secret (32+ random characters, `npm run keys`); give it to the issuer's integration team. Without it there is no such client and the 834 API refuses every caller (the CLI and the drop folder still import), except in demo mode, where the published demo secret of the README is used.",
    secret: true,
  }),
  ENROLLMENT_INBOX: setting(z.string().min(1).optional(), {
    group: 'Enrollment and issuer events',
    description:
      'A drop folder for incoming 834 files (issue 34, docs/INTEGRATION-834.md): every minute the job runner imports each file put there (one written under a name starting with `.` or ending in `.part`/`.tmp` is left alone until renamed; any other one once unchanged for 5 s) and moves it to `done/`, or `failed/` when it was refused whole, with its 999 or TA1 beside it. Several job runners may share it. Without it there is no drop folder.',
  }),
  ENROLLMENT_SENDER_ID: setting(z.string().min(1).max(15).default('ISSUER'), {
    group: 'Enrollment and issuer events',
    description: 'ISA06/GS02 of the 834 files the portal sends (the issuer as the exchange knows it).',
  }),
  ENROLLMENT_RECEIVER_ID: setting(z.string().min(1).max(15).default('EXCHANGE'), {
    group: 'Enrollment and issuer events',
    description: 'ISA08/GS03 of the 834 files the portal sends (the exchange).',
  }),
  WEBHOOK_SECRETS_KEY: setting(z.string().min(32).optional(), {
    group: 'Enrollment and issuer events',
    description:
      "The key (32+ random characters) that encrypts the issuer-event webhook subscribers' signing secrets in the database (docs/decisions/052). Every instance needs the same one. Without it one is made in DATA_DIR/keys.",
    secret: true,
  }),
  DEMO_TODAY: setting(z.iso.date().optional(), {
    group: 'Demo mode',
    description: 'The day the demo takes as today (YYYY-MM-DD): moves billing and due dates. Demo mode only.',
  }),
  DEMO_HOUSEHOLDS: setting(z.coerce.number().int().min(0).max(5_000).optional(), {
    group: 'Demo mode',
    description:
      'How many generated households the first start seeds besides the named ones (default 50). Demo mode only.',
  }),
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
  /** A second webhook secret that is accepted (never used to sign): the previous one while the processor rotates. */
  webhookSecretAccepted: string | undefined;
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
  /**
   * Whether the server and the job runner apply pending migrations before they start (the default), or
   * leave that to `npm run migrate` run once per release (MIGRATE_AT_START=false; decision 048).
   */
  migrateAtStart: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
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
  /**
   * Secrets given by the environment (production); when absent they live in DATA_DIR/keys. Each
   * `…Accepted` is a second key that verifies but never signs: the next one before a rotation, the previous
   * one after it (docs/OPERATIONS.md, "Rotating keys").
   */
  secrets: {
    portalSigningJwk?: string;
    portalSigningJwkAccepted?: string;
    idpSigningJwk?: string;
    idpSigningJwkAccepted?: string;
    idpCookieSecret?: string;
    idpCookieSecretAccepted?: string;
    /** The web app's client secret at the identity providers (decision 050). */
    oidcClientSecret?: string;
    /** Seals the web sessions' tokens at rest, and the one a rotation still accepts (decision 050). */
    sessionSecret?: string;
    sessionSecretAccepted?: string;
  };
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
  /** Where the web app's sessions are kept (SESSION_STORE). */
  sessionStore: 'postgres' | 'redis';
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
  /** Requests per minute per address to the public FHIR directory (decision 053). */
  fhirDirectoryRateLimit: number;
  /**
   * Responses are checked against their contract schema (zod) before they are sent — in development and
   * tests, so that drift fails a test; in production a compiled serializer writes them (docs/decisions/035).
   */
  validateResponses: boolean;
  /** X12 834 exchange (issue 34, docs/decisions/051): where effectuation files go and the ids they carry. */
  enrollment: {
    outboxDir: string;
    /** The drop folder of incoming 834 files, or none. */
    inboxDir: string | undefined;
    senderId: string;
    receiverId: string;
    /** The issuer's system client (OAuth client credentials at the workforce provider); no secret, no client. */
    client: { id: string; secret: string | null };
  };
  /** Issuer events (docs/decisions/052): the key of the subscribers' secrets, when given (else DATA_DIR/keys). */
  webhookSecretsKey: string | undefined;
  version: string;
}

export class SettingsError extends Error {}

/**
 * Demo mode's secret of the issuer's enrolment client (README "Import an 834"): published like the demo
 * password, so never used outside demo mode.
 */
export const DEMO_ENROLLMENT_CLIENT_SECRET = 'demo-enrollment-client-secret-published-in-the-readme';

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
    if (hops < 1 || hops > 10)
      throw new SettingsError('Invalid environment: TRUST_PROXY: a hop count must be 1-10');
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new SettingsError(
      `Invalid environment: TRUST_PROXY: expected true, false, a hop count or addresses/CIDRs separated by commas, got "${invalid.join(', ') || text}"`,
    );
  }
  return entries;
}

/**
 * What `npm run migrate` needs, and nothing else: the database (DATABASE_URL, or the embedded one in
 * DATA_DIR). A migration Job or compose service is given the connection string alone, not the processor's
 * keys production otherwise requires.
 */
export function loadDatabaseSettings(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Settings, 'databaseUrl' | 'databasePoolSize' | 'dataDir'> {
  const parsed = EnvSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true, DATA_DIR: true }).safeParse(
    env,
  );
  if (!parsed.success) {
    throw new SettingsError(
      `Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    databasePoolSize: parsed.data.DATABASE_POOL_SIZE,
    dataDir: path.resolve(parsed.data.DATA_DIR),
  };
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
  const demoMode =
    e.DEMO_MODE === undefined
      ? e.DATABASE_URL === undefined && e.NODE_ENV !== 'production'
      : e.DEMO_MODE === 'true';
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
  if (e.SESSION_STORE === 'redis' && e.REDIS_URL === undefined) {
    throw new SettingsError('Invalid environment: SESSION_STORE=redis needs REDIS_URL');
  }
  const processor = processorSettings(e, publicUrl, demoMode);
  // The "today" override moves the demo through a month; outside demo mode the calendar is the real one.
  if (e.DEMO_TODAY !== undefined && !demoMode) {
    throw new SettingsError(
      'Refusing to start: DEMO_TODAY is a demo-mode setting (it moves the billing clock); remove it or turn demo mode on.',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new SettingsError(
      'Invalid environment: METRICS_PORT must differ from PORT (metrics are never served on the public port without METRICS_TOKEN)',
    );
  }
  if (demoMode && e.MIGRATE_AT_START === 'false') {
    throw new SettingsError(
      'Refusing to start: demo mode migrates and seeds its database at start; remove MIGRATE_AT_START=false or turn demo mode off.',
    );
  }
  if (e.DEMO_HOUSEHOLDS !== undefined && !demoMode) {
    throw new SettingsError(
      'Refusing to start: DEMO_HOUSEHOLDS is a demo-mode setting (how many generated households the first start seeds); remove it or turn demo mode on.',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    migrateAtStart: e.MIGRATE_AT_START === 'true',
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
      ...(e.PORTAL_SIGNING_JWK_ACCEPTED ? { portalSigningJwkAccepted: e.PORTAL_SIGNING_JWK_ACCEPTED } : {}),
      ...(e.IDP_SIGNING_JWK ? { idpSigningJwk: e.IDP_SIGNING_JWK } : {}),
      ...(e.IDP_SIGNING_JWK_ACCEPTED ? { idpSigningJwkAccepted: e.IDP_SIGNING_JWK_ACCEPTED } : {}),
      ...(e.IDP_COOKIE_SECRET ? { idpCookieSecret: e.IDP_COOKIE_SECRET } : {}),
      ...(e.IDP_COOKIE_SECRET_ACCEPTED ? { idpCookieSecretAccepted: e.IDP_COOKIE_SECRET_ACCEPTED } : {}),
      ...(e.OIDC_CLIENT_SECRET ? { oidcClientSecret: e.OIDC_CLIENT_SECRET } : {}),
      ...(e.SESSION_SECRET ? { sessionSecret: e.SESSION_SECRET } : {}),
      ...(e.SESSION_SECRET_ACCEPTED ? { sessionSecretAccepted: e.SESSION_SECRET_ACCEPTED } : {}),
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
    sessionStore: e.SESSION_STORE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoToday: e.DEMO_TODAY,
    demoHouseholds: e.DEMO_HOUSEHOLDS,
    jobs: e.JOBS === 'true',
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
    tracing: {
      tracesUrl:
        e.OTEL_SDK_DISABLED === 'true' ||
        e.OTEL_TRACES_EXPORTER.split(',')
          .map((name) => name.trim())
          .includes('none')
          ? undefined
          : (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
            (e.OTEL_EXPORTER_OTLP_ENDPOINT
              ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`
              : undefined)),
      serviceName: e.OTEL_SERVICE_NAME,
      version,
      exportDelayMs: e.OTEL_BSP_SCHEDULE_DELAY,
    },
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      // Off unless set: a loop that is merely busy is not overloaded (a server at its capacity is 100%
      // busy), and shedding on it kept itself going under a flood (decision 034, bench/RESULTS.md).
      maxEventLoopUtilization: e.LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION ?? 0,
      maxHeapUsedBytes:
        e.LOAD_SHED_MAX_HEAP_MB === undefined
          ? Math.floor(getHeapStatistics().heap_size_limit * 0.9)
          : e.LOAD_SHED_MAX_HEAP_MB * 1024 * 1024,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
      sampleIntervalMs: e.LOAD_SHED_SAMPLE_INTERVAL_MS,
      maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT,
    },
    authCacheSeconds: e.AUTH_CACHE_SECONDS,
    fhirDirectoryRateLimit: e.FHIR_DIRECTORY_RATE_LIMIT,
    validateResponses:
      e.RESPONSE_VALIDATION === undefined ? e.NODE_ENV !== 'production' : e.RESPONSE_VALIDATION === 'true',
    enrollment: {
      outboxDir: path.resolve(e.ENROLLMENT_OUTBOX_DIR ?? path.join(e.DATA_DIR, 'enrollment', 'outbox')),
      inboxDir: e.ENROLLMENT_INBOX === undefined ? undefined : path.resolve(e.ENROLLMENT_INBOX),
      senderId: e.ENROLLMENT_SENDER_ID,
      receiverId: e.ENROLLMENT_RECEIVER_ID,
      client: {
        id: e.ENROLLMENT_CLIENT_ID,
        secret: e.ENROLLMENT_CLIENT_SECRET ?? (demoMode ? DEMO_ENROLLMENT_CLIENT_SECRET : null),
      },
    },
    webhookSecretsKey: e.WEBHOOK_SECRETS_KEY,
    version,
  };
}

const originOf = (url: string): string => new URL(url).origin;

function processorSettings(
  e: z.infer<typeof EnvSchema>,
  publicUrl: string,
  demoMode: boolean,
): ProcessorSettings {
  const common = {
    apiKey: e.PROCESSOR_API_KEY,
    webhookSecret: e.PROCESSOR_WEBHOOK_SECRET,
    webhookSecretAccepted: e.PROCESSOR_WEBHOOK_SECRET_ACCEPTED,
    timeoutMs: e.PROCESSOR_TIMEOUT_MS,
    settleDelayMs: e.PROCESSOR_SETTLE_DELAY_MS,
  };
  if (e.PROCESSOR_URL !== undefined) {
    if (e.PROCESSOR_API_KEY === undefined || e.PROCESSOR_WEBHOOK_SECRET === undefined) {
      throw new SettingsError(
        'Invalid environment: PROCESSOR_URL needs PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET',
      );
    }
    const url = e.PROCESSOR_URL.replace(/\/+$/, '');
    return {
      mode: 'external',
      url,
      publicOrigin: originOf(e.PROCESSOR_PUBLIC_URL ?? url),
      port: 0,
      ...common,
    };
  }
  if (e.NODE_ENV === 'production') {
    throw new SettingsError(
      'Invalid environment: production needs a payment processor: set PROCESSOR_URL, PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET',
    );
  }
  // The sandbox listens next to the portal (PORT+1 unless told) and is reached by browsers on the portal's
  // host name. On any free port when PORT is 0, and with PostgreSQL, where several instances may run on
  // one host: PORT+1 would be the next instance's PORT (issue 40). The port is printed at start.
  const port = e.PROCESSOR_PORT ?? (e.PORT === 0 || e.DATABASE_URL !== undefined ? 0 : e.PORT + 1);
  const publicHost = new URL(publicUrl);
  const publicOrigin = originOf(
    e.PROCESSOR_PUBLIC_URL ?? `${publicHost.protocol}//${publicHost.hostname}:${port}`,
  );
  const loopback = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    mode: demoMode ? 'sandbox' : 'none',
    url: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`,
    publicOrigin,
    port,
    ...common,
  };
}

/** The sandbox's address once it listens (its port is only known then when PROCESSOR_PORT/PORT is 0). */
export function withSandboxPort(
  processor: ProcessorSettings,
  port: number,
  publicUrl: string,
): ProcessorSettings {
  if (processor.port === port) return processor;
  const url = new URL(processor.url);
  url.port = String(port);
  const publicHost = new URL(publicUrl);
  return {
    ...processor,
    port,
    url: url.origin,
    publicOrigin: processor.publicOrigin.endsWith(':0')
      ? `${publicHost.protocol}//${publicHost.hostname}:${port}`
      : processor.publicOrigin,
  };
}
