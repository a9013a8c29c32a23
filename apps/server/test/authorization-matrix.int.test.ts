import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { buildWorld, CALLERS, type Caller, type World } from './world';

/**
 * Every API route of the server's own route table, called by every kind of caller (issue 5 "Done when").
 * A route missing from this table fails the test: a new route must say who may call it.
 */
type Expectation = Record<Caller, number>;

interface RouteCase {
  request: (world: World, caller: Caller) => Omit<InjectOptions, 'method'>;
  expect: Expectation;
  /** Changes the caller's own session (sign-out): runs after every other route. */
  destructive?: boolean;
}

const FORGED: Pick<Expectation, 'anonymous' | 'forgedAlgNone' | 'forgedWrongKey' | 'forgedWrongIssuer' | 'expired'> = {
  anonymous: 401,
  forgedAlgNone: 401,
  forgedWrongKey: 401,
  forgedWrongIssuer: 401,
  expired: 401,
};
/** Only the callers who may see household A's records get `ok`; the others are refused with 403. */
const ownersOfA = (ok: number): Expectation => ({
  ...FORGED,
  memberA: ok,
  memberB: 403,
  brokerOfRecord: ok,
  otherBroker: 403,
  guestA: ok,
  guestB: 403,
  customerService: ok,
  assertedA: ok,
});
const everyone = (status: number): Expectation => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expectation;
const signedIn = (status: number): Expectation => ({ ...everyone(status), ...FORGED });
/** Marking notifications read is the household's own member's (role-config `mark-notifications-read`). */
const onlyMemberA = (ok: number): Expectation => ({ ...signedIn(403), memberA: ok });

const MATRIX: Record<string, RouteCase> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: everyone(200) },
  'GET /api/openapi.json': { request: () => ({ url: '/api/openapi.json' }), expect: everyone(200) },
  'GET /api/docs': { request: () => ({ url: '/api/docs' }), expect: everyone(200) },
  'POST /api/v1/Logging': {
    request: () => ({ url: '/api/v1/Logging', payload: { events: [{ level: 'info', event: 'matrix' }] } }),
    expect: everyone(202),
  },
  'POST /api/v1/guest/locate-account': {
    // One identifier per caller: the per-identifier failure limit is not what is being tested here.
    request: (_world, caller) => ({
      url: '/api/v1/guest/locate-account',
      payload: { identifierType: 'policyNumber', identifier: `NO-SUCH-${caller}`.slice(0, 30), dateOfBirth: '1980-01-15', zipCode: '02720' },
    }),
    expect: everyone(404),
  },
  'POST /api/v1/saml/acs': {
    request: () => ({
      url: '/api/v1/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'SAMLResponse=bm90LWEtc2FtbC1yZXNwb25zZQ%3D%3D',
    }),
    expect: everyone(400),
  },
  'GET /api/v1/session': { request: () => ({ url: '/api/v1/session' }), expect: signedIn(200) },
  'POST /api/v1/Household/user': { request: () => ({ url: '/api/v1/Household/user' }), expect: signedIn(200) },
  'GET /api/v1/Policy/:policyId': { request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}` }), expect: ownersOfA(200) },
  'GET /api/v1/Policy/:policyId/payments': { request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/payments` }), expect: ownersOfA(200) },
  'GET /api/v1/Policy/:policyId/scheduled-payments': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/scheduled-payments` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Policy/:policyId/autopay': { request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/autopay` }), expect: ownersOfA(200) },
  'GET /api/v1/Household/:householdId/documents': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/documents?type=invoice` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Document/:documentId': { request: (w) => ({ url: `/api/v1/Document/${w.aRecords.documentId}` }), expect: ownersOfA(200) },
  'GET /api/v1/Notification': { request: () => ({ url: '/api/v1/Notification' }), expect: signedIn(200) },
  'GET /api/v1/Notification/unread-count': { request: () => ({ url: '/api/v1/Notification/unread-count' }), expect: signedIn(200) },
  // Guests have no notification pages (role-config): they read none, even of the located household.
  'GET /api/v1/Notification/:id': {
    request: (w) => ({ url: `/api/v1/Notification/${w.aRecords.notificationId}` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'PUT /api/v1/Notification/:id': { request: (w) => ({ url: `/api/v1/Notification/${w.aRecords.notificationId}` }), expect: onlyMemberA(200) },
  'PUT /api/v1/Notification': {
    request: (w) => ({ url: '/api/v1/Notification', payload: { ids: [w.aRecords.notificationId] } }),
    expect: onlyMemberA(200),
  },
  'GET /api/v1/Member/2/:folderId': { request: (w) => ({ url: `/api/v1/Member/2/${w.a.folderId}` }), expect: ownersOfA(200) },
  // A broker's book of business is policies; brokers have no wallet pages or payment actions (role-config).
  // A guest pays with a method entered for that payment and never sees the household's saved ones.
  'POST /api/v1/Wallet/:referenceId': {
    request: (w) => ({ url: `/api/v1/Wallet/${w.aRecords.walletReferenceId}` }),
    expect: { ...ownersOfA(200), brokerOfRecord: 403, guestA: 403 },
  },
  'GET /api/v1/Broker/search': { request: () => ({ url: '/api/v1/Broker/search?lastName=bro' }), expect: signedIn(200) },
  'GET /api/v1/Group/FromSubscribers': {
    request: (w) => ({ url: `/api/v1/Group/FromSubscribers?subscriberEntityIds=${w.a.issuerSubscriberId}` }),
    expect: signedIn(200),
  },
  'GET /api/v1/faq': { request: () => ({ url: '/api/v1/faq' }), expect: signedIn(200) },
  'GET /api/v1/additional-products': { request: () => ({ url: '/api/v1/additional-products' }), expect: signedIn(200) },
  'POST /api/v1/session/logout': { request: () => ({ url: '/api/v1/session/logout' }), expect: signedIn(204), destructive: true },
};

describe('authorization matrix', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  beforeAll(async () => {
    database = await openTestDatabase();
    let dataDir: string;
    ({ app, dataDir } = await buildTestApp({ database: database.handle }));
    world = await buildWorld(app, database.handle.db, dataDir);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const apiRoutes = () => app.routeTable.filter((route) => route.includes(' /api/') && !route.startsWith('HEAD '));

  it('covers every API route of the route table, and only those', () => {
    expect(apiRoutes().sort()).toEqual(Object.keys(MATRIX).sort());
  });

  const ordered = Object.entries(MATRIX).sort(([, x], [, y]) => Number(x.destructive ?? false) - Number(y.destructive ?? false));
  for (const [route, routeCase] of ordered) {
    it(`${route} answers each caller as it should`, async () => {
      const [method] = route.split(' ') as [InjectOptions['method']];
      const actual: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const token = world.tokens[caller];
        const request = routeCase.request(world, caller);
        const response = await app.inject({
          ...request,
          method,
          headers: { ...(request.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        actual[caller] = response.statusCode;
      }
      expect(actual).toEqual(routeCase.expect);
    });
  }
});
