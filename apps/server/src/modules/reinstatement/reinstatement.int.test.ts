import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MakePaymentResponseSchema,
  ProblemType,
  ReinstatementOfferSchema,
  type ReinstatementOffer,
} from '@portal/contracts';
import {
  addDays,
  addMonths,
  dueDayRule,
  endOfMonth,
  formatUsDate,
  monthsBetween,
  monthStart,
  toWireAmount,
} from '@portal/domain';
import { useTestApp, type TestHarness } from '../../../test/harness';
import { paymentBody } from '../../../test/payment-body';
import { createBroker, createMemberWithPolicy, createPayment } from '../../../test/fixtures';
import { saveSandboxCard } from '../../../test/saved-card';
import { signIn } from '../../../test/oidc';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { secretsInDatabase, secretsInLogs } from '../../../test/secrets-scan';
import {
  auditLog,
  coverageSpans,
  documents,
  finances,
  memberSpans,
  notifications,
  payments,
  policies,
  reinstatementEligibility,
  serviceRequestEvents,
  serviceRequests,
} from '../../db/schema';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../processor/sandbox/test-numbers';
import type { Principal } from '../../auth/principal';
import { checkReinstatementPayment, requestReinstatement } from './service';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

/**
 * Issue 11's reinstatement (SPEC §2 span-selection/reactivate-plan, §3 Reinstatement eligibility): a policy
 * the billing clock terminated for non-payment is paid back to life through the payment path
 * (`POST /api/v1/Payment`, `purpose: reinstatement`), which records a `reinstatement` service request in the
 * same transaction — reinstated at once when Eligible and paid by card, waiting for staff when Manual, and
 * for the bank when the payment is pending — for the whole amount due, once, by whoever may.
 */

/** The member owes 150.00 a month (premium 450.00 − APTC 300.00). */
const SHARE = 15_000;

/**
 * A household whose medical policy the billing clock terminated today for non-payment: paid from its
 * start (January last year) through four months ago, then nothing — the APTC grace period (months 1-3)
 * ran out, so coverage ended on the last day of the first unpaid month (45 CFR 156.270(g)).
 */
async function terminatedPolicy(
  harness: TestHarness,
  options: { brokerId?: string; dob?: string; zipCode?: string } = {},
) {
  const today = harness.app.today();
  const holder = await createMemberWithPolicy(harness.db, options);
  const householdId = holder.householdId ?? '';
  const firstUnpaid = addMonths(monthStart(today), -3);
  const paidMonths = monthsBetween(
    `${Number(today.slice(0, 4)) - 1}-01-01`,
    addMonths(firstUnpaid, -1),
  ).length;
  await createPayment(harness.db, holder.policyId, {
    amountCents: SHARE * paidMonths,
    transactionDate: `${Number(today.slice(0, 4)) - 1}-01-01`,
  });
  await harness.db.insert(finances).values({
    policyId: holder.policyId,
    premiumAmountDueCents: SHARE,
    currentAmountDueCents: 0,
    status: 'Current',
  });
  const report = await harness.app.jobs.runDay(today, { householdId });
  expect(report.steps.find((step) => step.name === 'billing-clock')?.counts).toMatchObject({
    'terminated-for-non-payment': 1,
  });
  await harness.app.outbox.drain();
  const months = monthsBetween(firstUnpaid, monthStart(today));
  return {
    ...holder,
    householdId,
    today,
    firstUnpaid,
    ended: endOfMonth(firstUnpaid),
    months,
    amountCents: SHARE * months.length,
  };
}
type Terminated = Awaited<ReturnType<typeof terminatedPolicy>>;

