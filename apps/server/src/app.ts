import { createHash, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import sse from '@fastify/sse';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { createIdentity, type Identity } from './auth/identity';
import type { DatabaseHandle } from './db/client';
import { idpPlugin } from './idp/plugin';
import { samlTestIssuerPlugin } from './idp/saml-test/plugin';
import { loggerOptions, OneLinePerRequest } from './lib/logger';
import { responseSerializerCompiler } from './lib/response-serializer';
import { scrubString } from './lib/redact';
import { loadTenantConfig, type TenantConfig } from './lib/tenant-config';
import { tenantToday } from './lib/today';
import { jobsPlugin } from './plugins/jobs';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { rateLimitPlugin } from './plugins/rate-limit';
import { metricsPlugin } from './plugins/metrics';
import { createTracing } from './lib/tracing';
import { billingClockStep } from './modules/finance/billing-clock';
import { scheduledPaymentsStep } from './modules/scheduled-payment/due';
import { dueDayRule, type CalendarDate } from '@portal/domain';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { webSessionPlugin } from './plugins/web-session';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, frameworkError } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { loadOrCreateSigningKey, parseAcceptedJwk } from './auth/keys';
import { outboxPlugin } from './plugins/outbox';
import { processorPlugin } from './plugins/processor';
import { openApiPlugin } from './plugins/openapi';
import { requestHygienePlugin } from './plugins/request-hygiene';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { healthRoutes } from './modules/health/routes';
import { loggingRoutes } from './modules/logging/routes';
import { sessionRoutes } from './modules/session/routes';
import { samlRoutes } from './modules/saml/routes';
import { loadSamlTrust } from './saml/trust';
import { guestRoutes } from './modules/guest/routes';
import { householdRoutes } from './modules/household/routes';
import { policyRoutes } from './modules/policy/routes';
import { paymentsDeskRoutes } from './modules/payments-desk/routes';
import { auditRoutes } from './modules/audit/routes';
import { paymentRoutes } from './modules/payment/routes';
import { reinstatementRoutes } from './modules/reinstatement/routes';
import { scheduledPaymentRoutes } from './modules/scheduled-payment/routes';
import { autopayStep } from './modules/autopay/due';
import { autopayRoutes } from './modules/autopay/routes';
import { documentRoutes } from './modules/document/routes';
import { notificationRoutes } from './modules/notification/routes';
import { memberRoutes } from './modules/member/routes';
import { walletRoutes } from './modules/wallet/routes';
import { brokerRoutes } from './modules/broker/routes';
import { groupRoutes } from './modules/group/routes';
import { brokerBookRoutes } from './modules/broker-book/routes';
import { contentRoutes } from './modules/content/routes';
import { benefitsRoutes } from './modules/benefits/routes';
import { applyProcessorEvent } from './modules/payment/settlement';
import { processorRoutes } from './modules/processor/routes';
import { createProcessor } from './processor';
import type { PaymentProcessor } from './processor/port';
import { notificationChannel } from './modules/notification/outbox-handler';
import { livePlugin } from './plugins/live';
import { mailPlugin } from './plugins/mail';
import { paperlessRoutes } from './modules/paperless/routes';
import { serviceQueueRoutes } from './modules/service-queue/routes';
import { serviceRequestRoutes } from './modules/service-request/routes';
import { coverageRoutes } from './modules/policy-coverage/routes';
import { contactRoutes } from './modules/contact/routes';
import { addressRoutes } from './modules/address/routes';
import { demographicsRoutes } from './modules/demographics/routes';
import { dependentRoutes } from './modules/dependents/routes';
import { emailChannel } from './modules/paperless/outbox-handler';
import { demoFixtureRoutes, devMailboxRoutes } from './modules/demo/routes';
import { pcpRoutes } from './modules/pcp/routes';
import { FHIR_PREFIX, fhirRoutes } from './modules/fhir/routes';
import { connectedAppsRoutes } from './modules/connected-apps/routes';
import { demoDirectory, EMPTY_DIRECTORY } from './modules/pcp/directory';
import { additionalProductRoutes } from './modules/additional-product/routes';
import { accountLinkRoutes } from './modules/account-link/routes';
import { memberSearchRoutes } from './modules/member-search/routes';
import { actingSessionRoutes } from './modules/acting-session/routes';
import { enrollmentRoutes, importSettingsOf } from './modules/enrollment/routes';
import { ENROLLMENT_INBOX_QUEUE, INBOX_ACTOR, processInbox } from './modules/enrollment/inbox';
import { enrollmentImportRoutes } from './modules/enrollment/imports-routes';
import { effectuationChannel, effectuationStep } from './modules/enrollment/effectuation';
import { deliverDue, issuerEventsChannel } from './modules/issuer-events/delivery';
import { issuerEventRoutes } from './modules/issuer-events/routes';
import { SecretBox } from './modules/issuer-events/secrets';
import { loadBranding } from './pdf/branding';
import type { Settings } from './settings';

