import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  DeskPaymentPageSchema,
  DeskResultSchema,
  FailedWorkSchema,
  MakePaymentResponseSchema,
  PaymentPageSchema,
  ProblemType,
} from '@portal/contracts';
import { actFor, endActing } from '../../../test/acting';
import { useTestApp } from '../../../test/harness';
import { paymentBody } from '../../../test/payment-body';
import {
  createAutopaySubscription,
  createMemberWithPolicy,
  createPayment,
  createWallet,
} from '../../../test/fixtures';
import {
  auditLog,
  autopayRuns,
  finances,
  notifications,
  paymentRefunds,
  payments,
  walletCards,
} from '../../db/schema';
import { householdOwner } from '../../processor/owner';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../processor/sandbox/test-numbers';

type Db = ReturnType<typeof useTestApp>['db'];

/** A member's active policy owing 150.00 a month (premium 450.00 − APTC 300.00). */
async function payablePolicy(db: Db) {
  const member = await createMemberWithPolicy(db);
  await db.insert(finances).values({
    policyId: member.policyId,
    premiumAmountDueCents: 15_000,
    currentAmountDueCents: 15_000,
    status: 'Current',
  });
  return member;
}

describe('the payments desk: refunds and voids (issue 13)', () => {
  const harness = useTestApp({ sandbox: { settleDelayMs: 60_000 } });
  const today = () => harness.app.today();
  const admin = () => harness.tokenFor('workforce', ['administrator']);
  const as = (token: string, key?: string) => ({
    authorization: `Bearer ${token}`,
    ...(key ? { 'idempotency-key': key } : {}),
  });
  const financeOf = async (policyId: string) =>
    (await harness.db.select().from(finances).where(eq(finances.policyId, policyId)))[0];
  const chargeOf = (transactionId: string) =>
    harness.sandbox.sandbox.charges().find((charge) => charge.id === transactionId);

  /** A real payment through the portal and the sandbox: a card (settled at once) or a bank account (pending). */
  async function paid(
    member: Awaited<ReturnType<typeof payablePolicy>>,
    kind: 'card' | 'bank',
    amount = '150.00',
  ) {
    const token = await harness.tokenFor('consumer', ['member'], { memberId: member.memberId });
    const paymentToken =
      kind === 'card'
        ? await harness.cardToken(token, TEST_CARDS.visa.number)
        : await harness.bankToken(token, TEST_BANK_ACCOUNTS.settles.accountNumber);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      headers: as(token, `pay-${member.policyId}-${kind}`),
      payload: paymentBody(member, today(), {
        paymentAmount: amount,
        method: kind === 'card' ? 'Card' : 'BankAccount',
        paymentToken,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = MakePaymentResponseSchema.parse(response.json());
    return { paymentId: answer.receipt.paymentId, transactionId: answer.transactionID, memberToken: token };
  }

  const refund = (token: string, paymentId: string, payload: object, key: string) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1/payments-desk/payments/${paymentId}/refund`,
      headers: as(token, key),
      payload,
    });
  const voidIt = (token: string, paymentId: string, payload: object, key: string) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1/payments-desk/payments/${paymentId}/void`,
      headers: as(token, key),
      payload,
    });

  it('finds a payment by policy number, refunds part of it then the rest: the amount is due again, audited and notified', async () => {
    const member = await payablePolicy(harness.db);
    const { paymentId, transactionId, memberToken } = await paid(member, 'card');
    const paidThrough = (await financeOf(member.policyId))?.paidThroughDate;
    const token = await admin();

    const found = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/payments-desk/payments?q=${member.policyNumber.toLowerCase()}`,
      headers: as(token),
    });
    expect(found.statusCode, found.body).toBe(200);
    const page = DeskPaymentPageSchema.parse(found.json());
    expect(page.items).toMatchObject([
      {
        id: paymentId,
        refundableCents: 15_000,
        voidable: false,
        transactionStatus: 'Succeeded',
        subscriberName: 'Test Member',
      },
    ]);
    const reads = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'read'),
          sql`${paymentId} = any(${auditLog.recordIds})`,
          eq(auditLog.actorRole, 'administrator'),
        ),
      );
    expect(reads).toMatchObject([{ actingForHouseholdId: member.householdId, recordType: 'payment' }]);

    // Finding payments spans households; refunding one is acting for its member (docs/decisions/043).
    const notActing = await refund(
      token,
      paymentId,
      { amount: '50.00', reason: 'Charged twice by mistake' },
      'refund-not-acting',
    );
    expect(notActing.statusCode).toBe(403);
    expect(notActing.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    expect(chargeOf(transactionId)?.refundedCents).toBe(0);
    await actFor(harness.app, token, { householdId: member.householdId }, 'member-called');

    const part = await refund(
      token,
      paymentId,
      { amount: '50.00', reason: 'Charged twice by mistake' },
      'refund-part',
    );
    expect(part.statusCode, part.body).toBe(200);
    const partAnswer = DeskResultSchema.parse(part.json());
    expect(partAnswer.refund).toMatchObject({
      kind: 'refund',
      amountCents: 5_000,
      status: 'Succeeded',
      reason: 'Charged twice by mistake',
    });
    expect(partAnswer.payment).toMatchObject({
      transactionStatus: 'Succeeded',
      refundedCents: 5_000,
      refundableCents: 10_000,
    });
    expect(chargeOf(transactionId)?.refundedCents).toBe(5_000);
    // The ledger counts what the issuer kept: 100.00 no longer pays the first 150.00 month.
    const after = await financeOf(member.policyId);
    expect(after?.paidThroughDate).not.toBe(paidThrough);
    expect(after?.unallocatedAmountCents).toBe(10_000);

    const rest = await refund(token, paymentId, { reason: 'Member asked for the rest back' }, 'refund-rest');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(DeskResultSchema.parse(rest.json()).payment).toMatchObject({
      transactionStatus: 'Refunded',
      refundedCents: 15_000,
      refundableCents: 0,
    });
    expect((await financeOf(member.policyId))?.unallocatedAmountCents).toBe(0);

    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund-payment'), sql`${paymentId} = any(${auditLog.recordIds})`));
    expect(audits).toHaveLength(2);
    expect(
      audits.every(
        (row) =>
          row.outcome === 'success' &&
          row.actingForHouseholdId === member.householdId &&
          row.actorRole === 'administrator',
      ),
    ).toBe(true);
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(
      notes
        .filter((note) => note.templateName === 'notification.paymentRefunded')
        .map((note) => note.additionalValues),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amountCents: 5_000, last4: '4242' }),
        expect.objectContaining({ amountCents: 10_000 }),
      ]),
    );
    // The member's history says it.
    const history = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${member.policyId}/payments`,
      headers: as(memberToken),
    });
    expect(PaymentPageSchema.parse(history.json()).items[0]).toMatchObject({
      id: paymentId,
      transactionStatus: 'Refunded',
      refundedCents: 15_000,
    });
  });

  it('refuses more than what is left, and answers a replay with the first result without refunding twice', async () => {
    const member = await payablePolicy(harness.db);
    const { paymentId, transactionId } = await paid(member, 'card');
    const token = await harness.actingToken(['administrator'], { householdId: member.householdId });
    const over = await refund(token, paymentId, { amount: '150.01', reason: 'Too much on purpose' }, 'over');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      type: ProblemType.unprocessable,
      errors: [{ field: 'body.amount', code: 'amount-above-refundable', params: { maximum: 150 } }],
    });
    expect(chargeOf(transactionId)?.refundedCents).toBe(0);

    const first = await refund(token, paymentId, { amount: '20.00', reason: 'Goodwill credit' }, 'replayed');
    const again = await refund(token, paymentId, { amount: '20.00', reason: 'Goodwill credit' }, 'replayed');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(
      await harness.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)),
    ).toHaveLength(1);
    expect(chargeOf(transactionId)?.refundedCents).toBe(2_000);
    // Another body under the same key is refused, not refunded.
    const reused = await refund(token, paymentId, { amount: '30.00', reason: 'Goodwill credit' }, 'replayed');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ type: ProblemType.idempotencyKeyReused });
    expect(chargeOf(transactionId)?.refundedCents).toBe(2_000);
  });

  it('voids a pending bank payment (refunding it is refused), and refuses to void a settled one', async () => {
    const member = await payablePolicy(harness.db);
    const bank = await paid(member, 'bank');
    const token = await harness.actingToken(['administrator'], { householdId: member.householdId });
    const early = await refund(
      token,
      bank.paymentId,
      { reason: 'Member changed their mind' },
      'refund-pending',
    );
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ errors: [{ code: 'payment-not-settled' }] });

    const voided = await voidIt(token, bank.paymentId, { reason: 'Member changed their mind' }, 'void-1');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(DeskResultSchema.parse(voided.json())).toMatchObject({
      refund: { kind: 'void', status: 'Succeeded', amountCents: 15_000 },
      payment: { transactionStatus: 'Voided', voidable: false },
    });
    expect(chargeOf(bank.transactionId)?.status).toBe('voided');
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(notes.map((note) => note.templateName)).toContain('notification.paymentVoided');

    const other = await payablePolicy(harness.db);
    const card = await paid(other, 'card');
    await endActing(harness.app, token);
    await actFor(harness.app, token, { householdId: other.householdId });
    const settled = await voidIt(token, card.paymentId, { reason: 'Trying to void a card' }, 'void-settled');
    expect(settled.statusCode).toBe(422);
    expect(settled.json()).toMatchObject({ errors: [{ code: 'payment-settled' }] });
    expect(chargeOf(card.transactionId)?.status).toBe('succeeded');
  });

  it('answers 503 and records nothing when the processor fails, and refuses staff without the action', async () => {
    const member = await payablePolicy(harness.db);
    // A payment the processor does not know (history from another channel): it answers with an error.
    const paymentId = await createPayment(harness.db, member.policyId, { amountCents: 15_000 });
    const token = await harness.actingToken(['administrator'], { householdId: member.householdId });
    const failed = await refund(token, paymentId, { reason: 'Refund of a phone payment' }, 'processor-fails');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ type: ProblemType.unavailable });
    expect(
      await harness.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)),
    ).toHaveLength(0);
    expect(
      (await harness.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.transactionStatus,
    ).toBe('Succeeded');
    const audit = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'refund-payment'),
          eq(auditLog.outcome, 'failure'),
          eq(auditLog.actingForHouseholdId, member.householdId ?? ''),
        ),
      );
    expect(audit).toHaveLength(1);

    const agent = await harness.actingToken(['customer-service'], { householdId: member.householdId });
    const refused = await refund(agent, paymentId, { reason: 'Not mine to refund' }, 'agent');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: ProblemType.actionNotAllowed });
    const reason = await refund(token, paymentId, { reason: 'no' }, 'short-reason');
    expect(reason.statusCode).toBe(400);
  });

  it('retries a failed autopay month once: a second retry charges nothing', async () => {
    const member = await payablePolicy(harness.db);
    // Paid from January last year through last month (150.00 a month): this month is what autopay owes.
    const monthsPaid = 12 + new Date(`${today()}T00:00:00Z`).getUTCMonth();
    await createPayment(harness.db, member.policyId, {
      amountCents: monthsPaid * 15_000,
      transactionDate: `${Number(today().slice(0, 4)) - 1}-01-02`,
    });
    // The household's saved card (autopay pays only with a method still in the wallet), known to the sandbox.
    const token = await harness.sandbox.cardToken(TEST_CARDS.visa.number, {
      owner: householdOwner(member.householdId ?? ''),
    });
    const wallet = await createWallet(harness.db, member.householdId ?? '');
    await harness.db.update(walletCards).set({ token }).where(eq(walletCards.id, wallet.cardId));
    // Started today: no earlier month's run for the billing day to catch up on before this one.
    const subscriptionId = await createAutopaySubscription(harness.db, member.policyId, token, {
      startDate: today(),
    });
    const [run] = await harness.db
      .insert(autopayRuns)
      .values({
        subscriptionId,
        policyId: member.policyId,
        period: `${today().slice(0, 7)}-01`,
        runDate: today(),
        status: 'Failed',
        attempt: 2,
        reason: 'insufficient_funds',
        amountCents: 15_000,
      })
      .returning();
    if (!run) throw new Error('no run');
    const staff = await admin();
    // The failed work spans households; retrying a member's autopay month is acting for them (docs/decisions/043).
    await actFor(harness.app, staff, { policyId: member.policyId }, 'correcting-record');
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/payments-desk/failed-work',
      headers: as(staff),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(FailedWorkSchema.parse(listed.json()).autopayRuns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: run.id, policyNumber: member.policyNumber, attempt: 2 }),
      ]),
    );

    const retry = (key: string) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/v1/payments-desk/failed-autopay-runs/${run.id}/retry`,
        headers: as(staff, key),
      });
    const first = await retry('retry-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'done' });
    expect(first.json()).toMatchObject({ counts: { paid: 1 } });
    const [after] = await harness.db.select().from(autopayRuns).where(eq(autopayRuns.id, run.id));
    // A new attempt, under a new processor key: charged once.
    expect(after).toMatchObject({ attempt: 3, status: 'Paid' });
    const chargesOf = () =>
      harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === member.policyId);
    expect(chargesOf()).toHaveLength(1);
    const second = await retry('retry-2');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ outcome: 'already' });
    expect(chargesOf()).toHaveLength(1);
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retry-autopay-run'), sql`${run.id} = any(${auditLog.recordIds})`));
    expect(audits.map((row) => row.actingForHouseholdId)).toEqual([member.householdId, member.householdId]);
  });
});