function helpers(harness: TestHarness) {
  const body = (
    policy: Terminated,
    amountCents: number,
    details: Record<string, unknown>,
    extra: Record<string, unknown> = { purpose: 'reinstatement' },
  ) => ({
    ...paymentBody(policy, harness.app.today(), {
      paymentAmount: toWireAmount(amountCents),
      method: 'Card',
      ...details,
    }),
    ...extra,
  });
  const pay = (token: string, payload: object, key: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      payload,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    });
  const offer = async (token: string, policyId: string): Promise<ReinstatementOffer> => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId}/reinstatement`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return ReinstatementOfferSchema.parse(response.json());
  };
  /** A one-time card typed by the caller signed in with `bearer` (its tokenisation session). */
  const card = (bearer: string) => harness.cardToken(bearer, TEST_CARDS.visa.number);
  const chargesFor = (policyId: string) =>
    harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === policyId);
  const requestsOf = (policyId: string) =>
    harness.db
      .select()
      .from(serviceRequests)
      .where(and(eq(serviceRequests.policyId, policyId), eq(serviceRequests.type, 'reinstatement')));
  const policyRow = async (policyId: string) =>
    (await harness.db.select().from(policies).where(eq(policies.id, policyId)))[0];
  const financeOf = async (policyId: string) =>
    (await harness.db.select().from(finances).where(eq(finances.policyId, policyId)))[0];
  const eligibilityOf = async (policyId: string) =>
    (
      await harness.db
        .select()
        .from(reinstatementEligibility)
        .where(eq(reinstatementEligibility.policyId, policyId))
    )[0];
  const spansOf = (policyId: string) =>
    harness.db.select().from(coverageSpans).where(eq(coverageSpans.policyId, policyId));
  const codeOf = (response: { json: () => unknown }) =>
    (response.json() as { errors?: { code?: string; field?: string; params?: Record<string, unknown> }[] })
      .errors?.[0];
  const memberToken = (memberId: string) => harness.tokenFor('consumer', ['member'], { memberId });
  return {
    body,
    pay,
    offer,
    card,
    chargesFor,
    requestsOf,
    policyRow,
    financeOf,
    eligibilityOf,
    spansOf,
    codeOf,
    memberToken,
  };
}

describe('reinstating a policy terminated for non-payment', () => {
  const harness = useTestApp({
    sandbox: { settleDelayMs: 300, slowAnswerMs: 7_000, timeoutMs: 3_500 },
    captureLogs: true,
  });
  const h = helpers(harness);

  it('says what reinstating takes: when and why coverage ended, the amount from the ledger, its months, the deadline', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const offer = await h.offer(token, policy.policyId);
    expect(offer).toMatchObject({
      policyNumber: policy.policyNumber,
      planName: 'Test Silver HMO',
      reinstatementStatus: 'Eligible',
      refusal: null,
      coverageEndedOn: policy.ended,
      terminationReason: 'non-payment',
      amountDueCents: policy.amountCents,
      months: policy.months,
      // The month past due on the ended coverage; the rest are the months since it ended.
      pastDueMonths: [policy.firstUnpaid],
      restoredThrough: `${policy.ended.slice(0, 4)}-12-31`,
      openRequest: null,
    });
    expect(offer.expirationDate).not.toBeNull();
    const [read] = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'read'),
          eq(auditLog.recordType, 'reinstatement'),
          sql`${policy.policyId} = any(${auditLog.recordIds})`,
        ),
      );
    expect(read).toMatchObject({ outcome: 'success', actingForHouseholdId: policy.householdId });
  });

  it('reinstates an Eligible policy paid by card in the payment’s transaction: coverage back to the plan year’s end, finance from the ledger, a notice', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'reinstate-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = MakePaymentResponseSchema.parse(response.json());
    const yearEnd = `${policy.ended.slice(0, 4)}-12-31`;
    expect(answer.reinstatement).toMatchObject({
      outcome: 'reinstated',
      status: 'Completed',
      coveredThrough: yearEnd,
    });
    // The payment pays every month since the coverage ended: paid through the end of this month.
    expect(answer.receipt).toMatchObject({
      status: 'Succeeded',
      amountCents: policy.amountCents,
      paidThroughDate: endOfMonth(policy.today),
    });

    // The spans the clock ended get the end of their plan year back; the member's too.
    expect((await h.spansOf(policy.policyId)).map((span) => [span.endDate, span.cancelled])).toEqual([
      [yearEnd, false],
    ]);
    const memberRows = await harness.db
      .select()
      .from(memberSpans)
      .where(eq(memberSpans.policyId, policy.policyId));
    expect(memberRows.map((span) => [span.endDate, span.cancelled])).toEqual([[yearEnd, false]]);
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Active');
    // The offer is used.
    expect(await h.eligibilityOf(policy.policyId)).toMatchObject({
      reinstatementStatus: 'NotEligible',
      amountDueCents: 0,
      months: [],
    });
    // The finance is recomputed from the ledger: nothing past due, paid through this month.
    expect(await h.financeOf(policy.policyId)).toMatchObject({
      status: 'Current',
      pastAmountDueCents: 0,
      paidThroughDate: endOfMonth(policy.today),
      gracePeriodStartDate: null,
      announcedStatus: 'Current',
    });

    // The request completed in the same transaction, with what was asked for.
    const [request] = await h.requestsOf(policy.policyId);
    expect(request).toMatchObject({
      id: answer.reinstatement?.serviceRequestId,
      status: 'Completed',
      requestedByRole: 'member',
      effectiveDate: monthStart(addMonths(policy.firstUnpaid, 1)),
      details: {
        eligibility: 'eligible',
        coverageEndedOn: policy.ended,
        amountCents: policy.amountCents,
        coveredFrom: policy.firstUnpaid,
        coveredTo: endOfMonth(policy.today),
      },
    });
    const history = await harness.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.requestId, request?.id ?? ''));
    expect(history.map((event) => [event.status, event.actorKind])).toEqual([
      ['Submitted', 'member'],
      ['Completed', 'system'],
    ]);

    // A notice, and the member is told: payment received, request done, coverage reinstated.
    const [notice] = await harness.db
      .select()
      .from(documents)
      .where(and(eq(documents.policyId, policy.policyId), eq(documents.subtype, 'reinstatement')));
    expect(notice?.facts).toMatchObject({
      terminationDate: policy.ended,
      coveredThroughDate: yearEnd,
      amountCents: policy.amountCents,
      months: policy.months,
    });
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, policy.householdId));
    expect(notes.map((note) => note.templateName)).toEqual(
      expect.arrayContaining([
        'notification.paymentReceived',
        'notification.serviceRequestCompleted',
        'notification.coverageReinstated',
      ]),
    );
    expect(
      notes.find((note) => note.templateName === 'notification.coverageReinstated')?.additionalValues,
    ).toMatchObject({ policyNumber: policy.policyNumber, coveredThroughDate: yearEnd });

    // One audit row holds the payment and the request.
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'request-reinstatement'),
          eq(auditLog.outcome, 'success'),
          eq(auditLog.actingForHouseholdId, policy.householdId),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.recordIds).toEqual([answer.receipt.paymentId, answer.reinstatement?.serviceRequestId]);

    // The offer now says there is nothing to reinstate.
    expect(await h.offer(token, policy.policyId)).toMatchObject({
      refusal: 'not-terminated',
      coverageEndedOn: null,
      amountDueCents: 0,
    });
  });

  it('charges and reinstates exactly once: a retried request replays, another key is refused before any charge', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const payload = h.body(policy, policy.amountCents, { paymentToken: await h.card(token) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.pay(token, payload, 'double-click')));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const replay = await h.pay(token, payload, 'double-click');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(h.chargesFor(policy.policyId)).toHaveLength(1);
    expect(await h.requestsOf(policy.policyId)).toHaveLength(1);
    expect(
      await harness.db
        .select()
        .from(documents)
        .where(and(eq(documents.policyId, policy.policyId), eq(documents.subtype, 'reinstatement'))),
    ).toHaveLength(1);

    const again = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'another-key',
    );
    expect(again.statusCode).toBe(422);
    expect(h.codeOf(again)).toMatchObject({ field: 'body.id', code: 'not-terminated' });
    expect(h.chargesFor(policy.policyId)).toHaveLength(1);
  });

  it('reinstates once when two tabs pay at the same moment: the second payment is kept and applied, and says why', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const [first, second] = await Promise.all([
      h.pay(token, h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }), 'tab-1'),
      h.pay(token, h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }), 'tab-2'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(201);
    // The other was refused before its charge (422) or, had both been charged, kept its money on the policy (409).
    expect([409, 422]).toContain(statuses[1]);
    expect(await h.requestsOf(policy.policyId)).toHaveLength(1);
    expect(
      await harness.db
        .select()
        .from(documents)
        .where(and(eq(documents.policyId, policy.policyId), eq(documents.subtype, 'reinstatement'))),
    ).toHaveLength(1);
    const recorded = await harness.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.policyId, policy.policyId),
          eq(payments.transactionStatus, 'Succeeded'),
          sql`${payments.transactionDate} = ${policy.today}`,
        ),
      );
    // Every charge the processor made is a recorded payment: no money is lost.
    expect(recorded).toHaveLength(h.chargesFor(policy.policyId).length);
  });

  it('checks the offer again under its lock in the payment’s transaction: a request that won meanwhile stands alone', async () => {
    const policy = await terminatedPolicy(harness);
    const context = { today: policy.today, dueRule: dueDayRule(harness.app.tenant.account.payments.dueDate) };
    // Both payments passed the check before their charges (two tabs, two keys)…
    const accepted = await checkReinstatementPayment(
      harness.db,
      policy.policyId,
      policy.amountCents,
      context,
    );
    const again = await checkReinstatementPayment(harness.db, policy.policyId, policy.amountCents, context);
    const principal: Principal = {
      kind: 'guest',
      subject: 'guest-session',
      roles: ['guest'],
      issuer: 'test',
      sessionId: 'guest-session',
      policyIds: [policy.policyId],
      householdId: policy.householdId,
    };
    const payment = (transactionId: string) => ({
      transactionId,
      amountCents: policy.amountCents,
      status: 'Succeeded' as const,
    });
    // …the first one's transaction reinstates; the second finds it done and makes no request.
    const first = await harness.db.transaction((tx) =>
      requestReinstatement(tx, { accepted, payment: payment('txn_tab_1'), requestedBy: principal, context }),
    );
    expect(first).toMatchObject({ ok: true, outcome: { outcome: 'reinstated' } });
    const second = await harness.db.transaction((tx) =>
      requestReinstatement(tx, {
        accepted: again,
        payment: payment('txn_tab_2'),
        requestedBy: principal,
        context,
      }),
    );
    expect(second).toEqual({ ok: false, refusal: 'not-terminated' });
    expect(await h.requestsOf(policy.policyId)).toHaveLength(1);
  });

  it('charges once when the processor answers too late: the retry with the same key finds the charge and reinstates once', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const payload = h.body(policy, policy.amountCents, {
      paymentToken: await harness.cardToken(token, TEST_CARDS.slowAnswer.number),
    });
    const first = await h.pay(token, payload, 'slow-reinstate');
    expect(first.statusCode).toBe(504);
    expect(first.json()).toMatchObject({ type: ProblemType.paymentOutcomeUnknown });
    // Nothing was recorded or reinstated while the outcome was unknown.
    expect(await h.requestsOf(policy.policyId)).toHaveLength(0);
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Terminated');
    // The sandbox finishes the slow charge after slowAnswerMs; the retry comes after that.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const retry = await h.pay(token, payload, 'slow-reinstate');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(retry.json()).reinstatement?.outcome).toBe('reinstated');
    expect(h.chargesFor(policy.policyId)).toHaveLength(1);
    expect(await h.requestsOf(policy.policyId)).toHaveLength(1);
  }, 30_000);

  it('takes the full amount due only: less or more is a field error on the amount, and nothing is charged', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    for (const amount of [policy.amountCents - SHARE, policy.amountCents + 100]) {
      const response = await h.pay(
        token,
        h.body(policy, amount, { paymentToken: await h.card(token) }),
        `amount-${amount}`,
      );
      expect(response.statusCode).toBe(422);
      expect(h.codeOf(response)).toEqual({
        field: 'body.paymentDetails.paymentAmount',
        code: 'amount-not-reinstatement-due',
        reason: expect.any(String) as string,
        params: { amount: policy.amountCents / 100 },
      });
    }
    expect(h.chargesFor(policy.policyId)).toHaveLength(0);
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Terminated');
    // The refusal is audited as a failure.
    const failures = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'request-reinstatement'),
          eq(auditLog.outcome, 'failure'),
          eq(auditLog.actingForHouseholdId, policy.householdId),
        ),
      );
    expect(failures).toHaveLength(2);
  });

  it('refuses an expired offer and one never made with a coded field error, and a policy in force', async () => {
    const expired = await terminatedPolicy(harness);
    const token = await h.memberToken(expired.memberId);
    await harness.db
      .update(reinstatementEligibility)
      .set({ expirationDate: '2026-01-31' })
      .where(eq(reinstatementEligibility.policyId, expired.policyId));
    const late = await h.pay(
      token,
      h.body(expired, expired.amountCents, { paymentToken: await h.card(token) }),
      'expired',
    );
    expect(late.statusCode).toBe(422);
    expect(h.codeOf(late)).toMatchObject({
      field: 'body.id',
      code: 'reinstatement-expired',
      params: { expirationDate: '2026-01-31' },
    });
    expect(await h.offer(token, expired.policyId)).toMatchObject({
      refusal: 'reinstatement-expired',
      expirationDate: '2026-01-31',
    });

    const never = await terminatedPolicy(harness);
    const neverToken = await h.memberToken(never.memberId);
    await harness.db
      .update(reinstatementEligibility)
      .set({ reinstatementStatus: 'NotEligible', expirationDate: null })
      .where(eq(reinstatementEligibility.policyId, never.policyId));
    const refused = await h.pay(
      neverToken,
      h.body(never, never.amountCents, { paymentToken: await h.card(neverToken) }),
      'never',
    );
    expect(h.codeOf(refused)).toMatchObject({ field: 'body.id', code: 'reinstatement-not-eligible' });
    expect(await h.offer(neverToken, never.policyId)).toMatchObject({
      refusal: 'reinstatement-not-eligible',
      amountDueCents: 0,
      months: [],
    });

    const active = await createMemberWithPolicy(harness.db);
    await harness.db.insert(finances).values({
      policyId: active.policyId,
      premiumAmountDueCents: SHARE,
      currentAmountDueCents: SHARE,
      status: 'Current',
    });
    const activeToken = await h.memberToken(active.memberId);
    const inForce = await h.pay(
      activeToken,
      h.body({ ...expired, ...active } as Terminated, SHARE, { paymentToken: await h.card(activeToken) }),
      'in-force',
    );
    expect(h.codeOf(inForce)).toMatchObject({ field: 'body.id', code: 'not-terminated' });
    for (const policyId of [expired.policyId, never.policyId, active.policyId])
      expect(h.chargesFor(policyId)).toHaveLength(0);
  });

  it('keeps a Manual reinstatement for staff: paid, requested, in review, and asked only once', async () => {
    const policy = await terminatedPolicy(harness);
    await harness.db
      .update(reinstatementEligibility)
      .set({ reinstatementStatus: 'Manual' })
      .where(eq(reinstatementEligibility.policyId, policy.policyId));
    const token = await h.memberToken(policy.memberId);
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'manual',
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = MakePaymentResponseSchema.parse(response.json());
    expect(answer.reinstatement).toMatchObject({
      outcome: 'in-review',
      status: 'Submitted',
      coveredThrough: null,
    });
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Terminated');
    expect((await h.requestsOf(policy.policyId))[0]).toMatchObject({
      status: 'Submitted',
      details: { eligibility: 'manual' },
    });
    // The money is on the policy (the month past due paid; the rest waits as credit for staff to apply).
    expect(await h.financeOf(policy.policyId)).toMatchObject({
      pastAmountDueCents: 0,
      unallocatedAmountCents: policy.amountCents - SHARE,
    });
    expect(await h.offer(token, policy.policyId)).toMatchObject({
      refusal: 'reinstatement-requested',
      openRequest: {
        referenceNumber: answer.reinstatement?.referenceNumber,
        status: 'Submitted',
        waitingFor: 'review',
      },
    });
    const again = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'manual-again',
    );
    expect(h.codeOf(again)).toMatchObject({ field: 'body.id', code: 'reinstatement-requested' });
    expect(h.chargesFor(policy.policyId)).toHaveLength(1);
  });

  it('waits for a bank payment to clear, then reinstates when the processor’s webhook says it settled', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const bank = await harness.bankToken(token, TEST_BANK_ACCOUNTS.settles.accountNumber);
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { method: 'BankAccount', paymentToken: bank }),
      'bank',
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = MakePaymentResponseSchema.parse(response.json());
    expect(answer.reinstatement).toMatchObject({ outcome: 'awaiting-payment', status: 'Submitted' });
    expect(answer.receipt.status).toBe('Pending');
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Terminated');
    // Until it clears, the page says what the request waits for (the sandbox settles 300 ms later: look at once).
    const waiting = await h.offer(token, policy.policyId);
    if (waiting.openRequest)
      expect(waiting.openRequest).toMatchObject({
        waitingFor: expect.stringMatching(/^(payment|review)$/) as string,
      });

    await expect
      .poll(async () => (await h.requestsOf(policy.policyId))[0]?.status, { timeout: 10_000 })
      .toBe('Completed');
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Active');
    expect((await h.spansOf(policy.policyId))[0]?.endDate).toBe(`${policy.ended.slice(0, 4)}-12-31`);
    const [payment] = await harness.db
      .select()
      .from(payments)
      .where(eq(payments.id, answer.receipt.paymentId));
    expect(payment).toMatchObject({
      transactionStatus: 'Succeeded',
      paidThroughDate: endOfMonth(policy.today),
    });
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, policy.householdId));
    expect(notes.map((note) => note.templateName)).toEqual(
      expect.arrayContaining([
        'notification.paymentPending',
        'notification.paymentSettled',
        'notification.coverageReinstated',
      ]),
    );
  });

  it('rejects the request, in the member’s language, when the bank returns the payment; the offer stands again', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const bank = await harness.bankToken(token, TEST_BANK_ACCOUNTS.returnedR01.accountNumber);
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { method: 'BankAccount', paymentToken: bank }),
      'bank-r01',
    );
    expect(response.statusCode, response.body).toBe(201);
    await expect
      .poll(async () => (await h.requestsOf(policy.policyId))[0]?.status, { timeout: 10_000 })
      .toBe('Rejected');
    expect((await h.requestsOf(policy.policyId))[0]?.resolution).toContain('Your bank returned the payment');
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Terminated');
    expect(await h.offer(token, policy.policyId)).toMatchObject({
      refusal: null,
      openRequest: null,
      amountDueCents: policy.amountCents,
    });
  });

  it('pays an ended coverage only what it owes: the months it covered, or the whole reinstatement', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const premium = { purpose: 'premium' };
    const more = await h.pay(
      token,
      h.body(policy, SHARE + 100, { paymentToken: await h.card(token) }, premium),
      'premium-more',
    );
    expect(h.codeOf(more)).toMatchObject({
      field: 'body.paymentDetails.paymentAmount',
      code: 'amount-above-past-due',
      params: { maximum: SHARE / 100 },
    });
    const owed = await h.pay(
      token,
      h.body(policy, SHARE, { paymentToken: await h.card(token) }, premium),
      'premium-owed',
    );
    expect(owed.statusCode, owed.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(owed.json()).reinstatement).toBeUndefined();
    expect((await h.policyRow(policy.policyId))?.enrollmentStatus).toBe('Terminated');
    // What reinstating takes follows at once: the month past due is paid.
    expect(await h.offer(token, policy.policyId)).toMatchObject({
      amountDueCents: policy.amountCents - SHARE,
      months: policy.months.slice(1),
    });
    const nothingOwed = await h.pay(
      token,
      h.body(policy, 500, { paymentToken: await h.card(token) }, premium),
      'premium-nothing',
    );
    expect(h.codeOf(nothingOwed)).toMatchObject({ field: 'body.id', code: 'policy-terminated' });
  });

  it('lets the household’s saved card pay, and never a later date', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await h.memberToken(policy.memberId);
    const cardId = await saveSandboxCard(
      harness,
      { householdId: policy.householdId, token },
      TEST_CARDS.mastercard.number,
    );
    const later = h.body(policy, policy.amountCents, { walletItemId: cardId });
    const laterResponse = await h.pay(
      token,
      { ...later, information: { ...later.information, date: formatUsDate(addDays(policy.today, 1)) } },
      'later',
    );
    expect(laterResponse.statusCode).toBe(422);
    expect(h.codeOf(laterResponse)).toMatchObject({ field: 'body.information.date', code: 'date-not-today' });
    const response = await h.pay(token, later, 'saved');
    expect(response.statusCode, response.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(response.json()).reinstatement?.outcome).toBe('reinstated');
  });

  it('makes a fresh reinstatable member in demo mode (POST /api/v1/demo/member), whose offer the billing clock agrees with', async () => {
    const made = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/demo/member',
      headers: CSRF,
      payload: { reinstatable: 'Eligible', language: 'pt' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const member = made.json<{
      username: string;
      householdId: string;
      language: string;
      policyNumber: string;
      dateOfBirth: string;
      zipCode: string;
    }>();
    expect(member).toMatchObject({
      language: 'pt',
      policyNumber: expect.stringMatching(/^LHP-1\d{7}-01$/) as string,
    });
    const token = (await signIn(harness.app, 'consumer', member.username, DEMO_PASSWORD)).accessToken;
    const household = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    const policyId =
      household
        .json<{ households: { policies: { id: string; policyNumber: string }[] }[] }>()
        .households[0]?.policies.find((one) => one.policyNumber === member.policyNumber)?.id ?? '';
    const before = await h.offer(token, policyId);
    const today = harness.app.today();
    expect(before).toMatchObject({
      reinstatementStatus: 'Eligible',
      refusal: null,
      terminationReason: 'non-payment',
      coverageEndedOn: endOfMonth(addMonths(monthStart(today), -3)),
    });
    expect(before.months).toEqual(monthsBetween(addMonths(monthStart(today), -3), monthStart(today)));
    // The billing day finds the household as the seed left it: nothing to announce, the same amount.
    await harness.app.jobs.runDay(today, { householdId: member.householdId });
    expect(await h.offer(token, policyId)).toMatchObject({
      amountDueCents: before.amountDueCents,
      months: before.months,
      refusal: null,
    });
    // A second one gets a household of its own.
    const second = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/demo/member',
      headers: CSRF,
      payload: { reinstatable: 'Manual' },
    });
    expect(second.json<{ policyNumber: string }>().policyNumber).not.toBe(member.policyNumber);
  });

  it('keeps every card number out of the database and the logs', async () => {
    expect(await secretsInDatabase(harness.db)).toEqual([]);
    expect(secretsInLogs(harness.logs)).toEqual([]);
  });
});

describe('who may reinstate (role-config actions and record access)', () => {
  const harness = useTestApp({ sandbox: true });
  const h = helpers(harness);

  it('refuses another household’s member (403, audited) and charges nothing', async () => {
    const policy = await terminatedPolicy(harness);
    const stranger = await createMemberWithPolicy(harness.db);
    const token = await h.memberToken(stranger.memberId);
    const read = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policy.policyId}/reinstatement`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(403);
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'stranger',
    );
    expect(response.statusCode).toBe(403);
    expect(h.chargesFor(policy.policyId)).toHaveLength(0);
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.outcome, 'denied'), sql`${policy.policyId} = any(${auditLog.recordIds})`));
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });

  it('lets a guest who located the account reinstate it, and no other', async () => {
    const policy = await terminatedPolicy(harness, { dob: '1979-03-03', zipCode: '02720' });
    const other = await terminatedPolicy(harness, { dob: '1981-05-05', zipCode: '02720' });
    const located = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: policy.policyNumber,
        dateOfBirth: '1979-03-03',
        zipCode: '02720',
      },
    });
    expect(located.statusCode, located.body).toBe(200);
    const guest = await portalTokenOf(harness.app, located);
    // SPEC §4: a guest whose account has only a terminated, reinstatable policy gets the reinstate-only pages.
    const household = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      payload: {},
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(household.json()).toMatchObject({ scenario: { base: 'GuestPaymentTermedReinstateOnlyPages' } });
    expect(await h.offer(guest, policy.policyId)).toMatchObject({
      refusal: null,
      amountDueCents: policy.amountCents,
    });

    const elsewhere = await h.pay(
      guest,
      h.body(other, other.amountCents, { paymentToken: await h.card(guest) }),
      'guest-other',
    );
    expect(elsewhere.statusCode).toBe(403);
    const response = await h.pay(
      guest,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(guest) }),
      'guest',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(response.json())).toMatchObject({
      reinstatement: { outcome: 'reinstated' },
      receipt: { paymentSource: 'Guest' },
    });
    expect((await h.requestsOf(policy.policyId))[0]).toMatchObject({
      requestedByRole: 'guest',
      status: 'Completed',
    });
    expect(h.chargesFor(other.policyId)).toHaveLength(0);
  });

  it('refuses the broker of record: the baseline broker role has no request-reinstatement action', async () => {
    const brokerId = await createBroker(harness.db);
    const policy = await terminatedPolicy(harness, { brokerId });
    const token = await harness.tokenFor('workforce', ['broker'], { brokerId });
    expect(await h.offer(token, policy.policyId)).toMatchObject({ refusal: null });
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'broker',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: ProblemType.actionNotAllowed });
    expect(h.chargesFor(policy.policyId)).toHaveLength(0);
    const [denied] = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request-reinstatement'), eq(auditLog.outcome, 'denied')));
    expect(denied).toMatchObject({ reason: 'action-not-granted' });
  });

  it('lets customer service reinstate for a member (both actions in role-config)', async () => {
    const policy = await terminatedPolicy(harness);
    const token = await harness.actingToken(['customer-service'], { policyId: policy.policyId });
    const response = await h.pay(
      token,
      h.body(policy, policy.amountCents, { paymentToken: await h.card(token) }),
      'staff',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await h.requestsOf(policy.policyId))[0]).toMatchObject({
      requestedByRole: 'staff',
      status: 'Completed',
    });
  });
});

