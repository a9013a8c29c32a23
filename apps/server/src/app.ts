import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { ProblemType } from '@portal/contracts';
import { createIdentity, type Identity } from './auth/identity';
import type { DatabaseHandle } from './db/client';
import { idpPlugin } from './idp/plugin';
import { samlTestIssuerPlugin } from './idp/saml-test/plugin';
import { loggerOptions } from './lib/logger';
import { loadTenantConfig, type TenantConfig } from './lib/tenant-config';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, HttpProblem } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
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
import { paymentRoutes } from './modules/payment/routes';
import { scheduledPaymentRoutes } from './modules/scheduled-payment/routes';
import { autopayRoutes } from './modules/autopay/routes';
import { documentRoutes } from './modules/document/routes';
import { notificationRoutes } from './modules/notification/routes';
import { memberRoutes } from './modules/member/routes';
import { walletRoutes } from './modules/wallet/routes';
import { brokerRoutes } from './modules/broker/routes';
import { groupRoutes } from './modules/group/routes';
import { contentRoutes } from './modules/content/routes';
import type { Settings } from './settings';

export interface BuildAppOptions {
  settings: Settings;
  database: DatabaseHandle;
  /** Close the database with the app (the server process) or leave it open (tests sharing one). */
  closeDatabaseOnShutdown?: boolean;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    tenant: TenantConfig;
    identity: Identity;
    /** Every route registered, as `METHOD /url` (the authorization-matrix test walks it). */
    routeTable: string[];
  }
}

/** Builds the whole HTTP application without listening, so tests can drive it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const app = Fastify({
    logger: loggerOptions(settings.logLevel, options.logStream),
    trustProxy: settings.trustProxy,
    // A caller's X-Request-Id is kept when it is a sane token, so logs can be joined across systems.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push(`${method} ${route.url}`);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(
        context.statusCode,
        ProblemType.rateLimited,
        'Too many requests',
        `Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
  await app.register(dbPlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabaseOnShutdown ?? false,
  });
  await app.register(auditPlugin);
  await app.register(openApiPlugin, { version: settings.version });

  const tenant = loadTenantConfig(settings.configDir);
  const identity = await createIdentity(settings, options.database, tenant, (error, message) => {
    app.log.error({ err: error }, message);
  });
  app.decorate('tenant', tenant);
  app.decorate('identity', identity);
  await app.register(authPlugin, {
    verifier: identity.verifier,
    resolveContext: {
      db: options.database.db,
      roleConfig: tenant.roles,
      portalSessions: identity.portalSessions,
      idleSeconds: tenant.account.session.idleTimeSeconds,
    },
  });
  if (identity.providers) {
    await app.register(idpPlugin, {
      providers: identity.providers,
      account: tenant.account,
      publicUrl: settings.publicUrl,
      showDemoHint: settings.env !== 'production',
    });
  }
  // SAML asserted sessions (docs/decisions/006): the trusted IdP; in embedded mode the built-in test issuer.
  const samlTrust = loadSamlTrust(settings);
  if (samlTrust.testIssuer) {
    await app.register(samlTestIssuerPlugin, { trust: samlTrust, testIssuer: samlTrust.testIssuer });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version: settings.version });
      await api.register(loggingRoutes);
      await api.register(sessionRoutes);
      await api.register(samlRoutes, { trust: samlTrust });
      await api.register(guestRoutes);
      await api.register(householdRoutes);
      await api.register(policyRoutes);
      await api.register(paymentRoutes);
      await api.register(scheduledPaymentRoutes);
      await api.register(autopayRoutes);
      await api.register(documentRoutes);
      await api.register(notificationRoutes);
      await api.register(memberRoutes);
      await api.register(walletRoutes);
      await api.register(brokerRoutes);
      await api.register(groupRoutes);
      await api.register(contentRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDistDir: settings.webDistDir, configDir: settings.configDir });
  return app;
}
