import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';
import { startTestSandbox, TEST_PORTAL_ORIGIN, type TestSandbox } from './sandbox';
import { buildWorld, CALLERS, type Caller, type World } from './world';
import { CSRF } from './guest-session';

/**
 * Every API route of the server's own route table, called by every kind of caller (issue 5 "Done when").
 * A route missing from this table fails the test: a new route must say who may call it.
 */
type Expectation = Record<Caller, number>;

interface RouteCase {
  /** The route, when the key names a second case of it (`POST /api/v1/Household/user (householdId)`). */
  route?: string;
  request: (world: World, caller: Caller) => Omit<InjectOptions, 'method'>;
  expect: Expectation;
  /** Changes the caller's own session (sign-out): runs after every other route. */
  destructive?: boolean;
}

const FORGED: Pick<
  Expectation,
  'anonymous' | 'forgedAlgNone' | 'forgedWrongKey' | 'forgedWrongIssuer' | 'expired'
> = {
  anonymous: 401,
  forgedAlgNone: 401,
  forgedWrongKey: 401,
  forgedWrongIssuer: 401,
  expired: 401,
};
/**
 * Only the callers who may see household A's records get `ok`; the others are refused with 403 —
 * customer service acting for B included (acting-session-required: staff act for one member at a time).
 */
const ownersOfA = (ok: number): Expectation => ({
  ...FORGED,
  memberA: ok,
  memberB: 403,
  brokerOfRecord: ok,
  otherBroker: 403,
  guestA: ok,
  guestB: 403,
  customerService: ok,
  customerServiceForB: 403,
  staffWithoutSearch: 403,
  assertedA: ok,
});
/** Records fetched by public id (wallets, members): another household's id answers like an unknown one. */
const ownersOfAOnly = (ok: number): Expectation => ({
  ...ownersOfA(ok),
  memberB: 404,
  otherBroker: 404,
  guestB: 404,
  staffWithoutSearch: 404,
});
const everyone = (status: number): Expectation =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Expectation;
const signedIn = (status: number): Expectation => ({ ...everyone(status), ...FORGED });
/** Marking notifications read is the household's own member's (role-config `mark-notifications-read`). */
const onlyMemberA = (ok: number): Expectation => ({ ...signedIn(403), memberA: ok });
/**
 * Wallet commands (role action `manage-wallet`): household A's member and an assertion naming A's
 * policy. Brokers, guests and customer service lack the action (403); another household's member gets
 * as far as the record, which answers like an unknown one (404).
 */
const walletOwnersOfA = (ok: number): Expectation => ({
  ...signedIn(403),
  memberA: ok,
  assertedA: ok,
  memberB: 404,
});
const command = (caller: Caller, url: string, payload?: object) => ({
  url,
  headers: { 'idempotency-key': `matrix-${caller}-${url}` },
  ...(payload ? { payload } : {}),
});
const NO_SUCH_ITEM = '00000000-0000-4000-8000-000000000000';

