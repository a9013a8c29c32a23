import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MakePaymentResponseSchema, ProblemType, ReceiptSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { paymentBody, type PayablePolicy } from '../../../test/payment-body';
import { createMemberWithPolicy, createWallet } from '../../../test/fixtures';
import {
  auditLog,
  coverageSpans,
  finances,
  notifications,
  payments,
  policies,
  walletCards,
  wallets,
} from '../../db/schema';
import { householdOwner } from '../../processor/owner';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

type Db = ReturnType<typeof useTestApp>['db'];

/** A member's active policy with a finance row; the member owes 150.00 a month (premium 450.00 − APTC 300.00). */
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

/** A new enrolment waiting for its binder: coverage starts on the first of next month, not effectuated. */
async function binderPolicy(db: Db) {
  const member = await createMemberWithPolicy(db);
  const start = new Date();
  const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);
  await db
    .update(coverageSpans)
    .set({ startDate: next, effectuatedDate: null })
    .where(eq(coverageSpans.policyId, member.policyId));
  await db.update(policies).set({ enrollmentStatus: 'Pending' }).where(eq(policies.id, member.policyId));
  await db.insert(finances).values({
    policyId: member.policyId,
    premiumAmountDueCents: 15_000,
    currentAmountDueCents: 15_000,
    status: 'Binder',
  });
  return { ...member, start: next };
}

