import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PolicyDetailSchema, type PolicyDetail } from '@portal/contracts';
import { addDays, addMonths, endOfMonth } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { coverageSpans, finances } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { seedDatabase } from '../../seed/seed';

// The demo's "today": the named households are seeded for it and the portal runs on it.
const TODAY = '2027-02-22';

describe('GET /api/v1/Policy/{id}: what each amount is for (SPEC §3 Finance, Reinstatement eligibility)', () => {
  const harness = useTestApp({ env: { DEMO_MODE: 'true', DEMO_TODAY: TODAY } });
  // After the app's own beforeAll (hooks run in order): the named households, seeded for the day.
  beforeAll(async () => {
    await seedDatabase(harness.database.handle, { households: 0, seed: 'policy-read', today: TODAY });
  });

  /** The first policy of a demo account, read as that member after signing in. */
  async function demoPolicy(username: string): Promise<PolicyDetail> {
    const { accessToken } = await signIn(harness.app, 'consumer', username, DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${accessToken}` };
    const households = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: auth,
    });
    const policyId = households.json<{ households: { policies: { id: string }[] }[] }>().households[0]
      ?.policies[0]?.id;
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId}`,
      headers: auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    return PolicyDetailSchema.parse(response.json());
  }

  async function read(memberId: string, policyId: string): Promise<PolicyDetail> {
    const token = await harness.tokenFor('consumer', ['member'], { memberId });
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return PolicyDetailSchema.parse(response.json());
  }

  it('tells Aisha her past due is for November and reinstating is for November to February: the month past due and the 3 since', async () => {
    const policy = await demoPolicy('aisha.johnson');
    const finance = policy.finance!;
    expect(policy.enrollmentStatus).toBe('Terminated');
    expect(finance.pastDueMonths).toEqual(['2026-11-01']);
    expect(finance.currentDueMonths).toEqual([]);
    expect(finance.currentAmountDueCents).toBe(0);
    // Coverage ended: no grace period runs any more.
    expect(finance.gracePeriod).toBeNull();
    const reinstatement = policy.reinstatementEligibility!;
    expect(reinstatement.reinstatementStatus).toBe('Eligible');
    expect(reinstatement.months).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    // One ledger: the same monthly share for the month past due and each month since.
    expect(reinstatement.amountDueCents).toBe(4 * finance.pastAmountDueCents);
  });

  it('tells Kevin, in month 2 of his APTC grace period, until when he can pay, how much, for which months, and when coverage ends if not', async () => {
    const policy = await demoPolicy('kevin.oconnor');
    const finance = policy.finance!;
    expect(finance.status).toBe('GracePeriod');
    expect(finance.pastDueMonths).toEqual(['2027-01-01', '2027-02-01']);
    // March is invoiced on 10 February and due on 1 March.
    expect(finance.currentDueMonths).toEqual(['2027-03-01']);
    expect(finance.gracePeriod).toEqual({
      kind: 'aptc',
      startDate: '2027-01-01',
      endDate: '2027-03-31',
      // 45 CFR 156.270(g): unpaid, the coverage ends on the last day of grace month 1.
      coverageEndsOn: '2027-01-31',
      amountCents: finance.pastAmountDueCents,
      months: ['2027-01-01', '2027-02-01'],
    });
    expect(finance.pastAmountDueCents).toBeGreaterThan(0);
    expect(policy.reinstatementEligibility).toBeNull();
  });

  it('gives a member without APTC the state’s grace period from the configuration, ending the coverage on the paid-through date', async () => {
    const member = await createMemberWithPolicy(harness.db);
    await harness.db
      .update(coverageSpans)
      .set({ taxCreditAmountCents: 0 })
      .where(eq(coverageSpans.policyId, member.policyId));
    await harness.db.insert(finances).values({
      policyId: member.policyId,
      premiumAmountDueCents: 45_000,
      currentAmountDueCents: 45_000,
      pastAmountDueCents: 45_000,
      status: 'PastDue',
      delinquent: true,
      paidThroughDate: '2027-01-31',
      paymentDueDate: '2027-02-01',
      pastDueMonths: ['2027-02-01'],
      currentDueMonths: ['2027-03-01'],
    });
    const finance = (await read(member.memberId, member.policyId)).finance!;
    expect(finance.pastDueMonths).toEqual(['2027-02-01']);
    expect(finance.currentDueMonths).toEqual(['2027-03-01']);
    // config/baseline/account.json payments.stateGracePeriodDays: 31 days after February's due date.
    expect(finance.gracePeriod).toEqual({
      kind: 'state',
      startDate: '2027-02-01',
      endDate: addDays('2027-02-01', 31),
      coverageEndsOn: '2027-01-31',
      amountCents: 45_000,
      months: ['2027-02-01'],
    });
  });

  it('says nothing of a grace period that has run out, or of one for a policy that owes nothing past due', async () => {
    const late = await createMemberWithPolicy(harness.db);
    await harness.db
      .update(coverageSpans)
      .set({ taxCreditAmountCents: 0 })
      .where(eq(coverageSpans.policyId, late.policyId));
    const firstUnpaid = addMonths('2027-02-01', -2);
    await harness.db.insert(finances).values({
      policyId: late.policyId,
      premiumAmountDueCents: 45_000,
      currentAmountDueCents: 45_000,
      pastAmountDueCents: 135_000,
      status: 'Delinquent',
      delinquent: true,
      paidThroughDate: endOfMonth(addMonths(firstUnpaid, -1)),
      pastDueMonths: [firstUnpaid, addMonths(firstUnpaid, 1), '2027-02-01'],
    });
    const lateFinance = (await read(late.memberId, late.policyId)).finance!;
    expect(lateFinance.pastDueMonths).toHaveLength(3);
    expect(lateFinance.gracePeriod).toBeNull();

    const current = await createMemberWithPolicy(harness.db);
    await harness.db.insert(finances).values({
      policyId: current.policyId,
      premiumAmountDueCents: 15_000,
      currentAmountDueCents: 15_000,
      status: 'Current',
      currentDueMonths: ['2027-03-01'],
    });
    const currentFinance = (await read(current.memberId, current.policyId)).finance!;
    expect(currentFinance).toMatchObject({
      pastDueMonths: [],
      currentDueMonths: ['2027-03-01'],
      gracePeriod: null,
    });
  });
});
