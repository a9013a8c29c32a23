import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MemberDetailSchema, ProblemType } from '@portal/contracts';
import { addDays, calendarDateOf } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, members, memberSpans } from '../../db/schema';
import { newPublicId } from '../../lib/public-id';

describe('GET /api/v1/Member/2/:folderId (SPEC §7 member API version 2, §3 Member, §4 status)', () => {
  const today = calendarDateOf(new Date(), 'America/New_York');
  const harness = useTestApp();
  const { tokenFor } = harness;
  const get = (folderId: string, token: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/Member/2/${folderId}`,
      headers: { authorization: `Bearer ${token}` },
    });

  /** A child covered on two policies of two different households (parents apart), with contiguous spans on the first. */
  async function sharedChild() {
    const brokerId = await createBroker(harness.db);
    const mother = await createMemberWithPolicy(harness.db, { brokerId });
    const father = await createMemberWithPolicy(harness.db);
    const childId = randomUUID();
    const folderId = `FC${childId.slice(0, 8)}`;
    await harness.db.insert(members).values({
      id: childId,
      householdId: mother.householdId,
      folderId,
      firstName: 'Lia',
      lastName: 'Member',
      dob: '2015-06-01',
      gender: 'female',
      ssnLast4: '1234',
    });
    await harness.db.insert(memberSpans).values([
      {
        policyId: mother.policyId,
        memberId: childId,
        relationship: 'child',
        startDate: '2025-01-01',
        endDate: '2025-06-30',
        ratingAge: 9,
      },
      {
        policyId: mother.policyId,
        memberId: childId,
        relationship: 'child',
        startDate: '2025-07-01',
        ratingAge: 10,
      },
      {
        policyId: mother.policyId,
        memberId: childId,
        relationship: 'child',
        startDate: '2024-01-01',
        endDate: '2023-12-31',
        cancelled: true,
        ratingAge: 8,
      },
      {
        policyId: father.policyId,
        memberId: childId,
        relationship: 'stepchild',
        startDate: addDays(today, 30),
        ratingAge: 10,
      },
    ]);
    return { mother, father, brokerId, childId, folderId };
  }

  it('gives a member with merged spans and status on each policy the caller may see', async () => {
    const { mother, father, folderId, childId } = await sharedChild();
    // Staff see the policies of the household they act for (docs/decisions/043): the mother's here.
    const response = await get(
      folderId,
      await harness.actingToken(['customer-service'], { householdId: mother.householdId }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const member = MemberDetailSchema.parse(response.json());
    expect(member).toMatchObject({
      id: childId,
      folderId,
      householdId: mother.householdId,
      ssnLast4: '1234',
      status: 'Active',
      effectiveDate: '2025-01-01',
      endDate: null,
    });
    const byPolicy = new Map(member.policies.map((p) => [p.policyId, p]));
    // Contiguous spans merge; the cancelled one is ignored (SPEC §4).
    expect(byPolicy.get(mother.policyId)).toMatchObject({
      policyNumber: mother.policyNumber,
      lineOfCoverage: 'Medical',
      relationship: 'child',
      ratingAge: 10,
      status: 'Active',
      spans: [{ startDate: '2025-01-01', endDate: null }],
    });
    expect(byPolicy.has(father.policyId)).toBe(false);
    expect(response.body).not.toMatch(/ssn"\s*:/);
    // Acting for the father's household: his policy, on which the child's coverage starts in 30 days.
    const asFathers = MemberDetailSchema.parse(
      (
        await get(
          folderId,
          await harness.actingToken(['customer-service'], { householdId: father.householdId }),
        )
      ).json(),
    );
    expect(asFathers.policies.map((p) => p.policyId)).toEqual([father.policyId]);
    expect(asFathers.policies[0]).toMatchObject({
      relationship: 'stepchild',
      status: 'Pending',
      effectiveDate: addDays(today, 30),
    });
  });

  it('shows only the spans on policies the caller may see', async () => {
    const { mother, father, folderId, brokerId } = await sharedChild();
    const asFather = MemberDetailSchema.parse(
      (await get(folderId, await tokenFor('consumer', ['member'], { memberId: father.memberId }))).json(),
    );
    expect(asFather.policies.map((p) => p.policyId)).toEqual([father.policyId]);
    expect(asFather.status).toBe('Pending');
    const asBroker = MemberDetailSchema.parse(
      (await get(folderId, await tokenFor('workforce', ['broker'], { brokerId }))).json(),
    );
    expect(asBroker.policies.map((p) => p.policyId)).toEqual([mother.policyId]);
  });

  it('shows a household member with no coverage to their own household', async () => {
    const subscriber = await createMemberWithPolicy(harness.db);
    const folderId = `FN${randomUUID().slice(0, 8)}`;
    await harness.db.insert(members).values({
      householdId: subscriber.householdId,
      folderId,
      firstName: 'Rui',
      lastName: 'Member',
      dob: '1950-02-02',
      gender: 'male',
    });
    const member = MemberDetailSchema.parse(
      (await get(folderId, await tokenFor('consumer', ['member'], { memberId: subscriber.memberId }))).json(),
    );
    expect(member).toMatchObject({ policies: [], status: 'Inactive', effectiveDate: null });
  });

  it('answers another household’s member exactly like an unknown one (404), auditing the refusal; 400 for a malformed id (issue 14, finding 10)', async () => {
    const { folderId, childId } = await sharedChild();
    const stranger = await createMemberWithPolicy(harness.db);
    const token = await tokenFor('consumer', ['member'], { memberId: stranger.memberId });
    const theirs = await get(folderId, token);
    const unknown = await get(newPublicId('memberFolder'), token);
    for (const response of [theirs, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        type: ProblemType.notFound,
        title: 'Not found',
        detail: 'No such member.',
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
      recordType: 'member',
      recordIds: [childId],
    });
    expect((await get('F%20x%27', token)).statusCode).toBe(400);
    // Their own subscriber is fine.
    const [own] = await harness.db
      .select({ folderId: members.folderId })
      .from(members)
      .where(eq(members.id, stranger.memberId));
    expect((await get(own?.folderId ?? '', token)).statusCode).toBe(200);
  });
});
