import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AutopayListSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy, createWallet } from '../../../test/fixtures';
import { autopaySubscriptions } from '../../db/schema';

describe('GET /api/v1/Policy/:policyId/autopay (SPEC §3 Subscription, §9 maxAutopayAllowed)', () => {
  const harness = useTestApp();
  const { tokenFor } = harness;
  const get = (policyId: string, token: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId}/autopay`,
      headers: { authorization: `Bearer ${token}` },
    });
  const subscription = (
    policyId: string,
    paymentToken: string,
    overrides: Partial<typeof autopaySubscriptions.$inferInsert> = {},
  ) => ({
    policyId,
    name: 'Monthly premium',
    amountType: 'AmountDue' as const,
    paymentMethod: 'BankAccount' as const,
    paymentToken,
    runDay: 1,
    startDate: '2025-02-01',
    ...overrides,
  });

  it('lists active subscriptions first with the wallet item paid from, never the token, and applies the limit', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    await harness.db.insert(autopaySubscriptions).values([
      subscription(subscriber.policyId, wallet.cardToken, {
        name: 'Old card autopay',
        paymentMethod: 'Card',
        state: 'Cancelled',
        endDate: '2025-06-30',
        createdAt: new Date('2025-01-10T10:00:00Z'),
      }),
      subscription(subscriber.policyId, wallet.bankToken, {
        amountType: 'Fixed',
        amountCents: 12000,
        runDay: 5,
        lastProcessed: '2026-01-05',
        createdAt: new Date('2025-07-01T10:00:00Z'),
      }),
    ]);
    const response = await get(
      subscriber.policyId,
      await tokenFor('consumer', ['member'], { memberId: subscriber.memberId }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = AutopayListSchema.parse(response.json());
    expect(result.items.map((item) => [item.state, item.name])).toEqual([
      ['Active', 'Monthly premium'],
      ['Cancelled', 'Old card autopay'],
    ]);
    expect(result.items[0]).toMatchObject({
      amountType: 'Fixed',
      amountCents: 12000,
      runDay: 5,
      lastProcessed: '2026-01-05',
      policyId: subscriber.policyId,
    });
    expect(result.items[0]?.paymentSource).toEqual({
      kind: 'bankAccount',
      id: wallet.bankAccountId,
      lastDigits: '789',
      brand: 'Checking',
      nickname: null,
      removed: false,
    });
    expect(result.items[1]?.paymentSource).toMatchObject({ kind: 'card', lastDigits: '4242', brand: 'Visa' });
    expect(response.body).not.toContain(wallet.bankToken);
    expect(response.body).not.toContain(wallet.cardToken);
    expect(response.body).not.toContain('paymentToken');
    // One active of the configured one (SPEC §9 sample maxAutopayAllowed 1); the cancelled one does not count.
    expect(result).toMatchObject({ activeCount: 1, maxAutopayAllowed: 1, canAddAutopay: false });
  });

  it('allows one when there is none, and lets the broker of record read it', async () => {
    const brokerId = await createBroker(harness.db);
    const subscriber = await createMemberWithPolicy(harness.db, { brokerId });
    const response = await get(subscriber.policyId, await tokenFor('workforce', ['broker'], { brokerId }));
    expect(response.json()).toEqual({ items: [], activeCount: 0, maxAutopayAllowed: 1, canAddAutopay: true });
  });

  it('answers 404, 403 and 400 for unknown, another’s and malformed policy ids', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const other = await createMemberWithPolicy(harness.db);
    const token = await tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    expect((await get(randomUUID(), token)).statusCode).toBe(404);
    expect((await get(other.policyId, token)).statusCode).toBe(403);
    expect((await get('x', token)).statusCode).toBe(400);
  });
});
