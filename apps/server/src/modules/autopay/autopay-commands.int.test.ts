import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AutopayListSchema, type AutopayList } from '@portal/contracts';
import { addDays, autopayRunOf, billedMonthDueNext, dueDayRule, type CalendarDate } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createMemberWithPolicy, createWallet } from '../../../test/fixtures';
import { saveSandboxCard } from '../../../test/saved-card';
import { auditLog, autopayRuns, autopaySubscriptions, finances, payments } from '../../db/schema';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';

type Response = Awaited<ReturnType<ReturnType<typeof useTestApp>['app']['inject']>>;
interface FieldErrors {
  errors: { field: string; code: string }[];
}

/**
 * Issue 10's autopay (SPEC §3 Subscription, §4 Autopay "create, update, cancel, or replace", §9
 * maxAutopayAllowed): the commands through the write path, and the billing day's autopay step — the
 * coming debit announced, each billed month charged once however often the day runs, a decline tried
 * once more and then failed, a month the member skipped or one above their maximum not charged.
 */
describe('autopay', () => {
  const harness = useTestApp({ sandbox: true, captureLogs: true });
  const today = () => harness.app.today();
  const rule = () => dueDayRule(harness.app.tenant.account.payments.dueDate);
  /** The run of the billed month whose due date is next, charged on the due date. */
  const nextRun = () => autopayRunOf(billedMonthDueNext(today(), rule()), rule(), 0);

  const send = (method: 'POST' | 'PUT', url: string, token: string, body?: object) =>
    harness.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      ...(body ? { payload: body } : {}),
    });
  const listOf = (response: Response, status = 200): AutopayList => {
    expect(response.statusCode, response.body).toBe(status);
    return AutopayListSchema.parse(response.json());
  };
  const refusal = (response: Response) => ({
    status: response.statusCode,
    ...response.json<FieldErrors>().errors[0],
  });

  /** A member with an active policy owing `owedCents`, signed in, with a wallet (a Visa card and a checking account). */
  async function member(owedCents = 15_000, status: 'Current' | 'Binder' = 'Current') {
    const subscriber = await createMemberWithPolicy(harness.db);
    const householdId = subscriber.householdId ?? '';
    await harness.db.insert(finances).values({
      policyId: subscriber.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: owedCents,
      status,
      // The amounts are set by hand, not from a ledger of invoices and payments, so the billing clock (the
      // billing day's first step, tested in finance/billing-clock.int.test.ts) is told this policy's day has
      // been clocked: it would otherwise find a year of coverage and no payment, end the coverage and stop autopay.
      clockDate: '9999-12-31',
    });
    const wallet = await createWallet(harness.db, householdId);
    const token = await harness.tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    return { ...subscriber, householdId, wallet, token };
  }
  type Member = Awaited<ReturnType<typeof member>>;
  const terms = (extra: object = {}) => ({
    amountType: 'AmountDue',
    daysBeforeDue: 0,
    consent: true,
    ...extra,
  });
  const create = (m: Member, body: object) => send('POST', `Policy/${m.policyId}/autopay`, m.token, body);

  describe('commands', () => {
    it('sets autopay up with the member’s consent, once per policy, and says when it charges next', async () => {
      const m = await member();
      const unconsented = await create(m, { walletItemId: m.wallet.cardId, ...terms({ consent: false }) });
      expect(unconsented.statusCode).toBe(400);
      expect(unconsented.json<FieldErrors>().errors).toEqual([
        expect.objectContaining({ field: 'body.consent', code: 'consent-required' }),
      ]);

      const list = listOf(await create(m, { walletItemId: m.wallet.cardId, ...terms() }), 201);
      const [subscription] = list.items;
      expect(list).toMatchObject({ activeCount: 1, maxAutopayAllowed: 1, canAddAutopay: false });
      expect(subscription).toMatchObject({
        state: 'Active',
        amountType: 'AmountDue',
        daysBeforeDue: 0,
        startDate: today(),
        paymentSource: { kind: 'card', id: m.wallet.cardId, lastDigits: '4242' },
        nextRun: {
          period: nextRun().period,
          runDate: nextRun().runDate,
          status: 'Scheduled',
          skipped: false,
        },
        lastRun: null,
      });
      expect(JSON.stringify(list)).not.toContain(m.wallet.cardToken);
      const [audit] = await harness.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'autopay.create'), eq(auditLog.outcome, 'success')));
      expect(audit?.recordIds).toContain(subscription?.id);

      // SPEC §9 maxAutopayAllowed 1: a second one is refused, naming the rule.
      expect(refusal(await create(m, { walletItemId: m.wallet.bankAccountId, ...terms() }))).toMatchObject({
        status: 422,
        code: 'autopay-limit-reached',
      });
    });

    it('refuses a policy waiting for its binder payment, and a method that is not the household’s', async () => {
      const binder = await member(15_000, 'Binder');
      expect(refusal(await create(binder, { walletItemId: binder.wallet.cardId, ...terms() }))).toMatchObject(
        { status: 422, code: 'binder-policy' },
      );
      const m = await member();
      const other = await member();
      expect(refusal(await create(m, { walletItemId: other.wallet.cardId, ...terms() }))).toMatchObject({
        status: 422,
        field: 'body.walletItemId',
        code: 'not-yours',
      });
      expect(
        await harness.db
          .select()
          .from(autopaySubscriptions)
          .where(eq(autopaySubscriptions.policyId, m.policyId)),
      ).toEqual([]);
    });

    it('changes the terms, skips the next payment once, pays from another method and turns off', async () => {
      const m = await member();
      const id =
        listOf(await create(m, { walletItemId: m.wallet.cardId, ...terms() }), 201).items[0]?.id ?? '';

      const limits = harness.app.tenant.account.payments;
      const tooMuch = ((limits.maxAllowedPaymentCents + 100) / 100).toFixed(2);
      expect(
        refusal(
          await send('PUT', `Autopay/${id}`, m.token, terms({ amountType: 'Fixed', fixedAmount: tooMuch })),
        ),
      ).toMatchObject({
        status: 422,
        field: 'body.fixedAmount',
        code: 'amount-above-maximum',
      });
      expect(
        refusal(
          await send(
            'PUT',
            `Autopay/${id}`,
            m.token,
            terms({ amountType: 'Fixed', fixedAmount: '120.00', maxAmount: '100.00' }),
          ),
        ),
      ).toMatchObject({
        status: 422,
        code: 'max-below-fixed',
      });
      const changed = listOf(
        await send(
          'PUT',
          `Autopay/${id}`,
          m.token,
          terms({ amountType: 'Fixed', fixedAmount: '120.00', daysBeforeDue: 3 }),
        ),
      );
      expect(changed.items[0]).toMatchObject({
        id,
        amountType: 'Fixed',
        amountCents: 12_000,
        daysBeforeDue: 3,
        nextRun: { amountCents: 12_000 },
      });

      const skipped = listOf(await send('PUT', `Autopay/${id}/skip-next`, m.token, { skip: true }));
      expect(skipped.items[0]?.nextRun?.skipped).toBe(true);
      expect(skipped.items[0]?.skipPeriod).toBe(skipped.items[0]?.nextRun?.period);
      const undone = listOf(await send('PUT', `Autopay/${id}/skip-next`, m.token, { skip: false }));
      expect(undone.items[0]).toMatchObject({ skipPeriod: null, nextRun: { skipped: false } });

      // SPEC §4 replace: the new one is created, then the original cancelled — never two active, never none.
      expect(
        refusal(
          await send('POST', `Autopay/${id}/replace`, m.token, {
            walletItemId: m.wallet.cardId,
            consent: true,
          }),
        ),
      ).toMatchObject({ status: 422, code: 'same-method' });
      const replaced = listOf(
        await send('POST', `Autopay/${id}/replace`, m.token, {
          walletItemId: m.wallet.bankAccountId,
          consent: true,
        }),
        201,
      );
      expect(replaced.activeCount).toBe(1);
      const [active, original] = replaced.items;
      expect(active).toMatchObject({
        state: 'Active',
        amountType: 'Fixed',
        amountCents: 12_000,
        daysBeforeDue: 3,
        paymentSource: { kind: 'bankAccount', id: m.wallet.bankAccountId },
      });
      expect(original).toMatchObject({ id, state: 'Cancelled', replacedBy: active?.id, endDate: today() });
      expect(refusal(await send('PUT', `Autopay/${id}`, m.token, terms()))).toMatchObject({
        status: 422,
        code: 'not-active',
      });

      // Another household's member finds nothing there.
      const stranger = await member();
      expect((await send('PUT', `Autopay/${active?.id ?? ''}/cancel`, stranger.token)).statusCode).toBe(404);

      const off = listOf(await send('PUT', `Autopay/${active?.id ?? ''}/cancel`, m.token));
      expect(off).toMatchObject({ activeCount: 0, canAddAutopay: true });
      expect(off.items.every((item) => item.state === 'Cancelled' && item.nextRun === null)).toBe(true);
      expect(refusal(await send('PUT', `Autopay/${active?.id ?? ''}/cancel`, m.token))).toMatchObject({
        status: 422,
        code: 'not-active',
      });
    });
  });

  describe('the billing day', () => {
    const chargesFor = (policyId: string) =>
      harness.sandbox.sandbox.charges().filter((charge) => charge.metadata.policyId === policyId);
    const runsOf = (policyId: string) =>
      harness.db.select().from(autopayRuns).where(eq(autopayRuns.policyId, policyId));
    const runDay = (m: Member, day: CalendarDate) =>
      harness.app.jobs.runDay(day, { householdId: m.householdId });
    /** A member with autopay paying from a sandbox card of this number. */
    async function withAutopay(number: string, extra: object = {}, owedCents = 15_000) {
      const m = await member(owedCents);
      const cardId = await saveSandboxCard(harness, m, number);
      listOf(await create(m, { walletItemId: cardId, ...terms(extra) }), 201);
      return m;
    }

    it('announces the coming debit, then charges the amount due on the run date exactly once, however often the day runs', async () => {
      const m = await withAutopay(TEST_CARDS.visa.number);
      const run = nextRun();
      const noticeDay = addDays(run.runDate, -harness.app.tenant.account.autopay.advanceNoticeDays);
      await runDay(m, noticeDay);
      expect(await runsOf(m.policyId)).toEqual([
        expect.objectContaining({ period: run.period, runDate: run.runDate, status: 'Upcoming', attempt: 0 }),
      ]);
      expect(chargesFor(m.policyId)).toEqual([]);

      // Two billing days at once (two instances), and the same day again afterwards.
      await Promise.all([runDay(m, run.runDate), runDay(m, run.runDate)]);
      await runDay(m, run.runDate);
      expect(chargesFor(m.policyId).map((charge) => charge.amountCents)).toEqual([15_000]);
      const [paid] = await runsOf(m.policyId);
      expect(paid).toMatchObject({ status: 'Paid', amountCents: 15_000, attempt: 1, claimedAt: null });
      const [payment] = await harness.db
        .select()
        .from(payments)
        .where(eq(payments.id, paid?.paymentId ?? ''));
      expect(payment).toMatchObject({
        amountCents: 15_000,
        transactionDate: run.runDate,
        transactionStatus: 'Succeeded',
        paymentSource: 'Autopay',
      });

      const list = listOf(
        await harness.app.inject({
          method: 'GET',
          url: `/api/v1/Policy/${m.policyId}/autopay`,
          headers: { authorization: `Bearer ${m.token}` },
        }),
      );
      expect(list.items[0]?.lastRun).toMatchObject({
        period: run.period,
        status: 'Paid',
        amountCents: 15_000,
        paymentId: paid?.paymentId,
      });
    });

    it('tries a declined charge once more after the configured days, then fails the month and stays on', async () => {
      const m = await withAutopay(TEST_CARDS.declined.number);
      const run = nextRun();
      const retryDays = harness.app.tenant.account.autopay.declineRetryDays;
      await runDay(m, run.runDate);
      expect(await runsOf(m.policyId)).toEqual([
        expect.objectContaining({
          status: 'RetryScheduled',
          attempt: 1,
          reason: 'card_declined',
          nextAttemptDate: addDays(run.runDate, retryDays),
        }),
      ]);
      await runDay(m, addDays(run.runDate, retryDays - 1));
      expect(chargesFor(m.policyId)).toHaveLength(1);
      await runDay(m, addDays(run.runDate, retryDays));
      await runDay(m, addDays(run.runDate, retryDays));
      expect(chargesFor(m.policyId)).toHaveLength(2);
      expect(await runsOf(m.policyId)).toEqual([
        expect.objectContaining({
          status: 'Failed',
          attempt: 2,
          reason: 'card_declined',
          nextAttemptDate: null,
        }),
      ]);
      const [subscription] = await harness.db
        .select()
        .from(autopaySubscriptions)
        .where(eq(autopaySubscriptions.policyId, m.policyId));
      expect(subscription?.state).toBe('Active');
    });

    it('charges nothing for a month the member skipped, above their maximum, or with nothing owed', async () => {
      const skipper = await withAutopay(TEST_CARDS.visa.number);
      const [subscription] = await harness.db
        .select()
        .from(autopaySubscriptions)
        .where(eq(autopaySubscriptions.policyId, skipper.policyId));
      listOf(await send('PUT', `Autopay/${subscription?.id ?? ''}/skip-next`, skipper.token, { skip: true }));
      const capped = await withAutopay(TEST_CARDS.visa.number, { maxAmount: '100.00' });
      const paidUp = await withAutopay(
        TEST_CARDS.visa.number,
        { amountType: 'Fixed', fixedAmount: '50.00' },
        0,
      );

      const run = nextRun();
      for (const m of [skipper, capped, paidUp]) await runDay(m, run.runDate);
      for (const [m, reason] of [
        [skipper, 'skipped-by-member'],
        [capped, 'above-maximum'],
        [paidUp, 'nothing-due'],
      ] as const) {
        expect(chargesFor(m.policyId)).toEqual([]);
        expect(await runsOf(m.policyId)).toEqual([expect.objectContaining({ status: 'Skipped', reason })]);
      }
      // The skip was for that month only: the next one is charged again.
      const [after] = await harness.db
        .select()
        .from(autopaySubscriptions)
        .where(eq(autopaySubscriptions.policyId, skipper.policyId));
      expect(after?.skipPeriod).toBeNull();
    });
  });
});
