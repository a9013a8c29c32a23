import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  Bundle,
  CapabilityStatement,
  Coverage,
  Location,
  OperationOutcome,
  Organization,
  Patient,
  PractitionerRole,
  Resource,
} from '@medplum/fhirtypes';
import { useTestApp, type TestHarness } from '../../../test/harness';
import { checkedProfiles, validationErrors } from '../../../test/fhir-validation';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, brokers, members, memberSpans } from '../../db/schema';
import { demoDirectory } from '../pcp/directory';
import { coverageId } from './member-resources';

/**
 * Issue 37 (docs/decisions/053): the FHIR R4 Patient Access and Provider Directory APIs at /fhir/r4.
 * Every resource any answer carries is checked against FHIR R4 and the profiles it claims (US Core,
 * Plan-Net) by Medplum's validator (test/fhir-validation.ts).
 */

const US_CORE_PATIENT = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient';
const PLANNET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition';

interface FhirAnswer<T> {
  status: number;
  body: T;
  contentType: string;
  headers: Record<string, unknown>;
}

/** GET under /fhir/r4, checking every resource of the answer (a Bundle's entries too) against its profiles. */
async function fhirGet<T extends Resource | object>(
  harness: TestHarness,
  path: string,
  token?: string,
): Promise<FhirAnswer<T>> {
  const response = await harness.app.inject({
    method: 'GET',
    url: path.startsWith('http') ? new URL(path).pathname + new URL(path).search : `/fhir/r4${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = response.json<T>();
  const answered = response.json<Resource>();
  const resources: Resource[] = [answered];
  if (answered.resourceType === 'Bundle')
    for (const entry of answered.entry ?? []) if (entry.resource) resources.push(entry.resource);
  for (const resource of resources)
    expect(validationErrors(resource), `${path}: ${resource.resourceType}/${resource.id ?? ''}`).toEqual([]);
  return {
    status: response.statusCode,
    body,
    contentType: String(response.headers['content-type']),
    headers: response.headers,
  };
}

const resourcesOf = <T extends Resource>(
  bundle: Bundle,
  type: T['resourceType'],
  mode: 'match' | 'include' = 'match',
): T[] =>
  (bundle.entry ?? [])
    .filter((entry) => entry.search?.mode === mode && entry.resource?.resourceType === type)
    .map((entry) => entry.resource as T);

/** A household: the subscriber (with a broker of record), a spouse and a child on the policy; tokens for the subscriber and the spouse. */
async function family(harness: TestHarness) {
  const brokerId = await createBroker(harness.db);
  await harness.db
    .update(brokers)
    .set({ agencyName: 'South Coast Insurance Agency', phone: '(508) 555-0100' })
    .where(eq(brokers.id, brokerId));
  const holder = await createMemberWithPolicy(harness.db, { brokerId, dob: '1984-02-03', zipCode: '02720' });
  const startDate = `${new Date().getUTCFullYear() - 1}-01-01`;
  const dependent = async (
    firstName: string,
    dob: string,
    relationship: 'spouse' | 'child',
    gender: 'female' | 'male',
  ) => {
    const id = randomUUID();
    await harness.db.insert(members).values({
      id,
      householdId: holder.householdId,
      folderId: `F${id.slice(0, 8)}`,
      firstName,
      lastName: 'Member',
      dob,
      gender,
    });
    await harness.db
      .insert(memberSpans)
      .values({ policyId: holder.policyId, memberId: id, relationship, startDate, ratingAge: 30 });
    return id;
  };
  const spouseId = await dependent('Sam', '1986-09-10', 'spouse', 'male');
  const childId = await dependent('Kit', '2015-05-20', 'child', 'female');
  const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
  const spouseToken = await harness.tokenFor('consumer', ['member'], { memberId: spouseId });
  return { ...holder, brokerId, spouseId, childId, token, spouseToken, startDate };
}

describe('FHIR R4 server (issue 37): Patient Access API', () => {
  const harness = useTestApp();

  it('describes itself: a CapabilityStatement for FHIR 4.0.1 in JSON, and the SMART configuration of the consumer provider', async () => {
    const metadata = await fhirGet<CapabilityStatement>(harness, '/metadata');
    expect(metadata.status).toBe(200);
    expect(metadata.contentType).toContain('application/fhir+json');
    expect(metadata.body.fhirVersion).toBe('4.0.1');
    const types = metadata.body.rest?.[0]?.resource?.map((resource) => resource.type);
    expect(types).toEqual([
      'Patient',
      'Coverage',
      'Organization',
      'Practitioner',
      'PractitionerRole',
      'Location',
      'InsurancePlan',
    ]);
    const role = metadata.body.rest?.[0]?.resource?.find((resource) => resource.type === 'PractitionerRole');
    expect(role?.searchParam?.map((param) => param.name)).toEqual(
      expect.arrayContaining(['specialty', 'location.address-postalcode', '_lastUpdated']),
    );

    // The REST API's OpenAPI document stays the REST API's.
    const openapi = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(
      Object.keys(openapi.json<{ paths: object }>().paths).filter((path) => path.startsWith('/fhir')),
    ).toEqual([]);

    const smart = await harness.app.inject({
      method: 'GET',
      url: '/fhir/r4/.well-known/smart-configuration',
    });
    expect(smart.statusCode).toBe(200);
    const configuration = smart.json<{
      issuer: string;
      authorization_endpoint: string;
      token_endpoint: string;
      code_challenge_methods_supported: string[];
    }>();
    expect(configuration.issuer).toBe(`${harness.app.settings.publicUrl}/idp/consumer`);
    expect(configuration.authorization_endpoint).toBe(`${configuration.issuer}/auth`);
    expect(configuration.code_challenge_methods_supported).toEqual(['S256']);
    // The configuration names the provider's real endpoints: its discovery document agrees.
    const discovery = await harness.app.inject({
      method: 'GET',
      url: '/idp/consumer/.well-known/openid-configuration',
    });
    expect(new URL(discovery.json<{ token_endpoint: string }>().token_endpoint).pathname).toBe(
      new URL(configuration.token_endpoint).pathname,
    );
  });

  it('gives a member their own US Core Patient, with their identifiers, name, birth date and address, and audits the read', async () => {
    const f = await family(harness);
    const answer = await fhirGet<Patient>(harness, `/Patient/${f.memberId}`, f.token);
    expect(answer.status).toBe(200);
    expect(checkedProfiles(answer.body)).toEqual([US_CORE_PATIENT]);
    expect(answer.body).toMatchObject({
      resourceType: 'Patient',
      id: f.memberId,
      name: [{ family: 'Member', given: ['Test'] }],
      gender: 'female',
      birthDate: '1984-02-03',
      address: [{ line: ['12 Harbor St'], city: 'Fall River', state: 'MA', postalCode: '02720' }],
    });
    const [folder] = await harness.db
      .select({ folderId: members.folderId })
      .from(members)
      .where(eq(members.id, f.memberId));
    expect(answer.body.identifier?.[0]).toMatchObject({
      system: `${harness.app.settings.publicUrl}/fhir/sid/member-id`,
      value: folder?.folderId,
      type: { coding: [{ code: 'MB' }] },
    });
    expect(answer.headers['cache-control']).toBe('no-store');

    const audited = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'fhir.Patient'), eq(auditLog.outcome, 'success')));
    expect(audited.find((row) => row.recordIds?.includes(f.memberId))).toMatchObject({
      action: 'read',
      actingForHouseholdId: f.householdId,
      route: 'GET /fhir/r4/Patient/:id',
    });
  });

  it('lets the subscriber read the dependents on their policy, and a dependent only themselves', async () => {
    const f = await family(harness);
    const all = await fhirGet<Bundle>(harness, '/Patient', f.token);
    expect(
      resourcesOf<Patient>(all.body, 'Patient')
        .map((patient) => patient.id)
        .sort(),
    ).toEqual([f.memberId, f.spouseId, f.childId].sort());
    expect((await fhirGet<Patient>(harness, `/Patient/${f.childId}`, f.token)).body.birthDate).toBe(
      '2015-05-20',
    );

    const own = await fhirGet<Bundle>(harness, '/Patient', f.spouseToken);
    expect(resourcesOf<Patient>(own.body, 'Patient').map((patient) => patient.id)).toEqual([f.spouseId]);
    const refused = await fhirGet<OperationOutcome>(harness, `/Patient/${f.memberId}`, f.spouseToken);
    expect(refused.status).toBe(404);
    expect(refused.body.issue[0]?.code).toBe('not-found');
    const denials = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'fhir.Patient'), eq(auditLog.outcome, 'denied')));
    expect(
      denials.some((row) => row.recordIds?.includes(f.memberId) && row.reason === 'not-in-compartment'),
    ).toBe(true);
    // Patient?_id narrows to one.
    const one = await fhirGet<Bundle>(harness, `/Patient?_id=${f.childId}`, f.token);
    expect(one.body.total).toBe(1);
  });

  it('answers Coverage?patient= with the CARIN Coverage of the member: subscriber, beneficiary, relationship, period, payor, plan with its HIOS id', async () => {
    const f = await family(harness);
    const answer = await fhirGet<Bundle>(
      harness,
      `/Coverage?patient=Patient/${f.memberId}&_include=Coverage:payor`,
      f.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe('searchset');
    const [coverage, ...others] = resourcesOf<Coverage>(answer.body, 'Coverage');
    expect(others).toEqual([]);
    expect(coverage).toMatchObject({
      id: coverageId(f.policyId, f.memberId),
      meta: { profile: ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Coverage'] },
      status: 'active',
      subscriber: { reference: `Patient/${f.memberId}` },
      beneficiary: { reference: `Patient/${f.memberId}` },
      relationship: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship', code: 'self' }],
      },
      period: { start: f.startDate },
      payor: [{ reference: 'Organization/issuer', display: 'Lighthouse Health Plan' }],
      class: [{ type: { coding: [{ code: 'plan' }] }, value: '77421MA0010001-01', name: 'Test Silver HMO' }],
    });
    // What C4BB requires beyond R4 (its profile is not in any package npm serves): checked here.
    expect(coverage?.meta?.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(coverage?.identifier?.some((identifier) => identifier.type?.coding?.[0]?.code === 'MB')).toBe(
      true,
    );
    const [payor] = resourcesOf<Organization>(answer.body, 'Organization', 'include');
    expect(payor).toMatchObject({
      id: 'issuer',
      name: 'Lighthouse Health Plan',
      identifier: [{ value: '77421' }],
    });
    expect(checkedProfiles(payor as Organization)).toEqual([`${PLANNET}/plannet-Organization`]);

    // The child's coverage, by beneficiary: relationship child, the same subscriber.
    const child = await fhirGet<Bundle>(
      harness,
      `/Coverage?beneficiary=${f.childId}&_include=Coverage:beneficiary`,
      f.token,
    );
    expect(resourcesOf<Coverage>(child.body, 'Coverage')).toMatchObject([
      { subscriber: { reference: `Patient/${f.memberId}` }, relationship: { coding: [{ code: 'child' }] } },
    ]);
    expect(resourcesOf<Patient>(child.body, 'Patient', 'include').map((patient) => patient.id)).toEqual([
      f.childId,
    ]);
    // Read by id.
    expect(
      (await fhirGet<Coverage>(harness, `/Coverage/${coverageId(f.policyId, f.spouseId)}`, f.token)).body
        .relationship?.coding?.[0]?.code,
    ).toBe('spouse');
    // The spouse sees their own coverage only.
    const spouse = await fhirGet<Bundle>(harness, '/Coverage', f.spouseToken);
    expect(resourcesOf<Coverage>(spouse.body, 'Coverage').map((c) => c.beneficiary.reference)).toEqual([
      `Patient/${f.spouseId}`,
    ]);
  });

  it('pages with _count and next links, and filters by _lastUpdated', async () => {
    const f = await family(harness);
    const first = await fhirGet<Bundle>(harness, '/Coverage?_count=2', f.token);
    expect(first.body.total).toBe(3);
    expect(resourcesOf(first.body, 'Coverage')).toHaveLength(2);
    const next = first.body.link?.find((link) => link.relation === 'next')?.url;
    expect(next).toMatch(/^http.*\/fhir\/r4\/Coverage\?.*_offset=2/);
    const second = await fhirGet<Bundle>(harness, next ?? '', f.token);
    expect(resourcesOf(second.body, 'Coverage')).toHaveLength(1);
    expect(second.body.link?.find((link) => link.relation === 'next')).toBeUndefined();
    const ids = [...resourcesOf(first.body, 'Coverage'), ...resourcesOf(second.body, 'Coverage')].map(
      (c) => c.id,
    );
    expect(new Set(ids).size).toBe(3);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await fhirGet<Bundle>(harness, `/Coverage?_lastUpdated=gt${tomorrow}`, f.token)).body.total).toBe(
      0,
    );
    expect((await fhirGet<Bundle>(harness, `/Coverage?_lastUpdated=lt${tomorrow}`, f.token)).body.total).toBe(
      3,
    );
    expect(
      (await fhirGet<Bundle>(harness, `/Patient?_lastUpdated=ge2000-01&_lastUpdated=lt${tomorrow}`, f.token))
        .body.total,
    ).toBe(3);
  });

  it('gives the member their broker of record’s agency, and nobody else’s', async () => {
    const f = await family(harness);
    const agency = await fhirGet<Organization>(
      harness,
      `/Organization/agency-${f.brokerId.replaceAll('-', '')}`,
      f.token,
    );
    expect(agency.status).toBe(200);
    expect(agency.body).toMatchObject({
      name: 'South Coast Insurance Agency',
      telecom: [{ value: '(508) 555-0100' }],
    });
    const other = await family(harness);
    expect(
      (
        await fhirGet<OperationOutcome>(
          harness,
          `/Organization/agency-${other.brokerId.replaceAll('-', '')}`,
          f.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await fhirGet<OperationOutcome>(harness, `/Organization/agency-${f.brokerId.replaceAll('-', '')}`))
        .status,
    ).toBe(401);
  });

  it('answers errors as OperationOutcomes: no token, a bad token, an unknown parameter, an unknown type, an unknown id', async () => {
    const f = await family(harness);
    const anonymous = await fhirGet<OperationOutcome>(harness, `/Patient/${f.memberId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.issue[0]?.code).toBe('login');
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const forged = await fhirGet<OperationOutcome>(
      harness,
      `/Patient/${f.memberId}`,
      `${f.token.slice(0, -4)}AAAA`,
    );
    expect(forged.status).toBe(401);
    expect(forged.body.resourceType).toBe('OperationOutcome');
    const unknownParameter = await fhirGet<OperationOutcome>(harness, '/Coverage?payor=issuer', f.token);
    expect(unknownParameter.status).toBe(400);
    expect(unknownParameter.body.issue[0]?.code).toBe('invalid');
    expect(unknownParameter.body.issue[0]?.diagnostics).toContain('payor');
    const unknownType = await fhirGet<OperationOutcome>(harness, '/Claim', f.token);
    expect(unknownType.status).toBe(404);
    expect(unknownType.body.issue[0]?.code).toBe('not-supported');
    expect(unknownType.contentType).toContain('application/fhir+json');
    expect((await fhirGet<OperationOutcome>(harness, `/Coverage/${'0'.repeat(64)}`, f.token)).status).toBe(
      404,
    );
    expect((await fhirGet<OperationOutcome>(harness, '/Practitioner/1234567890')).status).toBe(404);
    expect((await fhirGet<OperationOutcome>(harness, '/Coverage?_count=many', f.token)).status).toBe(400);
  });

  it('refuses patient data to staff and brokers, whatever records they may see in the portal', async () => {
    const f = await family(harness);
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: f.brokerId });
    const staff = await harness.actingToken(['customer-service'], { householdId: f.householdId });
    for (const token of [broker, staff]) {
      for (const path of [
        `/Patient/${f.memberId}`,
        '/Patient',
        `/Coverage?patient=${f.memberId}`,
        `/Coverage/${coverageId(f.policyId, f.memberId)}`,
      ]) {
        const answer = await fhirGet<OperationOutcome>(harness, path, token);
        expect(answer.status, path).toBe(403);
        expect(answer.body.issue[0]?.code).toBe('forbidden');
      }
    }
    const refusals = await harness.db.select().from(auditLog).where(eq(auditLog.reason, 'not-patient-scope'));
    expect(refusals.length).toBeGreaterThanOrEqual(8);
  });

  it('lets browser apps of other origins call it (CORS, no credentials)', async () => {
    const preflight = await harness.app.inject({
      method: 'OPTIONS',
      url: '/fhir/r4/Patient',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });
});