const MATRIX: Record<string, RouteCase> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: everyone(200) },
  // Issue 16: the orchestrators' probes answer anyone (no record, no member data).
  'GET /api/health/live': { request: () => ({ url: '/api/health/live' }), expect: everyone(200) },
  'GET /api/health/ready': { request: () => ({ url: '/api/health/ready' }), expect: everyone(200) },
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
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: `NO-SUCH-${caller}`.slice(0, 30),
        dateOfBirth: '1980-01-15',
        zipCode: '02720',
      },
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
  'POST /api/v1/Household/user': {
    request: () => ({ url: '/api/v1/Household/user' }),
    expect: signedIn(200),
  },
  // Issue 13: opening a member found by staff's search, by household: callers with member-search (customer
  // service; brokers, whose answer is limited to their book — empty for the other broker); others 403.
  'POST /api/v1/Household/user (householdId)': {
    route: 'POST /api/v1/Household/user',
    request: (w) => ({ url: '/api/v1/Household/user', payload: { householdId: w.a.householdId } }),
    expect: { ...signedIn(403), customerService: 200, brokerOfRecord: 200, otherBroker: 200 },
  },
  // Issue 13 find a member: staff with member-search only, whomever they act for; everyone else 403 (audited).
  'POST /api/v1/staff/member-search': {
    request: (w) => ({
      url: '/api/v1/staff/member-search',
      payload: { kind: 'policyNumber', policyNumber: w.a.policyNumber },
    }),
    expect: { ...signedIn(403), customerService: 200, customerServiceForB: 200 },
  },
  // Issue 33 item 14 (docs/decisions/043): staff with member-search start acting for a member with a reason —
  // both already act for someone, so starting another is refused until they end it (409); everyone else 403.
  'POST /api/v1/staff/acting-session': {
    request: (w) => ({
      url: '/api/v1/staff/acting-session',
      payload: { householdId: w.a.householdId, reason: 'member-called' },
    }),
    expect: { ...signedIn(403), customerService: 409, customerServiceForB: 409 },
  },
  // Ending it: theirs only (the session under way is the caller's own); it changes their session, so it runs last.
  'POST /api/v1/staff/acting-session/end': {
    request: () => ({ url: '/api/v1/staff/acting-session/end' }),
    expect: { ...signedIn(403), customerService: 200, customerServiceForB: 200 },
    destructive: true,
  },
  'GET /api/v1/staff/members/:householdId/activity': {
    request: (w) => ({ url: `/api/v1/staff/members/${w.a.householdId ?? ''}/activity` }),
    expect: { ...signedIn(403), customerService: 200 },
  },
  'GET /api/v1/Policy/:policyId': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}` }),
    expect: ownersOfA(200),
  },
  // Issue 11: what reinstating A's policy takes (a located guest of A may read it too; paying it is
  // POST /api/v1/Payment with `purpose: reinstatement`).
  'GET /api/v1/Policy/:policyId/reinstatement': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/reinstatement` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Policy/:policyId/payments': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/payments` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Policy/:policyId/scheduled-payments': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/scheduled-payments` }),
    expect: ownersOfA(200),
  },
  // Scheduled payments (role action `schedule-payment`: members, customer service, an assertion naming A's
  // policy; not brokers or guests). Every caller who may act on A gets as far as the rules: an unknown
  // saved method and an amount over the maximum (422); A's cancelled payment cannot change (422). Another
  // member is refused A's policy (403) and A's payment answers them like an unknown one (404).
  'POST /api/v1/Policy/:policyId/scheduled-payments': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/scheduled-payments`, {
        walletItemId: NO_SUCH_ITEM,
        paymentAmount: '999999.00',
        paymentDate: '2026-12-15',
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  'PUT /api/v1/ScheduledPayment/:id': {
    request: (w, caller) =>
      command(caller, `/api/v1/ScheduledPayment/${w.aRecords.cancelledScheduledPaymentId}`, {
        paymentAmount: '20.00',
      }),
    expect: { ...signedIn(403), memberA: 422, memberB: 404, customerService: 422, assertedA: 422 },
  },
  'PUT /api/v1/ScheduledPayment/:id/cancel': {
    request: (w, caller) =>
      command(caller, `/api/v1/ScheduledPayment/${w.aRecords.cancelledScheduledPaymentId}/cancel`),
    expect: { ...signedIn(403), memberA: 422, memberB: 404, customerService: 422, assertedA: 422 },
  },
  'GET /api/v1/Policy/:policyId/autopay': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/autopay` }),
    expect: ownersOfA(200),
  },
  // Autopay (role action `manage-autopay`: members, customer service, an assertion naming A's policy; not
  // brokers or guests). Those who may act on A get as far as the rules: an unknown saved method (422); A's
  // cancelled subscription cannot change (422). Another member is refused A's policy (403), and A's
  // subscription answers them like an unknown one (404).
  'POST /api/v1/Policy/:policyId/autopay': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/autopay`, {
        walletItemId: NO_SUCH_ITEM,
        amountType: 'AmountDue',
        daysBeforeDue: 0,
        consent: true,
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  'PUT /api/v1/Autopay/:id': {
    request: (w, caller) =>
      command(caller, `/api/v1/Autopay/${w.aRecords.cancelledAutopayId}`, {
        amountType: 'AmountDue',
        daysBeforeDue: 2,
        consent: true,
      }),
    expect: { ...signedIn(403), memberA: 422, memberB: 404, customerService: 422, assertedA: 422 },
  },
  'PUT /api/v1/Autopay/:id/cancel': {
    request: (w, caller) => command(caller, `/api/v1/Autopay/${w.aRecords.cancelledAutopayId}/cancel`),
    expect: { ...signedIn(403), memberA: 422, memberB: 404, customerService: 422, assertedA: 422 },
  },
  'POST /api/v1/Autopay/:id/replace': {
    request: (w, caller) =>
      command(caller, `/api/v1/Autopay/${w.aRecords.cancelledAutopayId}/replace`, {
        walletItemId: NO_SUCH_ITEM,
        consent: true,
      }),
    expect: { ...signedIn(403), memberA: 422, memberB: 404, customerService: 422, assertedA: 422 },
  },
  'PUT /api/v1/Autopay/:id/skip-next': {
    request: (w, caller) =>
      command(caller, `/api/v1/Autopay/${w.aRecords.cancelledAutopayId}/skip-next`, { skip: true }),
    expect: { ...signedIn(403), memberA: 422, memberB: 404, customerService: 422, assertedA: 422 },
  },
  'GET /api/v1/Household/:householdId/documents': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/documents?type=invoice` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Document/:documentId': {
    request: (w) => ({ url: `/api/v1/Document/${w.aRecords.documentId}` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Document/:documentId/pdf': {
    request: (w) => ({ url: `/api/v1/Document/${w.aRecords.documentId}/pdf` }),
    expect: ownersOfA(200),
  },
  // Every member has an inbox of their own (an empty stream for B); the others have none: 204, nothing will come.
  'GET /api/v1/Notification/stream': {
    request: () => ({ url: '/api/v1/Notification/stream', headers: { accept: 'text/event-stream' } }),
    // Issue 13: brokers have an inbox of their own (alerts about their clients), so a stream too.
    expect: { ...signedIn(204), memberA: 200, memberB: 200, brokerOfRecord: 200, otherBroker: 200 },
  },
  'GET /api/v1/Notification': { request: () => ({ url: '/api/v1/Notification' }), expect: signedIn(200) },
  'GET /api/v1/Notification/unread-count': {
    request: () => ({ url: '/api/v1/Notification/unread-count' }),
    expect: signedIn(200),
  },
  // Guests have no notification pages (role-config): they read none, even of the located household.
  'GET /api/v1/Notification/:id': {
    request: (w) => ({ url: `/api/v1/Notification/${w.aRecords.notificationId}` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'PUT /api/v1/Notification/:id': {
    request: (w) => ({ url: `/api/v1/Notification/${w.aRecords.notificationId}` }),
    expect: onlyMemberA(200),
  },
  'PUT /api/v1/Notification': {
    request: (w) => ({ url: '/api/v1/Notification', payload: { ids: [w.aRecords.notificationId] } }),
    expect: onlyMemberA(200),
  },
  // Paperless: staff and the broker of record may read it (not a guest: the address is not theirs); only the member changes it.
  'GET /api/v1/Household/:householdId/paperless': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/paperless` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'PUT /api/v1/Household/:householdId/paperless': {
    request: (w, caller) => ({
      url: `/api/v1/Household/${w.a.householdId ?? ''}/paperless`,
      headers: { 'idempotency-key': `matrix-paperless-${caller}` },
      payload: { invoices: 'paper', notices: 'paper', taxForms: 'paper', email: '', taxFormsConsent: false },
    }),
    expect: onlyMemberA(200),
  },
  // Members get as far as the token (unknown here: 422); nobody else may confirm a member's address.
  'POST /api/v1/paperless/confirm-email': {
    request: (_w, caller) => ({
      url: '/api/v1/paperless/confirm-email',
      headers: { 'idempotency-key': `matrix-confirm-${caller}` },
      payload: { token: 'n'.repeat(43) },
    }),
    expect: { ...signedIn(403), memberA: 422, memberB: 422, assertedA: 422 },
  },
  // Demo mode only, public: no generated household is left in this database (404 for everyone).
  'POST /api/v1/demo/member': {
    request: () => ({ url: '/api/v1/demo/member', headers: CSRF, payload: {} }),
    expect: everyone(404),
  },
  // Demo mode only, public like the fresh member: a staff account of its own for a journey that acts for members.
  'POST /api/v1/demo/staff': {
    request: () => ({ url: '/api/v1/demo/staff', headers: CSRF, payload: { role: 'customer-service' } }),
    expect: everyone(201),
  },
  // Demo mode only: a member runs the billing day for their own household; nobody else may.
  'POST /api/v1/demo/day': {
    request: () => ({ url: '/api/v1/demo/day', payload: { day: '2026-12-01' } }),
    expect: { ...signedIn(403), memberA: 200, memberB: 200 },
    // It charges what is due and moves the household's billing: after the routes that read it.
    destructive: true,
  },
  // Service requests (issue 11): read by whoever may see household A, except a guest (who may only pay).
  'GET /api/v1/Household/:householdId/service-requests': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/service-requests` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'GET /api/v1/ServiceRequest/:id': {
    request: (w) => ({ url: `/api/v1/ServiceRequest/${w.aRecords.serviceRequestId}` }),
    expect: {
      ...ownersOfA(200),
      memberB: 404,
      otherBroker: 404,
      guestA: 404,
      guestB: 404,
      staffWithoutSearch: 404,
    },
  },
  'GET /api/v1/ServiceRequest/:id/attachments/:attachmentId': {
    request: (w) => ({
      url: `/api/v1/ServiceRequest/${w.aRecords.serviceRequestId}/attachments/${w.aRecords.serviceRequestAttachmentId}`,
    }),
    expect: {
      ...ownersOfA(200),
      memberB: 404,
      otherBroker: 404,
      guestA: 404,
      guestB: 404,
      staffWithoutSearch: 404,
    },
  },
  // Role action `create-service-request`: members, brokers (of record), customer service and an assertion
  // naming A's policy; not guests. A general request is accepted (201); A's completed request cannot be
  // cancelled (422); another member or broker is refused A's household (403) or request (404).
  'POST /api/v1/Household/:householdId/service-requests': {
    request: (w, caller) =>
      command(caller, `/api/v1/Household/${w.a.householdId ?? ''}/service-requests`, {
        subject: 'Matrix',
        message: 'A question.',
      }),
    expect: { ...signedIn(403), memberA: 201, brokerOfRecord: 201, customerService: 201, assertedA: 201 },
  },
  'PUT /api/v1/ServiceRequest/:id/cancel': {
    request: (w, caller) =>
      command(caller, `/api/v1/ServiceRequest/${w.aRecords.serviceRequestId}/cancel`, { version: 1 }),
    expect: {
      ...signedIn(403),
      memberA: 422,
      memberB: 404,
      brokerOfRecord: 422,
      otherBroker: 404,
      customerService: 422,
      assertedA: 422,
    },
  },
  // Issue 13, the service-request queue (docs/decisions/030): role action `process-service-request` is the
  // administrator's only (none of these callers, customer service included): everyone signed in is refused
  // before any record is looked at (its positive paths: modules/service-queue/service-queue.int.test.ts).
  'GET /api/v1/ServiceQueue': {
    request: () => ({ url: '/api/v1/ServiceQueue?assignee=unassigned' }),
    expect: signedIn(403),
  },
  'GET /api/v1/ServiceQueue/summary': {
    request: () => ({ url: '/api/v1/ServiceQueue/summary' }),
    expect: signedIn(403),
  },
  'GET /api/v1/ServiceQueue/:id': {
    request: (w) => ({ url: `/api/v1/ServiceQueue/${w.aRecords.serviceRequestId}` }),
    expect: signedIn(403),
  },
  'POST /api/v1/ServiceQueue/:id/claim': {
    request: (w, caller) =>
      command(caller, `/api/v1/ServiceQueue/${w.aRecords.serviceRequestId}/claim`, { version: 1 }),
    expect: signedIn(403),
  },
  'POST /api/v1/ServiceQueue/:id/release': {
    request: (w, caller) =>
      command(caller, `/api/v1/ServiceQueue/${w.aRecords.serviceRequestId}/release`, { version: 1 }),
    expect: signedIn(403),
  },
  'POST /api/v1/ServiceQueue/:id/approve': {
    request: (w, caller) =>
      command(caller, `/api/v1/ServiceQueue/${w.aRecords.serviceRequestId}/approve`, { version: 1 }),
    expect: signedIn(403),
  },
  'POST /api/v1/ServiceQueue/:id/reject': {
    request: (w, caller) =>
      command(caller, `/api/v1/ServiceQueue/${w.aRecords.serviceRequestId}/reject`, {
        version: 1,
        reason: 'Matrix rejection',
      }),
    expect: signedIn(403),
  },
  // Coverage (issue 11; modules/policy-coverage): the reads need the page in the caller's role routes (SPEC §6: guests
  // have none of them) and the policy. The commands need their role action — end-coverage and
  // change-coverage-dates: members, customer service, an assertion; change-plan: members, brokers, an
  // assertion — and A's policy, which is on-exchange: whoever gets that far is sent to the exchange (422).
  'GET /api/v1/Policy/:policyId/coverage-details': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/coverage-details` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'GET /api/v1/Policy/:policyId/end-coverage': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/end-coverage` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'POST /api/v1/Policy/:policyId/end-coverage': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/end-coverage`, {
        reason: 'cost',
        endDate: '2026-12-31',
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  'GET /api/v1/Policy/:policyId/coverage-dates': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/coverage-dates` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'POST /api/v1/Policy/:policyId/coverage-dates': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/coverage-dates`, {
        reason: 'start-later',
        date: '2027-01-01',
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  'GET /api/v1/Policy/:policyId/plan-choices': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/plan-choices` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'POST /api/v1/Policy/:policyId/change-plan': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/change-plan`, {
        planId: '77421MA0010001-01',
        renewal: true,
      }),
    expect: { ...signedIn(403), memberA: 422, brokerOfRecord: 422, assertedA: 422 },
  },
  // Dependents (issue 11): role actions `add-dependent` (members, the broker of record, customer service, an
  // assertion naming A's policy) and `remove-dependent` (not brokers). A's policy is on-exchange, so whoever
  // gets as far as the rules is sent to the exchange (422 `report-to-exchange`); others are refused A's policy.
  'POST /api/v1/Policy/:policyId/dependents': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/dependents`, {
        lifeEvent: 'birth',
        lifeEventDate: '2025-01-10',
        coverageStartDate: '2025-01-10',
        dependents: [
          {
            firstName: 'Matrix',
            lastName: 'Baby',
            dob: '2025-01-10',
            gender: 'female',
            relationship: 'child',
          },
        ],
      }),
    expect: { ...signedIn(403), memberA: 422, brokerOfRecord: 422, customerService: 422, assertedA: 422 },
  },
  'POST /api/v1/Policy/:policyId/dependents/remove': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/dependents/remove`, {
        memberId: w.a.memberId,
        removalReason: 'moved-out',
        removalDate: '2025-01-10',
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  // Contact information, addresses and demographics (issue 11): read by whoever may see A's household or
  // policy, except a located guest. Changes need `update-contact` / `manage-address` / `update-demographics`
  // (members, customer service, an assertion naming A's policy; not brokers or guests in this tenant's
  // role-config); those who may change A's records get as far as the version check (a version nobody read: 409).
  'GET /api/v1/Household/:householdId/contact-information': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/contact-information` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'PUT /api/v1/Household/:householdId/contact-information': {
    request: (w, caller) =>
      command(caller, `/api/v1/Household/${w.a.householdId ?? ''}/contact-information`, {
        email: 'matrix@example.org',
        homePhone: '',
        mobilePhone: '617-555-0199',
        preferredContactMethod: 'email',
        version: 999,
      }),
    expect: { ...signedIn(403), memberA: 409, customerService: 409, assertedA: 409 },
  },
  'GET /api/v1/zip/:zipCode': { request: () => ({ url: '/api/v1/zip/02139' }), expect: signedIn(200) },
  'GET /api/v1/Policy/:policyId/addresses': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/addresses` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'PUT /api/v1/Policy/:policyId/mailing-address': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/mailing-address`, {
        street1: 'PO Box 12',
        street2: '',
        city: 'Fall River',
        state: 'MA',
        zipCode: '02722',
        addressId: null,
        version: 999,
      }),
    expect: { ...signedIn(403), memberA: 409, customerService: 409, assertedA: 409 },
  },
  'POST /api/v1/Policy/:policyId/residential-address': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/residential-address`, {
        street1: '9 Main St',
        street2: '',
        city: 'Fall River',
        state: 'MA',
        zipCode: '02721',
        addressId: NO_SUCH_ITEM,
        version: 999,
      }),
    expect: { ...signedIn(403), memberA: 409, customerService: 409, assertedA: 409 },
  },
  'GET /api/v1/Policy/:policyId/demographics': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/demographics` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'POST /api/v1/Policy/:policyId/demographics': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/demographics`, {
        memberId: w.a.memberId,
        firstName: 'Test',
        middleName: '',
        lastName: 'Member',
        dob: '1980-01-15',
        gender: 'female',
        tobacco: false,
        version: 999,
      }),
    expect: { ...signedIn(403), memberA: 409, customerService: 409, assertedA: 409 },
  },
  'PUT /api/v1/Household/:householdId/language': {
    request: (w, caller) =>
      command(caller, `/api/v1/Household/${w.a.householdId ?? ''}/language`, {
        language: 'es',
        version: 999,
      }),
    expect: { ...signedIn(403), memberA: 409, customerService: 409, assertedA: 409 },
  },
  'GET /api/v1/Member/2/:folderId': {
    request: (w) => ({ url: `/api/v1/Member/2/${w.a.folderId}` }),
    expect: ownersOfAOnly(200),
  },
  // A broker's book of business is policies; brokers have no wallet pages or payment actions (role-config).
  // A guest pays with a method entered for that payment and never sees the household's saved ones.
  'POST /api/v1/Wallet/:referenceId': {
    request: (w) => ({ url: `/api/v1/Wallet/${w.aRecords.walletReferenceId}` }),
    expect: { ...ownersOfAOnly(200), brokerOfRecord: 404, guestA: 404 },
  },
  'POST /api/v1/Wallet/household/:householdId': {
    request: (w, caller) => command(caller, `/api/v1/Wallet/household/${w.a.householdId ?? ''}`),
    expect: walletOwnersOfA(200),
  },
  // A token the processor does not know: the caller gets as far as the processor's answer (422) only if the wallet is theirs.
  'POST /api/v1/Wallet/add-credit-card/:walletId': {
    request: (w, caller) =>
      command(caller, `/api/v1/Wallet/add-credit-card/${w.aRecords.walletId}`, {
        paymentToken: 'tok_sbx_matrix_unknown',
        cardHolderName: 'Matrix',
        billingAddress: { street1: '1 Main St', city: 'Lowell', state: 'MA' },
      }),
    expect: walletOwnersOfA(422),
  },
  'POST /api/v1/Wallet/add-bank-account/:walletId': {
    request: (w, caller) =>
      command(caller, `/api/v1/Wallet/add-bank-account/${w.aRecords.walletId}`, {
        paymentToken: 'tok_sbx_matrix_unknown',
        accountHolderName: 'Matrix',
      }),
    expect: walletOwnersOfA(422),
  },
  'PUT /api/v1/Wallet/remove-credit-card/:walletId/:id': {
    request: (w, caller) =>
      command(caller, `/api/v1/Wallet/remove-credit-card/${w.aRecords.walletId}/${NO_SUCH_ITEM}`),
    expect: walletOwnersOfA(404),
  },
  'PUT /api/v1/Wallet/remove-bank-account/:walletId/:id': {
    request: (w, caller) =>
      command(caller, `/api/v1/Wallet/remove-bank-account/${w.aRecords.walletId}/${NO_SUCH_ITEM}`),
    expect: walletOwnersOfA(404),
  },
  'PUT /api/v1/Wallet/make-default/:walletId': {
    request: (w, caller) =>
      command(caller, `/api/v1/Wallet/make-default/${w.aRecords.walletId}`, {
        isDefault: true,
        itemId: NO_SUCH_ITEM,
      }),
    expect: walletOwnersOfA(422),
  },
  'PUT /api/v1/Wallet/update-bank-account': {
    request: (w, caller) =>
      command(caller, '/api/v1/Wallet/update-bank-account', {
        itemId: w.aRecords.bankAccountId,
        nickname: `By ${caller}`,
        accountHolderName: 'Test Member',
      }),
    expect: walletOwnersOfA(200),
  },
  // Guests too: a guest pays with a one-time card typed in the hosted fields.
  'GET /api/v1/processor/hosted-fields': {
    request: () => ({
      url: `/api/v1/processor/hosted-fields?language=es&parentOrigin=${encodeURIComponent(TEST_PORTAL_ORIGIN)}`,
    }),
    expect: signedIn(200),
  },
  // Public, and refused to anyone whose delivery is not signed with the processor's secret.
  'POST /api/v1/processor/webhook': {
    request: () => ({
      url: '/api/v1/processor/webhook',
      payload: { id: 'evt_matrix', type: 'charge.settled', transactionId: 'ch_x', metadata: {} },
    }),
    expect: everyone(400),
  },
  // Brokers have no payment action (role-config): refused before the policy is looked at. An amount over
  // the maximum stops every caller who may pay policy A at the rules, before anything is charged.
  'POST /api/v1/Payment': {
    request: (w, caller) => ({
      url: '/api/v1/Payment',
      headers: { 'idempotency-key': `matrix-${caller}` },
      payload: {
        id: w.a.policyId,
        paymentDetails: { paymentAmount: '999999.00', method: 'Card', paymentToken: 'tok_matrix' },
        information: {
          subscriberFolderID: w.a.folderId,
          firstName: 'Test',
          lastName: 'Member',
          dateofBirth: '1980-01-15',
          healthPlanID: '77421MA0010001-01',
          billingName: 'Test Member',
          street: '1 Main St',
          city: 'Fall River',
          state: 'MA',
          zip: '02720',
          date: '01/02/2026',
        },
      },
    }),
    expect: { ...ownersOfA(422), brokerOfRecord: 403 },
  },
  'GET /api/v1/Payment/:paymentId': {
    request: (w) => ({ url: `/api/v1/Payment/${w.aRecords.paymentId}` }),
    expect: ownersOfA(200),
  },
  'GET /api/v1/Payment/:paymentId/receipt.pdf': {
    request: (w) => ({ url: `/api/v1/Payment/${w.aRecords.paymentId}/receipt.pdf` }),
    expect: ownersOfA(200),
  },
  // Issue 13, the payments desk (docs/decisions/031): role actions `refund-payment` and `retry-failed-jobs`
  // are administrators' only (none of these callers): everyone signed in is refused before any record.
  'GET /api/v1/payments-desk/payments': {
    request: (w) => ({ url: `/api/v1/payments-desk/payments?q=${w.a.policyNumber}` }),
    expect: signedIn(403),
  },
  'POST /api/v1/payments-desk/payments/:paymentId/refund': {
    request: (w, caller) =>
      command(caller, `/api/v1/payments-desk/payments/${w.aRecords.paymentId}/refund`, {
        reason: 'Matrix refund',
      }),
    expect: signedIn(403),
  },
  'POST /api/v1/payments-desk/payments/:paymentId/void': {
    request: (w, caller) =>
      command(caller, `/api/v1/payments-desk/payments/${w.aRecords.paymentId}/void`, {
        reason: 'Matrix void',
      }),
    expect: signedIn(403),
  },
  'GET /api/v1/payments-desk/failed-work': {
    request: () => ({ url: '/api/v1/payments-desk/failed-work' }),
    expect: signedIn(403),
  },
  'POST /api/v1/payments-desk/failed-jobs/:jobId/retry': {
    request: (_w, caller) => command(caller, `/api/v1/payments-desk/failed-jobs/${NO_SUCH_ITEM}/retry`),
    expect: signedIn(403),
  },
  'POST /api/v1/payments-desk/failed-autopay-runs/:runId/retry': {
    request: (_w, caller) =>
      command(caller, `/api/v1/payments-desk/failed-autopay-runs/${NO_SUCH_ITEM}/retry`),
    expect: signedIn(403),
  },
  // Issue 13, the audit trail: role action `search-audit` (administrators only).
  'GET /api/v1/audit': { request: () => ({ url: '/api/v1/audit?action=read' }), expect: signedIn(403) },
  'GET /api/v1/audit.csv': {
    request: () => ({ url: '/api/v1/audit.csv?action=read' }),
    expect: signedIn(403),
  },
  // Issue 34: 834 enrolment imports, the issuer's enrolment client only (client credentials, decision 051):
  // every person's token is refused, administrators' too (enrollment/routes.int.test.ts has the client).
  'POST /api/v1/Enrollment/834': {
    request: () => ({
      url: '/api/v1/Enrollment/834',
      headers: { 'content-type': 'application/edi-x12' },
      payload: 'ISA',
    }),
    expect: signedIn(403),
  },
  // Issue 34: issuer event subscribers, issuer staff with role action `manage-webhooks` (administrators only).
  'POST /api/v1/admin/webhook-subscribers': {
    request: () => ({
      url: '/api/v1/admin/webhook-subscribers',
      payload: { name: 'Matrix', url: 'http://127.0.0.1:9/hooks' },
    }),
    expect: signedIn(403),
  },
  'GET /api/v1/admin/webhook-subscribers': {
    request: () => ({ url: '/api/v1/admin/webhook-subscribers' }),
    expect: signedIn(403),
  },
  'POST /api/v1/admin/webhook-subscribers/:subscriberId/replay': {
    request: () => ({
      url: `/api/v1/admin/webhook-subscribers/${NO_SUCH_ITEM}/replay`,
      payload: { since: '2026-01-01T00:00:00Z' },
    }),
    expect: signedIn(403),
  },
  // Decision 056: editing, disabling/enabling and rotating a subscriber's secret (`manage-webhooks`), and
  // the admin page's reads of the 834 imports (`view-enrollment-imports`): administrators only.
  'PATCH /api/v1/admin/webhook-subscribers/:subscriberId': {
    request: (_w, caller) =>
      command(caller, `/api/v1/admin/webhook-subscribers/${NO_SUCH_ITEM}`, { name: 'Matrix' }),
    expect: signedIn(403),
  },
  'POST /api/v1/admin/webhook-subscribers/:subscriberId/disable': {
    request: (_w, caller) => command(caller, `/api/v1/admin/webhook-subscribers/${NO_SUCH_ITEM}/disable`),
    expect: signedIn(403),
  },
  'POST /api/v1/admin/webhook-subscribers/:subscriberId/enable': {
    request: (_w, caller) => command(caller, `/api/v1/admin/webhook-subscribers/${NO_SUCH_ITEM}/enable`),
    expect: signedIn(403),
  },
  'POST /api/v1/admin/webhook-subscribers/:subscriberId/rotate-secret': {
    request: (_w, caller) =>
      command(caller, `/api/v1/admin/webhook-subscribers/${NO_SUCH_ITEM}/rotate-secret`, {}),
    expect: signedIn(403),
  },
  'GET /api/v1/admin/enrollment-imports': {
    request: () => ({ url: '/api/v1/admin/enrollment-imports' }),
    expect: signedIn(403),
  },
  'GET /api/v1/admin/enrollment-imports/:importId': {
    request: () => ({ url: `/api/v1/admin/enrollment-imports/${NO_SUCH_ITEM}` }),
    expect: signedIn(403),
  },
  // "Who has seen my information": household A's member (and an assertion for A), staff who may act for
  // members; brokers and guests have no such page (403), another member is refused A's household (403).
  'GET /api/v1/Household/:householdId/access-history': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/access-history` }),
    expect: { ...signedIn(403), memberA: 200, customerService: 200, assertedA: 200 },
  },
  'GET /api/v1/Broker/search': {
    request: () => ({ url: '/api/v1/Broker/search?lastName=bro' }),
    expect: signedIn(200),
  },
  // Issue 12: a change of broker of record (role action `change-broker`: members, customer service, an
  // assertion; not brokers or guests). Whoever may act on A's policy gets as far as the directory: an
  // unknown broker (422). Another member is refused A's policy.
  'POST /api/v1/Policy/:policyId/broker': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/broker`, {
        change: 'change',
        brokerId: NO_SUCH_ITEM,
        authorize: true,
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  // Issue 12: the provider directory is public facts (any signed-in caller); a policy's PCPs need the page
  // in the caller's role routes (brokers and guests have not got /admin/pcp-select) and the policy; choosing
  // needs `select-pcp` (members, customer service, an assertion) and gets as far as the directory: an NPI
  // it does not list (422).
  'GET /api/v1/providers': {
    request: () => ({ url: '/api/v1/providers?specialty=pediatrics&language=es' }),
    expect: signedIn(200),
  },
  'GET /api/v1/Policy/:policyId/pcp': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/pcp` }),
    expect: { ...ownersOfA(200), brokerOfRecord: 403, guestA: 403 },
  },
  'POST /api/v1/Policy/:policyId/pcp': {
    request: (w, caller) =>
      command(caller, `/api/v1/Policy/${w.a.policyId}/pcp`, {
        choices: [{ memberId: w.a.memberId, npi: '1234567893' }],
      }),
    expect: { ...signedIn(403), memberA: 422, customerService: 422, assertedA: 422 },
  },
  // Issue 12: additional products for A's household (the page is in members' and staff's role routes, not
  // brokers' or guests'); applying needs `apply-additional-products` (members and an assertion in this
  // tenant) and gets as far as the tenant's cards: a product it does not offer (422).
  'GET /api/v1/Household/:householdId/additional-products': {
    request: (w) => ({ url: `/api/v1/Household/${w.a.householdId ?? ''}/additional-products` }),
    expect: { ...ownersOfA(200), brokerOfRecord: 403, guestA: 403 },
  },
  'POST /api/v1/Household/:householdId/additional-products': {
    request: (w, caller) =>
      command(caller, `/api/v1/Household/${w.a.householdId ?? ''}/additional-products`, {
        product: 'no-such-product',
        memberIds: [w.a.memberId],
        startDate: '2030-01-01',
      }),
    expect: { ...signedIn(403), memberA: 422, assertedA: 422 },
  },
  // Issue 12: linking an account (role action `link-account`, members' accounts only): the members of the
  // matrix are linked already (409); staff, brokers and guests lack the action; an assertion is no account.
  'POST /api/v1/account/link': {
    request: () => ({
      url: '/api/v1/account/link',
      payload: {
        identifierType: 'policyNumber',
        identifier: 'NO-SUCH-1',
        dateOfBirth: '1980-01-15',
        ssn: '212-55-4321',
      },
    }),
    expect: { ...signedIn(403), memberA: 409, memberB: 409 },
  },
  // Issue 37 (docs/decisions/054): the SMART apps a member connected are the member's own account's: every
  // member lists theirs (none here) and may disconnect an app (none connected: `disconnected: false`);
  // nobody else lists or disconnects a member's apps.
  'GET /api/v1/account/connected-apps': {
    request: () => ({ url: '/api/v1/account/connected-apps' }),
    expect: { ...signedIn(403), memberA: 200, memberB: 200 },
  },
  'POST /api/v1/account/connected-apps/disconnect': {
    request: (_w, caller) =>
      command(caller, '/api/v1/account/connected-apps/disconnect', { clientId: 'health-record-demo' }),
    expect: { ...signedIn(403), memberA: 200, memberB: 200 },
  },
  'GET /api/v1/Group/FromSubscribers': {
    request: (w) => ({ url: `/api/v1/Group/FromSubscribers?subscriberEntityIds=${w.a.issuerSubscriberId}` }),
    expect: signedIn(200),
  },
  'GET /api/v1/faq': { request: () => ({ url: '/api/v1/faq' }), expect: signedIn(200) },
  // Issue 13: a broker's book of business is his own (the broker id in his token): both brokers get theirs;
  // nobody else has one (403, audited) — staff find members with member search, an assertion is no broker.
  'GET /api/v1/Broker/book': {
    request: () => ({ url: '/api/v1/Broker/book?gracePeriod=true&sort=amountDue&order=desc' }),
    expect: { ...signedIn(403), brokerOfRecord: 200, otherBroker: 200 },
  },
  'GET /api/v1/Broker/book.csv': {
    request: () => ({ url: '/api/v1/Broker/book.csv?q=test' }),
    expect: { ...signedIn(403), brokerOfRecord: 200, otherBroker: 200 },
  },
  // Issue 12 (modules/benefits): benefits and ID cards need the page in the caller's role routes (guests, who
  // located an account to pay, have neither: 403) and the policy (another household's: 403, audited).
  'GET /api/v1/Policy/:policyId/benefits': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/benefits` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'GET /api/v1/Policy/:policyId/benefits/:planId/sbc.pdf': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/benefits/77421MA0010001-01/sbc.pdf` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'GET /api/v1/Policy/:policyId/id-cards': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/id-cards` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'GET /api/v1/Policy/:policyId/id-cards.pdf': {
    request: (w) => ({ url: `/api/v1/Policy/${w.a.policyId}/id-cards.pdf` }),
    expect: { ...ownersOfA(200), guestA: 403 },
  },
  'GET /api/v1/additional-products': {
    request: () => ({ url: '/api/v1/additional-products' }),
    expect: signedIn(200),
  },
  'POST /api/v1/session/logout': {
    request: () => ({ url: '/api/v1/session/logout' }),
    expect: signedIn(204),
    destructive: true,
  },
};

describe('authorization matrix', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    database = await openTestDatabase();
    let dataDir: string;
    ({ app, dataDir } = await buildTestApp({ database: database.handle, processor: sandbox.processor }));
    world = await buildWorld(app, database.handle.db, dataDir);
  });
  afterAll(async () => {
    await app.close();
    await sandbox.close();
    await database.dispose();
  });

  const apiRoutes = () =>
    app.routeTable.filter((route) => route.includes(' /api/') && !route.startsWith('HEAD '));

  it('covers every API route of the route table, and only those', () => {
    expect(apiRoutes().sort()).toEqual(
      [...new Set(Object.entries(MATRIX).map(([key, routeCase]) => routeCase.route ?? key))].sort(),
    );
  });

  const ordered = Object.entries(MATRIX).sort(
    ([, x], [, y]) => Number(x.destructive ?? false) - Number(y.destructive ?? false),
  );
  for (const [route, routeCase] of ordered) {
    it(`${route} answers each caller as it should`, async () => {
      const [method] = (routeCase.route ?? route).split(' ') as [InjectOptions['method']];
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
