import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Coverage, Organization, Resource } from '@medplum/fhirtypes';
import type { Principal } from '../../auth/principal';
import { resolvePrincipal } from '../../auth/resolve-principal';
import { decodeJwt } from 'jose';
import { TokenRejected, TokenVerifier } from '../../auth/token-verifier';
import { fhirAudienceFor, type PatientScope } from '../../idp/smart';
import { HttpProblem, isUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { zipLocation } from '../address/service';
import { planCatalogue } from '../benefits/service';
import type { ProviderDirectory } from '../pcp/service';
import { capabilityStatement, smartConfiguration } from './capability';
import { patientCompartment, type Compartment } from './compartment';
import { buildDirectoryResources, NUCC, type DirectoryResources } from './directory-resources';
import { ISSUER_ID, issuerOrganization, type MemberContext } from './member-resources';
import { FhirError, forbidden, notFound, operationOutcome, unauthenticated, type IssueCode } from './outcome';
import {
  checkParameters,
  includes,
  lastUpdatedFilter,
  referencedId,
  searchset,
  single,
  tokenMatcher,
  values,
  type Query,
} from './search';

export interface FhirOptions {
  directory: ProviderDirectory;
  /** Requests per minute per client address to the public directory (FHIR_DIRECTORY_RATE_LIMIT). */
  directoryRateLimit: number;
}

export const FHIR_PREFIX = '/fhir/r4';
const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The resource types of the public Plan-Net directory (no token). */
const DIRECTORY_TYPES = ['Practitioner', 'PractitionerRole', 'Location'] as const;

/** What a SMART app's token (audience: the FHIR server) says beyond its member: the app, its scopes, the patient. */
export interface SmartContext {
  clientId: string;
  scopes: ReadonlySet<string>;
  patient: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on FHIR routes: the caller of a bearer token, when one was sent. */
    fhirCaller?: Principal | null;
    /** Set on FHIR routes for a SMART app's token (docs/decisions/054); null for a member's portal token. */
    smart?: SmartContext | null;
  }
}

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

function sendOutcome(reply: FastifyReply, status: number, code: IssueCode, diagnostics: string) {
  return reply
    .status(status)
    .type(FHIR_JSON)
    .header('Cache-Control', 'no-store')
    .send(JSON.stringify(operationOutcome(code, diagnostics)));
}

function sendResource(reply: FastifyReply, resource: Resource | object, cache: 'private' | 'public') {
  return reply
    .type(FHIR_JSON)
    .header('Cache-Control', cache === 'private' ? 'no-store' : 'public, max-age=300')
    .send(JSON.stringify(resource));
}