describe('POST /api/v1/Payment (SPEC §7 make-payment)', () => {
  const harness = useTestApp({ sandbox: { settleDelayMs: 300, slowAnswerMs: 7_000, timeoutMs: 3_500 } });
  const today = () => harness.app.today();

  const body = (policy: PayablePolicy, details: Record<string, unknown>) =>
    paymentBody(
      policy,
      today(),
      { paymentAmount: '150.00', method: 'Card', ...details },
      { zip: '02720-1234', emailAddress: 'test.member@example.org' },
    );
  const pay = (token: string, payload: unknown, key: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      payload: payload as object,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    });
  const memberToken = (memberId: string) => harness.tokenFor('consumer', ['member'], { memberId });
  const chargesFor = (policyId: string) =>
    harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === policyId);
  const financeOf = async (policyId: string) =>
    (await harness.db.select().from(finances).where(eq(finances.policyId, policyId)))[0];

  it('takes a card payment, applies it to the policy, audits it in its transaction and notifies the household', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const response = await pay(
      token,
      body(member, { paymentToken: await harness.cardToken(token, TEST_CARDS.visa.number) }),
      'pay-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = MakePaymentResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      typeField: 'Card',
      paymentDetails: { paymentAmount: '150.00', method: 'Card' },
      information: { subscriberFolderID: member.folderId },
      savedToWallet: 'not-asked',
      receipt: {
        status: 'Succeeded',
        amountCents: 15_000,
        methodBrand: 'Visa',
        methodLastDigits: '4242',
        paymentSource: 'Portal',
        policyNumber: member.policyNumber,
        payerName: 'Test Member',
      },
    });
    // The ledger starts at the first month of coverage (January last year): one month's share pays it.
    expect(answer.receipt.paidThroughDate).toBe(`${new Date().getUTCFullYear() - 1}-01-31`);
    const finance = await financeOf(member.policyId);
    expect(finance?.paidThroughDate).toBe(answer.receipt.paidThroughDate);
    // The finance says which months are still owed, from the same ledger: every month since, 150.00 each.
    expect(finance?.pastDueMonths[0]).toBe(`${new Date().getUTCFullYear() - 1}-02-01`);
    expect(finance?.pastAmountDueCents).toBe((finance?.pastDueMonths.length ?? 0) * 15_000);
    expect(chargesFor(member.policyId)).toHaveLength(1);
    const audit = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'make-payment'),
          sql`${answer.receipt.paymentId} = any(${auditLog.recordIds})`,
        ),
      );
    expect(audit).toMatchObject([
      { outcome: 'success', recordType: 'payment', actingForHouseholdId: member.householdId },
    ]);
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(
      notes.find((note) => note.templateName === 'notification.paymentReceived')?.additionalValues,
    ).toMatchObject({ amountCents: 15_000, last4: '4242', policyNumber: member.policyNumber });
    // The receipt is the member's to read again.
    const receipt = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Payment/${answer.receipt.paymentId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ReceiptSchema.parse(receipt.json())).toEqual(answer.receipt);
  });

  it('makes one payment for ten concurrent requests with one key, and refuses the key with another body (422)', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const payload = body(member, {
      paymentToken: await harness.cardToken(token, TEST_CARDS.mastercard.number),
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(token, payload, 'double-click')));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(
      await harness.db.select().from(payments).where(eq(payments.policyId, member.policyId)),
    ).toHaveLength(1);
    expect(chargesFor(member.policyId)).toHaveLength(1);
    const other = await pay(
      token,
      { ...payload, paymentDetails: { ...payload.paymentDetails, paymentAmount: '151.00' } },
      'double-click',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ type: ProblemType.idempotencyKeyReused });
    expect(chargesFor(member.policyId)).toHaveLength(1);
  });

  it('records a decline, answers 402 with the reason and changes nothing owed', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const before = await financeOf(member.policyId);
    const response = await pay(
      token,
      body(member, { paymentToken: await harness.cardToken(token, TEST_CARDS.insufficientFunds.number) }),
      'declined-1',
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      type: ProblemType.paymentDeclined,
      declineCode: 'insufficient_funds',
    });
    const [recorded] = await harness.db.select().from(payments).where(eq(payments.policyId, member.policyId));
    expect(recorded).toMatchObject({
      transactionStatus: 'Failed',
      failureReason: 'insufficient_funds',
      amountCents: 15_000,
    });
    expect(await financeOf(member.policyId)).toEqual(before);
    const audit = await harness.db
      .select()
      .from(auditLog)
      .where(sql`${recorded?.id ?? ''} = any(${auditLog.recordIds})`);
    expect(audit).toMatchObject([{ action: 'make-payment', outcome: 'failure', reason: 'declined' }]);
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(notes.map((note) => note.templateName)).toContain('notification.paymentFailed');
  });

  it('refuses bad amounts with field errors before anything is charged', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const card = await harness.cardToken(token, TEST_CARDS.visa.number);
    const cases: [string, number, string][] = [
      ['12.345', 400, 'too-many-decimals'],
      ['-5', 400, 'not-positive'],
      ['abc', 400, 'not-a-number'],
      ['0.99', 422, 'amount-below-minimum'],
      ['5000.01', 422, 'amount-above-maximum'],
    ];
    for (const [amount, status, code] of cases) {
      const response = await pay(
        token,
        body(member, { paymentToken: card, paymentAmount: amount }),
        `amount-${amount}`,
      );
      expect(response.statusCode, amount).toBe(status);
      expect(response.json<{ errors: { field: string; code: string }[] }>().errors[0], amount).toMatchObject({
        field: 'body.paymentDetails.paymentAmount',
        code,
      });
    }
    const notToday = body(member, { paymentToken: card });
    notToday.information.date = '01/02/2020';
    expect((await pay(token, notToday, 'old-date')).json()).toMatchObject({
      errors: [{ field: 'body.information.date', code: 'date-not-today' }],
    });
    expect(chargesFor(member.policyId)).toHaveLength(0);
  });

  it('refuses another household’s policy (403) and another household’s saved card (422), charging nothing', async () => {
    const member = await payablePolicy(harness.db);
    const stranger = await payablePolicy(harness.db);
    const strangersWallet = await createWallet(harness.db, stranger.householdId ?? '');
    const token = await memberToken(member.memberId);
    const card = await harness.cardToken(token, TEST_CARDS.visa.number);
    expect((await pay(token, body(stranger, { paymentToken: card }), 'strangers-policy')).statusCode).toBe(
      403,
    );
    const withStrangersCard = await pay(
      token,
      body(member, { walletItemId: strangersWallet.cardId }),
      'strangers-card',
    );
    expect(withStrangersCard.statusCode).toBe(422);
    expect(withStrangersCard.json()).toMatchObject({
      errors: [{ field: 'body.paymentDetails.walletItemId', code: 'not-yours' }],
    });
    const unknown = await pay(token, body(member, { paymentToken: 'tok_no_such_token' }), 'unknown-token');
    expect(unknown.json()).toMatchObject({ errors: [{ code: 'unknown-token' }] });
    expect(chargesFor(member.policyId)).toHaveLength(0);
    expect(chargesFor(stranger.policyId)).toHaveLength(0);
  });

  it('keeps a bank payment pending until the processor settles it, then applies it', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const response = await pay(
      token,
      body(member, {
        method: 'BankAccount',
        paymentToken: await harness.bankToken(token, TEST_BANK_ACCOUNTS.settles.accountNumber),
      }),
      'bank-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const { receipt } = MakePaymentResponseSchema.parse(response.json());
    expect(receipt).toMatchObject({ status: 'Pending', paymentMethod: 'BankAccount', paidThroughDate: null });
    expect((await financeOf(member.policyId))?.paidThroughDate).toBeNull();
    await expect
      .poll(
        async () =>
          (await harness.db.select().from(payments).where(eq(payments.id, receipt.paymentId)))[0]
            ?.transactionStatus,
        { timeout: 10_000 },
      )
      .toBe('Succeeded');
    expect((await financeOf(member.policyId))?.paidThroughDate).toBe(
      `${new Date().getUTCFullYear() - 1}-01-31`,
    );
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(notes.map((note) => note.templateName)).toEqual(
      expect.arrayContaining(['notification.paymentPending', 'notification.paymentSettled']),
    );
  });

  it('reverses a bank payment the bank returns (R01) and tells the household', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const response = await pay(
      token,
      body(member, {
        method: 'BankAccount',
        paymentToken: await harness.bankToken(token, TEST_BANK_ACCOUNTS.returnedR01.accountNumber),
      }),
      'bank-r01',
    );
    const { receipt } = MakePaymentResponseSchema.parse(response.json());
    await expect
      .poll(
        async () =>
          (await harness.db.select().from(payments).where(eq(payments.id, receipt.paymentId)))[0]
            ?.transactionStatus,
        { timeout: 10_000 },
      )
      .toBe('Returned');
    expect((await financeOf(member.policyId))?.paidThroughDate).toBeNull();
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(notes.map((note) => note.templateName)).toContain('notification.paymentReturned');
  });

  it('charges once when the processor answers too late: the retry with the same key finds the first charge', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const payload = body(member, {
      paymentToken: await harness.cardToken(token, TEST_CARDS.slowAnswer.number),
    });
    const first = await pay(token, payload, 'slow-1');
    expect(first.statusCode).toBe(504);
    expect(first.json()).toMatchObject({ type: ProblemType.paymentOutcomeUnknown });
    // The sandbox finishes the slow charge after slowAnswerMs; the retry comes after that.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const retry = await pay(token, payload, 'slow-1');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(chargesFor(member.policyId)).toHaveLength(1);
    expect(
      await harness.db.select().from(payments).where(eq(payments.policyId, member.policyId)),
    ).toHaveLength(1);
  }, 30_000);

  it('effectuates a new enrolment’s coverage with its binder, paid in full (45 CFR 155.400)', async () => {
    const member = await binderPolicy(harness.db);
    const token = await memberToken(member.memberId);
    const card = await harness.cardToken(token, TEST_CARDS.discover.number);
    const short = await pay(
      token,
      body(member, { paymentToken: card, paymentAmount: '100.00' }),
      'binder-short',
    );
    expect(short.json()).toMatchObject({
      errors: [{ code: 'binder-must-be-full', params: { minimum: 150 } }],
    });
    const response = await pay(token, body(member, { paymentToken: card }), 'binder-1');
    expect(response.statusCode, response.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(response.json()).receipt).toMatchObject({
      status: 'Succeeded',
      paymentSource: 'Binder',
      effectuated: true,
    });
    const [span] = await harness.db
      .select()
      .from(coverageSpans)
      .where(eq(coverageSpans.policyId, member.policyId));
    expect(span?.effectuatedDate).toBe(today());
    expect(await financeOf(member.policyId)).toMatchObject({ status: 'Current', currentAmountDueCents: 0 });
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, member.householdId ?? ''));
    expect(
      notes.find((note) => note.templateName === 'notification.coverageEffectuated')?.additionalValues,
    ).toMatchObject({ effectiveDate: member.start });
  });

  it('lets a guest pay with a one-time card only, and never keep it', async () => {
    const member = await payablePolicy(harness.db);
    const wallet = await createWallet(harness.db, member.householdId ?? '');
    const located = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'exchangeSubscriberId',
        identifier: member.exchangeSubscriberId,
        dateOfBirth: '1985-04-12',
        zipCode: '02720',
      },
    });
    const guest = await portalTokenOf(harness.app, located);
    const card = await harness.cardToken(guest, TEST_CARDS.amex.number);
    expect(
      (await pay(guest, body(member, { walletItemId: wallet.cardId }), 'guest-wallet')).json(),
    ).toMatchObject({ errors: [{ code: 'not-yours' }] });
    expect(
      (await pay(guest, body(member, { paymentToken: card, saveToWallet: true }), 'guest-save')).json(),
    ).toMatchObject({ errors: [{ code: 'not-allowed' }] });
    const response = await pay(guest, body(member, { paymentToken: card }), 'guest-pay');
    expect(response.statusCode, response.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(response.json()).receipt).toMatchObject({
      paymentSource: 'Guest',
      methodBrand: 'Amex',
      methodLastDigits: '0005',
    });
  });

  it('keeps a new card in the wallet when the member asks, in the payment’s transaction', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const response = await pay(
      token,
      body(member, {
        paymentToken: await harness.cardToken(token, TEST_CARDS.mastercardDebit.number),
        saveToWallet: true,
      }),
      'save-1',
    );
    expect(MakePaymentResponseSchema.parse(response.json()).savedToWallet).toBe('saved');
    const saved = await harness.db.select().from(walletCards).where(eq(walletCards.last4, '8210'));
    expect(
      saved.some((card) => card.cardHolderName === 'Test Member' && card.billingZipCode === '02720'),
    ).toBe(true);
  });

  it('issue 33 item 2: pays but does not save a card the wallet already holds, and says so', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const first = await pay(
      token,
      body(member, {
        paymentToken: await harness.cardToken(token, TEST_CARDS.discover.number),
        saveToWallet: true,
      }),
      'save-twice-1',
    );
    expect(MakePaymentResponseSchema.parse(first.json()).savedToWallet).toBe('saved');
    const second = await pay(
      token,
      body(member, {
        paymentToken: await harness.cardToken(token, TEST_CARDS.discover.number),
        saveToWallet: true,
      }),
      'save-twice-2',
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(second.json())).toMatchObject({
      savedToWallet: 'already-saved',
      receipt: { status: 'Succeeded' },
    });
    const [wallet] = await harness.db
      .select()
      .from(wallets)
      .where(eq(wallets.householdId, member.householdId ?? ''));
    expect(
      await harness.db
        .select()
        .from(walletCards)
        .where(and(eq(walletCards.walletId, wallet?.id ?? ''), eq(walletCards.state, 'Active'))),
    ).toHaveLength(1);
    expect(chargesFor(member.policyId)).toHaveLength(2);
  });

  it('lets customer service pay a member’s policy with the member’s saved card, audited as acting for the household', async () => {
    const member = await payablePolicy(harness.db);
    const wallet = await createWallet(harness.db, member.householdId ?? '');
    // The fixture's saved card gets a token the sandbox knows.
    await harness.db
      .update(walletCards)
      .set({
        token: await harness.sandbox.cardToken(TEST_CARDS.visa.number, {
          owner: householdOwner(member.householdId ?? ''),
        }),
      })
      .where(eq(walletCards.id, wallet.cardId));
    const agent = await harness.actingToken(['customer-service'], { householdId: member.householdId });
    const response = await pay(agent, body(member, { walletItemId: wallet.cardId }), 'agent-pay');
    expect(response.statusCode, response.body).toBe(201);
    const { receipt } = MakePaymentResponseSchema.parse(response.json());
    const [audit] = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'make-payment'), sql`${receipt.paymentId} = any(${auditLog.recordIds})`),
      );
    expect(audit).toMatchObject({
      actorRole: 'customer-service',
      actingForHouseholdId: member.householdId,
      outcome: 'success',
    });
    // Keeping methods is the member's (role-config): customer service cannot save one.
    const save = await pay(
      agent,
      body(member, {
        paymentToken: await harness.cardToken(agent, TEST_CARDS.visa.number),
        saveToWallet: true,
      }),
      'agent-save',
    );
    expect(save.json()).toMatchObject({ errors: [{ code: 'not-allowed' }] });
  });
});

