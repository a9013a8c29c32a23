import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ScheduledPaymentListSchema } from '@portal/contracts';
import { addDays, calendarDateOf } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createAccount, createMemberWithPolicy, createWallet, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { scheduledPayments, walletCards } from '../../db/schema';

describe('GET /api/v1/Policy/:policyId/scheduled-payments (SPEC §3 Scheduled payment, §9 limit)', () => {
  const today = calendarDateOf(new Date(), 'America/New_York');
  const harness = useTestApp();

  const memberToken = async (memberId: string) => {
    const account = await createAccount(harness.db, { realm: 'consumer', roles: ['member'], memberId });
    return (await signIn(harness.app, 'consumer', account.username, PASSWORD)).accessToken;
  };
  const list = async (policyId: string, token: string) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId}/scheduled-payments`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, list: ScheduledPaymentListSchema.parse(response.json()) };
  };
  const scheduled = (
    policyId: string,
    paymentToken: string,
    paymentDate: string,
    status: 'Scheduled' | 'Paid' | 'Cancelled' = 'Scheduled',
  ) => ({
    policyId,
    paymentAmountCents: 15000,
    paymentDate,
    paymentMethod: 'Card' as const,
    paymentToken,
    status,
    description: `payment on ${paymentDate}`,
  });

  it('lists Scheduled payments first by date, names the plan and the wallet item paid from, never the token', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    const { policyId } = subscriber;
    await harness.db
      .insert(scheduledPayments)
      .values([
        scheduled(policyId, wallet.cardToken, addDays(today, 20)),
        scheduled(policyId, wallet.bankToken, addDays(today, -30), 'Paid'),
        scheduled(policyId, wallet.cardToken, addDays(today, 5)),
        scheduled(policyId, 'tok_unknown_to_the_wallet', addDays(today, -60), 'Cancelled'),
      ]);
    const { body, list: result } = await list(policyId, await memberToken(subscriber.memberId));
    expect(result.items.map((item) => [item.paymentDate, item.status])).toEqual([
      [addDays(today, 5), 'Scheduled'],
      [addDays(today, 20), 'Scheduled'],
      [addDays(today, -60), 'Cancelled'],
      [addDays(today, -30), 'Paid'],
    ]);
    expect(result.items[0]).toMatchObject({
      accountId: policyId,
      paymentAmountCents: 15000,
      planName: 'Test Silver HMO',
    });
    expect(result.items[0]?.paymentSource).toEqual({
      kind: 'card',
      id: wallet.cardId,
      lastDigits: '4242',
      brand: 'Visa',
      nickname: 'Household card',
      removed: false,
    });
    expect(result.items[3]?.paymentSource).toMatchObject({
      kind: 'bankAccount',
      id: wallet.bankAccountId,
      lastDigits: '789',
      brand: 'Checking',
    });
    expect(result.items[2]?.paymentSource).toBeNull();
    expect(body).not.toContain(wallet.cardToken);
    expect(body).not.toContain(wallet.bankToken);
    expect(body).not.toContain('tok_unknown');
    // Two still Scheduled of the configured three (SPEC §9 sample maxScheduledPaymentsAllowed 3).
    expect(result).toMatchObject({
      scheduledCount: 2,
      maxScheduledPaymentsAllowed: 3,
      remaining: 1,
      canAddScheduledPayment: true,
    });
  });

  it('says no more may be added once the limit of Scheduled payments is reached', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    await harness.db
      .insert(scheduledPayments)
      .values(
        [5, 10, 15].map((days) => scheduled(subscriber.policyId, wallet.cardToken, addDays(today, days))),
      );
    const { list: result } = await list(subscriber.policyId, await memberToken(subscriber.memberId));
    expect(result).toMatchObject({ scheduledCount: 3, remaining: 0, canAddScheduledPayment: false });
  });

  it('still describes a card removed from the wallet since, marked removed', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    await harness.db.update(walletCards).set({ state: 'Removed' }).where(eq(walletCards.id, wallet.cardId));
    await harness.db
      .insert(scheduledPayments)
      .values(scheduled(subscriber.policyId, wallet.cardToken, addDays(today, 3)));
    const { list: result } = await list(subscriber.policyId, await memberToken(subscriber.memberId));
    expect(result.items[0]?.paymentSource).toMatchObject({ id: wallet.cardId, removed: true });
  });

  it('never describes another household’s wallet item, even given its token', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const stranger = await createMemberWithPolicy(harness.db);
    const strangerWallet = await createWallet(harness.db, stranger.householdId ?? '');
    await harness.db
      .insert(scheduledPayments)
      .values(scheduled(subscriber.policyId, strangerWallet.cardToken, addDays(today, 3)));
    const { list: result } = await list(subscriber.policyId, await memberToken(subscriber.memberId));
    expect(result.items[0]?.paymentSource).toBeNull();
  });

  it('answers an empty list with the full allowance, and 404/403/400 for unknown, another’s and malformed ids', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const other = await createMemberWithPolicy(harness.db);
    const token = await memberToken(subscriber.memberId);
    const { list: result } = await list(subscriber.policyId, token);
    expect(result).toEqual({
      items: [],
      scheduledCount: 0,
      maxScheduledPaymentsAllowed: 3,
      remaining: 3,
      canAddScheduledPayment: true,
    });
    const status = async (id: string) =>
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/v1/Policy/${id}/scheduled-payments`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    expect(await status(randomUUID())).toBe(404);
    expect(await status(other.policyId)).toBe(403);
    expect(await status('12345')).toBe(400);
  });
});
