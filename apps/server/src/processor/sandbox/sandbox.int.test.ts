import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROCESSOR_ONLY_OWNER,
  startTestSandbox,
  TEST_API_KEY,
  TEST_PORTAL_ORIGIN,
  TEST_WEBHOOK_SECRET,
  type TestSandbox,
} from '../../../test/sandbox';
import { HttpProcessor } from '../http-adapter';
import { ProcessorTimeout, ProcessorUnavailable, WebhookRejected } from '../port';
import { checkSignature, SIGNATURE_HEADER } from '../signature';
import { TEST_BANK_ACCOUNTS, TEST_CARDS, TEST_SECRETS } from './test-numbers';

const key = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;
/** Tokens only these tests use. */
const own = { owner: PROCESSOR_ONLY_OWNER };
const charge = (sandbox: TestSandbox, token: string, idempotencyKey = key('charge'), amountCents = 12_345) =>
  sandbox.processor.charge({
    token,
    amountCents,
    idempotencyKey,
    description: 'Premium',
    metadata: { payment: 'p-1' },
  });

describe('the sandbox processor: hosted fields, tokens and charges', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ timeoutMs: 1_500, slowAnswerMs: 4_500 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('serves the hosted fields in the asked language, framed only by the portal, with a strict CSP', async () => {
    const session = await sandbox.processor.createTokenizationSession('household:test');
    const url = sandbox.processor.hostedFieldsUrl('card', 'es', TEST_PORTAL_ORIGIN, session);
    expect(new URL(url).origin).toBe(sandbox.sandbox.publicOrigin);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${TEST_PORTAL_ORIGIN}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<label for="number">Número de tarjeta</label>');
    expect(html).toMatch(/aria-describedby="expiry-hint expiry-error"/);
    expect(html).toContain(`data-session="${session.id}"`);
    const bank = await (
      await fetch(sandbox.processor.hostedFieldsUrl('bankAccount', 'pt', TEST_PORTAL_ORIGIN, session))
    ).text();
    expect(bank).toContain('Número da conta');
    expect(bank).toContain('<legend>Tipo de conta</legend>');
    // Any other parent is refused, and the refusal cannot be framed at all.
    const stranger = await fetch(
      sandbox.processor.hostedFieldsUrl('card', 'en', 'https://evil.example', session),
    );
    expect(stranger.status).toBe(400);
    expect(stranger.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // So is a page without a session the portal opened.
    const sessionless = await fetch(
      sandbox.processor.hostedFieldsUrl('card', 'en', TEST_PORTAL_ORIGIN, { ...session, id: 'tks_made_up' }),
    );
    expect(sessionless.status).toBe(400);
  });

  it('tokenises only for its own origin, and validates with card-validator and the ABA checksum', async () => {
    const fromElsewhere = await fetch(`${sandbox.sandbox.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_PORTAL_ORIGIN },
      body: JSON.stringify({
        kind: 'card',
        fields: { number: TEST_CARDS.visa.number, expiry: '12/34', cvc: '737', postalCode: '02720' },
      }),
    });
    expect(fromElsewhere.status).toBe(403);

    const bad = await sandbox.tokenize('card', {
      number: '4242424242424241',
      expiry: '01/20',
      cvc: '73',
      postalCode: '0272',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { field: 'number', code: 'card-number-invalid' },
      { field: 'expiry', code: 'expiry-past' },
      { field: 'cvc', code: 'cvc-invalid' },
      { field: 'postalCode', code: 'postal-code-invalid' },
    ]);
    // American Express has a four-digit code.
    const amex = await sandbox.tokenize('card', {
      number: TEST_CARDS.amex.number,
      expiry: '12/34',
      cvc: '737',
      postalCode: '02720',
    });
    expect(amex.body.errors).toEqual([{ field: 'cvc', code: 'cvc-invalid' }]);
    const empty = await sandbox.tokenize('card', {});
    expect(empty.body.errors?.map((error) => error.code)).toEqual([
      'required',
      'required',
      'required',
      'required',
    ]);
    const unsupported = await sandbox.tokenize('card', {
      number: '3530111333300000',
      expiry: '12/34',
      cvc: '737',
      postalCode: '02720',
    });
    expect(unsupported.body.errors).toEqual([{ field: 'number', code: 'card-brand-unsupported' }]);

    const bank = await sandbox.tokenize('bankAccount', {
      routingNumber: '110000001',
      accountNumber: '000123456789',
      accountNumberConfirmation: '000123456780',
      accountType: 'Loan',
    });
    expect(bank.body.errors).toEqual([
      { field: 'routingNumber', code: 'routing-number-invalid' },
      { field: 'accountNumberConfirmation', code: 'account-number-mismatch' },
      { field: 'accountType', code: 'account-type-required' },
    ]);
  });

  it('hands back a token and display facts only, and keeps no number in its own state', async () => {
    const answer = await sandbox.tokenize('card', {
      number: '4242 4242 4242 4242',
      expiry: '09 / 2031',
      cvc: '737',
      postalCode: '02720-1234',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.display).toEqual({
      kind: 'card',
      brand: 'Visa',
      last4: '4242',
      expirationMonth: 9,
      expirationYear: 2031,
    });
    const described = await sandbox.processor.describeToken(answer.body.token ?? '');
    expect(described).toEqual({
      kind: 'card',
      token: answer.body.token,
      brand: 'Visa',
      last4: '4242',
      expirationMonth: 9,
      expirationYear: 2031,
      funding: 'credit',
      postalCode: '02720',
      owner: PROCESSOR_ONLY_OWNER,
      fingerprint: expect.stringMatching(/^fp_[A-Za-z0-9_-]{43}$/) as string,
    });
    const bankToken = await sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, own);
    expect(await sandbox.processor.describeToken(bankToken)).toMatchObject({
      kind: 'bankAccount',
      last3: '789',
      routingNumber: '110000000',
      bankName: 'Sandbox Bank',
      accountType: 'Checking',
    });
    expect(await sandbox.processor.describeToken('tok_sbx_unknown')).toBeNull();
    // Ids are looked up in tables without a prototype: an inherited name is an unknown token too.
    for (const inherited of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(await sandbox.processor.describeToken(inherited)).toBeNull();
    // The snapshot and the journal of changes since (docs/decisions/023).
    const state = fs
      .readdirSync(sandbox.dataDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((file) => fs.readFileSync(`${sandbox.dataDir}/${file.name}`, 'utf8'))
      .join('\n');
    expect(state).toContain(answer.body.token);
    for (const secret of [...TEST_SECRETS.cardNumbers, ...TEST_SECRETS.bankAccountNumbers])
      expect(state).not.toContain(secret);
    expect(state).not.toMatch(/"737"/);
  });

  it('issue 33 item 1: binds each token to the owner of the session it was made in, and makes none without a live session', async () => {
    const ofA = await sandbox.processor.createTokenizationSession('household:a');
    const ofGuest = await sandbox.processor.createTokenizationSession('guest:s-1');
    expect(ofA).toMatchObject({ owner: 'household:a', id: expect.stringMatching(/^tks_/) as string });
    expect(Date.parse(ofA.expiresAt) - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    expect(
      await sandbox.processor.describeToken(
        await sandbox.cardToken(TEST_CARDS.visa.number, { session: ofA.id }),
      ),
    ).toMatchObject({ owner: 'household:a' });
    expect(
      await sandbox.processor.describeToken(
        await sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, { session: ofGuest.id }),
      ),
    ).toMatchObject({ owner: 'guest:s-1' });
    const fields = { number: TEST_CARDS.visa.number, expiry: '12/34', cvc: '737', postalCode: '02720' };
    for (const session of ['tks_made_up', '', 'toString']) {
      const refused = await sandbox.tokenize('card', fields, session);
      expect(refused.status, session).toBe(401);
      expect(refused.body.token).toBeUndefined();
    }
    // A session runs out.
    const short = await startTestSandbox({ sessionTtlMs: 50 });
    try {
      const session = await short.processor.createTokenizationSession('household:a');
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await short.tokenize('card', fields, session.id)).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('issue 33 item 2: fingerprints a card (or account) the same each time it is typed, another one differently, with a key of its own', async () => {
    const fingerprintOf = async (token: Promise<string>) =>
      (await sandbox.processor.describeToken(await token))?.fingerprint;
    const visa = await fingerprintOf(sandbox.cardToken(TEST_CARDS.visa.number, own));
    expect(
      await fingerprintOf(
        sandbox.cardToken(TEST_CARDS.visa.number, { owner: 'household:other', expiry: '01/33' }),
      ),
    ).toBe(visa);
    expect(await fingerprintOf(sandbox.cardToken(TEST_CARDS.mastercard.number, own))).not.toBe(visa);
    const account = await fingerprintOf(sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, own));
    expect(
      await fingerprintOf(
        sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, { ...own, accountType: 'Savings' }),
      ),
    ).toBe(account);
    expect(
      await fingerprintOf(
        sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, { ...own, routingNumber: '211070175' }),
      ),
    ).not.toBe(account);
    expect(
      await fingerprintOf(sandbox.bankToken(TEST_BANK_ACCOUNTS.returnedR01.accountNumber, own)),
    ).not.toBe(account);
    // Keyed: another processor (another key) fingerprints the same card otherwise; the number is not in it.
    const elsewhere = await startTestSandbox();
    try {
      expect(
        (await elsewhere.processor.describeToken(await elsewhere.cardToken(TEST_CARDS.visa.number, own)))
          ?.fingerprint,
      ).not.toBe(visa);
    } finally {
      await elsewhere.close();
    }
    for (const number of [...TEST_SECRETS.cardNumbers, ...TEST_SECRETS.bankAccountNumbers])
      expect(visa).not.toContain(number);
  });

  it('refuses a caller without the secret key', async () => {
    const wrongKey = new HttpProcessor({
      url: sandbox.sandbox.url,
      publicOrigin: sandbox.sandbox.publicOrigin,
      apiKey: 'not-the-key-at-all',
      webhookSecret: TEST_WEBHOOK_SECRET,
      timeoutMs: 1_000,
    });
    await expect(wrongKey.describeToken('tok_sbx_x')).rejects.toBeInstanceOf(ProcessorUnavailable);
    await expect(wrongKey.createTokenizationSession('household:a')).rejects.toBeInstanceOf(
      ProcessorUnavailable,
    );
    expect(TEST_API_KEY).not.toBe('not-the-key-at-all');
  });

  it('decides each charge by the test number: approvals, declines with their reason', async () => {
    for (const card of [
      TEST_CARDS.visa,
      TEST_CARDS.mastercard,
      TEST_CARDS.amex,
      TEST_CARDS.discover,
      TEST_CARDS.mastercardDebit,
    ]) {
      expect((await charge(sandbox, await sandbox.cardToken(card.number, own))).status).toBe('succeeded');
    }
    const declines = [
      [TEST_CARDS.declined, 'card_declined'],
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
      [TEST_CARDS.expiredCard, 'expired_card'],
      [TEST_CARDS.incorrectCvc, 'incorrect_cvc'],
    ] as const;
    for (const [card, declineCode] of declines) {
      expect(await charge(sandbox, await sandbox.cardToken(card.number, own))).toMatchObject({
        status: 'declined',
        declineCode,
      });
    }
    expect(await charge(sandbox, 'tok_sbx_never_made')).toMatchObject({
      status: 'declined',
      declineCode: 'invalid_account',
    });
  });

  it('charges once per idempotency key: a repeat gets the first result', async () => {
    const token = await sandbox.cardToken(TEST_CARDS.visa.number, own);
    const before = sandbox.sandbox.charges().length;
    const idempotencyKey = key('once');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => charge(sandbox, token, idempotencyKey)),
    );
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(sandbox.sandbox.charges().length).toBe(before + 1);
    // The same key for another amount is not the same charge.
    await expect(charge(sandbox, token, idempotencyKey, 100)).rejects.toBeInstanceOf(ProcessorUnavailable);
    expect(sandbox.sandbox.charges().length).toBe(before + 1);
  });

  it('says a processor error charged nothing, and a slow answer is a timeout whose retry finds the charge', async () => {
    const before = sandbox.sandbox.charges().length;
    await expect(
      charge(sandbox, await sandbox.cardToken(TEST_CARDS.processorError.number, own)),
    ).rejects.toBeInstanceOf(ProcessorUnavailable);
    expect(sandbox.sandbox.charges().length).toBe(before);

    const slow = await sandbox.cardToken(TEST_CARDS.slowAnswer.number, own);
    const idempotencyKey = key('slow');
    await expect(charge(sandbox, slow, idempotencyKey)).rejects.toBeInstanceOf(ProcessorTimeout);
    const retried = await charge(sandbox, slow, idempotencyKey);
    expect(retried.status).toBe('succeeded');
    expect(sandbox.sandbox.charges().length).toBe(before + 1);
  });

  it('refunds a card charge once, and voids only a pending one', async () => {
    const paid = await charge(sandbox, await sandbox.cardToken(TEST_CARDS.visa.number, own));
    const refundKey = key('refund');
    const refund = await sandbox.processor.refund({
      transactionId: paid.transactionId,
      amountCents: 2_345,
      idempotencyKey: refundKey,
      reason: 'overpaid',
    });
    expect(refund.status).toBe('succeeded');
    expect(
      await sandbox.processor.refund({
        transactionId: paid.transactionId,
        amountCents: 2_345,
        idempotencyKey: refundKey,
        reason: 'overpaid',
      }),
    ).toEqual(refund);
    expect(
      await sandbox.processor.refund({
        transactionId: paid.transactionId,
        amountCents: 20_000,
        idempotencyKey: key('refund'),
        reason: 'too much',
      }),
    ).toMatchObject({
      status: 'failed',
      reason: 'amount-too-large',
    });
    expect(await sandbox.processor.void(paid.transactionId, key('void'))).toEqual({ status: 'not-voidable' });
    const pending = await charge(
      sandbox,
      await sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, own),
    );
    expect(pending.status).toBe('pending');
    expect(await sandbox.processor.void(pending.transactionId, key('void'))).toEqual({ status: 'voided' });
    expect(await sandbox.processor.void('ch_unknown', key('void'))).toEqual({ status: 'not-voidable' });
  });
});

describe('the sandbox processor: bank payments settle later through signed webhooks', () => {
  const received: { body: string; signature: string | undefined }[] = [];
  let answer = 200;
  let receiver: http.Server;
  let url: string;
  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ body, signature: request.headers[SIGNATURE_HEADER] as string | undefined });
        response.statusCode = answer;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });
  const until = async (check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('answers pending, then settles (or returns R01 for the listed account) with a signed, verifiable webhook', async () => {
    const sandbox = await startTestSandbox({ settleDelayMs: 150, webhookUrl: () => url });
    try {
      const settled = await charge(
        sandbox,
        await sandbox.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, own),
      );
      const returned = await charge(
        sandbox,
        await sandbox.bankToken(TEST_BANK_ACCOUNTS.returnedR01.accountNumber, own),
      );
      expect([settled.status, returned.status]).toEqual(['pending', 'pending']);
      await until(() => received.length >= 2);
      const events = received.map(
        (delivery) =>
          sandbox.processor.verifyWebhook(delivery.body, { [SIGNATURE_HEADER]: delivery.signature }).event,
      );
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'charge.settled',
            transactionId: settled.transactionId,
            amountCents: 12_345,
            metadata: { payment: 'p-1' },
          }),
          expect.objectContaining({
            type: 'charge.returned',
            transactionId: returned.transactionId,
            returnCode: 'R01',
            amountCents: 12_345,
          }),
        ]),
      );
      // A tampered body fails the check.
      const first = received[0];
      expect(() =>
        sandbox.processor.verifyWebhook(`${first?.body ?? ''} `, { [SIGNATURE_HEADER]: first?.signature }),
      ).toThrow(WebhookRejected);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps pending settlements and undelivered webhooks across a restart, retrying until acknowledged', async () => {
    received.length = 0;
    answer = 503;
    const first = await startTestSandbox({ settleDelayMs: 200, webhookUrl: () => null });
    const pending = await charge(first, await first.bankToken(TEST_BANK_ACCOUNTS.settles.accountNumber, own));
    await first.close(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Back up after its settlement was due: it settles, and retries while the portal refuses.
    const second = await startTestSandbox({
      dataDir: first.dataDir,
      settleDelayMs: 200,
      webhookUrl: () => url,
    });
    try {
      await until(() => received.length >= 1);
      answer = 200;
      await until(() => received.length >= 2, 8_000);
      const deliveries = received.map(
        (delivery) => JSON.parse(delivery.body) as { id: string; transactionId: string },
      );
      expect(deliveries.every((event) => event.transactionId === pending.transactionId)).toBe(true);
      expect(new Set(deliveries.map((event) => event.id)).size).toBe(1);
      // Each attempt is signed anew.
      const checks = received.map((delivery) =>
        checkSignature(TEST_WEBHOOK_SECRET, delivery.body, delivery.signature),
      );
      expect(checks.every((check) => check.ok)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.length).toBe(2);
    } finally {
      await second.close();
    }
  });
});
