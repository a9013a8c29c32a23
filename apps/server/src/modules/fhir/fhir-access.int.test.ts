import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Bundle } from '@medplum/fhirtypes';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { startTestSandbox, type TestSandbox } from '../../../test/sandbox';
import { buildWorld, CALLERS, type Caller, type World } from '../../../test/world';
import { demoDirectory } from '../pcp/directory';
import { agencyId, coverageId } from './member-resources';

/**
 * Issue 37 (docs/decisions/053): who may read what through /fhir/r4, for every FHIR route of the route
 * table and every kind of caller of the REST API's authorization matrix (test/world.ts): two members of
 * two households, brokers, guests, customer service acting for A or for B, staff without search, an
 * asserted session and forged and expired tokens. Member A's records are the target. A route missing
 * here fails the first test.
 */

type Expect = Record<Caller, number>;
const BAD_TOKENS = { forgedAlgNone: 401, forgedWrongKey: 401, forgedWrongIssuer: 401, expired: 401 } as const;
const NOT_PATIENT_SCOPE = {
  brokerOfRecord: 403,
  otherBroker: 403,
  guestA: 403,
  guestB: 403,
  customerService: 403,
  customerServiceForB: 403,
  staffWithoutSearch: 403,
  assertedA: 403,
} as const;
/** Member A's record: A reads it; B is answered like an unknown id; nobody else has patient scope. */
const memberRecord: Expect = {
  anonymous: 401,
  ...BAD_TOKENS,
  memberA: 200,
  memberB: 404,
  ...NOT_PATIENT_SCOPE,
};
/** A search in member A's records: A finds it, B finds nothing (200, total 0). */
const memberSearch: Expect = {
  anonymous: 401,
  ...BAD_TOKENS,
  memberA: 200,
  memberB: 200,
  ...NOT_PATIENT_SCOPE,
};
/** The public directory: anyone, with or without a (valid) token; a token that does not verify is refused. */
const everyone: Expect = {
  anonymous: 200,
  ...BAD_TOKENS,
  memberA: 200,
  memberB: 200,
  brokerOfRecord: 200,
  otherBroker: 200,
  guestA: 200,
  guestB: 200,
  customerService: 200,
  customerServiceForB: 200,
  staffWithoutSearch: 200,
  assertedA: 200,
};

/** An interaction the server does not have: 404 to anyone (a token that does not verify is still a 401). */
const unsupported = Object.fromEntries(
  Object.entries(everyone).map(([caller, status]) => [caller, status === 200 ? 404 : status]),
) as Expect;

interface Case {
  url: (world: World) => string;
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  expect: Expect;
  /** For searches: how many matches each caller answered 200 finds. */
  totals?: Partial<Record<Caller, number>>;
}

