import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CoverageDateOptionsSchema,
  CoverageDetailsSchema,
  EndCoverageOptionsSchema,
  PlanChoicesSchema,
  ServiceRequestSchema,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import {
  createAutopaySubscription,
  createBroker,
  createScheduledPayment,
  createWallet,
} from '../../../test/fixtures';
import { auditLog, plans } from '../../db/schema';
import { createCatalogue, createCoveragePolicy, PLANS, type PolicySpec } from './coverage.fixtures';

/**
 * Issue 11's coverage pages, every rule through the API: coverage details with the amounts each role may
 * see (SPEC §6), ending coverage with reasons per role and their dates (SPEC §5), changing coverage dates,
 * the eligible and renewal plans and a change of plan, on-exchange routing, and who may do each.
 * Today is 25 November 2026: open enrolment for 2027 has started.
 */
describe('coverage details and coverage changes', () => {
  const harness = useTestApp({ env: { DEMO_MODE: 'true', DEMO_TODAY: '2026-11-25' } });

  async function member(spec: PolicySpec = {}) {
    await createCatalogue(harness.db);
    const policy = await createCoveragePolicy(harness.db, spec);
    const token = await harness.tokenFor('consumer', ['member'], { memberId: policy.memberId });
    return { ...policy, token };
  }
  /** Customer service acting for the member of this policy (docs/decisions/043). */
  const staffToken = (policyId: string) => harness.actingToken(['customer-service'], { policyId });
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    harness.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(payload ? { payload } : {}),
    });
  const problem = (response: { json: () => unknown }) =>
    (response.json() as { errors?: { field: string; code?: string; params?: Record<string, unknown> }[] })
      .errors?.[0];
  const deniedAudits = (policyId: string) =>
    harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.outcome, 'denied'), eq(auditLog.action, 'access')))
      .then((rows) => rows.filter((row) => row.recordIds?.includes(policyId)));

  describe('coverage details (SPEC §3 CoverageDetail, §6)', () => {
    it('shows a member every span newest first, with members, status, cancelled spans and every amount, and audits the read', async () => {
      const m = await member({
        dependents: ['2016-05-01'],
        spans: [
          { startDate: '2025-12-01', endDate: '2025-12-31', cancelled: true, effectuated: false },
          {
            startDate: '2026-01-01',
            endDate: '2026-06-30',
            premiumCents: 60_000,
            taxCreditCents: 45_000,
            csrCents: 8_000,
            otherSubsidyCents: 2_000,
          },
          {
            startDate: '2026-07-01',
            endDate: null,
            planId: PLANS.gold,
            premiumCents: 78_000,
            taxCreditCents: 45_000,
            effectuated: false,
          },
        ],
      });
      const response = await send('GET', `Policy/${m.policyId}/coverage-details`, m.token);
      expect(response.statusCode, response.body).toBe(200);
      const details = CoverageDetailsSchema.parse(response.json());
      expect(details.visibleAmounts).toEqual({ premium: true, subsidies: true });
      expect(
        details.spans.map((span) => [span.startDate, span.status, span.cancelled, span.current]),
      ).toEqual([
        ['2026-07-01', 'Not Effectuated', false, true],
        ['2026-01-01', 'Effectuated', false, false],
        ['2025-12-01', 'Not Effectuated', true, false],
      ]);
      const [, first] = details.spans;
      expect(first?.premium).toEqual({ premiumCents: 60_000, policyRateCents: 60_000 });
      expect(first?.subsidies).toEqual({
        taxCreditCents: 45_000,
        costSharingReductionCents: 8_000,
        otherSubsidyCents: 2_000,
        employerContributionCents: 0,
        hraCents: 0,
        memberShareCents: 13_000,
      });
      expect(
        first?.members.map((one) => [one.firstName, one.relationship, one.startDate, one.endDate]),
      ).toEqual([
        ['Rosa', 'self', '2026-01-01', '2026-06-30'],
        ['Child1', 'child', '2026-01-01', '2026-06-30'],
      ]);
      expect(details.spans[2]?.members.every((one) => one.cancelled)).toBe(true);
      const [read] = await harness.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.recordType, 'coverage-detail'), eq(auditLog.actingForHouseholdId, m.householdId)),
        );
      expect(read).toMatchObject({ action: 'read', outcome: 'success' });
    });

    it('names an employer’s contribution on a group policy as such', async () => {
      const m = await member({
        group: true,
        spans: [{ startDate: '2026-01-01', premiumCents: 70_000, otherSubsidyCents: 50_000 }],
      });
      const details = CoverageDetailsSchema.parse(
        (await send('GET', `Policy/${m.policyId}/coverage-details`, m.token)).json(),
      );
      expect(details.marketCoverage).toBe('Group');
      expect(details.spans[0]?.subsidies).toMatchObject({
        employerContributionCents: 50_000,
        otherSubsidyCents: 0,
        taxCreditCents: 0,
        memberShareCents: 20_000,
      });
    });

    it('does not send a broker of record the tax credit, CSR or share (role-config), only what the plan costs', async () => {
      const brokerId = await createBroker(harness.db);
      const m = await member({
        brokerId,
        spans: [{ startDate: '2026-01-01', taxCreditCents: 45_000, csrCents: 8_000 }],
      });
      const token = await harness.tokenFor('workforce', ['broker'], { brokerId });
      const response = await send('GET', `Policy/${m.policyId}/coverage-details`, token);
      expect(response.statusCode).toBe(200);
      const details = CoverageDetailsSchema.parse(response.json());
      expect(details.visibleAmounts).toEqual({ premium: true, subsidies: false });
      expect(details.spans[0]?.premium).toEqual({ premiumCents: 60_000, policyRateCents: 60_000 });
      expect(details.spans[0]?.subsidies).toBeNull();
      // Not sent at all: no tax credit anywhere in the answer.
      expect(response.body).not.toContain('taxCredit');
      expect(response.body).not.toContain('45000');
    });

    it('refuses another household (audited) and a role whose pages do not include it', async () => {
      const a = await member();
      const b = await member();
      const refused = await send('GET', `Policy/${a.policyId}/coverage-details`, b.token);
      expect(refused.statusCode).toBe(403);
      expect(await deniedAudits(a.policyId)).not.toHaveLength(0);
      const tester = await harness.tokenFor('workforce', ['tester']);
      expect((await send('GET', `Policy/${a.policyId}/coverage-details`, tester)).statusCode).toBe(403);
      expect((await send('GET', `Policy/${randomUUID()}/coverage-details`, a.token)).statusCode).toBe(404);
    });
  });

  describe('ending coverage (SPEC §5 reasons per role and their conditions)', () => {
    it('offers a member the member reasons, each with its month-end window, and states who and what it touches', async () => {
      const m = await member({
        dependents: ['2016-05-01'],
        paidThroughDate: '2026-12-31',
        spans: [{ startDate: '2026-01-01', endDate: null }],
      });
      const wallet = await createWallet(harness.db, m.householdId);
      await createAutopaySubscription(harness.db, m.policyId, wallet.cardToken, { runDay: 5 });
      await createScheduledPayment(harness.db, m.policyId, wallet.cardToken, { paymentDate: '2026-12-15' });
      await createScheduledPayment(harness.db, m.policyId, wallet.cardToken, { paymentDate: '2027-01-20' });
      const options = EndCoverageOptionsSchema.parse(
        (await send('GET', `Policy/${m.policyId}/end-coverage`, m.token)).json(),
      );
      expect(options.route).toBe('issuer');
      expect(
        options.reasons.map((one) => [one.reason, one.unavailable, one.window?.earliest, one.window?.latest]),
      ).toEqual([
        // Other coverage may end before the paid-through date (the paid months are refunded); the rest keep what they paid.
        ['other-coverage', null, '2026-11-30', '2027-01-31'],
        ['moved-out-of-area', null, '2026-12-31', '2027-01-31'],
        ['cost', null, '2026-12-31', '2027-01-31'],
        ['no-reason', null, '2026-12-31', '2027-01-31'],
      ]);
      expect(options.members.map((one) => one.firstName)).toEqual(['Rosa', 'Child1']);
      expect(options.autopay).toEqual({ active: true, runDay: 5 });
      expect(options.scheduledPayments.map((one) => one.paymentDate)).toEqual(['2026-12-15', '2027-01-20']);

      const created = await send('POST', `Policy/${m.policyId}/end-coverage`, m.token, {
        reason: 'cost',
        endDate: '2026-12-31',
        note: 'Too expensive for us now.',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(ServiceRequestSchema.parse(created.json())).toMatchObject({
        type: 'end-coverage',
        status: 'Submitted',
        effectiveDate: '2026-12-31',
        memberIds: [m.memberId, ...m.dependentIds],
        details: {
          endReason: 'cost',
          endDate: '2026-12-31',
          coverageNote: 'Too expensive for us now.',
          autopayStops: true,
          scheduledPaymentsCancelled: 1,
        },
        requestedBy: 'member',
      });
      // One open request to end a policy at a time.
      const again = await send('POST', `Policy/${m.policyId}/end-coverage`, m.token, {
        reason: 'no-reason',
        endDate: '2027-01-31',
      });
      expect(again.statusCode).toBe(422);
      expect(problem(again)).toMatchObject({ field: 'params.policyId', code: 'request-pending' });
    });

    it('refuses a mid-month date, one before the paid-through date, one too far ahead, and reasons the role does not give', async () => {
      const m = await member({
        paidThroughDate: '2026-12-31',
        spans: [{ startDate: '2026-01-01', endDate: null }],
      });
      const end = (body: object) => send('POST', `Policy/${m.policyId}/end-coverage`, m.token, body);
      expect(problem(await end({ reason: 'cost', endDate: '2026-12-15' }))).toMatchObject({
        field: 'body.endDate',
        code: 'not-end-of-month',
      });
      expect(problem(await end({ reason: 'cost', endDate: '2026-11-30' }))).toMatchObject({
        field: 'body.endDate',
        code: 'date-before-earliest',
        params: { earliest: '2026-12-31', latest: '2027-01-31' },
      });
      expect(problem(await end({ reason: 'cost', endDate: '2027-02-28' }))).toMatchObject({
        field: 'body.endDate',
        code: 'date-after-latest',
      });
      expect(problem(await end({ reason: 'death', endDate: '2026-11-20' }))).toMatchObject({
        field: 'body.reason',
        code: 'reason-not-allowed',
      });
      expect(problem(await end({ reason: 'cost', endDate: '2026-02-30' }))).toMatchObject({
        field: 'body.endDate',
        code: 'not-a-date',
      });
      const refused = await harness.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'end-coverage'),
            eq(auditLog.outcome, 'failure'),
            eq(auditLog.actingForHouseholdId, m.householdId),
          ),
        );
      expect(refused.length).toBeGreaterThanOrEqual(3);
    });

    it('lets staff record a death within SPEC §5’s window and a fraud with a note, which members cannot', async () => {
      const m = await member({ spans: [{ startDate: '2026-01-01', endDate: null }] });
      const staff = await staffToken(m.policyId);
      const options = EndCoverageOptionsSchema.parse(
        (await send('GET', `Policy/${m.policyId}/end-coverage`, staff)).json(),
      );
      expect(options.reasons.map((one) => one.reason)).toEqual([
        'other-coverage',
        'moved-out-of-area',
        'cost',
        'no-reason',
        'death',
        'fraud',
      ]);
      expect(options.reasons.find((one) => one.reason === 'death')).toMatchObject({
        dateRule: 'any-day',
        window: { earliest: '2026-06-25', latest: '2026-11-25' },
      });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/end-coverage`, staff, {
            reason: 'death',
            endDate: '2026-05-01',
          }),
        ),
      ).toMatchObject({ code: 'date-before-earliest' });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/end-coverage`, staff, {
            reason: 'fraud',
            endDate: '2026-03-01',
          }),
        ),
      ).toMatchObject({ field: 'body.note', code: 'note-needed' });
      const death = await send('POST', `Policy/${m.policyId}/end-coverage`, staff, {
        reason: 'death',
        endDate: '2026-11-02',
      });
      expect(death.statusCode, death.body).toBe(201);
      expect(death.json()).toMatchObject({
        requestedBy: 'staff',
        details: { endReason: 'death', endDate: '2026-11-02' },
      });
    });

    it('keeps an employer plan’s election: cost or no reason does not end a group policy', async () => {
      const m = await member({ group: true, spans: [{ startDate: '2026-01-01', endDate: null }] });
      const options = EndCoverageOptionsSchema.parse(
        (await send('GET', `Policy/${m.policyId}/end-coverage`, m.token)).json(),
      );
      expect(options.reasons.map((one) => [one.reason, one.unavailable])).toEqual([
        ['other-coverage', null],
        ['moved-out-of-area', null],
        ['cost', 'group-election'],
        ['no-reason', 'group-election'],
      ]);
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/end-coverage`, m.token, {
            reason: 'cost',
            endDate: '2026-12-31',
          }),
        ),
      ).toMatchObject({ field: 'body.reason', code: 'group-election' });
    });

    it('sends an on-exchange policy to the exchange, and refuses other households and roles without the action', async () => {
      const onExchange = await member({ offExchange: false });
      const options = EndCoverageOptionsSchema.parse(
        (await send('GET', `Policy/${onExchange.policyId}/end-coverage`, onExchange.token)).json(),
      );
      expect(options.route).toBe('exchange');
      const refused = await send('POST', `Policy/${onExchange.policyId}/end-coverage`, onExchange.token, {
        reason: 'cost',
        endDate: '2026-11-30',
      });
      expect(problem(refused)).toMatchObject({
        field: 'params.policyId',
        code: 'report-to-exchange',
        params: { exchange: 'Massachusetts Health Connector' },
      });

      const brokerId = await createBroker(harness.db);
      const a = await member({ brokerId });
      const b = await member();
      expect(
        (
          await send('POST', `Policy/${a.policyId}/end-coverage`, b.token, {
            reason: 'cost',
            endDate: '2026-11-30',
          })
        ).statusCode,
      ).toBe(403);
      expect(await deniedAudits(a.policyId)).not.toHaveLength(0);
      // The baseline broker role has no end-coverage action.
      const broker = await harness.tokenFor('workforce', ['broker'], { brokerId });
      const brokerTry = await send('POST', `Policy/${a.policyId}/end-coverage`, broker, {
        reason: 'cost',
        endDate: '2026-11-30',
      });
      expect(brokerTry.statusCode).toBe(403);
      expect(brokerTry.json()).toMatchObject({ type: 'urn:portal:problem:action-not-allowed' });
    });

    it('lets one of two requests sent at once through', async () => {
      const m = await member({ paidThroughDate: null, spans: [{ startDate: '2026-01-01', endDate: null }] });
      const [x, y] = await Promise.all([
        send('POST', `Policy/${m.policyId}/end-coverage`, m.token, {
          reason: 'other-coverage',
          endDate: '2026-12-31',
        }),
        send('POST', `Policy/${m.policyId}/end-coverage`, m.token, {
          reason: 'other-coverage',
          endDate: '2026-11-30',
        }),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([201, 422]);
    });
  });

  describe('changing coverage dates', () => {
    it('moves a start that is not paid yet to a later first of the month', async () => {
      const m = await member({
        paidThroughDate: null,
        spans: [{ startDate: '2026-11-01', endDate: '2026-12-31', effectuated: false }],
      });
      const options = CoverageDateOptionsSchema.parse(
        (await send('GET', `Policy/${m.policyId}/coverage-dates`, m.token)).json(),
      );
      expect(options.reasons.map((one) => [one.reason, one.unavailable, one.dateRule, one.window])).toEqual([
        ['start-later', null, 'first-of-month', { earliest: '2026-12-01', latest: '2026-12-01' }],
        ['start-earlier', null, 'any-day', { earliest: '2026-09-02', latest: '2026-10-31' }],
        ['end-later', 'no-date-left', 'end-of-month', null],
      ]);
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, m.token, {
            reason: 'start-later',
            date: '2026-12-02',
          }),
        ),
      ).toMatchObject({ field: 'body.date', code: 'not-first-of-month' });
      const created = await send('POST', `Policy/${m.policyId}/coverage-dates`, m.token, {
        reason: 'start-later',
        date: '2026-12-01',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        type: 'change-coverage-dates',
        effectiveDate: '2026-12-01',
        details: {
          dateReason: 'start-later',
          whichDate: 'start',
          currentDate: '2026-11-01',
          newDate: '2026-12-01',
        },
      });
    });

    it('refuses a later start once a paid coverage began, and a correction from a member', async () => {
      const m = await member({ spans: [{ startDate: '2026-01-01', endDate: null }] });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, m.token, {
            reason: 'start-later',
            date: '2026-12-01',
          }),
        ),
      ).toMatchObject({ field: 'body.reason', code: 'already-started' });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, m.token, {
            reason: 'correction',
            which: 'start',
            date: '2026-02-01',
            note: 'x',
          }),
        ),
      ).toMatchObject({ code: 'reason-not-allowed' });
    });

    it('lets staff correct a date within the plan year, with a note, on its side of the other date', async () => {
      const m = await member({ spans: [{ startDate: '2026-03-01', endDate: '2026-09-30' }] });
      const staff = await staffToken(m.policyId);
      const missingWhich = await send('POST', `Policy/${m.policyId}/coverage-dates`, staff, {
        reason: 'correction',
        date: '2026-02-01',
        note: 'Exchange record',
      });
      expect(missingWhich.statusCode).toBe(400);
      expect(problem(missingWhich)).toMatchObject({ field: 'body.which' });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, staff, {
            reason: 'correction',
            which: 'start',
            date: '2026-02-01',
          }),
        ),
      ).toMatchObject({ code: 'note-needed' });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, staff, {
            reason: 'correction',
            which: 'end',
            date: '2026-02-01',
            note: 'Exchange record',
          }),
        ),
      ).toMatchObject({ code: 'date-crosses-other-end' });
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, staff, {
            reason: 'correction',
            which: 'end',
            date: '2026-09-30',
            note: 'Exchange record',
          }),
        ),
      ).toMatchObject({ code: 'date-unchanged' });
      const created = await send('POST', `Policy/${m.policyId}/coverage-dates`, staff, {
        reason: 'correction',
        which: 'start',
        date: '2026-02-01',
        note: 'Exchange record',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        details: {
          whichDate: 'start',
          currentDate: '2026-03-01',
          newDate: '2026-02-01',
          coverageNote: 'Exchange record',
        },
        requestedBy: 'staff',
      });
    });

    it('sends an on-exchange policy’s dates to the exchange', async () => {
      const m = await member({
        offExchange: false,
        spans: [{ startDate: '2026-11-01', endDate: '2026-12-31', effectuated: false }],
      });
      expect(
        CoverageDateOptionsSchema.parse(
          (await send('GET', `Policy/${m.policyId}/coverage-dates`, m.token)).json(),
        ).route,
      ).toBe('exchange');
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/coverage-dates`, m.token, {
            reason: 'start-later',
            date: '2026-12-01',
          }),
        ),
      ).toMatchObject({ code: 'report-to-exchange' });
    });
  });

  describe('changing plan (SPEC §3 eligiblePlans, eligibleRenewalPlans)', () => {
    it('lists this year’s and next year’s plans of the same line, market and channel, priced for the policy after its tax credit', async () => {
      const m = await member({
        spans: [
          { startDate: '2026-01-01', endDate: '2026-12-31', premiumCents: 60_000, taxCreditCents: 20_000 },
        ],
      });
      const choices = PlanChoicesSchema.parse(
        (await send('GET', `Policy/${m.policyId}/plan-choices`, m.token)).json(),
      );
      expect(choices.current).toMatchObject({
        planId: PLANS.silver,
        premiumCents: 60_000,
        premiumAfterTaxCreditCents: 40_000,
        sbcUrl: `https://plans.example.org/sbc/${PLANS.silver}.pdf`,
      });
      expect(choices.eligible?.effectiveDate).toBe('2026-12-01');
      // Off-exchange individual medical of 2026: gold and bronze (-00); no catastrophic at 46, no group or dental plan, not the current one.
      expect(
        choices.eligible?.plans.map((plan) => [
          plan.planId,
          plan.premiumCents,
          plan.premiumAfterTaxCreditCents,
        ]),
      ).toEqual([
        [PLANS.bronze, 51_000, 31_000],
        [PLANS.gold, 78_000, 58_000],
      ]);
      expect(choices.renewal?.effectiveDate).toBe('2027-01-01');
      expect(choices.renewal?.plans.map((plan) => plan.planId)).toEqual([PLANS.silver2027, PLANS.gold2027]);
      expect(choices.qualifyingEventNeeded).toBe(true);
      expect(choices.taxCreditCents).toBe(20_000);
    });

    it('gives a young household catastrophic plans, an on-exchange one its channel, and a broker prices without the tax credit', async () => {
      const young = await member({ subscriberDob: '2000-02-02' });
      const youngChoices = PlanChoicesSchema.parse(
        (await send('GET', `Policy/${young.policyId}/plan-choices`, young.token)).json(),
      );
      expect(youngChoices.eligible?.plans.map((plan) => plan.planId)).toContain(PLANS.catastrophic);

      const brokerId = await createBroker(harness.db);
      const onExchange = await member({
        offExchange: false,
        brokerId,
        spans: [
          { startDate: '2026-01-01', endDate: '2026-12-31', planId: PLANS.silverCsr, taxCreditCents: 30_000 },
        ],
      });
      const choices = PlanChoicesSchema.parse(
        (await send('GET', `Policy/${onExchange.policyId}/plan-choices`, onExchange.token)).json(),
      );
      expect(choices.route).toBe('exchange');
      expect(choices.eligible?.plans.map((plan) => plan.planId)).toEqual([PLANS.goldOnExchange]);
      const broker = await harness.tokenFor('workforce', ['broker'], { brokerId });
      const brokerView = await send('GET', `Policy/${onExchange.policyId}/plan-choices`, broker);
      const asBroker = PlanChoicesSchema.parse(brokerView.json());
      expect(asBroker.visibleAmounts).toEqual({ premium: true, subsidies: false });
      expect(asBroker.taxCreditCents).toBeNull();
      expect(asBroker.eligible?.plans[0]).toMatchObject({ premiumAfterTaxCreditCents: null });
      expect(asBroker.eligible?.plans[0]?.premiumCents).not.toBeNull();
      expect(
        problem(
          await send('POST', `Policy/${onExchange.policyId}/change-plan`, onExchange.token, {
            planId: PLANS.goldOnExchange,
            renewal: false,
            qualifyingEvent: 'moved',
            eventDate: '2026-11-01',
          }),
        ),
      ).toMatchObject({ code: 'report-to-exchange' });
    });

    it('needs a recent life event for this year’s plan, not for next year’s, and takes one request at a time until it is cancelled', async () => {
      const m = await member();
      const change = (body: object) => send('POST', `Policy/${m.policyId}/change-plan`, m.token, body);
      expect(problem(await change({ planId: PLANS.gold, renewal: false }))).toMatchObject({
        field: 'body.qualifyingEvent',
        code: 'event-needed',
      });
      expect(
        problem(await change({ planId: PLANS.gold, renewal: false, qualifyingEvent: 'moved' })),
      ).toMatchObject({ field: 'body.eventDate', code: 'event-date-needed' });
      expect(
        problem(
          await change({
            planId: PLANS.gold,
            renewal: false,
            qualifyingEvent: 'moved',
            eventDate: '2026-08-01',
          }),
        ),
      ).toMatchObject({
        field: 'body.eventDate',
        code: 'date-before-earliest',
        params: { earliest: '2026-09-26' },
      });
      expect(
        problem(
          await change({
            planId: PLANS.groupGold,
            renewal: false,
            qualifyingEvent: 'moved',
            eventDate: '2026-11-01',
          }),
        ),
      ).toMatchObject({ field: 'body.planId', code: 'plan-not-eligible' });
      expect(
        problem(
          await change({
            planId: PLANS.silver,
            renewal: false,
            qualifyingEvent: 'moved',
            eventDate: '2026-11-01',
          }),
        ),
      ).toMatchObject({ code: 'plan-not-eligible' });

      const renewal = await change({ planId: PLANS.gold2027, renewal: true });
      expect(renewal.statusCode, renewal.body).toBe(201);
      const request = ServiceRequestSchema.parse(renewal.json());
      expect(request).toMatchObject({
        type: 'change-plan',
        effectiveDate: '2027-01-01',
        details: { newPlanId: PLANS.gold2027, renewal: true },
        canCancel: true,
      });
      expect(JSON.stringify(request.details)).not.toMatch(/Cents/);
      expect(
        problem(
          await change({
            planId: PLANS.gold,
            renewal: false,
            qualifyingEvent: 'moved',
            eventDate: '2026-11-01',
          }),
        ),
      ).toMatchObject({ code: 'request-pending' });

      const cancelled = await send('PUT', `ServiceRequest/${request.id}/cancel`, m.token, {
        version: request.version,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'Cancelled' });
      const thisYear = await change({
        planId: PLANS.gold,
        renewal: false,
        qualifyingEvent: 'moved',
        eventDate: '2026-11-01',
      });
      expect(thisYear.statusCode, thisYear.body).toBe(201);
      expect(thisYear.json()).toMatchObject({
        effectiveDate: '2026-12-01',
        details: { qualifyingEvent: 'moved', eventDate: '2026-11-01' },
      });
    });

    it('marks next year’s version of the current plan, which renews by itself and is not asked for', async () => {
      const [thisYear, nextYear] = ['77421MA0012605-00', '77421MA0012705-00'];
      await harness.db
        .insert(plans)
        .values(
          [2026, 2027].map((year, index) => ({
            id: index === 0 ? thisYear : nextYear,
            lineOfCoverage: 'Medical' as const,
            planName: 'Lighthouse Harbor Silver 2500 HMO',
            metalLevel: 'Silver' as const,
            planType: 'HMO' as const,
            planYear: year,
            effectiveDate: `${year}-01-01`,
            effectiveEndDate: `${year}-12-31`,
            monthlyPremiumCents: 41_000 + index * 3_000,
            deductibleCents: 250_000,
            outOfPocketMaxCents: 900_000,
            drugsCovered: 'Yes',
          })),
        )
        .onConflictDoNothing();
      const m = await member({
        spans: [{ startDate: '2026-01-01', endDate: '2026-12-31', planId: thisYear }],
      });
      const choices = PlanChoicesSchema.parse(
        (await send('GET', `Policy/${m.policyId}/plan-choices`, m.token)).json(),
      );
      expect(choices.renewal?.plans.find((plan) => plan.planId === nextYear)).toMatchObject({
        renewsCurrent: true,
      });
      expect(choices.renewal?.plans.filter((plan) => plan.renewsCurrent)).toHaveLength(1);
      expect(
        problem(
          await send('POST', `Policy/${m.policyId}/change-plan`, m.token, {
            planId: nextYear,
            renewal: true,
          }),
        ),
      ).toMatchObject({ field: 'body.planId', code: 'plan-renews-anyway' });
    });

    it('takes a plan change from the broker of record (baseline broker role has change-plan), not from another broker or staff without the action', async () => {
      const brokerId = await createBroker(harness.db);
      const m = await member({ brokerId });
      const broker = await harness.tokenFor('workforce', ['broker'], { brokerId });
      const other = await harness.tokenFor('workforce', ['broker'], {
        brokerId: await createBroker(harness.db),
      });
      const body = { planId: PLANS.gold2027, renewal: true };
      expect((await send('POST', `Policy/${m.policyId}/change-plan`, other, body)).statusCode).toBe(403);
      expect(await deniedAudits(m.policyId)).not.toHaveLength(0);
      expect(
        (await send('POST', `Policy/${m.policyId}/change-plan`, await staffToken(m.policyId), body))
          .statusCode,
      ).toBe(403);
      const created = await send('POST', `Policy/${m.policyId}/change-plan`, broker, body);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ requestedBy: 'broker', type: 'change-plan' });
    });
  });
});
