import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PaymentPageSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { auditLog, payments } from '../../db/schema';

describe('GET /api/v1/Policy/:policyId/payments (SPEC §3 Payment)', () => {
  const harness = useTestApp();

  const memberToken = async (memberId: string) => {
    const account = await createAccount(harness.db, { realm: 'consumer', roles: ['member'], memberId });
    return (await signIn(harness.app, 'consumer', account.username, PASSWORD)).accessToken;
  };
  const get = (url: string, token: string) =>
    harness.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  const payment = (
    policyId: string,
    transactionDate: string,
    createdAt: string,
    overrides: Partial<typeof payments.$inferInsert> = {},
  ) => ({
    policyId,
    amountCents: 15000,
    transactionDate,
    transactionId: `txn_${randomUUID()}`,
    transactionStatus: 'Succeeded' as const,
    paymentMethod: 'Card' as const,
    methodLastDigits: '4242',
    methodBrand: 'Visa',
    paymentSource: 'Portal' as const,
    createdAt: new Date(createdAt),
    ...overrides,
  });

  it('pages the history newest first: by transaction date, then by when it was recorded, with the total', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const { policyId } = subscriber;
    await harness.db.insert(payments).values([
      payment(policyId, '2026-01-01', '2026-01-01T10:00:00Z', { transactionId: 'jan' }),
      payment(policyId, '2026-03-01', '2026-03-01T09:00:00Z', { transactionId: 'mar-early' }),
      payment(policyId, '2026-03-01', '2026-03-01T15:00:00Z', { transactionId: 'mar-late' }),
      payment(policyId, '2026-02-01', '2026-02-01T10:00:00Z', {
        transactionId: 'feb',
        transactionStatus: 'Failed',
        failureReason: 'insufficient_funds',
      }),
      payment(policyId, '2025-12-01', '2025-12-01T10:00:00Z', {
        transactionId: 'dec',
        paymentMethod: 'BankAccount',
        methodLastDigits: '789',
        methodBrand: 'Checking',
        paymentSource: 'Autopay',
      }),
    ]);
    const token = await memberToken(subscriber.memberId);

    const first = await get(`/api/v1/Policy/${policyId}/payments?page=1&pageSize=2`, token);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = PaymentPageSchema.parse(first.json());
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(page1.items.map((p) => p.transactionId)).toEqual(['mar-late', 'mar-early']);
    expect(page1.items[0]).toMatchObject({
      issuerId: subscriber.issuerSubscriberId,
      subscriberFolderId: subscriber.folderId,
      amountCents: 15000,
    });

    const page2 = PaymentPageSchema.parse(
      (await get(`/api/v1/Policy/${policyId}/payments?page=2&pageSize=2`, token)).json(),
    );
    expect(page2.items.map((p) => [p.transactionId, p.transactionStatus, p.failureReason])).toEqual([
      ['feb', 'Failed', 'insufficient_funds'],
      ['jan', 'Succeeded', null],
    ]);
    const page3 = PaymentPageSchema.parse(
      (await get(`/api/v1/Policy/${policyId}/payments?page=3&pageSize=2`, token)).json(),
    );
    expect(
      page3.items.map((p) => [
        p.transactionId,
        p.paymentMethod,
        p.methodLastDigits,
        p.methodBrand,
        p.paymentSource,
      ]),
    ).toEqual([['dec', 'BankAccount', '789', 'Checking', 'Autopay']]);
    // Past the end: an empty page with the same total.
    const beyond = PaymentPageSchema.parse(
      (await get(`/api/v1/Policy/${policyId}/payments?page=9&pageSize=2`, token)).json(),
    );
    expect(beyond).toMatchObject({ items: [], total: 5 });
  });

  it('defaults to page 1 of 20 and answers an empty history with an empty page', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const response = await get(
      `/api/v1/Policy/${subscriber.policyId}/payments`,
      await memberToken(subscriber.memberId),
    );
    expect(response.json()).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
  });

  it('records the read in the audit log, acting for the household', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    await harness.db
      .insert(payments)
      .values(payment(subscriber.policyId, '2026-01-01', '2026-01-01T10:00:00Z'));
    await get(`/api/v1/Policy/${subscriber.policyId}/payments`, await memberToken(subscriber.memberId));
    const rows = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, 'payment'),
          eq(auditLog.actingForHouseholdId, subscriber.householdId ?? ''),
        ),
      );
    expect(rows.map((row) => [row.action, row.outcome, row.recordIds?.[0]])).toEqual([
      ['read', 'success', `policy:${subscriber.policyId}`],
    ]);
  });

  it('answers 404 for an unknown policy, 403 for another member’s, 400 for a malformed id or page size', async () => {
    const mine = await createMemberWithPolicy(harness.db);
    const theirs = await createMemberWithPolicy(harness.db);
    const token = await memberToken(mine.memberId);
    expect((await get(`/api/v1/Policy/${randomUUID()}/payments`, token)).statusCode).toBe(404);
    const refused = await get(`/api/v1/Policy/${theirs.policyId}/payments`, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect((await get('/api/v1/Policy/not-a-uuid/payments', token)).statusCode).toBe(400);
    const badSize = await get(`/api/v1/Policy/${mine.policyId}/payments?pageSize=101`, token);
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('querystring.pageSize');
    expect((await get(`/api/v1/Policy/${mine.policyId}/payments?page=0`, token)).statusCode).toBe(400);
  });
});
