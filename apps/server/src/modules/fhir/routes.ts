import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem, isUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { zipLocation } from '../address/service';
import { planCatalogue } from '../benefits/service';
import type { ProviderDirectory } from '../pcp/service';
import { identifyCallers } from './caller';
import { capabilityStatement, smartConfiguration } from './capability';
import { buildDirectoryResources, type DirectoryResources } from './directory-resources';
import { directoryRoutes } from './directory-routes';
import type { FhirKit } from './kit';
import { memberReads } from './member-reads';
import { issuerOrganization, type MemberContext } from './member-resources';
import { memberRoutes } from './member-routes';
import { FhirError, type IssueCode } from './outcome';
import { sendOutcome, sendResource } from './reply';

export interface FhirOptions {
  directory: ProviderDirectory;
  /** Requests per minute per client address to the public directory (FHIR_DIRECTORY_RATE_LIMIT). */
  directoryRateLimit: number;
}

export const FHIR_PREFIX = '/fhir/r4';

const STATUS_CODE: Readonly<Record<number, IssueCode>> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  413: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
};

/**
 * The FHIR R4 server at /fhir/r4 (issue 37, docs/decisions/053): the Patient Access API (Patient,
 * Coverage, the member's Organizations) for a member's own bearer token (member-routes.ts), and the public
 * Provider Directory API (Da Vinci PDex Plan-Net) for anyone, rate-limited (directory-routes.ts). JSON
 * only, read and search only; every answer that is not a resource or a Bundle is an OperationOutcome.
 * Member data is reached only through the policy and member services (compartment.ts), the directory
 * through the provider directory port and the benefits service's plan catalogue. Every read of member
 * data is audited like a portal read (member-reads.ts).
 */
export function fhirRoutes(app: FastifyInstance, options: FhirOptions, done: (error?: Error) => void): void {
  const publicUrl = app.settings.publicUrl;
  const base = `${publicUrl}${FHIR_PREFIX}`;
  const tenant = app.tenant.account.tenant;
  const context: MemberContext = {
    publicUrl,
    issuerName: tenant.issuerName,
    hiosIssuerId: tenant.hiosIssuerId,
    issuerPhone: tenant.supportPhone,
    issuerState: tenant.state,
  };
  const loadedAt = new Date().toISOString();
  let directoryResources: Promise<DirectoryResources> | null = null;
  const directory = (): Promise<DirectoryResources> => {
    directoryResources ??= (async () =>
      buildDirectoryResources({
        directory: options.directory,
        plans: await planCatalogue(app.database.db),
        zipPoint: async (zip) => {
          const place = await zipLocation(zip);
          return place ? { latitude: place.latitude, longitude: place.longitude } : null;
        },
        loadedAt,
        issuerName: tenant.issuerName,
        issuerState: tenant.state,
        publicUrl,
      }))();
    // A failed build (the database down) is tried again on the next request.
    directoryResources.catch(() => {
      directoryResources = null;
    });
    return directoryResources;
  };
  const issuer = () => issuerOrganization(context, loadedAt);
  const publicLimit = { rateLimit: { max: options.directoryRateLimit, timeWindow: '1 minute' } };
  const kit: FhirKit = { base, context, directory, issuer, publicLimit };

  // The FHIR API is described by its CapabilityStatement, not the REST API's OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  // Browser apps (SMART apps, directory viewers) call from their own origins with a bearer token, never
  // cookies: any origin may read, nothing is credentialed.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
    void reply.header('Access-Control-Expose-Headers', 'Location, Content-Location, ETag, Last-Modified');
    if (request.method === 'OPTIONS') {
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', 'GET, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Accept, Content-Type')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
    return undefined;
  });

  identifyCallers(app, publicUrl);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FhirError) {
      if (error.status === 401 && !reply.hasHeader('www-authenticate'))
        void reply.header('WWW-Authenticate', 'Bearer');
      return sendOutcome(reply, error.status, error.code, error.diagnostics);
    }
    if (error instanceof HttpProblem)
      return sendOutcome(
        reply,
        error.status,
        STATUS_CODE[error.status] ?? 'exception',
        error.detail ?? error.title,
      );
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'FHIR request failed: a dependency is unavailable');
      void reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendOutcome(
        reply,
        503,
        'transient',
        `Briefly unavailable. Try again in ${String(UNAVAILABLE_RETRY_AFTER_SECONDS)} seconds.`,
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'FHIR request failed');
      return sendOutcome(reply, 500, 'exception', 'Internal error.');
    }
    return sendOutcome(reply, status, STATUS_CODE[status] ?? 'invalid', error.message);
  });

  const notSupported = (request: FastifyRequest, reply: FastifyReply) =>
    sendOutcome(
      reply,
      404,
      'not-supported',
      `${request.method} ${request.url.split('?')[0] ?? ''} is not an interaction this server supports; see ${FHIR_PREFIX}/metadata.`,
    );
  app.setNotFoundHandler(notSupported);
  // Anything else under /fhir/r4 is ours to refuse, before the web app's fallback (index.html for unknown GETs).
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler: notSupported });

  app.get('/metadata', { config: publicLimit }, async (_request, reply) =>
    sendResource(reply, capabilityStatement(base, app.settings.version, tenant.issuerName), 'public'),
  );
  app.get('/.well-known/smart-configuration', { config: publicLimit }, async (_request, reply) =>
    reply
      .type('application/json')
      .header('Cache-Control', 'public, max-age=300')
      .send(
        JSON.stringify(
          smartConfiguration(
            app.settings.publicUrl,
            app.tenant.account.identity.consumerIssuer || app.tenant.account.identity.issuer,
            app.identity.providers !== null && app.tenant.account.smartApps.length > 0,
          ),
        ),
      ),
  );

  const reads = memberReads(app, kit);
  memberRoutes(app, kit, reads);
  directoryRoutes(app, kit, reads);
  done();
}
