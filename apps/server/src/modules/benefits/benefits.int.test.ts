import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IdCardsSchema, PolicyBenefitsSchema, PolicyDetailSchema } from '@portal/contracts';
import { addDays, type CalendarDate } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { readPdf } from '../../../test/pdf';
import { auditLog, coverageSpans, members, memberSpans, plans, policies } from '../../db/schema';
import { planCatalogue, planId } from '../../seed/reference/plans';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

type Db = ReturnType<typeof useTestApp>['db'];

/**
 * Issue 12: the benefits page and the member ID card — what each plan covers, in network and out, as
 * cents and percentages; the generated Summary of Benefits and Coverage; one card per covered member
 * with what a provider's office and the No Surprises Act ask of a card; PDFs read back with poppler.
 * Every read is audited, and only those who may see the policy (and whose role opens the page) read it.
 */
describe('benefits and ID cards (issue 12)', () => {
  const harness = useTestApp();
  const today = (): CalendarDate => harness.app.today();
  const year = () => Number(today().slice(0, 4));

  /** The demo catalogue of this year and the next (the seed's plan designs). */
  const withCatalogue = async (db: Db) => {
    await db
      .insert(plans)
      .values(planCatalogue([year(), year() + 1]))
      .onConflictDoNothing();
  };

  /** A member whose current span is on `plan` (a catalogue key), signed in. */
  async function memberOn(key: Parameters<typeof planId>[0], variant: '00' | '01' = '01') {
    await withCatalogue(harness.db);
    const holder = await createMemberWithPolicy(harness.db, { dob: '1984-02-10' });
    await harness.db
      .update(coverageSpans)
      .set({ planId: planId(key, year(), variant), planType: key.startsWith('coastal') ? 'PPO' : 'HMO' })
      .where(eq(coverageSpans.policyId, holder.policyId));
    const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
    return { ...holder, token };
  }

  const get = (url: string, token: string | null) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const reads = (recordType: string, householdId: string | null) =>
    harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, recordType), eq(auditLog.actingForHouseholdId, householdId ?? '')));

  /** A dependent covered by the policy from `startDate` (to `endDate`). */
  async function addDependent(
    policyId: string,
    householdId: string | null,
    firstName: string,
    startDate: string,
    endDate: string | null = null,
  ) {
    const [member] = await harness.db
      .insert(members)
      .values({
        householdId,
        folderId: `F${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`,
        firstName,
        lastName: 'Member',
        dob: '2015-06-01',
        gender: 'female',
      })
      .returning();
    if (!member) throw new Error('no member');
    await harness.db
      .insert(memberSpans)
      .values({ policyId, memberId: member.id, relationship: 'child', startDate, endDate, ratingAge: 10 });
    return member;
  }

  describe('GET /Policy/:id/benefits', () => {
    it('gives a PPO plan’s benefit keys and design as data — cents and percentages, in network and out — and audits the read', async () => {
      const m = await memberOn('coastal-silver');
      const response = await get(`Policy/${m.policyId}/benefits`, m.token);
      expect(response.statusCode, response.body).toBe(200);
      const view = PolicyBenefitsSchema.parse(response.json());
      expect(view.spending).toBeNull();
      const [plan] = view.plans;
      expect(plan).toMatchObject({
        planId: planId('coastal-silver', year(), '01'),
        lineOfCoverage: 'Medical',
        metalLevel: 'Silver',
        planType: 'PPO',
        when: 'current',
        network: 'Lighthouse Coastal PPO Network',
        deductible: {
          inNetwork: { kind: 'amount', cents: 200_000 },
          outOfNetwork: { kind: 'amount', cents: 400_000 },
        },
        drugsCovered: { kind: 'yesNo', value: true },
        sbc: { kind: 'generated' },
      });
      expect(plan?.outOfPocketMax.outOfNetwork).toEqual({
        kind: 'amount',
        cents:
          2 * (plan?.outOfPocketMax.inNetwork.kind === 'amount' ? plan.outOfPocketMax.inNetwork.cents : 0),
      });
      const line = (key: string) => plan?.lines.find((one) => one.key === key);
      expect(line('benefit.primaryCareVisit')).toEqual({
        key: 'benefit.primaryCareVisit',
        inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
        outOfNetwork: { kind: 'coinsurance', percent: 40, afterDeductible: true },
      });
      expect(line('benefit.emergencyRoom')?.outOfNetwork).toEqual(line('benefit.emergencyRoom')?.inNetwork);
      expect(line('benefit.preventiveCare')?.inNetwork).toEqual({ kind: 'noCharge', afterDeductible: false });
      // The network and plan amounts are shown on their own, not repeated among the care lines.
      expect(plan?.lines.map((one) => one.key)).not.toContain('benefit.deductible');
      const [read] = await reads('plan-benefits', m.householdId);
      expect(read).toMatchObject({ action: 'read', outcome: 'success' });
      expect(read?.recordIds).toContain(`policy:${m.policyId}`);
    });

    it('says an HMO pays nothing out of network except emergencies, and shows next year’s plan beside this one', async () => {
      const m = await memberOn('harbor-gold');
      const next = `${year() + 1}-01-01`;
      await harness.db
        .update(coverageSpans)
        .set({ endDate: `${year()}-12-31` })
        .where(eq(coverageSpans.policyId, m.policyId));
      await harness.db.insert(coverageSpans).values({
        policyId: m.policyId,
        addFolderId: `A${randomUUID().slice(0, 8)}`,
        startDate: next,
        planId: planId('harbor-silver', year() + 1, '01'),
        planType: 'HMO',
        premiumAmountCents: 50_000,
        policyRateAmountCents: 50_000,
        groupOrPolicyNumber: m.policyNumber,
      });
      const view = PolicyBenefitsSchema.parse((await get(`Policy/${m.policyId}/benefits`, m.token)).json());
      expect(view.plans.map((plan) => [plan.planYear, plan.metalLevel, plan.when])).toEqual([
        [year(), 'Gold', 'current'],
        [year() + 1, 'Silver', 'upcoming'],
      ]);
      const [gold] = view.plans;
      expect(gold?.deductible.outOfNetwork).toEqual({ kind: 'notCovered' });
      expect(gold?.lines.find((one) => one.key === 'benefit.specialistVisit')?.outOfNetwork).toEqual({
        kind: 'notCovered',
      });
      expect(gold?.lines.find((one) => one.key === 'benefit.emergencyRoom')?.outOfNetwork).toEqual({
        kind: 'copay',
        cents: 30_000,
        afterDeductible: true,
      });
      expect(gold?.lines.find((one) => one.key === 'benefit.referralsRequired')?.inNetwork).toEqual({
        kind: 'yesNo',
        value: true,
      });
    });

    it('reads a plan stored by the first seed ("$30", "80%") as amounts, here and in the policy (the Portuguese "$30" finding)', async () => {
      const holder = await createMemberWithPolicy(harness.db);
      await harness.db
        .update(plans)
        .set({
          details: [
            { key: 'benefit.primaryCareVisit', value: '$30' },
            { key: 'benefit.emergencyRoom', value: '$1,500' },
            { key: 'benefit.referralsRequired', value: 'yes' },
          ],
        })
        .where(eq(plans.id, '77421MA0010001-01'));
      const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
      const view = PolicyBenefitsSchema.parse(
        (await get(`Policy/${holder.policyId}/benefits`, token)).json(),
      );
      expect(view.plans[0]?.lines).toEqual([
        {
          key: 'benefit.primaryCareVisit',
          inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
          outOfNetwork: null,
        },
        {
          key: 'benefit.emergencyRoom',
          inNetwork: { kind: 'copay', cents: 150_000, afterDeductible: false },
          outOfNetwork: null,
        },
        { key: 'benefit.referralsRequired', inNetwork: { kind: 'yesNo', value: true }, outOfNetwork: null },
      ]);
      // A design without out-of-network amounts says so (null), never a guess; drugs named in words stay words.
      expect(view.plans[0]?.deductible).toEqual({
        inNetwork: { kind: 'amount', cents: 300_000 },
        outOfNetwork: null,
      });
      expect(view.plans[0]?.drugsCovered).toEqual({ kind: 'text', text: 'Generic and preferred brand' });
      const policy = PolicyDetailSchema.parse((await get(`Policy/${holder.policyId}`, token)).json());
      expect(policy.plan?.details[0]).toEqual({
        key: 'benefit.primaryCareVisit',
        inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
        outOfNetwork: null,
      });
      await harness.db.update(plans).set({ details: null }).where(eq(plans.id, '77421MA0010001-01'));
    });

    it('refuses another household’s member and a guest, and audits both refusals', async () => {
      const m = await memberOn('coastal-gold');
      const other = await createMemberWithPolicy(harness.db);
      const otherToken = await harness.tokenFor('consumer', ['member'], { memberId: other.memberId });
      for (const url of [
        `Policy/${m.policyId}/benefits`,
        `Policy/${m.policyId}/benefits/${planId('coastal-gold', year(), '01')}/sbc.pdf`,
        `Policy/${m.policyId}/id-cards`,
        `Policy/${m.policyId}/id-cards.pdf`,
      ]) {
        expect((await get(url, otherToken)).statusCode, url).toBe(403);
      }
      const located = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/guest/locate-account',
        headers: CSRF,
        payload: {
          identifierType: 'policyNumber',
          identifier: m.policyNumber,
          dateOfBirth: '1984-02-10',
          zipCode: '02720',
        },
      });
      expect(located.statusCode, located.body).toBe(200);
      const guest = await portalTokenOf(harness.app, located);
      expect((await get(`Policy/${m.policyId}/benefits`, guest)).statusCode).toBe(403);
      expect((await get(`Policy/${m.policyId}/id-cards`, guest)).statusCode).toBe(403);
      const denied = (await harness.db.select().from(auditLog).where(eq(auditLog.outcome, 'denied'))).filter(
        (row) => row.recordIds?.includes(m.policyId),
      );
      expect(denied.length).toBeGreaterThanOrEqual(6);
      expect(denied.some((row) => row.reason === 'page-not-granted')).toBe(true);
      expect((await get(`Policy/${m.policyId}/benefits`, null)).statusCode).toBe(401);
    });
  });

  describe('GET /Policy/:id/benefits/:planId/sbc.pdf', () => {
    it('writes the Summary of Benefits and Coverage from the plan design, tagged, in the language asked', async () => {
      const m = await memberOn('coastal-silver');
      const id = planId('coastal-silver', year(), '01');
      const english = await get(`Policy/${m.policyId}/benefits/${id}/sbc.pdf`, m.token);
      expect(english.statusCode, english.body).toBe(200);
      expect(english.headers['content-type']).toBe('application/pdf');
      expect(english.headers['cache-control']).toBe('private, no-store');
      const en = readPdf(english.rawPayload);
      expect(en.text).toContain('Summary of Benefits and Coverage');
      expect(en.text).toMatch(/What is the overall\s+deductible\?/);
      expect(en.text).toContain('$2,000 for network providers; $4,000 for out-of-network');
      expect(en.text).toContain('$30 copay');
      expect(en.text).toMatch(/40% coinsurance after\s+deductible/);
      expect(en.raw).toContain('/StructTreeRoot');
      expect(en.info).toMatch(/Tagged:\s+yes/);

      const pt = readPdf(
        (await get(`Policy/${m.policyId}/benefits/${id}/sbc.pdf?lang=pt&download=true`, m.token)).rawPayload,
      );
      expect(pt.text).toContain('Resumo de Benefícios e Cobertura');
      // Every amount in the reader's money format: no "$30" left in Portuguese.
      expect(pt.text).toContain('Coparticipação de US$ 30');
      expect(pt.text).toContain('US$ 2.000');
      expect(pt.text).not.toMatch(/(^|[^S])\$30/m);
      expect((await reads('plan-benefits', m.householdId)).length).toBe(2);
    });

    it('answers 404 for a plan the policy does not show, and for one whose SBC is published elsewhere', async () => {
      const m = await memberOn('coastal-silver');
      expect(
        (await get(`Policy/${m.policyId}/benefits/${planId('harbor-gold', year(), '01')}/sbc.pdf`, m.token))
          .statusCode,
      ).toBe(404);
      const id = planId('coastal-silver', year(), '01');
      await harness.db
        .update(plans)
        .set({ sbcUrl: 'https://lighthouse-health.example/sbc/coastal-silver.pdf' })
        .where(eq(plans.id, id));
      const view = PolicyBenefitsSchema.parse((await get(`Policy/${m.policyId}/benefits`, m.token)).json());
      expect(view.plans[0]?.sbc).toEqual({
        kind: 'external',
        url: 'https://lighthouse-health.example/sbc/coastal-silver.pdf',
      });
      expect((await get(`Policy/${m.policyId}/benefits/${id}/sbc.pdf`, m.token)).statusCode).toBe(404);
      await harness.db.update(plans).set({ sbcUrl: null }).where(eq(plans.id, id));
    });
  });

  describe('GET /Policy/:id/id-cards and id-cards.pdf', () => {
    it('gives one card per member covered today or from a coming date, with the card’s facts and a QR code of the member id', async () => {
      const m = await memberOn('harbor-silver');
      const child = await addDependent(m.policyId, m.householdId, 'Lucia', `${year() - 1}-01-01`);
      const baby = await addDependent(m.policyId, m.householdId, 'Nina', addDays(today(), 10));
      await addDependent(m.policyId, m.householdId, 'Ended', `${year() - 1}-01-01`, addDays(today(), -40));
      const response = await get(`Policy/${m.policyId}/id-cards`, m.token);
      expect(response.statusCode, response.body).toBe(200);
      const cards = IdCardsSchema.parse(response.json());
      expect(cards.cards.map((card) => [card.firstName, card.relationship, card.subscriber])).toEqual([
        ['Test', 'self', true],
        ['Lucia', 'child', false],
        ['Nina', 'child', false],
      ]);
      expect(cards.cards.map((card) => card.memberId)).toEqual([m.folderId, child.folderId, baby.folderId]);
      expect(cards.cards[2]?.coverageStart).toBe(addDays(today(), 10));
      expect(cards.cards.map((card) => card.upcoming)).toEqual([false, false, true]);
      const qr = cards.cards[0]?.qr;
      expect(qr?.text).toBe(m.folderId);
      expect(qr?.rows).toHaveLength(qr?.size ?? 0);
      expect(qr?.rows.every((row) => row.length === qr.size)).toBe(true);
      expect(cards).toMatchObject({
        policyNumber: m.policyNumber,
        groupOrPolicyNumber: m.policyNumber,
        subscriberId: m.issuerSubscriberId,
        issuer: { name: 'Lighthouse Health Plan', hiosIssuerId: '77421', payerId: 'LHP77' },
        plan: { metalLevel: 'Silver', planType: 'HMO', network: 'Lighthouse Harbor Network' },
        rx: { bin: '999421', pcn: 'LHPRX', group: 'LHMA01' },
        deductible: { inNetwork: { kind: 'amount', cents: 200_000 }, outOfNetwork: { kind: 'notCovered' } },
        phones: {
          customerService: '1-800-555-0142',
          providers: '1-800-555-0143',
          pharmacy: '1-800-555-0144',
        },
      });
      expect(cards.copays.map((line) => line.key)).toEqual([
        'benefit.primaryCareVisit',
        'benefit.specialistVisit',
        'benefit.urgentCare',
        'benefit.emergencyRoom',
        'benefit.genericDrugs',
      ]);
      const [read] = await reads('id-card', m.householdId);
      expect(read?.recordIds).toEqual([`policy:${m.policyId}`, m.folderId, child.folderId, baby.folderId]);
    });

    it('prints every card front and back as text a reader can select, the QR code a figure with alternative text', async () => {
      const m = await memberOn('coastal-silver');
      const child = await addDependent(m.policyId, m.householdId, 'Lucia', `${year() - 1}-01-01`);
      const response = await get(`Policy/${m.policyId}/id-cards.pdf?lang=en`, m.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="id-cards-/);
      const pdf = readPdf(response.rawPayload);
      for (const fact of [
        'Test Member',
        'Lucia Member',
        `Member ID: ${m.folderId}`,
        `Member ID: ${child.folderId}`,
        `Subscriber ID: ${m.issuerSubscriberId}`,
        // Issue 33 item 10: named as on every page of the portal.
        `Policy number: ${m.policyNumber}`,
        'Issuer (HIOS): 77421',
        'Payer ID: LHP77',
        'Rx BIN 999421',
        'Lighthouse Coastal PPO Network',
        'Member services: 1-800-555-0142',
        'Providers: 1-800-555-0143',
      ]) {
        expect(pdf.text.replace(/\s+/g, ' '), fact).toContain(fact);
      }
      expect(pdf.text.replace(/\s+/g, ' ')).toContain('In network: $2,000 · Out of network: $4,000');
      expect(pdf.text).toMatch(/Primary care visit: \$30/);
      expect(pdf.raw).toContain('/Figure');
      expect(pdf.info).toMatch(/Tagged:\s+yes/);
      expect(pdf.pngBytes).toBeGreaterThan(1000);

      const one = readPdf(
        (await get(`Policy/${m.policyId}/id-cards.pdf?lang=es&memberId=${child.folderId}`, m.token))
          .rawPayload,
      );
      expect(one.text).toContain('Lucia Member');
      expect(one.text).not.toContain('Test Member');
      expect(one.text.replace(/\s+/g, ' ')).toContain(`ID de miembro: ${child.folderId}`);
      expect(
        (await get(`Policy/${m.policyId}/id-cards.pdf?memberId=FNOSUCHMEMBER`, m.token)).statusCode,
      ).toBe(404);
    });

    it('has no card once the coverage has ended, and says so on paper', async () => {
      const m = await memberOn('harbor-bronze');
      await harness.db
        .update(coverageSpans)
        .set({ endDate: addDays(today(), -5) })
        .where(eq(coverageSpans.policyId, m.policyId));
      await harness.db
        .update(memberSpans)
        .set({ endDate: addDays(today(), -5) })
        .where(eq(memberSpans.policyId, m.policyId));
      const cards = IdCardsSchema.parse((await get(`Policy/${m.policyId}/id-cards`, m.token)).json());
      expect(cards.cards).toEqual([]);
      const pdf = readPdf((await get(`Policy/${m.policyId}/id-cards.pdf?lang=pt`, m.token)).rawPayload);
      expect(pdf.text.replace(/\s+/g, ' ')).toContain('não há carteirinha para imprimir');
    });

    it('prints the employer group number on a group policy', async () => {
      const m = await memberOn('harbor-gold');
      const [policy] = await harness.db.select().from(policies).where(eq(policies.id, m.policyId));
      expect(policy).toBeDefined();
      await harness.db
        .update(coverageSpans)
        .set({ groupOrPolicyNumber: 'LHG10042' })
        .where(eq(coverageSpans.policyId, m.policyId));
      const cards = IdCardsSchema.parse((await get(`Policy/${m.policyId}/id-cards`, m.token)).json());
      expect(cards.groupOrPolicyNumber).toBe('LHG10042');
    });
  });
});
