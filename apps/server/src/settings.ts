import { getHeapStatistics } from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { databaseEnv } from './settings/database';
import { demoEnv } from './settings/demo';
import { enrollmentEnv } from './settings/enrollment';
import { identityEnv } from './settings/identity';
import { SettingsError } from './settings/meta';
import { messagingEnv } from './settings/messaging';
import {
  observabilityEnv,
  type LoadSheddingSettings,
  type MetricsSettings,
  type TracingSettings,
} from './settings/observability';
import { paymentsEnv, type ProcessorSettings } from './settings/payments';
import { parseTrustProxy, serverEnv, type TrustProxy } from './settings/server';

// The settings by group (settings/<group>.ts: each group's variables and the types and parsing of its own);
// this file puts them together and reads the environment. Callers import everything from here.
export { SETTING_GROUPS, SettingsError, type SettingGroup, type SettingMeta } from './settings/meta';
export type { LoadSheddingSettings, MetricsSettings, TracingSettings } from './settings/observability';
export { withSandboxPort, type ProcessorSettings } from './settings/payments';
export { parseTrustProxy, type TrustProxy } from './settings/server';

/** The repository root, found from this file whether it runs from src/ (tsx, Vitest) or dist/ (the bundle). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Every environment variable the portal reads, once: parsed here, and documented from here in the
 * configuration reference of docs/OPERATIONS.md (`node scripts/settings-reference.mjs --write`; a test
 * fails when the committed reference is stale).
 */
export const EnvSchema = z.object({
  ...serverEnv,
  ...databaseEnv,
  ...identityEnv,
  ...paymentsEnv,
  ...messagingEnv,
  ...observabilityEnv,
  ...enrollmentEnv,
  ...demoEnv,
});

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
  /** WEB_RENDER_BUDGET_MS (docs/decisions/058); 0: first pages are rendered in the browser only. */
  webRenderBudgetMs: number;
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

/**
 * Demo mode's secret of the issuer's enrolment client (README "Import an 834"): published like the demo
 * password, so never used outside demo mode.
 */
export const DEMO_ENROLLMENT_CLIENT_SECRET = 'demo-enrollment-client-secret-published-in-the-readme';

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
    webRenderBudgetMs: e.WEB_RENDER_BUDGET_MS,
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