describe('FHIR R4 server (issue 37): the public Provider Directory API (Plan-Net)', () => {
  const harness = useTestApp();
  const directory = demoDirectory();

  it('finds practitioner roles by NUCC specialty and ZIP code, with their practitioners, locations and networks, a page at a time', async () => {
    const provider = directory.providers.find((p) => p.specialty === 'family-medicine');
    if (!provider) throw new Error('no family doctor in the demo directory');
    const zip = provider.address.zipCode;
    const expected = directory.providers
      .filter((p) => p.specialty === 'family-medicine' && p.address.zipCode === zip)
      .map((p) => `role-${p.npi}`);
    const path = `/PractitionerRole?specialty=207Q00000X&location.address-postalcode=${zip}&_include=PractitionerRole:practitioner&_include=PractitionerRole:location&_include=PractitionerRole:network&_count=1`;
    let answer = await fhirGet<Bundle>(harness, path);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(expected.length);
    const found: string[] = [];
    for (;;) {
      const [role] = resourcesOf<PractitionerRole>(answer.body, 'PractitionerRole');
      if (!role) break;
      found.push(role.id ?? '');
      expect(checkedProfiles(role)).toEqual([`${PLANNET}/plannet-PractitionerRole`]);
      expect(role.specialty?.[0]?.coding?.[0]).toMatchObject({
        system: 'http://nucc.org/provider-taxonomy',
        code: '207Q00000X',
      });
      const included = (answer.body.entry ?? [])
        .filter((entry) => entry.search?.mode === 'include')
        .map((entry) => entry.resource);
      expect(
        included.some(
          (r) =>
            r?.resourceType === 'Practitioner' &&
            `Practitioner/${r.id ?? ''}` === role.practitioner?.reference,
        ),
      ).toBe(true);
      const location = included.find((r): r is Location => r?.resourceType === 'Location');
      expect(location?.address?.postalCode).toBe(zip);
      expect(
        included.some(
          (r) =>
            r?.resourceType === 'Organization' && r.meta?.profile?.includes(`${PLANNET}/plannet-Network`),
        ),
      ).toBe(true);
      const next = answer.body.link?.find((link) => link.relation === 'next')?.url;
      if (!next) break;
      answer = await fhirGet<Bundle>(harness, next);
    }
    expect(found.sort()).toEqual(expected.sort());
    // No token needed, and the answer may be cached by the app.
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves practitioners, practices, networks, locations and the plans the issuer holds, each valid Plan-Net', async () => {
    const provider = directory.providers[0];
    if (!provider) throw new Error('empty directory');
    const practitioner = await fhirGet<Resource>(harness, `/Practitioner/${provider.npi}`);
    expect(practitioner.body).toMatchObject({
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: provider.npi }],
      name: [{ family: provider.lastName }],
    });
    expect(checkedProfiles(practitioner.body)).toEqual([`${PLANNET}/plannet-Practitioner`]);
    const networks = await fhirGet<Bundle>(harness, '/Organization?type=ntwk&_count=100');
    expect(networks.body.total).toBeGreaterThan(0);
    for (const network of resourcesOf<Organization>(networks.body, 'Organization')) {
      expect(checkedProfiles(network)).toEqual([`${PLANNET}/plannet-Network`]);
      expect(network.partOf?.reference).toBe('Organization/issuer');
    }
    expect(
      (
        await fhirGet<Bundle>(
          harness,
          `/Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|${provider.npi}`,
        )
      ).body.total,
    ).toBe(1);
    const locations = await fhirGet<Bundle>(
      harness,
      `/Location?address-postalcode=${provider.address.zipCode}`,
    );
    expect(
      resourcesOf<Location>(locations.body, 'Location').every(
        (l) => l.address?.postalCode === provider.address.zipCode,
      ),
    ).toBe(true);
    const practices = await fhirGet<Bundle>(harness, '/Organization?type=prvgrp&_count=5');
    expect(resourcesOf(practices.body, 'Organization')).toHaveLength(5);

    await createMemberWithPolicy(harness.db);
    const plans = await fhirGet<Bundle>(harness, '/InsurancePlan');
    const plan = resourcesOf<Resource>(plans.body, 'InsurancePlan').find((p) => p.id === '77421MA0010001-01');
    expect(plan).toMatchObject({ name: 'Test Silver HMO', ownedBy: { reference: 'Organization/issuer' } });
    expect(checkedProfiles(plan as Resource)).toEqual([`${PLANNET}/plannet-InsurancePlan`]);
    expect((await fhirGet<Bundle>(harness, '/PractitionerRole?_lastUpdated=lt2000-01-01')).body.total).toBe(
      0,
    );
  });
});

