import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ProblemType, WalletSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy, createWallet } from '../../../test/fixtures';
import { auditLog, walletBankAccounts, walletCards, wallets } from '../../db/schema';
import { newPublicId } from '../../lib/public-id';

describe('POST /api/v1/Wallet/:referenceId (SPEC §7 fetch wallet, §3 Wallet)', () => {
  const harness = useTestApp();
  const { tokenFor } = harness;
  const fetchWallet = (referenceId: string, token: string) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1/Wallet/${referenceId}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('gives the household’s active cards and accounts with display facts only: no token, no full number', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    // A removed card stays out of the wallet.
    await harness.db.insert(walletCards).values({
      walletId: wallet.walletId,
      token: 'tok_removed_card',
      cardType: 'Mastercard',
      last4: '5454',
      expirationMonth: 1,
      expirationYear: 2027,
      cardHolderName: 'Test Member',
      funding: 'debit',
      billingStreet1: '1 Main St',
      billingCity: 'Lowell',
      billingState: 'MA',
      billingZipCode: '01852',
      state: 'Removed',
    });
    const response = await fetchWallet(
      wallet.referenceId,
      await tokenFor('consumer', ['member'], { memberId: subscriber.memberId }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = WalletSchema.parse(response.json());
    expect(result).toMatchObject({
      id: wallet.walletId,
      referenceId: wallet.referenceId,
      defaultItem: { kind: 'card', id: wallet.cardId },
    });
    expect(result.creditCards).toEqual([
      {
        id: wallet.cardId,
        cardType: 'Visa',
        last4: '4242',
        expirationMonth: 9,
        expirationYear: 2030,
        cardHolderName: 'Test Member',
        nickname: 'Household card',
        funding: 'credit',
        email: null,
        billingAddress: {
          street1: '12 Harbor St',
          street2: null,
          city: 'Fall River',
          state: 'MA',
          zipCode: '02720',
        },
        state: 'Active',
        isDefault: true,
        usedBy: [],
      },
    ]);
    expect(result.bankAccounts).toEqual([
      expect.objectContaining({
        id: wallet.bankAccountId,
        accountType: 'Checking',
        last3: '789',
        routingNumberLast4: '0175',
        bankName: 'Harbor Savings',
        isDefault: false,
      }),
    ]);
    for (const secret of [wallet.cardToken, wallet.bankToken, 'tok_removed_card', '211070175', 'token'])
      expect(response.body).not.toContain(secret);
    // Nothing shaped like a card, account or routing number leaves the server (ids aside).
    const withoutIds = response.body
      .replaceAll(wallet.referenceId, '')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '');
    expect(withoutIds).not.toMatch(/[0-9]{9,}/);
  });

  it('names no default when the default token is not an active item', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    await harness.db
      .update(wallets)
      .set({ defaultToken: wallet.bankToken })
      .where(eq(wallets.id, wallet.walletId));
    await harness.db
      .update(walletBankAccounts)
      .set({ state: 'Removed' })
      .where(eq(walletBankAccounts.id, wallet.bankAccountId));
    const result = WalletSchema.parse(
      (
        await fetchWallet(
          wallet.referenceId,
          await harness.actingToken(['customer-service'], { householdId: subscriber.householdId }),
        )
      ).json(),
    );
    expect(result).toMatchObject({ defaultItem: null, bankAccounts: [] });
    expect(result.creditCards[0]?.isDefault).toBe(false);
  });

  it('answers another household’s member and the broker of record exactly like an unknown id (404), auditing the refusal; 400 for a malformed id (issue 14, finding 10)', async () => {
    const brokerId = await createBroker(harness.db);
    const subscriber = await createMemberWithPolicy(harness.db, { brokerId });
    const wallet = await createWallet(harness.db, subscriber.householdId ?? '');
    const stranger = await createMemberWithPolicy(harness.db);
    const strangerToken = await tokenFor('consumer', ['member'], { memberId: stranger.memberId });
    const theirs = await fetchWallet(wallet.referenceId, strangerToken);
    const broker = await fetchWallet(
      wallet.referenceId,
      await tokenFor('workforce', ['broker'], { brokerId }),
    );
    const unknown = await fetchWallet(newPublicId('wallet'), strangerToken);
    for (const response of [theirs, broker, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        type: ProblemType.notFound,
        title: 'Not found',
        detail: 'No such wallet.',
      });
    }
    const [refusal] = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(theirs.headers['x-request-id'])));
    expect(refusal).toMatchObject({
      action: 'access',
      outcome: 'denied',
      reason: 'not-owner',
      recordType: 'wallet',
      recordIds: [wallet.walletId],
    });
    expect((await fetchWallet('bad%20ref', strangerToken)).statusCode).toBe(400);
  });
});
