import { describe, expect, it } from 'vitest';
import { HouseholdUserResponseSchema, PolicyDetailSchema } from '@portal/contracts';
import { addDays, calendarDateOf } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import { eq as sqlEq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import {
  coverageSpans,
  finances,
  households,
  members,
  memberSpans,
  policies,
  reinstatementEligibility,
  wallets,
} from '../../db/schema';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

describe('households and policies (SPEC §3, §4 applied by the domain rules)', () => {
  const today = calendarDateOf(new Date(), 'America/New_York');
  const harness = useTestApp();
  const { tokenFor } = harness;
  const households_ = async (token: string, body?: object) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return HouseholdUserResponseSchema.parse(response.json());
  };

  it('lists a member’s household with its policies: HouseholdAndPolicies + OnExchangePolicy', async () => {
    const { memberId, policyId, householdId } = await createMemberWithPolicy(harness.db);
    const result = await households_(await tokenFor('consumer', ['member'], { memberId }));
    expect(result.households).toHaveLength(1);
    expect(result.households[0]?.household.id).toBe(householdId);
    expect(
      result.households[0]?.policies.map((p) => [p.id, p.status, p.active, p.marketCoverage, p.stateSource]),
    ).toEqual([[policyId, 'Active', true, 'Individual', 'MA']]);
    expect(result.scenario).toMatchObject({ base: 'HouseholdAndPolicies', exchange: 'OnExchangePolicy' });
    expect(result.today).toBe(today);
  });

  it('gives a household without policies HouseholdNoPolicies', async () => {
    const householdId = randomUUID();
    await harness.db.insert(households).values({ id: householdId });
    const memberId = randomUUID();
    await harness.db.insert(members).values({
      id: memberId,
      householdId,
      folderId: `F-${memberId}`,
      firstName: 'Tomás',
      lastName: 'Rivera',
      dob: '1991-03-03',
      gender: 'male',
    });
    const result = await households_(await tokenFor('consumer', ['member'], { memberId }));
    expect(result.households.map((h) => h.policies.length)).toEqual([0]);
    expect(result.scenario.base).toBe('HouseholdNoPolicies');
  });

  it('gives a household without policies its exchange id and where its wallet is', async () => {
    const householdId = randomUUID();
    await harness.db
      .insert(households)
      .values({ id: householdId, exchangeId: `X-${householdId.slice(0, 8)}` });
    const memberId = randomUUID();
    await harness.db.insert(members).values({
      id: memberId,
      householdId,
      folderId: `F-${memberId}`,
      firstName: 'Inês',
      lastName: 'Prado',
      dob: '1988-07-14',
      gender: 'female',
    });
    const [wallet] = await harness.db
      .insert(wallets)
      .values({ householdId, referenceId: `W-${randomUUID()}` })
      .returning();
    const result = await households_(await tokenFor('consumer', ['member'], { memberId }));
    expect(result.households.map((entry) => [entry.household, entry.policies])).toEqual([
      [
        {
          id: householdId,
          exchangeId: `X-${householdId.slice(0, 8)}`,
          walletReferenceId: wallet?.referenceId,
        },
        [],
      ],
    ]);
  });

  it('lists each household a member’s policies belong to once, in the order of their first policy, with its wallet', async () => {
    // Their own household, then a second one whose policy covers them as a dependent (created later).
    const own = await createMemberWithPolicy(harness.db);
    const other = await createMemberWithPolicy(harness.db);
    await harness.db.insert(memberSpans).values({
      policyId: other.policyId,
      memberId: own.memberId,
      relationship: 'child',
      startDate: '2020-01-01',
      ratingAge: 12,
    });
    const [wallet] = await harness.db
      .insert(wallets)
      .values({ householdId: other.householdId!, referenceId: `W-${randomUUID()}` })
      .returning();
    const result = await households_(await tokenFor('consumer', ['member'], { memberId: own.memberId }));
    expect(
      result.households.map((entry) => [
        entry.household.id,
        entry.household.walletReferenceId,
        entry.policies.map((p) => p.id),
      ]),
    ).toEqual([
      [own.householdId, null, [own.policyId]],
      [other.householdId, wallet?.referenceId, [other.policyId]],
    ]);
  });

  it('gives a policy without a household PoliciesNoHousehold', async () => {
    const { memberId } = await createMemberWithPolicy(harness.db, { withHousehold: false });
    const result = await households_(await tokenFor('consumer', ['member'], { memberId }));
    expect(result.households).toEqual([]);
    expect(result.policies).toHaveLength(1);
    expect(result.scenario.base).toBe('PoliciesNoHousehold');
  });

  it('shows a further future span as an extra policy entry and cancelled spans with the cancel label', async () => {
    const { memberId, policyId, policyNumber } = await createMemberWithPolicy(harness.db);
    const db = harness.db;
    // End the current span at month end, add a future span (next plan year) and a cancelled one.
    const nextStart = addDays(today, 40);
    await db
      .update(coverageSpans)
      .set({ endDate: addDays(nextStart, -1) })
      .where(sqlEq(coverageSpans.policyId, policyId));
    await db.insert(coverageSpans).values([
      {
        policyId,
        addFolderId: `A-${randomUUID()}`,
        startDate: nextStart,
        planId: '77421MA0010001-01',
        planType: 'HMO',
        premiumAmountCents: 47000,
        policyRateAmountCents: 47000,
        groupOrPolicyNumber: policyNumber,
      },
      {
        policyId,
        addFolderId: `A-${randomUUID()}`,
        startDate: addDays(today, 400),
        endDate: addDays(today, 399),
        cancelled: true,
        planId: '77421MA0010001-01',
        planType: 'HMO',
        premiumAmountCents: 1,
        policyRateAmountCents: 1,
        groupOrPolicyNumber: policyNumber,
      },
    ]);
    const result = await households_(await tokenFor('consumer', ['member'], { memberId }));
    const entries = result.households[0]?.policies ?? [];
    expect(entries.map((p) => [p.isPrimaryPolicy, p.status, p.span?.startDate])).toEqual([
      [true, 'Active', `${new Date().getUTCFullYear() - 1}-01-01`],
      [false, 'Pending', nextStart],
    ]);
    expect(entries[0]?.hasFutureSpan).toBe(true);
  });

  it('returns one policy with finance, balance, HRA, coverage details and merged member spans', async () => {
    const { memberId, policyId } = await createMemberWithPolicy(harness.db);
    const db = harness.db;
    await db
      .update(policies)
      .set({ hraKind: 'percentage', hraPercent: 10, hraStartDate: '2020-01-01' })
      .where(sqlEq(policies.id, policyId));
    await db.insert(finances).values({
      policyId,
      premiumAmountDueCents: 15000,
      currentAmountDueCents: 0,
      pastAmountDueCents: 0,
      unallocatedAmountCents: 2500,
      status: 'Current',
      paidThroughDate: addDays(today, 10),
    });
    // A second member whose two spans are contiguous: they merge into one period.
    const spouseId = randomUUID();
    await db.insert(members).values({
      id: spouseId,
      folderId: `F-${spouseId}`,
      firstName: 'Ana',
      lastName: 'Member',
      dob: '1987-09-09',
      gender: 'female',
    });
    await db.insert(memberSpans).values([
      {
        policyId,
        memberId: spouseId,
        relationship: 'spouse',
        startDate: '2025-01-01',
        endDate: '2025-06-30',
        ratingAge: 37,
      },
      { policyId, memberId: spouseId, relationship: 'spouse', startDate: '2025-07-01', ratingAge: 38 },
    ]);
    const token = await tokenFor('consumer', ['member'], { memberId });
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const policy = PolicyDetailSchema.parse(response.json());
    // Nothing due: the balance is the unallocated credit (SPEC §9).
    expect(policy.finance?.balance).toEqual({ source: 'unallocated', amountCents: 2500 });
    expect(policy.hra).toMatchObject({ kind: 'percentage', percent: 10, discountThisMonthCents: 4500 });
    expect(policy.coverageDetails[0]).toMatchObject({
      status: 'Effectuated',
      premiumAmountCents: 45000,
      taxCreditAmountCents: 30000,
      memberResponsibilityCents: 45000 - 30000 - 4500,
    });
    const spouse = policy.members.find((m) => m.id === spouseId);
    expect(spouse?.spans).toEqual([{ startDate: '2025-01-01', endDate: null }]);
    expect(spouse).toMatchObject({ status: 'Active', relationship: 'spouse', ratingAge: 38 });
    expect(policy.plan).toMatchObject({ planName: 'Test Silver HMO', lineOfCoverage: 'Medical' });
  });

  it('shows a terminated, reinstatable policy to a guest as GuestPaymentTermedReinstateOnlyPages', async () => {
    const subscriber = await createMemberWithPolicy(harness.db, { dob: '1970-05-05', zipCode: '02132' });
    const db = harness.db;
    await db
      .update(coverageSpans)
      .set({ endDate: addDays(today, -20) })
      .where(sqlEq(coverageSpans.policyId, subscriber.policyId));
    await db
      .update(policies)
      .set({ enrollmentStatus: 'Terminated' })
      .where(sqlEq(policies.id, subscriber.policyId));
    await db.insert(reinstatementEligibility).values({
      policyId: subscriber.policyId,
      reinstatementStatus: 'Eligible',
      expirationDate: addDays(today, 15),
      amountDueCents: 41000,
    });
    const located = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: subscriber.policyNumber,
        dateOfBirth: '1970-05-05',
        zipCode: '02132',
      },
    });
    const result = await households_(await portalTokenOf(harness.app, located));
    expect(result.scenario.base).toBe('GuestPaymentTermedReinstateOnlyPages');
    expect(result.households[0]?.policies[0]).toMatchObject({
      status: 'Inactive',
      displayStatus: 'policyStatus.terminated',
      reinstatementStatus: 'Eligible',
    });
  });

  it('lets customer service open the member they act for by exchange subscriber id, and a broker only within their book', async () => {
    const brokerId = await createBroker(harness.db);
    const client = await createMemberWithPolicy(harness.db, { brokerId });
    const stranger = await createMemberWithPolicy(harness.db);
    const staff = await harness.actingToken(['customer-service'], { householdId: stranger.householdId });
    const found = await households_(staff, { exchangeSubscriberId: stranger.exchangeSubscriberId });
    expect(found.households.map((h) => h.household.id)).toEqual([stranger.householdId]);
    // Another member's id: refused until staff act for them (docs/decisions/043).
    const other = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${staff}` },
      payload: { exchangeSubscriberId: client.exchangeSubscriberId },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ type: 'urn:portal:problem:acting-session-required' });
    const broker = await tokenFor('workforce', ['broker'], { brokerId });
    expect(
      (await households_(broker, { exchangeSubscriberId: client.exchangeSubscriberId })).households,
    ).toHaveLength(1);
    expect(
      (await households_(broker, { exchangeSubscriberId: stranger.exchangeSubscriberId })).households,
    ).toEqual([]);
    const member = await tokenFor('consumer', ['member'], { memberId: client.memberId });
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${member}` },
      payload: { exchangeSubscriberId: stranger.exchangeSubscriberId },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 404 for an unknown policy and 400 for a malformed id', async () => {
    const staff = await tokenFor('workforce', ['customer-service']);
    const unknown = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${randomUUID()}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/Policy/not-a-uuid',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('params.policyId');
  });
});