describe('issue 33 item 1: a one-time token is usable only by the household (or guest session) that made it', () => {
  const harness = useTestApp({ sandbox: true });
  const today = () => harness.app.today();
  const body = (policy: PayablePolicy, details: Record<string, unknown>) =>
    paymentBody(policy, today(), { paymentAmount: '150.00', method: 'Card', ...details });
  const pay = (token: string, payload: unknown, key: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      payload: payload as object,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    });
  const chargesFor = (policyId: string) =>
    harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === policyId);

  it('issue 33 item 1: refuses a token saved in another household’s wallet: nothing charged, the refusal audited', async () => {
    const a = await payablePolicy(harness.db);
    const b = await payablePolicy(harness.db);
    const tokenA = await harness.tokenFor('consumer', ['member'], { memberId: a.memberId });
    const tokenB = await harness.tokenFor('consumer', ['member'], { memberId: b.memberId });
    // Household B saves a card in its wallet.
    const cardOfB = await harness.cardToken(tokenB, TEST_CARDS.visa.number);
    const opened = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/Wallet/household/${b.householdId ?? ''}`,
      headers: { authorization: `Bearer ${tokenB}`, 'idempotency-key': 'open-b' },
    });
    const walletId = opened.json<{ id: string }>().id;
    const saved = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/Wallet/add-credit-card/${walletId}`,
      headers: { authorization: `Bearer ${tokenB}`, 'idempotency-key': 'save-b' },
      payload: {
        paymentToken: cardOfB,
        isDefault: true,
        cardHolderName: 'B Member',
        billingAddress: { street1: '1 Main St', city: 'Boston', state: 'MA' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // Member A pays A's policy with B's token.
    const response = await pay(tokenA, body(a, { paymentToken: cardOfB }), 'a-with-b-card');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [{ field: 'body.paymentDetails.paymentToken', code: 'unknown-token' }],
    });
    expect(chargesFor(a.policyId)).toHaveLength(0);
    expect(await harness.db.select().from(payments).where(eq(payments.policyId, a.policyId))).toHaveLength(0);
    const refusals = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'make-payment'), eq(auditLog.actingForHouseholdId, a.householdId ?? '')),
      );
    expect(refusals).toMatchObject([{ outcome: 'failure', reason: 'token-not-yours' }]);
  });

  it('issue 33 item 1: refuses another household’s one-time token, a guest session’s token to a member and a member’s to a guest', async () => {
    const a = await payablePolicy(harness.db);
    const b = await payablePolicy(harness.db);
    const tokenA = await harness.tokenFor('consumer', ['member'], { memberId: a.memberId });
    const located = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'exchangeSubscriberId',
        identifier: b.exchangeSubscriberId,
        dateOfBirth: '1985-04-12',
        zipCode: '02720',
      },
    });
    const guest = await portalTokenOf(harness.app, located);
    const tokenB = await harness.tokenFor('consumer', ['member'], { memberId: b.memberId });
    const ofB = await harness.cardToken(tokenB, TEST_CARDS.mastercard.number);
    const ofGuest = await harness.cardToken(guest, TEST_CARDS.amex.number);
    const ofA = await harness.cardToken(tokenA, TEST_CARDS.discover.number);
    for (const [caller, policy, token, key] of [
      [tokenA, a, ofB, 'a-b-once'],
      [tokenA, a, ofGuest, 'a-guest'],
      [guest, b, ofA, 'guest-a'],
    ] as const) {
      const response = await pay(caller, body(policy, { paymentToken: token }), key);
      expect(response.statusCode, key).toBe(422);
      expect(response.json()).toMatchObject({
        errors: [{ field: 'body.paymentDetails.paymentToken', code: 'unknown-token' }],
      });
    }
    expect([...chargesFor(a.policyId), ...chargesFor(b.policyId)]).toHaveLength(0);
    // Each pays with its own.
    expect((await pay(tokenA, body(a, { paymentToken: ofA }), 'a-own')).statusCode).toBe(201);
    expect((await pay(guest, body(b, { paymentToken: ofGuest }), 'guest-own')).statusCode).toBe(201);
  });
});
