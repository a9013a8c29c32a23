import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ProblemType, WalletOpenedSchema, WalletSchema, type Wallet } from '@portal/contracts';
import { actFor } from '../../../test/acting';
import { useTestApp } from '../../../test/harness';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { secretsInDatabase, secretsInLogs } from '../../../test/secrets-scan';
import {
  auditLog,
  autopaySubscriptions,
  notifications,
  scheduledPayments,
  walletCards,
} from '../../db/schema';
import { householdOwner } from '../../processor/owner';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { savedPaymentMethod, saveToWallet } from './service';

/** SPEC §7 wallet commands through the write path (issue 9), with the sandbox processor behind the port. */
describe('wallet commands', () => {
  const harness = useTestApp({ sandbox: true, captureLogs: true });

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    token: string,
    body?: object,
    key: string = randomUUID(),
  ) =>
    harness.app.inject({
      method,
      url: `/api/v1/Wallet/${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      ...(body ? { payload: body } : {}),
    });
  const wallet = (response: { json: () => unknown }): Wallet => WalletSchema.parse(response.json());

  /** A member with a household and policy, signed in, and their wallet opened. */
  async function member() {
    const subscriber = await createMemberWithPolicy(harness.db);
    const householdId = subscriber.householdId ?? '';
    const token = await harness.tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    const opened = await send('POST', `household/${householdId}`, token);
    expect(opened.statusCode, opened.body).toBe(200);
    return { ...subscriber, householdId, token, wallet: WalletOpenedSchema.parse(opened.json()) };
  }
  const cardBody = (paymentToken: string, extra: object = {}) => ({
    paymentToken,
    isDefault: false,
    cardHolderName: 'Rosa Alves',
    billingAddress: { street1: '12 Harbor St', street2: '', city: 'Fall River', state: 'MA' },
    nickname: 'Everyday card',
    email: '',
    ...extra,
  });
  const bankBody = (paymentToken: string, extra: object = {}) => ({
    paymentToken,
    isDefault: false,
    accountHolderName: 'Rosa Alves',
    accountHolderAddress: '12 Harbor St, Fall River, MA 02720',
    nickname: 'Household checking',
    email: 'rosa@example.org',
    ...extra,
  });
  const audits = (action: string, householdId: string) =>
    harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actingForHouseholdId, householdId)));

  it('opens a household’s wallet on first use, once, and the household then names it', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const token = await harness.tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    const before = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      before.json<{ households: { household: { walletReferenceId: string | null } }[] }>().households[0]
        ?.household.walletReferenceId,
    ).toBeNull();
    const first = WalletOpenedSchema.parse(
      (await send('POST', `household/${subscriber.householdId ?? ''}`, token)).json(),
    );
    const second = WalletOpenedSchema.parse(
      (await send('POST', `household/${subscriber.householdId ?? ''}`, token)).json(),
    );
    expect(second).toEqual(first);
    const after = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      after.json<{ households: { household: { walletReferenceId: string | null } }[] }>().households[0]
        ?.household.walletReferenceId,
    ).toBe(first.referenceId);
    const fetched = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/Wallet/${first.referenceId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wallet(fetched)).toMatchObject({
      id: first.id,
      creditCards: [],
      bankAccounts: [],
      defaultItem: null,
    });
  });

  it('saves a card from its hosted-fields token: display facts only, the first becomes the default, audited and notified', async () => {
    const m = await member();
    const paymentToken = await harness.cardToken(m.token, TEST_CARDS.visa.number, {
      expiry: '11/33',
      postalCode: '02721',
    });
    const response = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(paymentToken));
    expect(response.statusCode, response.body).toBe(201);
    const result = wallet(response);
    expect(result.creditCards).toEqual([
      expect.objectContaining({
        cardType: 'Visa',
        last4: '4242',
        expirationMonth: 11,
        expirationYear: 2033,
        cardHolderName: 'Rosa Alves',
        nickname: 'Everyday card',
        billingAddress: {
          street1: '12 Harbor St',
          street2: null,
          city: 'Fall River',
          state: 'MA',
          zipCode: '02721',
        },
        isDefault: true,
        usedBy: [],
      }),
    ]);
    expect(result.defaultItem).toEqual({ kind: 'card', id: result.creditCards[0]?.id });
    expect(response.body).not.toContain(paymentToken);
    expect(await audits('wallet.add-card', m.householdId)).toEqual([
      expect.objectContaining({ outcome: 'success', recordType: 'wallet-card' }),
    ]);
    await harness.app.outbox.drain();
    const [notice] = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, m.householdId));
    expect(notice).toMatchObject({
      templateName: 'notification.walletMethodAdded',
      link: '/payments/wallet',
      additionalValues: { last4: '4242' },
    });
  });

  it('saves a bank account; "make it the default" moves the default to it', async () => {
    const m = await member();
    await send(
      'POST',
      `add-credit-card/${m.wallet.id}`,
      m.token,
      cardBody(await harness.cardToken(m.token, TEST_CARDS.mastercard.number)),
    );
    const bankToken = await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber, {
      accountType: 'Savings',
    });
    const response = await send(
      'POST',
      `add-bank-account/${m.wallet.id}`,
      m.token,
      bankBody(bankToken, { isDefault: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = wallet(response);
    expect(result.bankAccounts).toEqual([
      expect.objectContaining({
        accountType: 'Savings',
        last3: '789',
        routingNumberLast4: '0000',
        bankName: 'Sandbox Bank',
        nickname: 'Household checking',
        isDefault: true,
      }),
    ]);
    expect(result.creditCards[0]?.isDefault).toBe(false);
  });

  it('refuses a token the processor does not know, one of the other kind, and one another household saved', async () => {
    const m = await member();
    const other = await member();
    const unknown = await send(
      'POST',
      `add-credit-card/${m.wallet.id}`,
      m.token,
      cardBody('tok_sbx_made_up_token'),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      type: ProblemType.unprocessable,
      errors: [{ field: 'body.paymentToken', code: 'token-unknown' }],
    });
    const bankToken = await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber);
    const wrongKind = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(bankToken));
    expect(wrongKind.json()).toMatchObject({ errors: [{ code: 'token-kind' }] });
    const theirs = await harness.cardToken(other.token, TEST_CARDS.discover.number);
    expect(
      (await send('POST', `add-credit-card/${other.wallet.id}`, other.token, cardBody(theirs))).statusCode,
    ).toBe(201);
    const taken = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(theirs));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: [{ code: 'token-unknown' }] });
    const again = await send('POST', `add-credit-card/${other.wallet.id}`, other.token, cardBody(theirs));
    expect(again.json()).toMatchObject({ errors: [{ code: 'already-saved' }] });
    expect(await harness.db.select().from(walletCards).where(eq(walletCards.token, theirs))).toHaveLength(1);
    expect(
      (await audits('manage-wallet', m.householdId)).filter((row) => row.outcome === 'failure'),
    ).toHaveLength(3);
  });

  it('issue 33 item 1: refuses to save a token made for another household, audited as such; nothing saved', async () => {
    const m = await member();
    const other = await member();
    const theirs = await harness.cardToken(other.token, TEST_CARDS.mastercard.number);
    const refused = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(theirs));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'body.paymentToken', code: 'token-unknown' }] });
    const theirBank = await harness.bankToken(other.token, TEST_BANK_ACCOUNTS.settles.accountNumber);
    expect(
      (await send('POST', `add-bank-account/${m.wallet.id}`, m.token, bankBody(theirBank))).json(),
    ).toMatchObject({ errors: [{ code: 'token-unknown' }] });
    expect(await harness.db.select().from(walletCards).where(eq(walletCards.token, theirs))).toHaveLength(0);
    expect(
      (await audits('manage-wallet', m.householdId)).filter((row) => row.reason === 'token-not-yours'),
    ).toHaveLength(2);
    // The household that made it saves it.
    expect(
      (await send('POST', `add-credit-card/${other.wallet.id}`, other.token, cardBody(theirs))).statusCode,
    ).toBe(201);
  });

  it('issue 33 item 2: refuses the same card or bank account twice (the processor’s fingerprint) and keeps the one saved', async () => {
    const m = await member();
    const first = await send(
      'POST',
      `add-credit-card/${m.wallet.id}`,
      m.token,
      cardBody(await harness.cardToken(m.token, TEST_CARDS.visa.number)),
    );
    expect(first.statusCode, first.body).toBe(201);
    // The same card typed again in the hosted fields: a new token, the same card.
    const again = await send(
      'POST',
      `add-credit-card/${m.wallet.id}`,
      m.token,
      cardBody(await harness.cardToken(m.token, TEST_CARDS.visa.number), { nickname: 'Again' }),
    );
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json()).toMatchObject({
      type: ProblemType.unprocessable,
      errors: [{ field: 'body.paymentToken', code: 'already-saved' }],
    });
    const bank = await send(
      'POST',
      `add-bank-account/${m.wallet.id}`,
      m.token,
      bankBody(await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber)),
    );
    expect(bank.statusCode, bank.body).toBe(201);
    const bankAgain = await send(
      'POST',
      `add-bank-account/${m.wallet.id}`,
      m.token,
      bankBody(
        await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber, {
          accountType: 'Savings',
        }),
      ),
    );
    expect(bankAgain.json()).toMatchObject({
      errors: [{ field: 'body.paymentToken', code: 'already-saved' }],
    });
    const view = wallet(
      await harness.app.inject({
        method: 'POST',
        url: `/api/v1/Wallet/${m.wallet.referenceId}`,
        headers: { authorization: `Bearer ${m.token}` },
      }),
    );
    expect(view.creditCards.map((card) => card.nickname)).toEqual(['Everyday card']);
    expect(view.bankAccounts).toHaveLength(1);
    // Another card, another account at the same bank, and the same card reissued with a new expiry are new.
    expect(
      (
        await send(
          'POST',
          `add-credit-card/${m.wallet.id}`,
          m.token,
          cardBody(await harness.cardToken(m.token, TEST_CARDS.mastercard.number)),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await send(
          'POST',
          `add-bank-account/${m.wallet.id}`,
          m.token,
          bankBody(await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.returnedR01.accountNumber)),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await send(
          'POST',
          `add-credit-card/${m.wallet.id}`,
          m.token,
          cardBody(await harness.cardToken(m.token, TEST_CARDS.visa.number, { expiry: '01/35' })),
        )
      ).statusCode,
    ).toBe(201);
    // Once removed, the card may be saved again.
    const removable = wallet(
      await harness.app.inject({
        method: 'POST',
        url: `/api/v1/Wallet/${m.wallet.referenceId}`,
        headers: { authorization: `Bearer ${m.token}` },
      }),
    ).creditCards.find((card) => card.cardType === 'Mastercard');
    expect(
      (await send('PUT', `remove-credit-card/${m.wallet.id}/${removable?.id ?? ''}`, m.token)).statusCode,
    ).toBe(200);
    expect(
      (
        await send(
          'POST',
          `add-credit-card/${m.wallet.id}`,
          m.token,
          cardBody(await harness.cardToken(m.token, TEST_CARDS.mastercard.number)),
        )
      ).statusCode,
    ).toBe(201);
    // Another household may save the same card in its own wallet.
    const other = await member();
    expect(
      (
        await send(
          'POST',
          `add-credit-card/${other.wallet.id}`,
          other.token,
          cardBody(await harness.cardToken(other.token, TEST_CARDS.visa.number)),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('checks the fields with the contract’s schema, field by field', async () => {
    const m = await member();
    const response = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, {
      ...cardBody(TEST_CARDS.visa.number),
      cardHolderName: '  ',
      billingAddress: { street1: '', city: 'Fall River', state: 'Mass' },
      email: 'not-an-email',
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json<{ errors: { field: string; code?: string }[] }>()
      .errors.map((error) => `${error.field}:${error.code ?? ''}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'body.paymentToken:token-invalid',
        'body.cardHolderName:too_small',
        'body.billingAddress.street1:too_small',
        'body.billingAddress.state:invalid_format',
        'body.email:invalid_format',
      ]),
    );
    expect(response.body).not.toContain(TEST_CARDS.visa.number);
  });

  it('replays the first answer for the same key, refuses the key for another body, and saves once', async () => {
    const m = await member();
    const paymentToken = await harness.cardToken(m.token, TEST_CARDS.amex.number);
    const key = randomUUID();
    const first = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(paymentToken), key);
    const again = await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(paymentToken), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await send(
      'POST',
      `add-credit-card/${m.wallet.id}`,
      m.token,
      cardBody(paymentToken, { nickname: 'Other' }),
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ type: ProblemType.idempotencyKeyReused });
    expect(
      await harness.db.select().from(walletCards).where(eq(walletCards.token, paymentToken)),
    ).toHaveLength(1);
    expect(
      (await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(paymentToken))).statusCode,
    ).toBe(422);
  });

  it('holds at most the configured number of methods (wallet.maxPaymentMethods)', async () => {
    const m = await member();
    const maximum = harness.app.tenant.account.wallet.maxPaymentMethods;
    for (let index = 0; index < maximum; index += 1) {
      // The same card number with another expiry each time: a reissued card is a new entry (decision 039).
      const paymentToken = await harness.cardToken(m.token, TEST_CARDS.visa.number, {
        expiry: `${String((index % 12) + 1).padStart(2, '0')}/${String(34 + Math.floor(index / 12))}`,
      });
      expect(
        (await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(paymentToken))).statusCode,
      ).toBe(201);
    }
    const over = await send(
      'POST',
      `add-bank-account/${m.wallet.id}`,
      m.token,
      bankBody(await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber)),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      errors: [{ field: 'body.paymentToken', code: 'limit-reached', params: { maximum } }],
    });
  });

  it('makes a method the default, renames a bank account, and removes methods (the default leaves none)', async () => {
    const m = await member();
    const card = wallet(
      await send(
        'POST',
        `add-credit-card/${m.wallet.id}`,
        m.token,
        cardBody(await harness.cardToken(m.token, TEST_CARDS.visa.number)),
      ),
    ).creditCards[0];
    const added = wallet(
      await send(
        'POST',
        `add-bank-account/${m.wallet.id}`,
        m.token,
        bankBody(await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber)),
      ),
    );
    const bank = added.bankAccounts[0];
    if (!card || !bank) throw new Error('methods not saved');

    const madeDefault = await send('PUT', `make-default/${m.wallet.id}`, m.token, {
      isDefault: true,
      itemId: bank.id,
    });
    expect(madeDefault.statusCode, madeDefault.body).toBe(200);
    expect(wallet(madeDefault).defaultItem).toEqual({ kind: 'bankAccount', id: bank.id });
    const notMine = await send('PUT', `make-default/${m.wallet.id}`, m.token, {
      isDefault: true,
      itemId: randomUUID(),
    });
    expect(notMine.json()).toMatchObject({ errors: [{ field: 'body.itemId', code: 'not-yours' }] });
    expect(
      (await send('PUT', `make-default/${m.wallet.id}`, m.token, { isDefault: false, itemId: bank.id }))
        .statusCode,
    ).toBe(400);

    const renamed = await send('PUT', 'update-bank-account', m.token, {
      itemId: bank.id,
      nickname: 'Rainy day',
      accountHolderName: 'Rosa M. Alves',
      accountHolderAddress: '',
      email: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(wallet(renamed).bankAccounts[0]).toMatchObject({
      nickname: 'Rainy day',
      accountHolderName: 'Rosa M. Alves',
      accountHolderAddress: null,
      email: null,
    });

    const removed = await send('PUT', `remove-bank-account/${m.wallet.id}/${bank.id}`, m.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(wallet(removed)).toMatchObject({ bankAccounts: [], defaultItem: null });
    // The wrong kind's path, or an item already removed, is not found in this wallet.
    expect((await send('PUT', `remove-bank-account/${m.wallet.id}/${card.id}`, m.token)).statusCode).toBe(
      404,
    );
    expect((await send('PUT', `remove-bank-account/${m.wallet.id}/${bank.id}`, m.token)).statusCode).toBe(
      404,
    );
    expect((await send('PUT', `remove-credit-card/${m.wallet.id}/${card.id}`, m.token)).statusCode).toBe(200);

    await harness.app.outbox.drain();
    const templates = (
      await harness.db.select().from(notifications).where(eq(notifications.householdId, m.householdId))
    ).map((row) => row.templateName);
    expect(templates).toEqual(
      expect.arrayContaining([
        'notification.walletDefaultChanged',
        'notification.walletMethodUpdated',
        'notification.walletMethodRemoved',
      ]),
    );
  });

  it('keeps a method that autopay or a scheduled payment pays with, and says which', async () => {
    const m = await member();
    const paymentToken = await harness.cardToken(m.token, TEST_CARDS.visa.number);
    const card = wallet(await send('POST', `add-credit-card/${m.wallet.id}`, m.token, cardBody(paymentToken)))
      .creditCards[0];
    if (!card) throw new Error('card not saved');
    const [autopay] = await harness.db
      .insert(autopaySubscriptions)
      .values({
        policyId: m.policyId,
        name: 'Monthly premium',
        amountType: 'AmountDue',
        paymentMethod: 'Card',
        paymentToken,
        runDay: 5,
        startDate: '2026-01-01',
      })
      .returning({ id: autopaySubscriptions.id });
    const [scheduled] = await harness.db
      .insert(scheduledPayments)
      .values({
        policyId: m.policyId,
        paymentAmountCents: 12_500,
        paymentDate: '2099-01-05',
        paymentMethod: 'Card',
        paymentToken,
      })
      .returning({ id: scheduledPayments.id });

    const refused = await send('PUT', `remove-credit-card/${m.wallet.id}/${card.id}`, m.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: [{ code: 'method-in-use', params: { autopay: 1, scheduled: 1 } }],
    });
    const view = wallet(
      await harness.app.inject({
        method: 'POST',
        url: `/api/v1/Wallet/${m.wallet.referenceId}`,
        headers: { authorization: `Bearer ${m.token}` },
      }),
    );
    expect(view.creditCards[0]?.usedBy).toEqual([
      {
        kind: 'autopay',
        id: autopay?.id,
        policyId: m.policyId,
        policyNumber: m.policyNumber,
        name: 'Monthly premium',
        paymentDate: null,
        amountCents: null,
      },
      {
        kind: 'scheduledPayment',
        id: scheduled?.id,
        policyId: m.policyId,
        policyNumber: m.policyNumber,
        name: null,
        paymentDate: '2099-01-05',
        amountCents: 12_500,
      },
    ]);
    // Once they pay otherwise (cancelled here), the method can go.
    await harness.db
      .update(autopaySubscriptions)
      .set({ state: 'Cancelled' })
      .where(eq(autopaySubscriptions.paymentToken, paymentToken));
    await harness.db
      .update(scheduledPayments)
      .set({ status: 'Cancelled' })
      .where(eq(scheduledPayments.paymentToken, paymentToken));
    expect((await send('PUT', `remove-credit-card/${m.wallet.id}/${card.id}`, m.token)).statusCode).toBe(200);
  });

  it('answers another household’s member as if the wallet did not exist (404, audited), refuses roles without manage-wallet; staff acting for the member may', async () => {
    const m = await member();
    const stranger = await member();
    const admin = await harness.tokenFor('workforce', ['administrator']);
    // Typed by the administrator: the token is theirs to save (docs/decisions/039).
    const paymentToken = await harness.cardToken(admin, TEST_CARDS.visa.number);
    const deniedBefore = (await audits('access', m.householdId)).filter(
      (row) => row.outcome === 'denied',
    ).length;
    const attempts = [
      await send('POST', `add-credit-card/${m.wallet.id}`, stranger.token, cardBody(paymentToken)),
      await send('POST', `household/${m.householdId}`, stranger.token),
      await send('PUT', `make-default/${m.wallet.id}`, stranger.token, {
        isDefault: true,
        itemId: randomUUID(),
      }),
      await send('PUT', `remove-credit-card/${m.wallet.id}/${randomUUID()}`, stranger.token),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    const denied = (await audits('access', m.householdId)).filter((row) => row.outcome === 'denied');
    expect(denied.length).toBe(deniedBefore + attempts.length);

    const bank = wallet(
      await send(
        'POST',
        `add-bank-account/${m.wallet.id}`,
        m.token,
        bankBody(await harness.bankToken(m.token, TEST_BANK_ACCOUNTS.settles.accountNumber)),
      ),
    ).bankAccounts[0];
    const rename = await send('PUT', 'update-bank-account', stranger.token, {
      itemId: bank?.id,
      nickname: 'Mine now',
      accountHolderName: 'Eve',
      accountHolderAddress: '',
      email: '',
    });
    expect(rename.statusCode).toBe(404);

    const agent = await harness.tokenFor('workforce', ['customer-service']);
    const byAgent = await send('POST', `add-credit-card/${m.wallet.id}`, agent, cardBody(paymentToken));
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json()).toMatchObject({ type: ProblemType.actionNotAllowed });

    // Not acting for the member yet: refused until the administrator starts acting for them (docs/decisions/043).
    const notActing = await send('POST', `add-credit-card/${m.wallet.id}`, admin, cardBody(paymentToken));
    expect(notActing.statusCode).toBe(403);
    expect(notActing.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    await actFor(harness.app, admin, { householdId: m.householdId });
    const byAdmin = await send('POST', `add-credit-card/${m.wallet.id}`, admin, cardBody(paymentToken));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const [audit] = await audits('wallet.add-card', m.householdId);
    expect(audit).toMatchObject({ outcome: 'success', actorRole: 'administrator' });
    expect(audit?.actorSubject).not.toBe(null);
  });

  it('gives payments what they need: a saved method by id for its household, and saving a fresh token in a transaction', async () => {
    const m = await member();
    const other = await member();
    const account = harness.app.tenant.account;
    const paymentToken = await harness.sandbox.cardToken(TEST_CARDS.visa.number, {
      expiry: '08/31',
      owner: householdOwner(m.householdId),
    });
    const description = await harness.sandbox.processor.describeToken(paymentToken);
    if (!description) throw new Error('token not described');
    const cardHolder = {
      name: 'Rosa Alves',
      billingAddress: { street1: '12 Harbor St', street2: null, city: 'Fall River', state: 'MA' },
    };
    const saved = await harness.db.transaction((tx) =>
      saveToWallet(tx, {
        householdId: m.householdId,
        description,
        isDefault: false,
        nickname: null,
        email: null,
        cardHolder,
        account,
        today: '2026-11-22',
      }),
    );
    expect(saved).toMatchObject({
      saved: true,
      walletId: m.wallet.id,
      item: { kind: 'card', lastDigits: '4242', brand: 'Visa' },
      defaultChanged: true,
    });
    if (!saved.saved) throw new Error('not saved');
    expect(saved.events).toEqual([
      {
        type: 'wallet.method-added',
        householdId: m.householdId,
        payload: { kind: 'card', brand: 'Visa', last4: '4242', isDefault: 1 },
      },
    ]);
    expect(await savedPaymentMethod(harness.db, m.householdId, saved.item.id)).toEqual({
      kind: 'card',
      id: saved.item.id,
      token: paymentToken,
      lastDigits: '4242',
      brand: 'Visa',
      nickname: null,
      removed: false,
    });
    expect(await savedPaymentMethod(harness.db, other.householdId, saved.item.id)).toBeUndefined();

    const refuse = (input: Partial<Parameters<typeof saveToWallet>[1]>) =>
      harness.db.transaction((tx) =>
        saveToWallet(tx, {
          householdId: m.householdId,
          description,
          isDefault: false,
          nickname: null,
          email: null,
          cardHolder,
          account,
          today: '2026-11-22',
          ...input,
        }),
      );
    expect(await refuse({})).toEqual({ saved: false, reason: 'already-saved' });
    expect(await refuse({ householdId: other.householdId })).toEqual({ saved: false, reason: 'token-taken' });
    expect(await refuse({ today: '2031-09-01' })).toEqual({ saved: false, reason: 'card-expired' });
    expect(
      await refuse({
        account: { ...account, payments: { ...account.payments, paymentTypes: ['CheckingOrSavings'] } },
      }),
    ).toEqual({ saved: false, reason: 'method-type-not-accepted' });
  });

  it('lets no card number, CVC or bank account number typed in these tests reach the database or the logs', async () => {
    expect(await secretsInDatabase(harness.db)).toEqual([]);
    expect(harness.logs.length).toBeGreaterThan(0);
    expect(secretsInLogs(harness.logs)).toEqual([]);
    // The scan finds what it looks for.
    expect(
      secretsInLogs([`{"msg":"card ${TEST_CARDS.visa.number.replace(/(\d{4})/g, '$1 ')}"}`, '{"cvc":"737"}']),
    ).toHaveLength(2);
    // …in a database that does hold the methods these tests saved.
    expect((await harness.db.select().from(walletCards)).length).toBeGreaterThan(10);
  });
});
