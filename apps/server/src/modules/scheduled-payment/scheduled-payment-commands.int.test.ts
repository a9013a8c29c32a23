import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MakePaymentScheduledResponseSchema,
  ProblemType,
  ScheduledPaymentListSchema,
  ScheduledPaymentSchema,
} from '@portal/contracts';
import { addDays, formatUsDate, toWireAmount } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { paymentBody, type PayablePolicy } from '../../../test/payment-body';
import { createMemberWithPolicy, createScheduledPayment, createWallet } from '../../../test/fixtures';
import { saveSandboxCard } from '../../../test/saved-card';
import { secretsInDatabase, secretsInLogs } from '../../../test/secrets-scan';
import { auditLog, finances, notifications, payments, scheduledPayments, walletCards } from '../../db/schema';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

type Response = Awaited<ReturnType<ReturnType<typeof useTestApp>['app']['inject']>>;
interface FieldErrors {
  errors: { field: string; code: string; params?: Record<string, string | number> }[];
}

/**
 * Issue 10's scheduled-payment commands (SPEC §3 Scheduled payment, §4, §9) through the write path, with
 * the sandbox processor behind the port: create, change, cancel; their rules; make-payment with a later
 * date and SPEC §4's clearing; the billing day charging what was scheduled.
 */
describe('scheduled-payment commands', () => {
  const harness = useTestApp({ sandbox: true, captureLogs: true });
  const today = () => harness.app.today();
  const limits = () => harness.app.tenant.account.payments;

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    token: string,
    body?: object,
    key: string = randomUUID(),
  ) =>
    harness.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      ...(body ? { payload: body } : {}),
    });
  const create = (m: { policyId: string; token: string }, body: object, key?: string) =>
    send('POST', `Policy/${m.policyId}/scheduled-payments`, m.token, body, key);
  const change = (token: string, id: string, body: object, key?: string) =>
    send('PUT', `ScheduledPayment/${id}`, token, body, key);
  const cancel = (token: string, id: string, key?: string) =>
    send('PUT', `ScheduledPayment/${id}/cancel`, token, undefined, key);
  const list = async (m: { policyId: string; token: string }) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${m.policyId}/scheduled-payments`,
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return ScheduledPaymentListSchema.parse(response.json());
  };
  const created = (response: Response) => {
    expect(response.statusCode, response.body).toBe(201);
    return ScheduledPaymentSchema.parse(response.json());
  };
  /** The first field error of a refusal, with the status it came with. */
  const refusal = (response: Response) => ({
    status: response.statusCode,
    ...response.json<FieldErrors>().errors[0],
  });
  const rowOf = async (id: string) =>
    (await harness.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, id)))[0];

  /** A member with an active policy (owing 150.00), signed in, and a wallet (a Visa card and a checking account). */
  const CLOCKED = '9999-12-31';
  async function member() {
    const subscriber = await createMemberWithPolicy(harness.db);
    const householdId = subscriber.householdId ?? '';
    // The amounts are set by hand, not from a ledger of invoices and payments, so the billing clock (the
    // billing day's first step, tested in finance/billing-clock.int.test.ts) is told this policy's day has
    // been clocked: it would otherwise find a year of coverage and no payment, and end the coverage.
    await harness.db.insert(finances).values({
      policyId: subscriber.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
      clockDate: CLOCKED,
    });
    const wallet = await createWallet(harness.db, householdId);
    const token = await harness.tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    return { ...subscriber, householdId, wallet, token };
  }
  const body = (m: { wallet: { cardId: string } }, extra: object = {}) => ({
    walletItemId: m.wallet.cardId,
    paymentAmount: '125.50',
    paymentDate: addDays(today(), 10),
    description: 'March premium',
    ...extra,
  });

  it('schedules a payment from a saved card: the answer and the list show it, audited in its transaction, the household notified', async () => {
    const m = await member();
    const answer = created(await create(m, body(m)));
    expect(answer).toMatchObject({
      accountId: m.policyId,
      paymentAmountCents: 12_550,
      paymentDate: addDays(today(), 10),
      description: 'March premium',
      paymentMethod: 'Card',
      status: 'Scheduled',
      failureReason: null,
      planName: 'Test Silver HMO',
      paymentSource: { kind: 'card', id: m.wallet.cardId, lastDigits: '4242', brand: 'Visa' },
    });
    expect(JSON.stringify(answer)).not.toContain(m.wallet.cardToken);
    expect((await rowOf(answer.id))?.paymentToken).toBe(m.wallet.cardToken);
    expect(await list(m)).toMatchObject({
      items: [{ id: answer.id }],
      scheduledCount: 1,
      remaining: 2,
      canAddScheduledPayment: true,
    });
    // A bank account, without a description.
    const bank = created(
      await create(m, {
        walletItemId: m.wallet.bankAccountId,
        paymentAmount: '20',
        paymentDate: addDays(today(), 1),
      }),
    );
    expect(bank).toMatchObject({
      paymentMethod: 'BankAccount',
      paymentAmountCents: 2_000,
      description: null,
      paymentSource: { kind: 'bankAccount', lastDigits: '789' },
    });

    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'scheduled-payment.create'), sql`${answer.id} = any(${auditLog.recordIds})`),
      );
    expect(audits).toMatchObject([
      { outcome: 'success', recordType: 'scheduled-payment', actingForHouseholdId: m.householdId },
    ]);
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, m.householdId));
    const note = notes.find(
      (one) =>
        one.templateName === 'notification.scheduledPaymentCreated' &&
        (one.additionalValues as { amountCents?: number }).amountCents === 12_550,
    );
    expect(note).toMatchObject({
      link: '/payments/scheduled-payments',
      linkTextKey: 'notification.link.viewScheduledPayments',
      additionalValues: { policyNumber: m.policyNumber, paymentDate: addDays(today(), 10) },
    });
  });

  it('replays a retry with the same Idempotency-Key (one payment), refuses the key with another body, and requires a key', async () => {
    const m = await member();
    const first = await create(m, body(m), 'schedule-once');
    const again = await create(m, body(m), 'schedule-once');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await list(m)).items).toHaveLength(1);
    const other = await create(m, body(m, { paymentAmount: '99.00' }), 'schedule-once');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ type: ProblemType.idempotencyKeyReused });
    const keyless = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/Policy/${m.policyId}/scheduled-payments`,
      headers: { authorization: `Bearer ${m.token}` },
      payload: body(m),
    });
    expect(keyless.statusCode).toBe(400);
    expect((await list(m)).items).toHaveLength(1);
    // A change and a cancellation replay too.
    const id = ScheduledPaymentSchema.parse(first.json()).id;
    const changed = await change(m.token, id, { paymentAmount: '130.00' }, 'change-once');
    expect((await change(m.token, id, { paymentAmount: '130.00' }, 'change-once')).json()).toEqual(
      changed.json(),
    );
    const cancelled = await cancel(m.token, id, 'cancel-once');
    const replayed = await cancel(m.token, id, 'cancel-once');
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(cancelled.json());
  });

  it(`allows at most maxScheduledPaymentsAllowed Scheduled per policy, even asked at once; a cancelled or paid one does not count`, async () => {
    const m = await member();
    const maximum = limits().maxScheduledPaymentsAllowed;
    expect(maximum).toBe(3);
    await createScheduledPayment(harness.db, m.policyId, m.wallet.cardToken, {
      status: 'Paid',
      paymentDate: addDays(today(), -3),
    });
    await createScheduledPayment(harness.db, m.policyId, m.wallet.cardToken, {
      status: 'Cancelled',
      paymentDate: addDays(today(), 3),
    });
    const ids: string[] = [];
    for (const days of [5, 6])
      ids.push(created(await create(m, body(m, { paymentDate: addDays(today(), days) }))).id);
    // Five requests for the last place at the same time: exactly one gets it.
    const racing = await Promise.all(
      [7, 8, 9, 10, 11].map((days) => create(m, body(m, { paymentDate: addDays(today(), days) }))),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const response of racing.filter((one) => one.statusCode === 422)) {
      expect(refusal(response)).toMatchObject({
        field: 'params.policyId',
        code: 'limit-reached',
        params: { maximum },
      });
    }
    expect(await list(m)).toMatchObject({ scheduledCount: 3, remaining: 0, canAddScheduledPayment: false });
    // One cancelled makes room for one more.
    expect((await cancel(m.token, ids[0] ?? '')).statusCode).toBe(200);
    created(await create(m, body(m, { paymentDate: addDays(today(), 12) })));
    expect(refusal(await create(m, body(m)))).toMatchObject({ status: 422, code: 'limit-reached' });
  });

  it('takes dates from tomorrow to the configured horizon only (today, the past and the day after the horizon are refused)', async () => {
    const m = await member();
    const horizon = limits().scheduledPaymentHorizonDays;
    expect(horizon).toBe(90);
    const earliest = addDays(today(), 1);
    const latest = addDays(today(), horizon);
    for (const date of [today(), addDays(today(), -1), '2020-01-01']) {
      expect(refusal(await create(m, body(m, { paymentDate: date }))), date).toEqual({
        status: 422,
        field: 'body.paymentDate',
        code: 'date-too-early',
        params: { earliest },
        reason: expect.any(String) as string,
      });
    }
    expect(refusal(await create(m, body(m, { paymentDate: addDays(latest, 1) })))).toMatchObject({
      status: 422,
      field: 'body.paymentDate',
      code: 'date-after-horizon',
      params: { latest },
    });
    expect(refusal(await create(m, body(m, { paymentDate: '2026-02-30' })))).toMatchObject({
      status: 400,
      field: 'body.paymentDate',
      code: 'not-a-date',
    });
    expect(refusal(await create(m, body(m, { paymentDate: '12/01/2026' })))).toMatchObject({
      status: 400,
      field: 'body.paymentDate',
    });
    expect(created(await create(m, body(m, { paymentDate: earliest }))).paymentDate).toBe(earliest);
    expect(created(await create(m, body(m, { paymentDate: latest }))).paymentDate).toBe(latest);
    expect((await list(m)).scheduledCount).toBe(2);
  });

  it('takes amounts within the tenant’s limits with at most two decimals', async () => {
    const m = await member();
    const { minAllowedPaymentCents: min, maxAllowedPaymentCents: max } = limits();
    const cases: [string, number, string][] = [
      [toWireAmount(min - 1), 422, 'amount-below-minimum'],
      [toWireAmount(max + 1), 422, 'amount-above-maximum'],
      ['0', 400, 'not-positive'],
      ['12.345', 400, 'too-many-decimals'],
      ['-5', 400, 'not-positive'],
      ['abc', 400, 'not-a-number'],
    ];
    for (const [amount, status, code] of cases) {
      expect(refusal(await create(m, body(m, { paymentAmount: amount }))), amount).toMatchObject({
        status,
        field: 'body.paymentAmount',
        code,
      });
    }
    expect(refusal(await create(m, body(m, { paymentAmount: '0.99' })))).toMatchObject({
      params: { minimum: min / 100 },
    });
    expect(refusal(await create(m, body(m, { paymentAmount: toWireAmount(max + 1) })))).toMatchObject({
      params: { maximum: max / 100 },
    });
    // Both bounds are allowed; "7.5" is 7.50.
    expect(created(await create(m, body(m, { paymentAmount: toWireAmount(min) }))).paymentAmountCents).toBe(
      min,
    );
    expect(created(await create(m, body(m, { paymentAmount: toWireAmount(max) }))).paymentAmountCents).toBe(
      max,
    );
    expect(created(await create(m, body(m, { paymentAmount: '7.5' }))).paymentAmountCents).toBe(750);
    // Several rules broken at once are said at once, each on its field.
    const both = await create(
      m,
      body(m, { paymentAmount: '0.50', paymentDate: today(), walletItemId: randomUUID() }),
    );
    expect(both.json<FieldErrors>().errors.map((error) => [error.field, error.code])).toEqual([
      ['body.paymentDate', 'date-too-early'],
      ['body.paymentAmount', 'amount-below-minimum'],
      ['body.walletItemId', 'not-yours'],
    ]);
  });

  it('refuses another household’s policy (403), another household’s or a removed saved method, and a binder', async () => {
    const m = await member();
    const stranger = await member();
    expect((await create({ policyId: stranger.policyId, token: m.token }, body(m))).statusCode).toBe(403);
    expect(refusal(await create(m, body(m, { walletItemId: stranger.wallet.cardId })))).toMatchObject({
      status: 422,
      field: 'body.walletItemId',
      code: 'not-yours',
    });
    await harness.db.update(walletCards).set({ state: 'Removed' }).where(eq(walletCards.id, m.wallet.cardId));
    expect(refusal(await create(m, body(m)))).toMatchObject({
      status: 422,
      field: 'body.walletItemId',
      code: 'not-yours',
    });
    // A binder (the first premium) is paid now, in full: it is never scheduled.
    await harness.db.update(finances).set({ status: 'Binder' }).where(eq(finances.policyId, m.policyId));
    expect(refusal(await create(m, body(m, { walletItemId: m.wallet.bankAccountId })))).toMatchObject({
      status: 422,
      field: 'params.policyId',
      code: 'binder-pays-now',
    });
    expect(
      await harness.db.select().from(scheduledPayments).where(eq(scheduledPayments.policyId, m.policyId)),
    ).toEqual([]);
    const failures = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'schedule-payment'), eq(auditLog.actingForHouseholdId, m.householdId)));
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.every((row) => row.outcome === 'failure')).toBe(true);
  });

  it('changes the date and the amount while Scheduled, with the same rules, and notifies', async () => {
    const m = await member();
    const { id } = created(await create(m, body(m)));
    const moved = await change(m.token, id, { paymentDate: addDays(today(), 20) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ScheduledPaymentSchema.parse(moved.json())).toMatchObject({
      id,
      paymentDate: addDays(today(), 20),
      paymentAmountCents: 12_550,
      status: 'Scheduled',
    });
    const both = await change(m.token, id, { paymentDate: addDays(today(), 2), paymentAmount: '60.25' });
    expect(both.json()).toMatchObject({ paymentDate: addDays(today(), 2), paymentAmountCents: 6_025 });
    expect(refusal(await change(m.token, id, { paymentDate: today() }))).toMatchObject({
      status: 422,
      field: 'body.paymentDate',
      code: 'date-too-early',
    });
    expect(refusal(await change(m.token, id, { paymentDate: addDays(today(), 91) }))).toMatchObject({
      status: 422,
      code: 'date-after-horizon',
    });
    expect(refusal(await change(m.token, id, { paymentAmount: '0.99' }))).toMatchObject({
      status: 422,
      field: 'body.paymentAmount',
      code: 'amount-below-minimum',
    });
    expect(refusal(await change(m.token, id, { paymentAmount: '12.345' }))).toMatchObject({
      status: 400,
      code: 'too-many-decimals',
    });
    expect(refusal(await change(m.token, id, {}))).toMatchObject({
      status: 400,
      field: 'body.paymentDate',
      code: 'nothing-to-change',
    });
    expect(await rowOf(id)).toMatchObject({
      paymentDate: addDays(today(), 2),
      paymentAmountCents: 6_025,
      status: 'Scheduled',
    });
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.householdId, m.householdId),
          eq(notifications.templateName, 'notification.scheduledPaymentChanged'),
        ),
      );
    expect(notes).toHaveLength(2);
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'scheduled-payment.change'),
          eq(auditLog.outcome, 'success'),
          sql`${id} = any(${auditLog.recordIds})`,
        ),
      );
    expect(audits).toHaveLength(2);
  });

  it('cancels while Scheduled only; a payment being charged, paid, failed, cancelled or cleared cannot change', async () => {
    const m = await member();
    const { id } = created(await create(m, body(m)));
    const cancelled = await cancel(m.token, id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ScheduledPaymentSchema.parse(cancelled.json())).toMatchObject({ id, status: 'Cancelled' });
    expect(refusal(await cancel(m.token, id))).toMatchObject({
      status: 422,
      field: 'params.id',
      code: 'not-scheduled',
      params: { status: 'Cancelled' },
    });
    expect(refusal(await change(m.token, id, { paymentAmount: '10.00' }))).toMatchObject({
      status: 422,
      code: 'not-scheduled',
    });
    for (const status of ['Processing', 'Paid', 'Pending', 'Failed', 'Cleared'] as const) {
      const other = await createScheduledPayment(harness.db, m.policyId, m.wallet.cardToken, {
        status,
        paymentDate: addDays(today(), 4),
      });
      expect(refusal(await cancel(m.token, other)), status).toMatchObject({
        status: 422,
        code: 'not-scheduled',
        params: { status },
      });
      expect(
        refusal(await change(m.token, other, { paymentDate: addDays(today(), 5) })),
        status,
      ).toMatchObject({ status: 422, code: 'not-scheduled' });
      expect((await rowOf(other))?.status).toBe(status);
    }
    await harness.app.outbox.drain();
    const notes = await harness.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.householdId, m.householdId),
          eq(notifications.templateName, 'notification.scheduledPaymentCancelled'),
        ),
      );
    expect(notes).toHaveLength(1);
  });

  it('answers another household’s scheduled payment like an unknown one (404), audits the refusal, and changes nothing', async () => {
    const m = await member();
    const stranger = await member();
    const { id } = created(await create(stranger, body(stranger)));
    expect((await change(m.token, id, { paymentAmount: '10.00' })).statusCode).toBe(404);
    expect((await cancel(m.token, id)).statusCode).toBe(404);
    expect((await cancel(m.token, randomUUID())).statusCode).toBe(404);
    expect((await cancel(m.token, 'not-an-id')).statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ status: 'Scheduled', paymentAmountCents: 12_550 });
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.recordType, 'scheduled-payment'),
          sql`${id} = any(${auditLog.recordIds})`,
        ),
      );
    expect(denied).toHaveLength(2);
    expect(denied[0]).toMatchObject({ action: 'access', actingForHouseholdId: stranger.householdId });
  });

  it('lets customer service schedule for a member they looked up (role action schedule-payment), audited as acting for the household', async () => {
    const m = await member();
    const staff = await harness.actingToken(['customer-service'], { householdId: m.householdId });
    const answer = created(await create({ policyId: m.policyId, token: staff }, body(m)));
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'scheduled-payment.create'), sql`${answer.id} = any(${auditLog.recordIds})`),
      );
    expect(audits).toMatchObject([{ actingForHouseholdId: m.householdId }]);
    expect((await cancel(staff, answer.id)).statusCode).toBe(200);
  });

  describe('make-payment with a later date (POST /api/v1/Payment)', () => {
    const paymentBodyOf = (m: PayablePolicy, date: string, details: Record<string, unknown>) =>
      paymentBody(m, date, { paymentAmount: '150.00', method: 'Card', ...details });
    const pay = (token: string, payload: object, key: string = randomUUID()) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/Payment',
        payload,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });
    const chargesFor = (policyId: string) =>
      harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === policyId);

    it('schedules it instead of charging (202) and, per SPEC §4, clears the policy’s other Scheduled payments in the same transaction', async () => {
      const m = await member();
      const first = created(await create(m, body(m, { paymentDate: addDays(today(), 3) })));
      const second = created(await create(m, body(m, { paymentDate: addDays(today(), 30) })));
      const paid = await createScheduledPayment(harness.db, m.policyId, m.wallet.cardToken, {
        status: 'Paid',
        paymentDate: addDays(today(), -10),
      });
      const later = addDays(today(), 14);
      const payload = paymentBodyOf(m, later, { walletItemId: m.wallet.cardId });
      const response = await pay(m.token, payload, 'pay-later');
      expect(response.statusCode, response.body).toBe(202);
      const answer = MakePaymentScheduledResponseSchema.parse(response.json());
      expect(answer).toMatchObject({
        date: formatUsDate(later),
        paymentDetails: { paymentAmount: '150.00', method: 'Card' },
        information: { subscriberFolderID: m.folderId },
        clearedScheduledPayments: 2,
        scheduledPayment: {
          paymentDate: later,
          paymentAmountCents: 15_000,
          status: 'Scheduled',
          paymentSource: { id: m.wallet.cardId },
        },
      });
      // Nothing charged, nothing in the history.
      expect(chargesFor(m.policyId)).toEqual([]);
      expect(await harness.db.select().from(payments).where(eq(payments.policyId, m.policyId))).toEqual([]);
      expect((await rowOf(first.id))?.status).toBe('Cleared');
      expect((await rowOf(second.id))?.status).toBe('Cleared');
      expect((await rowOf(paid))?.status).toBe('Paid');
      const after = await list(m);
      expect(after.scheduledCount).toBe(1);
      expect(after.items.filter((item) => item.status === 'Scheduled').map((item) => item.id)).toEqual([
        answer.scheduledPayment.id,
      ]);
      // A retry replays the first answer: nothing more is cleared or scheduled.
      const again = await pay(m.token, payload, 'pay-later');
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(response.json());
      expect((await list(m)).scheduledCount).toBe(1);
      const audit = await harness.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'make-payment.scheduled'),
            sql`${answer.scheduledPayment.id} = any(${auditLog.recordIds})`,
          ),
        );
      expect(audit).toMatchObject([
        { outcome: 'success', recordIds: expect.arrayContaining([first.id, second.id]) as string[] },
      ]);
      await harness.app.outbox.drain();
      const templates = (
        await harness.db.select().from(notifications).where(eq(notifications.householdId, m.householdId))
      ).map((note) => note.templateName);
      expect(templates).toEqual(
        expect.arrayContaining([
          'notification.scheduledPaymentsCleared',
          'notification.scheduledPaymentCreated',
        ]),
      );
    });

    it('leaves scheduled payments alone when the payment is dated today (the domain: unchanged)', async () => {
      const m = await member();
      const kept = created(await create(m, body(m)));
      const card = await harness.cardToken(m.token, TEST_CARDS.visa.number);
      const response = await pay(m.token, paymentBodyOf(m, today(), { paymentToken: card }));
      expect(response.statusCode, response.body).toBe(201);
      expect(chargesFor(m.policyId)).toHaveLength(1);
      expect((await rowOf(kept.id))?.status).toBe('Scheduled');
    });

    it('needs a saved method, a date within the horizon, a payable policy and the schedule-payment action; past dates stay refused', async () => {
      const m = await member();
      const existing = created(await create(m, body(m)));
      const card = await harness.cardToken(m.token, TEST_CARDS.visa.number);
      const tomorrow = addDays(today(), 1);
      expect(refusal(await pay(m.token, paymentBodyOf(m, tomorrow, { paymentToken: card })))).toMatchObject({
        status: 422,
        field: 'body.paymentDetails.paymentToken',
        code: 'later-needs-saved-method',
      });
      const beyond = addDays(today(), limits().scheduledPaymentHorizonDays + 1);
      expect(
        refusal(await pay(m.token, paymentBodyOf(m, beyond, { walletItemId: m.wallet.cardId }))),
      ).toMatchObject({ status: 422, field: 'body.information.date', code: 'date-after-horizon' });
      expect(
        refusal(
          await pay(
            m.token,
            paymentBodyOf(m, tomorrow, { walletItemId: m.wallet.cardId, paymentAmount: '0.99' }),
          ),
        ),
      ).toMatchObject({
        status: 422,
        field: 'body.paymentDetails.paymentAmount',
        code: 'amount-below-minimum',
      });
      expect(
        refusal(
          await pay(
            m.token,
            paymentBodyOf(m, tomorrow, { walletItemId: m.wallet.bankAccountId, method: 'Card' }),
          ),
        ),
      ).toMatchObject({ status: 422, field: 'body.paymentDetails.method', code: 'method-mismatch' });
      expect(
        refusal(
          await pay(m.token, paymentBodyOf(m, addDays(today(), -1), { walletItemId: m.wallet.cardId })),
        ),
      ).toMatchObject({ status: 422, field: 'body.information.date', code: 'date-not-today' });
      // A refused payment clears nothing (its transaction rolled back).
      expect((await rowOf(existing.id))?.status).toBe('Scheduled');
      const stranger = await member();
      expect(
        (await pay(m.token, paymentBodyOf(stranger, tomorrow, { walletItemId: m.wallet.cardId }))).statusCode,
      ).toBe(403);
      await harness.db.update(finances).set({ status: 'Binder' }).where(eq(finances.policyId, m.policyId));
      expect(
        refusal(await pay(m.token, paymentBodyOf(m, tomorrow, { walletItemId: m.wallet.cardId }))),
      ).toMatchObject({ status: 422, code: 'binder-pays-now' });
      expect(chargesFor(m.policyId)).toEqual([]);
      // A located guest pays now only: scheduling is not theirs (role-config gives guests no schedule-payment).
      const guest = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/guest/locate-account',
        headers: CSRF,
        payload: {
          identifierType: 'exchangeSubscriberId',
          identifier: stranger.exchangeSubscriberId,
          dateOfBirth: '1985-04-12',
          zipCode: '02720',
        },
      });
      expect(guest.statusCode, guest.body).toBe(200);
      const guestPay = await pay(
        await portalTokenOf(harness.app, guest),
        paymentBodyOf(stranger, tomorrow, { paymentToken: card }),
      );
      expect(guestPay.statusCode).toBe(403);
      expect(guestPay.json()).toMatchObject({ type: ProblemType.actionNotAllowed });
    });
  });

  describe('the billing day (docs/decisions/021)', () => {
    const savedCard = (m: Awaited<ReturnType<typeof member>>, number: string) =>
      saveSandboxCard(harness, m, number);
    const chargesFor = (policyId: string) =>
      harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === policyId);

    it('charges a scheduled payment on its date exactly once, even when the day runs twice, and marks a declined one Failed', async () => {
      const m = await member();
      const tomorrow = addDays(today(), 1);
      const good = created(
        await create(m, {
          walletItemId: await savedCard(m, TEST_CARDS.visa.number),
          paymentAmount: '42.10',
          paymentDate: tomorrow,
        }),
      );
      const bad = created(
        await create(m, {
          walletItemId: await savedCard(m, TEST_CARDS.declined.number),
          paymentAmount: '17.00',
          paymentDate: tomorrow,
        }),
      );
      const notYet = created(
        await create(m, {
          walletItemId: good.paymentSource?.id ?? '',
          paymentAmount: '5.00',
          paymentDate: addDays(today(), 2),
        }),
      );

      // Today: nothing is due yet.
      await harness.app.jobs.runDay(today(), { householdId: m.householdId });
      expect(chargesFor(m.policyId)).toEqual([]);

      await harness.app.jobs.runDay(tomorrow, { householdId: m.householdId });
      await harness.app.jobs.runDay(tomorrow, { householdId: m.householdId });
      expect(
        chargesFor(m.policyId)
          .map((charge) => charge.amountCents)
          .sort(),
      ).toEqual([1_700, 4_210]);

      const paidRow = await rowOf(good.id);
      expect(paidRow).toMatchObject({ status: 'Paid', failureReason: null, claimedAt: null });
      const [payment] = await harness.db
        .select()
        .from(payments)
        .where(eq(payments.id, paidRow?.paymentId ?? ''));
      expect(payment).toMatchObject({
        amountCents: 4_210,
        transactionDate: tomorrow,
        transactionStatus: 'Succeeded',
        paymentSource: 'Scheduled',
        methodLastDigits: '4242',
      });
      expect(await rowOf(bad.id)).toMatchObject({ status: 'Failed', failureReason: 'card_declined' });
      expect((await rowOf(notYet.id))?.status).toBe('Scheduled');
      expect(await harness.db.select().from(payments).where(eq(payments.policyId, m.policyId))).toHaveLength(
        2,
      );

      // The page lists the failed one with its reason; neither can change any more.
      const shown = await list(m);
      expect(shown.items.find((item) => item.id === bad.id)).toMatchObject({
        status: 'Failed',
        failureReason: 'card_declined',
      });
      expect(shown.scheduledCount).toBe(1);
      expect(refusal(await cancel(m.token, good.id))).toMatchObject({
        status: 422,
        code: 'not-scheduled',
        params: { status: 'Paid' },
      });
    });
  });

  it('lets no card number or CVC typed in these tests reach the database or the logs', async () => {
    expect(await secretsInDatabase(harness.db)).toEqual([]);
    expect(harness.logs.length).toBeGreaterThan(0);
    expect(secretsInLogs(harness.logs)).toEqual([]);
  });
});