export interface BuildAppOptions {
  settings: Settings;
  database: DatabaseHandle;
  /** Close the database with the app (the server process) or leave it open (tests sharing one). */
  closeDatabaseOnShutdown?: boolean;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** How often the outbox is polled besides the nudges after each command (ms); 0 = nudges only (tests). */
  outboxIntervalMs?: number;
  /** The payment processor (docs/decisions/016); by default the HTTP adapter the settings describe. */
  processor?: PaymentProcessor;
  /** Longest a live notification stream stays open before the browser reconnects (ms; default 15 minutes). */
  liveStreamMaxMs?: number;
  /** Run the job workers in this app (the server process; tests that test jobs). Default: no. */
  jobs?: boolean;
  /** How often idle job workers ask for work (s; tests make it short). */
  jobPollingIntervalSeconds?: number;
  /** Retries of a failed billing day before it stays failed (tests: 0). */
  jobRetryLimit?: number;
  /** The wait before the job queue's start is tried again after it failed (ms; doubled each time). */
  jobStartRetryMs?: number;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * A caller's X-Request-Id is kept only when it is a plain token (letters, digits, `._:-`, at most 64)
 * that the log scrubber would leave alone: a card number, an SSN or a token chosen as a request id
 * must not reach the logs and the audit table through it.
 */
export function acceptedRequestId(incoming: unknown): string | null {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) && scrubString(incoming) === incoming
    ? incoming
    : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    tenant: TenantConfig;
    identity: Identity;
    settings: Settings;
    /** Today's date where the issuer is (coverage, due dates and payments use the issuer's calendar). */
    today: () => CalendarDate;
    /** Every route registered, as `METHOD /url` (the authorization-matrix test walks it). */
    routeTable: string[];
    /** Where this instance is in its life: `draining` once it was told to stop (readiness fails, it serves on). */
    lifecycle: { draining: boolean };
    /** Issuer events (docs/decisions/052): sends the webhooks due now (the job queue does; tests and tools may too). */
    issuerWebhooks: { deliverDue: () => ReturnType<typeof deliverDue> };
  }
}

