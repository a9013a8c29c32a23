import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { CalendarDate } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import {
  createAutopaySubscription,
  createMemberWithPolicy,
  createPayment,
  createScheduledPayment,
  createWallet,
} from '../../../test/fixtures';
import { readPdf } from '../../../test/pdf';
import {
  auditLog,
  autopaySubscriptions,
  coverageSpans,
  documents,
  finances,
  memberSpans,
  notifications,
  policies,
  reinstatementEligibility,
  scheduledPayments,
} from '../../db/schema';

/**
 * Issue 10's billing clock (DOMAIN "Grace period", "Effectuation", "Reinstatement"; 45 CFR 156.270,
 * 155.400(e)): run day by day through the billing day, as the hourly job does, for one household at a
 * time — invoices on their date, past due and the grace periods with their notices, claims pended in
 * month 2, coverage ended back to the end of month 1, a binder not paid by its deadline, the
 * reinstatement offer and its expiry; each day's work done once however often the day runs.
 */
describe('the billing clock', () => {
  const harness = useTestApp();

  /**
   * A household whose policy began on 2026-01-01 at `premium` a month less `aptc` (the member owes the
   * difference), paid through `paidMonths` months of 2026 by one payment in December 2025.
   */
  async function policyHolder(
    options: {
      premium?: number;
      aptc?: number;
      paidMonths?: number;
      start?: CalendarDate;
      effectuated?: boolean;
    } = {},
  ) {
    const {
      premium = 45_000,
      aptc = 30_000,
      paidMonths = 2,
      start = '2026-01-01',
      effectuated = true,
    } = options;
    const holder = await createMemberWithPolicy(harness.db);
    await harness.db
      .update(coverageSpans)
      .set({
        startDate: start,
        premiumAmountCents: premium,
        policyRateAmountCents: premium,
        taxCreditAmountCents: aptc,
        effectuatedDate: effectuated ? start : null,
      })
      .where(eq(coverageSpans.policyId, holder.policyId));
    await harness.db
      .update(memberSpans)
      .set({ startDate: start })
      .where(eq(memberSpans.policyId, holder.policyId));
    if (paidMonths > 0)
      await createPayment(harness.db, holder.policyId, {
        amountCents: (premium - aptc) * paidMonths,
        transactionDate: '2025-12-20',
      });
    await harness.db.insert(finances).values({
      policyId: holder.policyId,
      premiumAmountDueCents: premium - aptc,
      currentAmountDueCents: 0,
      status: effectuated ? 'Current' : 'Binder',
    });
    const householdId = holder.householdId ?? '';
    return {
      ...holder,
      householdId,
      /** Runs the billing day for this household as of `day`; answers what the clock did. */
      run: async (day: CalendarDate) => {
        const report = await harness.app.jobs.runDay(day, { householdId });
        await harness.app.outbox.drain();
        return report.steps.find((step) => step.name === 'billing-clock')?.counts ?? {};
      },
      finance: async () =>
        (await harness.db.select().from(finances).where(eq(finances.policyId, holder.policyId)))[0],
      notices: () =>
        harness.db
          .select({
            id: documents.id,
            subtype: documents.subtype,
            date: documents.documentDate,
            amountDueCents: documents.amountDueCents,
            facts: documents.facts,
          })
          .from(documents)
          .where(and(eq(documents.policyId, holder.policyId), eq(documents.type, 'notice')))
          .orderBy(asc(documents.documentDate), asc(documents.createdAt)),
      invoices: () =>
        harness.db
          .select({
            periodStart: documents.periodStart,
            documentDate: documents.documentDate,
            dueDate: documents.dueDate,
            amountDueCents: documents.amountDueCents,
            facts: documents.facts,
          })
          .from(documents)
          .where(and(eq(documents.policyId, holder.policyId), eq(documents.type, 'invoice')))
          .orderBy(asc(documents.periodStart)),
      messages: async () =>
        (
          await harness.db
            .select({
              template: notifications.templateName,
              values: notifications.additionalValues,
              link: notifications.link,
            })
            .from(notifications)
            .where(eq(notifications.householdId, householdId))
        ).sort((a, b) => a.template.localeCompare(b.template)),
      spans: () => harness.db.select().from(coverageSpans).where(eq(coverageSpans.policyId, holder.policyId)),
      policy: async () =>
        (await harness.db.select().from(policies).where(eq(policies.id, holder.policyId)))[0],
      reinstatement: async () =>
        (
          await harness.db
            .select()
            .from(reinstatementEligibility)
            .where(eq(reinstatementEligibility.policyId, holder.policyId))
        )[0],
    };
  }

  it('issues each month’s invoice on its date, once, with what is past due and the credit on account', async () => {
    const holder = await policyHolder({ paidMonths: 2 });
    // The first run issues only the latest invoice due by then (March's, issued 10 February).
    expect(await holder.run('2026-02-20')).toMatchObject({ policies: 1, invoices: 1 });
    expect(await holder.run('2026-02-20')).toEqual({});
    await holder.run('2026-03-09');
    await holder.run('2026-03-10');
    const invoices = await holder.invoices();
    expect(
      invoices.map((invoice) => [
        invoice.periodStart,
        invoice.documentDate,
        invoice.dueDate,
        invoice.amountDueCents,
      ]),
    ).toEqual([
      ['2026-03-01', '2026-02-10', '2026-03-01', 15_000],
      // March was not paid: April's invoice carries it as past due.
      ['2026-04-01', '2026-03-10', '2026-04-01', 30_000],
    ]);
    expect(invoices[1]?.facts).toMatchObject({
      premiumCents: 45_000,
      taxCreditCents: 30_000,
      currentChargesCents: 15_000,
      pastDueCents: 15_000,
      pastDueMonths: ['2026-03-01'],
    });
    expect(
      (await holder.messages()).filter((message) => message.template === 'notification.invoiceAvailable'),
    ).toHaveLength(2);
  });

  it('gives an APTC member the three-month grace period: notice, claims pended in month 2, coverage ended back to month 1', async () => {
    const holder = await policyHolder({ paidMonths: 2 });
    await holder.run('2026-02-28');
    expect((await holder.finance())?.status).toBe('Current');

    // March was due on the 1st: the grace period begins (45 CFR 156.270(d): the member is told).
    expect(await holder.run('2026-03-02')).toMatchObject({ 'grace-period-entered': 1, notices: 1 });
    expect(await holder.finance()).toMatchObject({
      status: 'GracePeriod',
      pastAmountDueCents: 15_000,
      pastDueMonths: ['2026-03-01'],
      gracePeriodStartDate: '2026-03-01',
      gracePeriodEndDate: '2026-05-31',
      announcedStatus: 'GracePeriod',
      clockDate: '2026-03-02',
    });
    let notices = await holder.notices();
    expect(notices.map((notice) => notice.subtype)).toEqual(['grace-period']);
    expect(notices[0]).toMatchObject({
      amountDueCents: 15_000,
      facts: { gracePeriodEndDate: '2026-05-31', terminationDate: '2026-03-31', months: ['2026-03-01'] },
    });

    // Nothing new on the following days of month 1; month 2 begins: claims may be pended.
    expect(await holder.run('2026-03-20')).not.toHaveProperty('notices');
    expect(await holder.run('2026-04-01')).toMatchObject({ 'claims-pended': 1, notices: 1 });
    expect(await holder.run('2026-04-02')).not.toHaveProperty('claims-pended');
    await holder.run('2026-05-31');
    expect((await holder.policy())?.enrollmentStatus).toBe('Active');

    // The grace period ended unpaid: coverage ends on the last day of month 1 (45 CFR 156.270(g)).
    expect(await holder.run('2026-06-01')).toMatchObject({ 'terminated-for-non-payment': 1 });
    expect((await holder.policy())?.enrollmentStatus).toBe('Terminated');
    expect((await holder.spans()).map((span) => [span.endDate, span.cancelled])).toEqual([
      ['2026-03-31', false],
    ]);
    expect(await holder.finance()).toMatchObject({
      status: 'Terminated',
      pastAmountDueCents: 15_000,
      pastDueMonths: ['2026-03-01'],
      currentAmountDueCents: 0,
    });
    // Reinstating costs every month as if the coverage had gone on: March (past due) and April to June since.
    expect(await holder.reinstatement()).toMatchObject({
      reinstatementStatus: 'Eligible',
      expirationDate: '2026-07-06',
      amountDueCents: 60_000,
      months: ['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'],
    });
    notices = await holder.notices();
    expect(notices.map((notice) => notice.subtype)).toEqual(['grace-period', 'claims-pended', 'termination']);
    expect(notices[2]).toMatchObject({
      amountDueCents: 60_000,
      facts: {
        reason: 'non-payment',
        terminationDate: '2026-03-31',
        reinstatementStatus: 'Eligible',
        pastDueCents: 15_000,
      },
    });
    expect((await holder.messages()).map((message) => message.template)).toEqual(
      expect.arrayContaining([
        'notification.gracePeriodStarted',
        'notification.claimsPended',
        'notification.policyTerminated',
      ]),
    );
    const terminated = (await holder.messages()).find(
      (message) => message.template === 'notification.policyTerminated',
    );
    expect(terminated).toMatchObject({
      values: { policyNumber: holder.policyNumber, amountCents: 60_000 },
      link: '/admin/policy-selection/span-selection/reactivate-plan',
    });

    // The notices say what happened, what it costs and by when, month by month, in the member's language.
    const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
    const noticeText = async (index: number, lang: string) =>
      readPdf(
        (
          await harness.app.inject({
            method: 'GET',
            url: `/api/v1/Document/${notices[index]?.id ?? ''}/pdf?lang=${lang}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).rawPayload,
      ).text.replace(/\s+/g, ' ');
    expect(await noticeText(1, 'en')).toContain('Claims for care you receive from April 1, 2026 are on hold');
    expect(await noticeText(1, 'en')).toContain(
      'Pay $150.00 by May 31, 2026. If you do not, your coverage will end on March 31, 2026',
    );
    const termination = await noticeText(2, 'es');
    expect(termination).toContain(
      'Su cobertura termina el 31 de marzo de 2026 porque las primas no se pagaron',
    );
    expect(termination).toContain(
      'pagando $600.00 (marzo de 2026 a junio de 2026) en el portal para miembros a más tardar el 6 de julio de 2026',
    );

    // No more invoices for a terminated policy; the reinstatement amount follows the months, then expires.
    await holder.run('2026-07-01');
    expect((await holder.reinstatement())?.amountDueCents).toBe(75_000);
    expect((await holder.invoices()).every((invoice) => (invoice.periodStart ?? '') <= '2026-06-01')).toBe(
      true,
    );
    await holder.run('2026-07-07');
    expect(await holder.reinstatement()).toMatchObject({
      reinstatementStatus: 'NotEligible',
      amountDueCents: 0,
    });
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingForHouseholdId, holder.householdId));
    expect(
      audits.filter((entry) => entry.actorSubject === 'job:billing-clock').map((entry) => entry.reason),
    ).toEqual(
      expect.arrayContaining([
        'grace-period-entered',
        'claims-pended',
        'terminated-for-non-payment',
        'reinstatement-expired',
      ]),
    );
  });

  it('stops autopay and cancels waiting scheduled payments when the coverage ends, and tells the member', async () => {
    const holder = await policyHolder({ paidMonths: 2 });
    const wallet = await createWallet(harness.db, holder.householdId);
    const autopayId = await createAutopaySubscription(harness.db, holder.policyId, wallet.cardToken, {
      maxAmountCents: 100,
    });
    const scheduledId = await createScheduledPayment(harness.db, holder.policyId, wallet.cardToken, {
      paymentDate: '2026-07-15',
    });
    await holder.run('2026-03-02');
    await holder.run('2026-04-01');
    expect(await holder.run('2026-06-01')).toMatchObject({
      'terminated-for-non-payment': 1,
      'autopay-stopped': 1,
      'scheduled-payments-cancelled': 1,
    });
    const [subscription] = await harness.db
      .select()
      .from(autopaySubscriptions)
      .where(eq(autopaySubscriptions.id, autopayId));
    expect(subscription).toMatchObject({ state: 'Cancelled', endDate: '2026-06-01' });
    const [scheduled] = await harness.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.id, scheduledId));
    expect(scheduled?.status).toBe('Cancelled');
    expect((await holder.messages()).map((message) => message.template)).toEqual(
      expect.arrayContaining([
        'notification.autopayCancelled',
        'notification.scheduledPaymentCancelled',
        'notification.policyTerminated',
      ]),
    );
  });

  it('gives a member without APTC the state’s grace period, then ends coverage on the paid-through date', async () => {
    const holder = await policyHolder({ premium: 20_000, aptc: 0, paidMonths: 2 });
    await holder.run('2026-02-28');
    expect(await holder.run('2026-03-02')).toMatchObject({ 'past-due': 1 });
    expect(await holder.finance()).toMatchObject({ status: 'PastDue', pastAmountDueCents: 20_000 });
    const [notice] = await holder.notices();
    // payments.stateGracePeriodDays (31) after March's due date.
    expect(notice).toMatchObject({
      subtype: 'past-due',
      facts: { graceKind: 'state', gracePeriodEndDate: '2026-04-01', terminationDate: '2026-02-28' },
    });
    await holder.run('2026-04-01');
    expect((await holder.policy())?.enrollmentStatus).toBe('Active');
    expect(await holder.run('2026-04-02')).toMatchObject({ 'terminated-for-non-payment': 1 });
    expect((await holder.spans()).map((span) => span.endDate)).toEqual(['2026-02-28']);
    expect(await holder.finance()).toMatchObject({ status: 'Terminated', pastAmountDueCents: 0 });
  });

  it('tells the member when everything past due is paid, and the grace period is over', async () => {
    const holder = await policyHolder({ paidMonths: 2 });
    await holder.run('2026-03-02');
    expect((await holder.finance())?.status).toBe('GracePeriod');
    await createPayment(harness.db, holder.policyId, { amountCents: 30_000, transactionDate: '2026-03-05' });
    expect(await holder.run('2026-03-06')).toMatchObject({ 'grace-period-ended': 1 });
    expect(await holder.finance()).toMatchObject({
      status: 'Current',
      pastAmountDueCents: 0,
      paidThroughDate: '2026-04-30',
      gracePeriodStartDate: null,
    });
    expect((await holder.notices()).map((notice) => notice.subtype)).toEqual([
      'grace-period',
      'grace-period-ended',
    ]);
    expect((await holder.messages()).map((message) => message.template)).toContain(
      'notification.paymentsCurrent',
    );
  });

  it('cancels a new enrolment whose binder is not paid by its deadline, and never one that was paid', async () => {
    const unpaid = await policyHolder({ start: '2026-03-01', paidMonths: 0, effectuated: false });
    await unpaid.run('2026-02-15');
    expect(await unpaid.finance()).toMatchObject({
      status: 'Binder',
      currentAmountDueCents: 15_000,
      currentDueMonths: ['2026-03-01'],
    });
    // Coverage began but waits for its first premium until the deadline (binderDeadlineDaysAfterStart 30).
    await unpaid.run('2026-03-31');
    expect((await unpaid.finance())?.status).toBe('Binder');
    expect(await unpaid.run('2026-04-01')).toMatchObject({ 'binder-cancelled': 1 });
    expect((await unpaid.spans()).map((span) => [span.cancelled, span.endDate])).toEqual([
      [true, '2026-03-01'],
    ]);
    expect((await unpaid.policy())?.enrollmentStatus).toBe('Cancelled');
    expect(await unpaid.finance()).toMatchObject({
      status: 'Terminated',
      currentAmountDueCents: 0,
      pastAmountDueCents: 0,
    });
    expect((await unpaid.notices()).map((notice) => [notice.subtype, notice.facts])).toEqual([
      ['cancellation', expect.objectContaining({ reason: 'binder-not-paid', effectiveDate: '2026-03-01' })],
    ]);
    expect((await unpaid.messages()).map((message) => message.template)).toContain(
      'notification.coverageCancelled',
    );

    const paid = await policyHolder({ start: '2026-03-01', paidMonths: 0, effectuated: false });
    await createPayment(harness.db, paid.policyId, { amountCents: 15_000, transactionDate: '2026-03-10' });
    expect(await paid.run('2026-04-01')).not.toHaveProperty('binder-cancelled');
    expect((await paid.spans())[0]).toMatchObject({ cancelled: false, effectuatedDate: '2026-03-10' });
    expect((await paid.policy())?.enrollmentStatus).toBe('Active');
  });

  it('does each day’s work once when two runs of the same day overlap', async () => {
    const holder = await policyHolder({ paidMonths: 2 });
    await holder.run('2026-02-28');
    const householdId = holder.householdId;
    await Promise.all([
      harness.app.jobs.runDay('2026-03-02', { householdId }),
      harness.app.jobs.runDay('2026-03-02', { householdId }),
    ]);
    await Promise.all([
      harness.app.jobs.runDay('2026-03-10', { householdId }),
      harness.app.jobs.runDay('2026-03-10', { householdId }),
    ]);
    await harness.app.outbox.drain();
    expect((await holder.notices()).map((notice) => notice.subtype)).toEqual(['grace-period']);
    expect((await holder.invoices()).map((invoice) => invoice.periodStart)).toEqual([
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(
      (await holder.messages()).filter((message) => message.template === 'notification.gracePeriodStarted'),
    ).toHaveLength(1);
  });
});
