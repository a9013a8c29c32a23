import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MakePaymentResponseSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { paymentBody, type PayablePolicy } from '../../../test/payment-body';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { readPdf } from '../../../test/pdf';
import { auditLog, coverageSpans, finances, payments, policies, preferences } from '../../db/schema';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

type Db = ReturnType<typeof useTestApp>['db'];

/** A member's active policy; the member owes 150.00 a month. */
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

/**
 * The printable receipt (issue 9): the receipt page's facts as a tagged PDF from the server, in the
 * reader's language, for exactly those who may read the receipt itself, every read audited.
 */
describe('GET /api/v1/Payment/:paymentId/receipt.pdf', () => {
  const harness = useTestApp({ sandbox: true });
  const today = () => harness.app.today();

  const payBody = (policy: PayablePolicy, paymentToken: string, amount = '150.00') =>
    paymentBody(
      policy,
      today(),
      { paymentAmount: amount, method: 'Card', paymentToken },
      { billingName: 'Pat Payer', emailAddress: 'test.member@example.org' },
    );
  /** Pays through the API (the sandbox processor charges the card) and answers the receipt. */
  const pay = async (
    token: string,
    policy: { policyId: string; folderId: string },
    card: string,
    amount?: string,
  ) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      payload: payBody(policy, await harness.cardToken(token, card), amount),
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(201);
    return MakePaymentResponseSchema.parse(response.json()).receipt;
  };
  const receiptPdf = (paymentId: string, token: string | null, query = '') =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/Payment/${paymentId}/receipt.pdf${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const receiptJson = (paymentId: string, token: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/Payment/${paymentId}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const memberToken = (memberId: string) => harness.tokenFor('consumer', ['member'], { memberId });

  it('gives the member who paid a PDF with the transaction id, amount, card brand and last digits, policy, plan and what it paid through', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const receipt = await pay(token, member, TEST_CARDS.visa.number);

    const response = await receiptPdf(receipt.paymentId, token, '?lang=en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="receipt-${receipt.transactionId}.pdf"`,
    );
    const { text, info, raw, pngBytes } = readPdf(response.rawPayload);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Lighthouse Health Plan');
    expect(text).toMatch(new RegExp(`Transaction ID\\s+${receipt.transactionId}`));
    expect(text).toMatch(/Amount\s+\$150\.00/);
    expect(text).toMatch(/Paid with\s+Visa ending in 4242/);
    expect(text).toMatch(/Status\s+Approved/);
    expect(text).toMatch(new RegExp(`Policy number\\s+${member.policyNumber}`));
    expect(text).toMatch(/Plan\s+Test Silver HMO/);
    expect(text).toMatch(/Paid by\s+Pat Payer/);
    expect(text).toMatch(/Coverage paid through\s+January 31, \d{4}/);
    expect(text).toContain('Questions? Call 1-800-555-0142');
    // The card's number never: brand and last digits only.
    expect(text).not.toContain(TEST_CARDS.visa.number);
    // Tagged, titled, in its language, the logo a figure named for the issuer.
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Title:\s+Payment receipt/);
    expect(raw).toContain('/Lang (en-US)');
    expect(raw).toMatch(/\/Alt \(Lighthouse Health Plan\)/);
    expect(pngBytes).toBeGreaterThan(5_000);
  });

  it('is in Spanish when asked, and in the household’s language by default', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const receipt = await pay(token, member, TEST_CARDS.mastercard.number, '150.00');

    const spanish = readPdf((await receiptPdf(receipt.paymentId, token, '?lang=es')).rawPayload);
    expect(spanish.text).toContain('Recibo de pago');
    expect(spanish.text).toContain('Gracias. Su pago fue aprobado y se aplicó a su póliza.');
    expect(spanish.text).toMatch(new RegExp(`Número de transacción\\s+${receipt.transactionId}`));
    expect(spanish.text).toMatch(/Monto\s+\$150\.00/);
    expect(spanish.text).toMatch(/Pagado con\s+Mastercard terminada en 4444/);
    expect(spanish.text).toMatch(/Estado\s+Aprobado/);
    expect(spanish.text).toMatch(/Cobertura pagada hasta\s+31 de enero de \d{4}/);
    expect(spanish.text).toContain('¿Preguntas? Llame al 1-800-555-0142');
    expect(spanish.raw).toContain('/Lang (es-US)');

    // Without `lang`: the household's preferred language.
    await harness.db.insert(preferences).values({ householdId: member.householdId ?? '', language: 'pt' });
    const preferred = await receiptPdf(receipt.paymentId, token);
    const portuguese = readPdf(preferred.rawPayload);
    expect(portuguese.text).toContain('Recibo de pagamento');
    expect(portuguese.text).toMatch(/Pago com\s+Mastercard com final 4444/);
    expect(portuguese.text).toMatch(/Valor\s+US\$ 150,00/);
    expect(portuguese.text).toMatch(/Situação\s+Aprovado/);
  });

  it('says a binder payment made the coverage effective', async () => {
    const member = await createMemberWithPolicy(harness.db);
    const start = new Date();
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 10);
    await harness.db
      .update(coverageSpans)
      .set({ startDate: next, effectuatedDate: null })
      .where(eq(coverageSpans.policyId, member.policyId));
    await harness.db
      .update(policies)
      .set({ enrollmentStatus: 'Pending' })
      .where(eq(policies.id, member.policyId));
    await harness.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Binder',
    });
    const token = await memberToken(member.memberId);
    const receipt = await pay(token, member, TEST_CARDS.discover.number);
    expect(receipt.effectuated).toBe(true);

    const { text } = readPdf((await receiptPdf(receipt.paymentId, token, '?lang=en')).rawPayload);
    expect(text).toContain('This was your first (binder) payment: it made your coverage effective.');
    expect(text).toMatch(/How it was paid\s+First payment \(binder\)/);
    expect(text).toMatch(/Coverage\s+Made effective by this payment/);
    const spanish = readPdf((await receiptPdf(receipt.paymentId, token, '?lang=es')).rawPayload);
    expect(spanish.text).toContain(
      'Este fue su primer pago (pago inicial): con él, su cobertura entró en vigor.',
    );
  });

  it('says what became of a bank payment the bank returned, by account type and last digits', async () => {
    const member = await payablePolicy(harness.db);
    const [returned] = await harness.db
      .insert(payments)
      .values({
        policyId: member.policyId,
        amountCents: 15_000,
        transactionDate: '2026-02-03',
        transactionId: `txn_${randomUUID()}`,
        transactionStatus: 'Returned',
        paymentMethod: 'BankAccount',
        methodBrand: 'Checking',
        methodLastDigits: '789',
        paymentSource: 'Autopay',
        failureReason: 'R01',
      })
      .returning({ id: payments.id });
    const token = await memberToken(member.memberId);
    const { text } = readPdf((await receiptPdf(returned?.id ?? '', token, '?lang=es')).rawPayload);
    expect(text).toContain('Su banco devolvió este pago. El monto vuelve a estar pendiente de pago.');
    expect(text).toMatch(/Pagado con\s+Cuenta de cheques terminada en 789/);
    expect(text).toMatch(/Estado\s+Devuelto por el banco/);
    expect(text).toMatch(/Fecha del pago\s+3 de febrero de 2026/);
    expect(text).not.toContain('Cobertura pagada hasta');
  });

  it('answers another household’s member as the receipt does (403, audited), an unknown payment 404 and no token 401', async () => {
    const member = await payablePolicy(harness.db);
    const stranger = await payablePolicy(harness.db);
    const receipt = await pay(await memberToken(member.memberId), member, TEST_CARDS.visa.number);
    const strangerToken = await memberToken(stranger.memberId);

    const refused = await receiptPdf(receipt.paymentId, strangerToken);
    expect(refused.statusCode).toBe((await receiptJson(receipt.paymentId, strangerToken)).statusCode);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/problem\+json/);
    const denials = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.route, 'GET /api/v1/Payment/:paymentId/receipt.pdf'),
          sql`${member.policyId} = any(${auditLog.recordIds})`,
        ),
      );
    expect(denials).toHaveLength(1);
    expect((await receiptPdf(randomUUID(), strangerToken)).statusCode).toBe(404);
    expect((await receiptPdf('not-a-payment', strangerToken)).statusCode).toBe(400);
    expect((await receiptPdf(receipt.paymentId, null)).statusCode).toBe(401);
  });

  it('records every read in the audit log, acting for the household', async () => {
    const member = await payablePolicy(harness.db);
    const token = await memberToken(member.memberId);
    const receipt = await pay(token, member, TEST_CARDS.visa.number);
    await receiptPdf(receipt.paymentId, token);
    const reads = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'read'),
          eq(auditLog.route, 'GET /api/v1/Payment/:paymentId/receipt.pdf'),
          sql`${receipt.paymentId} = any(${auditLog.recordIds})`,
        ),
      );
    expect(reads).toMatchObject([
      { outcome: 'success', recordType: 'payment', actingForHouseholdId: member.householdId },
    ]);
  });

  it('lets a guest print the receipt of the payment they just made, and no other subscriber’s', async () => {
    const member = await payablePolicy(harness.db);
    const other = await payablePolicy(harness.db);
    const otherReceipt = await pay(await memberToken(other.memberId), other, TEST_CARDS.visa.number);
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
    const receipt = await pay(guest, member, TEST_CARDS.amex.number);

    const response = await receiptPdf(receipt.paymentId, guest, '?lang=en');
    expect(response.statusCode, response.body).toBe(200);
    const { text } = readPdf(response.rawPayload);
    expect(text).toMatch(/Paid with\s+Amex ending in 0005/);
    expect(text).toMatch(/How it was paid\s+Online \(without signing in\)/);
    expect((await receiptPdf(otherReceipt.paymentId, guest)).statusCode).toBe(
      (await receiptJson(otherReceipt.paymentId, guest)).statusCode,
    );
    expect((await receiptPdf(otherReceipt.paymentId, guest)).statusCode).toBe(403);
  });
});