/** The job queue of the issuer webhooks (docs/decisions/052). */
const ISSUER_WEBHOOKS = 'issuer-webhooks';

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Builds the whole HTTP application without listening, so tests can drive it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const app = Fastify({
    logger: loggerOptions(settings.logLevel, options.logStream),
    // A hop count trusts that many proxies in front of us (proxy-addr's rule: hops 0…n-1).
    trustProxy:
      typeof settings.trustProxy === 'number' ? trustHops(settings.trustProxy) : settings.trustProxy,
    // A caller's X-Request-Id is kept when it is a sane token, so logs can be joined across systems.
    genReqId: (req) => acceptedRequestId(req.headers['x-request-id']) ?? randomUUID(),
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
    // Refusals of the router itself (a bad escape, an overlong path parameter) are problem+json too.
    frameworkErrors: (error, request, reply) => {
      void frameworkError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // OpenTelemetry traces when an OTLP endpoint is configured (decision 049): first, so every route is traced.
  if (settings.tracing.tracesUrl !== undefined) {
    const tracing = createTracing(settings.tracing);
    await app.register(tracing.plugin);
    app.addHook('onClose', async () => {
      await tracing.shutdown();
    });
  }

  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('settings', settings);
  app.decorate('lifecycle', { draining: false });
  // While draining, every answer closes its connection: a client (or proxy) that kept one open to this
  // instance opens its next request anew, and the load balancer sends it to an instance that stays.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) void reply.header('Connection', 'close');
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push(`${method} ${route.url}`);
  });

  app.setValidatorCompiler(validatorCompiler);
  // Responses checked against their contract in development and tests, compiled serializers in production (decision 035).
  app.setSerializerCompiler(responseSerializerCompiler(settings.validateResponses));

  const processor = options.processor ?? createProcessor(settings);
  await app.register(errorsPlugin);
  await app.register(requestHygienePlugin);
  // Overload is answered at once (503 + Retry-After), before tokens are verified or queries run (decision 034).
  await app.register(loadSheddingPlugin, {
    ...settings.loadShedding,
    onShed: (reason) => {
      app.meters.shed(reason);
    },
  });
  // The portal frames the processor's hosted fields, and nothing else.
  await app.register(securityPlugin, { frameSources: processor.origin ? [processor.origin] : [] });
  await app.register(compress, { global: true, threshold: 1024 });
  // Per-route limits, shared by the instances through Redis when it is configured (issue 40).
  await app.register(rateLimitPlugin, { redisUrl: settings.redisUrl });
  await app.register(dbPlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabaseOnShutdown ?? false,
  });
  await app.register(auditPlugin);
  const tenant = loadTenantConfig(settings.configDir);
  await app.register(outboxPlugin, { intervalMs: options.outboxIntervalMs ?? 5_000 });
  // Live updates (SSE) to open portals, across instances through Redis when REDIS_URL is set.
  await app.register(livePlugin, { redisUrl: settings.redisUrl });
  await app.register(sse, { heartbeatInterval: 25_000 });
  await app.register(mailPlugin, {
    smtpUrl: settings.smtpUrl,
    demoMode: settings.demoMode,
    from:
      settings.mailFrom ??
      `"${tenant.account.tenant.issuerName}" <no-reply@${new URL(settings.publicUrl).hostname}>`,
    publicUrl: settings.publicUrl,
    intervalMs: options.outboxIntervalMs ?? 5_000,
  });
  // Request fingerprints are keyed with a secret every instance shares and the database never holds:
  // derived from the portal's signing key (PORTAL_SIGNING_JWK), which multi-instance deployments share.
  const portalKey = await loadOrCreateSigningKey(
    settings.dataDir,
    'portal-session',
    'ES256',
    settings.secrets.portalSigningJwk,
  );
  const fingerprintKey = (d: string) =>
    createHash('sha256').update(`idempotency-request\u0000${d}`).digest('hex');
  // During a rotation the accepted key's fingerprints match too (a retry may reach an instance with the other key).
  const acceptedPortalKey = settings.secrets.portalSigningJwkAccepted
    ? parseAcceptedJwk(settings.secrets.portalSigningJwkAccepted, 'PORTAL_SIGNING_JWK_ACCEPTED', portalKey)
    : null;
  await app.register(idempotencyPlugin, {
    hashKey: fingerprintKey(portalKey.d ?? ''),
    acceptedHashKeys: typeof acceptedPortalKey?.d === 'string' ? [fingerprintKey(acceptedPortalKey.d)] : [],
  });
  await app.register(processorPlugin, { processor });
  // Bank payments settle or come back through the processor's webhook (docs/decisions/016).
  app.processorWebhooks.register((tx, event) =>
    applyProcessorEvent(tx, event, app.today(), dueDayRule(tenant.account.payments.dueDate)),
  );
  await app.register(openApiPlugin, { version: settings.version });

  const identity = await createIdentity(settings, options.database, tenant, (error, message) => {
    app.log.error({ err: error }, message);
  });
  app.decorate('tenant', tenant);
  app.decorate('identity', identity);
  // Demo mode can move the calendar (DEMO_TODAY, settings.ts); otherwise today where the issuer is.
  const demoToday = settings.demoToday;
  app.decorate('today', () => demoToday ?? tenantToday(tenant));
  await app.register(jobsPlugin, {
    workers: options.jobs ?? false,
    timeZone: tenant.account.tenant.timeZone,
    ...(options.jobPollingIntervalSeconds === undefined
      ? {}
      : { pollingIntervalSeconds: options.jobPollingIntervalSeconds }),
    ...(options.jobRetryLimit === undefined ? {} : { retryLimit: options.jobRetryLimit }),
    ...(options.jobStartRetryMs === undefined ? {} : { startRetryMs: options.jobStartRetryMs }),
  });
  // Prometheus metrics on METRICS_PORT or at /metrics with METRICS_TOKEN; nothing collected otherwise (decision 034).
  await app.register(metricsPlugin, settings.metrics);
  // The billing day's steps, in order (docs/decisions/021): the billing clock (invoices, past due, grace
  // periods, terminations), then due scheduled payments, then autopay (which charges what the clock says is due).
  const payments = tenant.account.payments;
  app.jobs.registerDailyStep(
    billingClockStep({
      db: options.database.db,
      rules: {
        dueRule: dueDayRule(payments.dueDate),
        stateGracePeriodDays: payments.stateGracePeriodDays,
        binderDeadlineDaysAfterStart: payments.binderDeadlineDaysAfterStart,
        terminatedPlansDaysOut: payments.terminatedPlansDaysOut,
      },
      nudgeOutbox: () => {
        app.outbox.nudge();
      },
    }),
  );
  const dueCharges = {
    db: options.database.db,
    processor: app.processor,
    dueRule: dueDayRule(tenant.account.payments.dueDate),
    nudgeOutbox: () => {
      app.outbox.nudge();
    },
  };
  app.jobs.registerDailyStep(scheduledPaymentsStep(dueCharges));
  app.jobs.registerDailyStep(autopayStep({ ...dueCharges, autopay: tenant.account.autopay }));
  // Issue 34: the day's effectuation 834 to the exchange (docs/decisions/051), after the day's payments.
  app.jobs.registerDailyStep(
    effectuationStep({
      db: options.database.db,
      ...settings.enrollment,
      nudgeOutbox: () => {
        app.outbox.nudge();
      },
    }),
  );
  const branding = loadBranding(settings.configDir, tenant);
  // Outbox channels: in-app notifications (and live updates), then e-mail for paperless households.
  app.outbox.register(notificationChannel(app.live));
  // Issue 34: a paid binder of an on-exchange enrolment recorded for the effectuation 834.
  app.outbox.register(effectuationChannel());
  // Issue 34: issuer events as signed webhooks (docs/decisions/052): a delivery row per subscriber in the
  // dispatch transaction, sent by the job queue's `issuer-webhooks` runs (every minute, and nudged).
  const webhookSecrets = SecretBox.fromSettings(settings);
  const nudgeWebhooks = () => {
    app.jobs.nudge(ISSUER_WEBHOOKS);
  };
  app.outbox.register(issuerEventsChannel(nudgeWebhooks));
  app.jobs.registerQueue({
    name: ISSUER_WEBHOOKS,
    cron: '* * * * *',
    run: async (log) => {
      await deliverDue(options.database.db, webhookSecrets, log);
    },
  });
  // Issue 34: the ENROLLMENT_INBOX drop folder of incoming 834 files (docs/decisions/051), every minute.
  const inboxDir = settings.enrollment.inboxDir;
  if (inboxDir !== undefined) {
    app.jobs.registerQueue({
      name: ENROLLMENT_INBOX_QUEUE,
      cron: '* * * * *',
      run: async (log) => {
        await processInbox({
          db: options.database.db,
          dir: inboxDir,
          importSettings: () => importSettingsOf(app, INBOX_ACTOR),
          log,
        });
      },
    });
  }
  app.decorate('issuerWebhooks', {
    deliverDue: () => deliverDue(options.database.db, webhookSecrets, app.log),
  });
  app.outbox.register(
    emailChannel({
      branding,
      publicUrl: settings.publicUrl,
      nudge: () => {
        app.mail.nudge();
      },
    }),
  );
  const paperlessDeps = {
    branding,
    publicUrl: settings.publicUrl,
    confirmationHours: tenant.account.documents.emailConfirmationHours,
  };
  await app.register(webSessionPlugin);
  await app.register(authPlugin, {
    verifier: identity.verifier,
    resolveContext: {
      db: options.database.db,
      roleConfig: tenant.roles,
      portalSessions: identity.portalSessions,
      idleSeconds: tenant.account.session.idleTimeSeconds,
    },
    principalCache: identity.principalCache,
    actingIdleSeconds: tenant.account.session.actingIdleSeconds,
  });
  if (identity.providers) {
    await app.register(idpPlugin, {
      providers: identity.providers,
      account: tenant.account,
      publicUrl: settings.publicUrl,
      showDemoHint: settings.demoMode,
      trustProxy: settings.trustProxy,
    });
  }
  // SAML asserted sessions (docs/decisions/006): the trusted IdP; in demo mode the built-in test issuer (012).
  const samlTrust = loadSamlTrust(settings);
  if (samlTrust.testIssuer) {
    await app.register(samlTestIssuerPlugin, { trust: samlTrust, testIssuer: samlTrust.testIssuer });
  }

  // Issue 12: the provider directory is generated demo data in demo mode (docs/decisions/027), none otherwise.
  const providerDirectory = settings.demoMode ? demoDirectory() : EMPTY_DIRECTORY;
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version: settings.version });
      await api.register(loggingRoutes);
      await api.register(sessionRoutes);
      await api.register(samlRoutes, { trust: samlTrust });
      await api.register(guestRoutes);
      await api.register(householdRoutes);
      await api.register(policyRoutes);
      await api.register(paymentRoutes, { branding });
      await api.register(reinstatementRoutes);
      await api.register(scheduledPaymentRoutes);
      await api.register(autopayRoutes);
      await api.register(documentRoutes, { branding });
      await api.register(notificationRoutes, { maxStreamMs: options.liveStreamMaxMs ?? 15 * 60 * 1000 });
      await api.register(memberRoutes);
      await api.register(walletRoutes);
      await api.register(brokerRoutes);
      await api.register(groupRoutes);
      await api.register(brokerBookRoutes);
      await api.register(contentRoutes);
      await api.register(benefitsRoutes, { branding });
      await api.register(paperlessRoutes, paperlessDeps);
      await api.register(serviceRequestRoutes);
      await api.register(serviceQueueRoutes);
      await api.register(coverageRoutes);
      await api.register(contactRoutes);
      await api.register(addressRoutes);
      await api.register(demographicsRoutes);
      await api.register(dependentRoutes);
      await api.register(pcpRoutes, { directory: providerDirectory });
      await api.register(additionalProductRoutes);
      await api.register(accountLinkRoutes);
      // Issue 37: the SMART apps a member connected, and disconnecting one (docs/decisions/054).
      await api.register(connectedAppsRoutes);
      // Issue 13: staff find a member and see their activity (member 360).
      await api.register(memberSearchRoutes);
      await api.register(actingSessionRoutes);
      await api.register(processorRoutes);
      // Issue 13: the staff payments desk and the audit trail (docs/decisions/031).
      await api.register(paymentsDeskRoutes);
      await api.register(auditRoutes);
      // Issue 34: X12 834 enrolment from the issuer's systems (docs/decisions/051).
      await api.register(enrollmentRoutes);
      // Decision 056: the admin page's reads of the 834 imports.
      await api.register(enrollmentImportRoutes);
      await api.register(issuerEventRoutes, { box: webhookSecrets, nudge: nudgeWebhooks });
      if (settings.demoMode) await api.register(demoFixtureRoutes);
    },
    { prefix: '/api' },
  );

  // Issue 37: the FHIR R4 Patient Access and Provider Directory APIs (docs/decisions/053).
  await app.register(fhirRoutes, {
    prefix: FHIR_PREFIX,
    directory: providerDirectory,
    directoryRateLimit: settings.fhirDirectoryRateLimit,
  });
  if (settings.demoMode) await app.register(devMailboxRoutes);
  await app.register(webPlugin, {
    webDistDir: settings.webDistDir,
    configDir: settings.configDir,
    renderBudgetMs: settings.webRenderBudgetMs,
  });
  return app;
}