/** A tenant whose role-config gives brokers the reinstatement (and paying) actions. */
function configGivingBrokersReinstatement(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-broker-'));
  fs.cpSync(path.resolve(import.meta.dirname, '../../../../../config'), dir, { recursive: true });
  const file = path.join(dir, 'role-config.json');
  const roleConfig = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    roles?: Record<string, { actions?: string[] }>;
  };
  const baseline = JSON.parse(fs.readFileSync(path.join(dir, 'baseline/role-config.json'), 'utf8')) as {
    roles: Record<string, { actions: string[] }>;
  };
  roleConfig.roles = {
    ...roleConfig.roles,
    broker: {
      ...roleConfig.roles?.broker,
      actions: [...(baseline.roles.broker?.actions ?? []), 'make-payment', 'request-reinstatement'],
    },
  };
  fs.writeFileSync(file, JSON.stringify(roleConfig, null, 2));
  return dir;
}

describe('a broker whose role-config gives the action', () => {
  const harness = useTestApp({ sandbox: true, env: { CONFIG_DIR: configGivingBrokersReinstatement() } });
  const h = helpers(harness);

  it('reinstates his client’s policy, and never another broker’s client', async () => {
    const brokerId = await createBroker(harness.db);
    const client = await terminatedPolicy(harness, { brokerId });
    const notHis = await terminatedPolicy(harness, { brokerId: await createBroker(harness.db) });
    const token = await harness.tokenFor('workforce', ['broker'], { brokerId });
    const refused = await h.pay(
      token,
      h.body(notHis, notHis.amountCents, { paymentToken: await h.card(token) }),
      'not-his',
    );
    expect(refused.statusCode).toBe(403);
    const response = await h.pay(
      token,
      h.body(client, client.amountCents, { paymentToken: await h.card(token) }),
      'his',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await h.requestsOf(client.policyId))[0]).toMatchObject({
      requestedByRole: 'broker',
      status: 'Completed',
    });
    expect(h.chargesFor(notHis.policyId)).toHaveLength(0);
  });
});