const provider = demoDirectory().providers[0];
/** A location of the directory (its id is read from the server before the tests). */
let firstLocationId = '';
const MATRIX: Record<string, Case> = {
  'GET /fhir/r4/metadata': { url: () => '/fhir/r4/metadata', expect: everyone },
  'GET /fhir/r4/.well-known/smart-configuration': {
    url: () => '/fhir/r4/.well-known/smart-configuration',
    expect: everyone,
  },
  'GET /fhir/r4/Patient/:id': { url: (w) => `/fhir/r4/Patient/${w.a.memberId}`, expect: memberRecord },
  'GET /fhir/r4/Patient': {
    url: (w) => `/fhir/r4/Patient?_id=${w.a.memberId}`,
    expect: memberSearch,
    totals: { memberA: 1, memberB: 0 },
  },
  'GET /fhir/r4/Coverage/:id': {
    url: (w) => `/fhir/r4/Coverage/${coverageId(w.a.policyId, w.a.memberId)}`,
    expect: memberRecord,
  },
  'GET /fhir/r4/Coverage': {
    url: (w) => `/fhir/r4/Coverage?patient=${w.a.memberId}`,
    expect: memberSearch,
    totals: { memberA: 1, memberB: 0 },
  },
  'GET /fhir/r4/Organization/:id': {
    url: (w) => `/fhir/r4/Organization/${agencyId(w.brokerOfRecordId)}`,
    expect: memberRecord,
  },
  'GET /fhir/r4/Organization': { url: () => '/fhir/r4/Organization?_id=issuer', expect: everyone },
  'GET /fhir/r4/Practitioner/:id': {
    url: () => `/fhir/r4/Practitioner/${provider?.npi ?? ''}`,
    expect: everyone,
  },
  'GET /fhir/r4/Practitioner': { url: () => '/fhir/r4/Practitioner?_count=1', expect: everyone },
  'GET /fhir/r4/PractitionerRole/:id': {
    url: () => `/fhir/r4/PractitionerRole/role-${provider?.npi ?? ''}`,
    expect: everyone,
  },
  'GET /fhir/r4/PractitionerRole': { url: () => '/fhir/r4/PractitionerRole?_count=1', expect: everyone },
  'GET /fhir/r4/Location/:id': { url: () => `/fhir/r4/Location/${firstLocationId}`, expect: everyone },
  'GET /fhir/r4/Location': { url: () => '/fhir/r4/Location?_count=1', expect: everyone },
  'GET /fhir/r4/InsurancePlan/:id': {
    url: () => '/fhir/r4/InsurancePlan/77421MA0010001-01',
    expect: everyone,
  },
  'GET /fhir/r4/InsurancePlan': { url: () => '/fhir/r4/InsurancePlan', expect: everyone },
  // Anything else: an interaction the server does not have (404 OperationOutcome), never the web app's page.
  'GET /fhir/r4/*': { url: () => '/fhir/r4/Claim', expect: unsupported },
  'POST /fhir/r4/*': { url: () => '/fhir/r4/Patient', method: 'POST', expect: unsupported },
  'PUT /fhir/r4/*': { url: () => '/fhir/r4/Patient/x', method: 'PUT', expect: unsupported },
  'PATCH /fhir/r4/*': { url: () => '/fhir/r4/Patient/x', method: 'PATCH', expect: unsupported },
  'DELETE /fhir/r4/*': { url: () => '/fhir/r4/Patient/x', method: 'DELETE', expect: unsupported },
};

describe('FHIR access matrix (issue 37): every FHIR route, every kind of caller', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let sandbox: TestSandbox;
  let world: World;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    database = await openTestDatabase();
    let dataDir: string;
    ({ app, dataDir } = await buildTestApp({ database: database.handle, processor: sandbox.processor }));
    world = await buildWorld(app, database.handle.db, dataDir);
    firstLocationId =
      (await app.inject({ method: 'GET', url: '/fhir/r4/Location?_count=1' })).json<Bundle>().entry?.[0]
        ?.resource?.id ?? '';
    expect(firstLocationId).toMatch(/^location-/);
  });
  afterAll(async () => {
    await app.close();
    await sandbox.close();
    await database.dispose();
  });

  it('covers every FHIR route of the route table, and only those', () => {
    const routes = app.routeTable.filter((route) => route.includes(' /fhir/') && !route.startsWith('HEAD '));
    expect([...new Set(routes)].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  for (const [route, routeCase] of Object.entries(MATRIX)) {
    it(`${route} answers each caller as it should`, async () => {
      const actual: Partial<Record<Caller, number>> = {};
      const totals: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const token = world.tokens[caller];
        const response = await app.inject({
          method: routeCase.method ?? 'GET',
          url: routeCase.url(world),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        actual[caller] = response.statusCode;
        expect(response.headers['content-type'], `${caller}: ${response.body.slice(0, 200)}`).toMatch(
          /application\/(fhir\+)?json/,
        );
        if (routeCase.totals && caller in routeCase.totals && response.statusCode === 200)
          totals[caller] = response.json<Bundle>().total ?? -1;
        if (response.statusCode >= 400)
          expect(response.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');
      }
      expect(actual).toEqual(routeCase.expect);
      if (routeCase.totals) expect(totals).toEqual(routeCase.totals);
    });
  }
});
