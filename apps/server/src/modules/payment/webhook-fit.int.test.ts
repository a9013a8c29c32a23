import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness';
import { createMemberWithPolicy, createPayment } from '../../../test/fixtures';
import { TEST_WEBHOOK_SECRET } from '../../../test/sandbox';
import { auditLog, finances, outboxEvents, paymentRefunds, payments, processorEvents } from '../../db/schema';
import { signatureHeader, SIGNATURE_HEADER } from '../../processor/signature';

/**
 * Issue 33 item 3: a signed webhook is the processor speaking, but what it says must fit the payment it
 * names (kind, state, amount, a refund we asked for) before anything changes. A misfit is recorded as a
 * refused event, acknowledged (2xx: it will not fit any better when sent again) and changes nothing.
 */
describe('processor webhooks that do not fit the payment they name', () => {
  const harness = useTestApp({ sandbox: true });
  let sequence = 0;

  const send = async (event: Record<string, unknown>) => {
    sequence += 1;
    const body = JSON.stringify({
      id: `evt_fit_${sequence}_${Math.random().toString(36).slice(2)}`,
      metadata: {},
      ...event,
    });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/processor/webhook',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(TEST_WEBHOOK_SECRET, body),
      },
      payload: body,
    });
    return { response, id: (JSON.parse(body) as { id: string }).id };
  };
  const recorded = async (id: string) =>
    (await harness.db.select().from(processorEvents).where(eq(processorEvents.id, id)))[0];
  const paymentRow = async (id: string) =>
    (await harness.db.select().from(payments).where(eq(payments.id, id)))[0];
  const financeOf = async (policyId: string) =>
    (await harness.db.select().from(finances).where(eq(finances.policyId, policyId)))[0];
  const webhookAudit = async (id: string) =>
    (
      await harness.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'processor.webhook'), sql`${id} = any(${auditLog.recordIds})`))
    )[0];

  /** A member's policy owing 150.00 a month, and a payment of it in the given state. */
  async function paid(override: Partial<typeof payments.$inferInsert>) {
    const member = await createMemberWithPolicy(harness.db);
    await harness.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
    });
    const transactionId = `ch_fit_${Math.random().toString(36).slice(2)}`;
    const paymentId = await createPayment(harness.db, member.policyId, {
      amountCents: 15_000,
      transactionDate: harness.app.today(),
      transactionId,
      ...override,
    });
    return { member, paymentId, transactionId };
  }

  /** The event was kept as refused, with its reason, acknowledged, and audited as a failure. */
  async function expectRefused(sent: Awaited<ReturnType<typeof send>>, reason: string) {
    expect(sent.response.statusCode, sent.response.body).toBe(200);
    expect(sent.response.json()).toEqual({ received: true, duplicate: false, refused: reason });
    expect(await recorded(sent.id)).toMatchObject({ outcome: 'refused', refusalReason: reason });
    expect(await webhookAudit(sent.id)).toMatchObject({
      outcome: 'failure',
      reason: `event-refused:${reason}`,
    });
  }

  it('issue 33 item 3: refuses charge.returned for a card payment: the payment, the ledger and the member’s messages stay as they were', async () => {
    const { member, paymentId, transactionId } = await paid({
      paymentMethod: 'Card',
      transactionStatus: 'Succeeded',
    });
    const financeBefore = await financeOf(member.policyId);
    const sent = await send({ type: 'charge.returned', transactionId, returnCode: 'R01', amount: '150.00' });
    expect(await paymentRow(paymentId)).toMatchObject({
      transactionStatus: 'Succeeded',
      failureReason: null,
    });
    expect(await financeOf(member.policyId)).toEqual(financeBefore);
    const told = await harness.db
      .select()
      .from(outboxEvents)
      .where(
        sql`${outboxEvents.type} = 'payment.returned' and ${outboxEvents.payload}->>'paymentId' = ${paymentId}`,
      );
    expect(told).toHaveLength(0);
    await expectRefused(sent, 'not-a-bank-payment');
  });

  it('issue 33 item 3: refuses settling or returning a payment in a final state, or for another amount; applies the one that fits', async () => {
    const returned = await paid({
      paymentMethod: 'BankAccount',
      transactionStatus: 'Returned',
      failureReason: 'returned:R01',
    });
    await expectRefused(
      await send({ type: 'charge.settled', transactionId: returned.transactionId, amount: '150.00' }),
      'payment-not-pending',
    );
    expect(await paymentRow(returned.paymentId)).toMatchObject({ transactionStatus: 'Returned' });

    const voided = await paid({ paymentMethod: 'BankAccount', transactionStatus: 'Voided' });
    await expectRefused(
      await send({
        type: 'charge.returned',
        transactionId: voided.transactionId,
        returnCode: 'R01',
        amount: '150.00',
      }),
      'payment-not-returnable',
    );
    expect(await paymentRow(voided.paymentId)).toMatchObject({
      transactionStatus: 'Voided',
      failureReason: null,
    });

    const pending = await paid({ paymentMethod: 'BankAccount', transactionStatus: 'Pending' });
    await expectRefused(
      await send({ type: 'charge.settled', transactionId: pending.transactionId, amount: '1500.00' }),
      'amount-mismatch',
    );
    await expectRefused(
      await send({
        type: 'charge.returned',
        transactionId: pending.transactionId,
        returnCode: 'R01',
        amount: '15.00',
      }),
      'amount-mismatch',
    );
    await expectRefused(
      await send({
        type: 'charge.settled',
        transactionId: pending.transactionId,
        amount: '150.00',
        metadata: { policyId: returned.member.policyId },
      }),
      'policy-mismatch',
    );
    expect(await paymentRow(pending.paymentId)).toMatchObject({ transactionStatus: 'Pending' });

    await expectRefused(
      await send({ type: 'charge.settled', transactionId: 'ch_nobody_knows', amount: '150.00' }),
      'unknown-transaction',
    );

    // The event that fits is applied.
    const fits = await send({
      type: 'charge.settled',
      transactionId: pending.transactionId,
      amount: '150.00',
      metadata: { policyId: pending.member.policyId },
    });
    expect(fits.response.json()).toEqual({ received: true, duplicate: false });
    expect(await recorded(fits.id)).toMatchObject({ outcome: 'applied', refusalReason: null });
    expect(await paymentRow(pending.paymentId)).toMatchObject({ transactionStatus: 'Succeeded' });
  });

  it('issue 33 item 3: refuses refund.succeeded for a refund we never asked for, of another payment, or for more than was refunded', async () => {
    const bank = await paid({ paymentMethod: 'BankAccount', transactionStatus: 'Succeeded' });
    const other = await paid({ paymentMethod: 'BankAccount', transactionStatus: 'Succeeded' });
    const [refund] = await harness.db
      .insert(paymentRefunds)
      .values({
        paymentId: bank.paymentId,
        kind: 'refund',
        amountCents: 2_000,
        reason: 'Overpaid',
        status: 'Pending',
        processorRefundId: 're_fit_1',
        idempotencyKey: `fit-${Math.random()}`,
        staffSubject: 'staff-1',
      })
      .returning();
    if (!refund) throw new Error('refund not made');
    const refundRow = async () =>
      (await harness.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id)))[0];

    await expectRefused(
      await send({
        type: 'refund.succeeded',
        transactionId: bank.transactionId,
        refundId: 're_invented',
        amount: '20.00',
      }),
      'unknown-refund',
    );
    await expectRefused(
      await send({
        type: 'refund.succeeded',
        transactionId: bank.transactionId,
        refundId: 're_fit_1',
        amount: '150.00',
      }),
      'amount-mismatch',
    );
    await expectRefused(
      await send({
        type: 'refund.succeeded',
        transactionId: other.transactionId,
        refundId: 're_fit_1',
        amount: '20.00',
      }),
      'refund-of-another-payment',
    );
    expect(await refundRow()).toMatchObject({ status: 'Pending' });

    const fits = await send({
      type: 'refund.succeeded',
      transactionId: bank.transactionId,
      refundId: 're_fit_1',
      amount: '20.00',
    });
    expect(fits.response.json()).toEqual({ received: true, duplicate: false });
    expect(await refundRow()).toMatchObject({ status: 'Succeeded' });
    // The same refund announced again (another event id): it is no longer pending.
    await expectRefused(
      await send({
        type: 'refund.succeeded',
        transactionId: bank.transactionId,
        refundId: 're_fit_1',
        amount: '20.00',
      }),
      'refund-not-pending',
    );
  });
});
