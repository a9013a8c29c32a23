import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GroupFromSubscribersResponseSchema } from '@portal/contracts';
import { actFor } from '../../../test/acting';
import { useTestApp } from '../../../test/harness';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { employerGroups, policies } from '../../db/schema';

describe('GET /api/v1/Group/FromSubscribers (SPEC §7)', () => {
  const harness = useTestApp();

  const tokenFor = async (
    realm: 'consumer' | 'workforce',
    roles: string[],
    link: { memberId?: string } = {},
  ) => {
    const account = await createAccount(harness.db, { realm, roles, ...link });
    return (await signIn(harness.app, realm, account.username, PASSWORD)).accessToken;
  };
  const get = (query: string, token: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/Group/FromSubscribers${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  let groupCounter = 0;
  /** A group-market subscriber of a new employer group. */
  async function groupMember(name: string) {
    const subscriber = await createMemberWithPolicy(harness.db);
    groupCounter += 1;
    const [group] = await harness.db
      .insert(employerGroups)
      .values({ groupNumber: `LHG${String(groupCounter).padStart(5, '0')}-${Date.now().toString(36)}`, name })
      .returning();
    await harness.db
      .update(policies)
      .set({ marketCoverage: 2, groupId: group?.id ?? null, fileSource: 'Employer' })
      .where(eq(policies.id, subscriber.policyId));
    return { subscriber, group };
  }

  it('gives the employer groups of the asked subscribers the caller may see', async () => {
    const mine = await groupMember('Harbor Fisheries Co-op');
    const other = await groupMember('Pioneer Valley Schools');
    const individual = await createMemberWithPolicy(harness.db);
    const token = await tokenFor('consumer', ['member'], { memberId: mine.subscriber.memberId });
    const ids = [
      mine.subscriber.issuerSubscriberId,
      other.subscriber.issuerSubscriberId,
      individual.issuerSubscriberId,
      'SNOSUCH',
    ].join(',');
    const response = await get(`?subscriberEntityIds=${ids}`, token);
    expect(response.statusCode, response.body).toBe(200);
    // Another household's group, an individual-market policy and an unknown id are simply absent.
    expect(GroupFromSubscribersResponseSchema.parse(response.json()).items).toEqual([
      {
        id: mine.group?.id,
        groupNumber: mine.group?.groupNumber,
        name: 'Harbor Fisheries Co-op',
        subscriberEntityIds: [mine.subscriber.issuerSubscriberId],
      },
    ]);
    // Customer service sees a household's group only while acting for that household (decision 043).
    const staff = await tokenFor('workforce', ['customer-service']);
    const before = GroupFromSubscribersResponseSchema.parse(
      (await get(`?subscriberEntityIds=${ids}`, staff)).json(),
    );
    expect(before.items).toEqual([]);
    await actFor(harness.app, staff, { householdId: other.subscriber.householdId ?? '' });
    const acting = GroupFromSubscribersResponseSchema.parse(
      (await get(`?subscriberEntityIds=${ids}`, staff)).json(),
    );
    expect(acting.items.map((g) => g.name)).toEqual(['Pioneer Valley Schools']);
  });

  it('answers an empty or missing list with an empty answer, not an error', async () => {
    const token = await tokenFor('workforce', ['customer-service']);
    for (const query of ['', '?subscriberEntityIds=', '?subscriberEntityIds=,,']) {
      const response = await get(query, token);
      expect(response.statusCode, query).toBe(200);
      expect(response.json()).toEqual({ items: [] });
    }
  });

  it('refuses malformed ids and lists longer than 50 with 400', async () => {
    const token = await tokenFor('workforce', ['customer-service']);
    expect((await get('?subscriberEntityIds=abc,%27%3B--', token)).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, index) => `S${index}`).join(',');
    expect((await get(`?subscriberEntityIds=${many}`, token)).statusCode).toBe(400);
  });
});