/**
 * The FHIR R4 server at /fhir/r4 (issue 37, docs/decisions/053): the Patient Access API (Patient,
 * Coverage, the member's Organizations) for a member's own bearer token, and the public Provider
 * Directory API (Da Vinci PDex Plan-Net) for anyone, rate-limited. JSON only, read and search only;
 * every answer that is not a resource or a Bundle is an OperationOutcome. Member data is reached only
 * through the policy and member services, the directory through the provider directory port and the
 * benefits service's plan catalogue. Every read of member data is audited like a portal read.
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
  const resolveContext = () => ({
    db: app.database.db,
    roleConfig: app.tenant.roles,
    portalSessions: app.identity.portalSessions,
    idleSeconds: app.tenant.account.session.idleTimeSeconds,
  });

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

  // SMART apps' tokens (decision 054) are the consumer provider's, for the FHIR server's audience. They are
  // verified here on every call and never enter the API's token cache (which must not accept them).
  const fhirAudience = fhirAudienceFor(publicUrl);
  const smartVerifier = new TokenVerifier(
    app.identity.verifier.issuers
      .filter((issuer) => issuer.kind === 'builtin-oidc' && issuer.realm === 'consumer')
      .map((issuer) => ({ ...issuer, audience: fhirAudience })),
  );
  const audienceOf = (token: string): string[] => {
    try {
      const { aud } = decodeJwt(token);
      return aud === undefined ? [] : [aud].flat();
    } catch {
      return [];
    }
  };

  // The caller of a bearer token, when one is sent (the directory needs none; member data does).
  app.addHook('onRequest', async (request, reply) => {
    request.fhirCaller = null;
    request.smart = null;
    const header = request.headers.authorization;
    if (header === undefined) return;
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    const token = match?.[1];
    let reason = 'malformed-header';
    if (token && audienceOf(token).includes(fhirAudience)) {
      try {
        const { trusted, payload } = await smartVerifier.verify(token);
        const resolved = await resolvePrincipal(resolveContext(), trusted, payload);
        if (typeof resolved !== 'string') {
          request.fhirCaller = resolved;
          request.principal = resolved;
          request.smart = {
            clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
            scopes: new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []),
            patient: typeof payload.patient === 'string' ? payload.patient : null,
          };
          return;
        }
        reason = resolved;
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        reason = error.problem;
      }
    } else if (token) {
      const remembered = app.identity.principalCache.get(token);
      if (remembered) {
        request.fhirCaller = remembered;
        request.principal = remembered;
        return;
      }
      try {
        const { trusted, payload } = await app.identity.verifier.verify(token);
        const resolved = await resolvePrincipal(resolveContext(), trusted, payload);
        if (typeof resolved !== 'string') {
          app.identity.principalCache.remember(token, resolved, payload);
          request.fhirCaller = resolved;
          request.principal = resolved;
          return;
        }
        reason = resolved;
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
        reason = error.problem;
      }
    }
    await request.audit({
      action: 'auth.token-refused',
      outcome: 'denied',
      reason,
      actor: { subject: null, role: null },
    });
    void reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw unauthenticated('The token is not valid (expired, revoked or not ours). Sign in again.');
  });

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

  /**
   * The member's compartment; 401 without a token. A SMART app's token must carry the scope the
   * resource type needs and name the member as its patient (403 otherwise, audited).
   */
  const compartmentFor = async (
    request: FastifyRequest,
    recordType: string,
    scope: PatientScope | null,
  ): Promise<Compartment> => {
    if (!request.fhirCaller) {
      await request.audit({
        action: 'auth.token-refused',
        outcome: 'denied',
        reason: 'missing-token',
        actor: { subject: null, role: null },
      });
      throw unauthenticated('Patient data needs a bearer token (SMART on FHIR, scope patient/*.rs).');
    }
    const smart = request.smart;
    if (smart) {
      const principal = request.fhirCaller;
      const reason =
        scope === null || !smart.scopes.has(scope)
          ? 'insufficient-scope'
          : principal.kind !== 'member' || smart.patient !== principal.memberId
            ? 'patient-mismatch'
            : null;
      if (reason) {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason,
          recordType,
          actor: appActor(request),
        });
        throw forbidden(
          scope === null
            ? 'This resource is not readable with SMART patient scopes.'
            : `This needs the scope ${scope}, which the member did not grant to the app.`,
        );
      }
    }
    return patientCompartment(app, request, context, directory, recordType);
  };
  /** Who an audit row names: the member, and the app that read for them (its role is `app:<client id>`). */
  const appActor = (request: FastifyRequest) =>
    request.smart && request.principal
      ? { subject: request.principal.subject, role: `app:${request.smart.clientId}` }
      : undefined;

  /** Audits a read of member data that was answered (the resources' ids), like a portal read. */
  const auditRead = async (
    request: FastifyRequest,
    compartment: Compartment,
    recordType: string,
    resources: readonly Resource[],
    beneficiaries: readonly string[],
  ) => {
    const households = new Set(beneficiaries.map((id) => compartment.householdOf.get(id) ?? null));
    const household =
      households.size === 1 ? ([...households][0] ?? null) : compartment.principal.householdId;
    const actor = appActor(request);
    await request.audit({
      action: 'read',
      outcome: 'success',
      recordType,
      recordIds: resources.map((resource) => resource.id ?? ''),
      actingForHouseholdId: household,
      ...(actor ? { actor } : {}),
    });
  };

  const refuseUnknown = async (
    request: FastifyRequest,
    compartment: Compartment,
    recordType: string,
    id: string,
  ): Promise<never> => {
    const actor = appActor(request);
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason: 'not-in-compartment',
      recordType,
      recordIds: [id.slice(0, 64)],
      actingForHouseholdId: compartment.principal.householdId,
      ...(actor ? { actor } : {}),
    });
    throw notFound(`${recordType.replace('fhir.', '')}/${id.slice(0, 64)}`);
  };

  const publicLimit = { rateLimit: { max: options.directoryRateLimit, timeWindow: '1 minute' } };

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

  // ---- Patient ----
  app.get<{ Params: { id: string } }>('/Patient/:id', async (request, reply) => {
    const compartment = await compartmentFor(request, 'fhir.Patient', 'patient/Patient.rs');
    const patient = compartment.patients.get(request.params.id);
    if (!patient) return refuseUnknown(request, compartment, 'fhir.Patient', request.params.id);
    await auditRead(request, compartment, 'fhir.Patient', [patient], [request.params.id]);
    return sendResource(reply, patient, 'private');
  });
  app.get<{ Querystring: Query }>('/Patient', async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'identifier']);
    const compartment = await compartmentFor(request, 'fhir.Patient', 'patient/Patient.rs');
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const identifiers = values(query, 'identifier').map(tokenMatcher);
    const updated = lastUpdatedFilter(query);
    const matches = [...compartment.patients.values()].filter(
      (patient) =>
        (ids.length === 0 || ids.includes(patient.id ?? '')) &&
        identifiers.every((matches) =>
          (patient.identifier ?? []).some((identifier) =>
            matches({ system: identifier.system, code: identifier.value }),
          ),
        ) &&
        updated(patient.meta?.lastUpdated),
    );
    const bundle = searchset(`${base}/Patient`, query, matches, () => [], base);
    const shown = (bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource) => resource !== undefined);
    await auditRead(
      request,
      compartment,
      'fhir.Patient',
      shown,
      shown.map((resource) => resource.id ?? ''),
    );
    return sendResource(reply, bundle, 'private');
  });

  // ---- Coverage ----
  const coverageIncludes = ['Coverage:payor', 'Coverage:beneficiary', 'Coverage:subscriber'];
  app.get<{ Params: { id: string } }>('/Coverage/:id', async (request, reply) => {
    const compartment = await compartmentFor(request, 'fhir.Coverage', 'patient/Coverage.rs');
    const coverage = compartment.coverages.get(request.params.id);
    if (!coverage) return refuseUnknown(request, compartment, 'fhir.Coverage', request.params.id);
    await auditRead(request, compartment, 'fhir.Coverage', [coverage], [beneficiaryOf(coverage)]);
    return sendResource(reply, coverage, 'private');
  });
  app.get<{ Querystring: Query }>('/Coverage', async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'patient', 'beneficiary', 'subscriber', 'status']);
    const wanted = includes(query, coverageIncludes);
    const compartment = await compartmentFor(request, 'fhir.Coverage', 'patient/Coverage.rs');
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const beneficiaries = [...values(query, 'patient'), ...values(query, 'beneficiary')].map((value) =>
      referencedId(value, 'Patient'),
    );
    const subscribers = values(query, 'subscriber').map((value) => referencedId(value, 'Patient'));
    const statuses = values(query, 'status').flatMap((value) => value.split(','));
    const updated = lastUpdatedFilter(query);
    const matches = [...compartment.coverages.values()].filter(
      (coverage) =>
        (ids.length === 0 || ids.includes(coverage.id ?? '')) &&
        beneficiaries.every((id) => beneficiaryOf(coverage) === id) &&
        subscribers.every((id) => coverage.subscriber?.reference === `Patient/${id}`) &&
        (statuses.length === 0 || statuses.includes(coverage.status)) &&
        updated(coverage.meta?.lastUpdated),
    );
    const bundle = searchset(
      `${base}/Coverage`,
      query,
      matches,
      (page) => {
        const extra: Resource[] = [];
        for (const coverage of page as Coverage[]) {
          if (wanted.has('Coverage:payor')) extra.push(issuer());
          const mayIncludePatients = request.smart ? request.smart.scopes.has('patient/Patient.rs') : true;
          if (wanted.has('Coverage:beneficiary') && mayIncludePatients) {
            const patient = compartment.patients.get(beneficiaryOf(coverage));
            if (patient) extra.push(patient);
          }
          if (wanted.has('Coverage:subscriber') && mayIncludePatients) {
            const patient = compartment.patients.get(
              (coverage.subscriber?.reference ?? '').replace('Patient/', ''),
            );
            if (patient) extra.push(patient);
          }
        }
        return extra;
      },
      base,
    );
    const shown = (bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource) => resource !== undefined);
    const memberResources = shown.filter((resource) => resource.resourceType !== 'Organization');
    await auditRead(
      request,
      compartment,
      'fhir.Coverage',
      memberResources,
      memberResources.map((resource) =>
        resource.resourceType === 'Coverage' ? beneficiaryOf(resource) : (resource.id ?? ''),
      ),
    );
    return sendResource(reply, bundle, 'private');
  });

  // ---- Organization: the issuer, practices and networks are public; a broker's agency is the member's ----
  const publicOrganizations = async (): Promise<Organization[]> => [
    issuer(),
    ...([...((await directory()).byType.get('Organization')?.values() ?? [])] as Organization[]),
  ];
  app.get<{ Params: { id: string } }>(
    '/Organization/:id',
    { config: publicLimit },
    async (request, reply) => {
      const id = request.params.id;
      if (id === ISSUER_ID) return sendResource(reply, issuer(), 'public');
      const found = (await directory()).byType.get('Organization')?.get(id);
      if (found) return sendResource(reply, found, 'public');
      if (!id.startsWith('agency-')) throw notFound(`Organization/${id.slice(0, 64)}`);
      const compartment = await compartmentFor(request, 'fhir.Organization', null);
      const agency = compartment.agencies.get(id);
      if (!agency) return refuseUnknown(request, compartment, 'fhir.Organization', id);
      await auditRead(request, compartment, 'fhir.Organization', [agency], [compartment.patientId]);
      return sendResource(reply, agency, 'private');
    },
  );
  app.get<{ Querystring: Query }>('/Organization', { config: publicLimit }, async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'name', 'type', 'partof']);
    includes(query, []);
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const names = values(query, 'name').map((value) => value.toLowerCase());
    const types = values(query, 'type').map(tokenMatcher);
    const partOf = values(query, 'partof').map(
      (value) => `Organization/${referencedId(value, 'Organization')}`,
    );
    const updated = lastUpdatedFilter(query);
    const matches = (await publicOrganizations()).filter(
      (organization) =>
        (ids.length === 0 || ids.includes(organization.id ?? '')) &&
        names.every((name) => (organization.name ?? '').toLowerCase().includes(name)) &&
        types.every((matches) =>
          (organization.type ?? []).some((type) => (type.coding ?? []).some(matches)),
        ) &&
        partOf.every((reference) => organization.partOf?.reference === reference) &&
        updated(organization.meta?.lastUpdated),
    );
    return sendResource(
      reply,
      searchset(`${base}/Organization`, query, matches, () => [], base),
      'public',
    );
  });

  // ---- The public directory ----
  const currentPlans = async () => (await directory()).insurancePlans(await planCatalogue(app.database.db));
  app.get<{ Params: { id: string } }>(
    '/InsurancePlan/:id',
    { config: publicLimit },
    async (request, reply) => {
      const found = (await currentPlans()).get(request.params.id);
      if (!found) throw notFound(`InsurancePlan/${request.params.id.slice(0, 64)}`);
      return sendResource(reply, found, 'public');
    },
  );
  for (const type of DIRECTORY_TYPES) {
    app.get<{ Params: { id: string } }>(`/${type}/:id`, { config: publicLimit }, async (request, reply) => {
      const found = (await directory()).byType.get(type)?.get(request.params.id);
      if (!found) throw notFound(`${type}/${request.params.id.slice(0, 64)}`);
      return sendResource(reply, found, 'public');
    });
  }

  app.get<{ Querystring: Query }>('/Practitioner', { config: publicLimit }, async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'name', 'identifier', 'family', 'given']);
    includes(query, []);
    const all = [...((await directory()).byType.get('Practitioner')?.values() ?? [])];
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const identifiers = values(query, 'identifier').map(tokenMatcher);
    const names = [...values(query, 'name'), ...values(query, 'family'), ...values(query, 'given')].map(
      (value) => value.toLowerCase(),
    );
    const updated = lastUpdatedFilter(query);
    const matches = all.filter((resource) => {
      if (resource.resourceType !== 'Practitioner') return false;
      const words = (resource.name ?? [])
        .flatMap((name) => [name.family ?? '', ...(name.given ?? [])])
        .map((word) => word.toLowerCase());
      return (
        (ids.length === 0 || ids.includes(resource.id ?? '')) &&
        identifiers.every((matches) =>
          (resource.identifier ?? []).some((identifier) =>
            matches({ system: identifier.system, code: identifier.value }),
          ),
        ) &&
        names.every((name) => words.some((word) => word.startsWith(name))) &&
        updated(resource.meta?.lastUpdated)
      );
    });
    return sendResource(
      reply,
      searchset(`${base}/Practitioner`, query, matches, () => [], base),
      'public',
    );
  });

  const roleIncludes = [
    'PractitionerRole:practitioner',
    'PractitionerRole:location',
    'PractitionerRole:organization',
    'PractitionerRole:network',
  ];
  app.get<{ Querystring: Query }>('/PractitionerRole', { config: publicLimit }, async (request, reply) => {
    const query = request.query;
    checkParameters(query, [
      '_id',
      'specialty',
      'location.address-postalcode',
      'location.address-city',
      'practitioner',
      'organization',
      'location',
      'network',
    ]);
    const wanted = includes(query, roleIncludes);
    const resources = await directory();
    const byId = (type: string, reference: string | undefined) =>
      resources.byType.get(type)?.get((reference ?? '').slice(type.length + 1));
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    // A specialty code alone is taken as NUCC's (the only taxonomy the directory uses).
    const specialties = values(query, 'specialty').map((value) =>
      value.split(',').map((one) => tokenMatcher(one.includes('|') ? one : `${NUCC}|${one}`)),
    );
    const postalCodes = values(query, 'location.address-postalcode').map((value) => value.split(','));
    const cities = values(query, 'location.address-city').map((value) => value.toLowerCase());
    const references = (name: string, type: string) =>
      values(query, name).map((value) => `${type}/${referencedId(value, type)}`);
    const practitioners = references('practitioner', 'Practitioner');
    const organizations = references('organization', 'Organization');
    const locations = references('location', 'Location');
    const networks = references('network', 'Organization');
    const updated = lastUpdatedFilter(query);
    const matches = [...(resources.byType.get('PractitionerRole')?.values() ?? [])].filter((resource) => {
      if (resource.resourceType !== 'PractitionerRole') return false;
      const places = (resource.location ?? [])
        .map((reference) => byId('Location', reference.reference))
        .filter((place) => place?.resourceType === 'Location');
      const networkRefs = (resource.extension ?? [])
        .filter((extension) => extension.url.endsWith('/network-reference'))
        .map((extension) => extension.valueReference?.reference);
      return (
        (ids.length === 0 || ids.includes(resource.id ?? '')) &&
        specialties.every((any) =>
          (resource.specialty ?? []).some((concept) =>
            (concept.coding ?? []).some((coding) => any.some((matches) => matches(coding))),
          ),
        ) &&
        postalCodes.every((any) =>
          places.some((place) => any.some((zip) => (place.address?.postalCode ?? '').startsWith(zip))),
        ) &&
        cities.every((city) => places.some((place) => (place.address?.city ?? '').toLowerCase() === city)) &&
        practitioners.every((reference) => resource.practitioner?.reference === reference) &&
        organizations.every((reference) => resource.organization?.reference === reference) &&
        locations.every((reference) =>
          (resource.location ?? []).some((location) => location.reference === reference),
        ) &&
        networks.every((reference) => networkRefs.includes(reference)) &&
        updated(resource.meta?.lastUpdated)
      );
    });
    const bundle = searchset(
      `${base}/PractitionerRole`,
      query,
      matches,
      (page) => {
        const extra: Resource[] = [];
        for (const role of page) {
          if (role.resourceType !== 'PractitionerRole') continue;
          const add = (resource: Resource | undefined) => {
            if (resource) extra.push(resource);
          };
          if (wanted.has('PractitionerRole:practitioner'))
            add(byId('Practitioner', role.practitioner?.reference));
          if (wanted.has('PractitionerRole:organization'))
            add(byId('Organization', role.organization?.reference));
          if (wanted.has('PractitionerRole:location'))
            for (const location of role.location ?? []) add(byId('Location', location.reference));
          if (wanted.has('PractitionerRole:network')) {
            for (const extension of role.extension ?? [])
              if (extension.url.endsWith('/network-reference'))
                add(byId('Organization', extension.valueReference?.reference));
          }
        }
        return extra;
      },
      base,
    );
    return sendResource(reply, bundle, 'public');
  });

  app.get<{ Querystring: Query }>('/Location', { config: publicLimit }, async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'address-postalcode', 'address-city', 'address-state', 'organization']);
    includes(query, []);
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const zip = single(query, 'address-postalcode');
    const city = single(query, 'address-city')?.toLowerCase();
    const state = single(query, 'address-state')?.toUpperCase();
    const organization = single(query, 'organization');
    const updated = lastUpdatedFilter(query);
    const matches = [...((await directory()).byType.get('Location')?.values() ?? [])].filter(
      (resource) =>
        resource.resourceType === 'Location' &&
        (ids.length === 0 || ids.includes(resource.id ?? '')) &&
        (zip === undefined || (resource.address?.postalCode ?? '').startsWith(zip)) &&
        (city === undefined || (resource.address?.city ?? '').toLowerCase() === city) &&
        (state === undefined || resource.address?.state === state) &&
        (organization === undefined ||
          resource.managingOrganization?.reference ===
            `Organization/${referencedId(organization, 'Organization')}`) &&
        updated(resource.meta?.lastUpdated),
    );
    return sendResource(
      reply,
      searchset(`${base}/Location`, query, matches, () => [], base),
      'public',
    );
  });

  app.get<{ Querystring: Query }>('/InsurancePlan', { config: publicLimit }, async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'type', 'name', 'identifier']);
    includes(query, []);
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const types = values(query, 'type').map(tokenMatcher);
    const names = values(query, 'name').map((value) => value.toLowerCase());
    const identifiers = values(query, 'identifier').map(tokenMatcher);
    const updated = lastUpdatedFilter(query);
    const matches = [...(await currentPlans()).values()].filter(
      (resource) =>
        (ids.length === 0 || ids.includes(resource.id ?? '')) &&
        types.every((matches) => (resource.type ?? []).some((type) => (type.coding ?? []).some(matches))) &&
        names.every((name) => (resource.name ?? '').toLowerCase().includes(name)) &&
        identifiers.every((matches) =>
          (resource.identifier ?? []).some((identifier) =>
            matches({ system: identifier.system, code: identifier.value }),
          ),
        ) &&
        updated(resource.meta?.lastUpdated),
    );
    return sendResource(
      reply,
      searchset(`${base}/InsurancePlan`, query, matches, () => [], base),
      'public',
    );
  });
  done();
}

const beneficiaryOf = (coverage: Coverage): string =>
  coverage.beneficiary.reference?.replace('Patient/', '') ?? '';