describe('FHIR R4 server (issue 37): the directory is rate-limited', () => {
  const harness = useTestApp({ env: { FHIR_DIRECTORY_RATE_LIMIT: '3' } });

  it('answers 429 with an OperationOutcome past the limit per address and route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await harness.app.inject({ method: 'GET', url: '/fhir/r4/Location?_count=1' })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await harness.app.inject({ method: 'GET', url: '/fhir/r4/Location?_count=2' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/fhir+json');
    expect(limited.json<OperationOutcome>().issue[0]?.code).toBe('throttled');
    // Another address has its own count.
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/fhir/r4/Location?_count=1',
          remoteAddress: '198.51.100.7',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the profile check the FHIR tests rely on', () => {
  it('refuses what US Core and Plan-Net refuse: a Patient without a name or identifier, a PractitionerRole with a specialty outside NUCC', () => {
    const patient: Patient = {
      resourceType: 'Patient',
      meta: { profile: [US_CORE_PATIENT] },
      gender: 'female',
    };
    expect(validationErrors(patient).join('\n')).toMatch(/identifier|name/);
    const role: PractitionerRole = {
      resourceType: 'PractitionerRole',
      meta: { profile: [`${PLANNET}/plannet-PractitionerRole`] },
      active: true,
      specialty: [{ coding: [{ system: 'http://example.org/specialties', code: 'family' }] }],
    };
    expect(validationErrors(role)).not.toEqual([]);
    expect(
      validationErrors({
        resourceType: 'Coverage',
        meta: { profile: ['http://example.org/unknown'] },
      } as unknown as Resource),
    ).not.toEqual([]);
  });
});
