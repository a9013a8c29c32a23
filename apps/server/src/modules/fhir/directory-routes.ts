import type { FastifyInstance } from 'fastify';
import type { Organization, Resource } from '@medplum/fhirtypes';
import { planCatalogue } from '../benefits/service';
import { NUCC } from './directory-resources';
import type { FhirKit } from './kit';
import type { MemberReads } from './member-reads';
import { ISSUER_ID } from './member-resources';
import { notFound } from './outcome';
import { sendResource } from './reply';
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

/** The resource types of the public Plan-Net directory (no token). */
const DIRECTORY_TYPES = ['Practitioner', 'PractitionerRole', 'Location'] as const;

/**
 * The public Provider Directory API (Da Vinci PDex Plan-Net): Organization, InsurancePlan, Practitioner,
 * PractitionerRole and Location, for anyone, rate-limited. A broker's agency (an Organization) is the one
 * member resource here: it is read through the member's compartment.
 */
export function directoryRoutes(
  app: FastifyInstance,
  { base, directory, issuer, publicLimit }: FhirKit,
  { compartmentFor, auditRead, refuseUnknown }: MemberReads,
): void {
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
}
