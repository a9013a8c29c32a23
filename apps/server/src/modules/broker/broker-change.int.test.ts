import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ServiceRequestSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { codesOf, commands, signedInMember, type SignedInMember } from '../../../test/self-service';
import { createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, brokers, policies } from '../../db/schema';

/**
 * Issue 12, SPEC §2 /admin/policy-selection/broker: changing or removing the broker of record is a
 * `change-broker` request staff review (issue 13 applies it); the new broker must be in the directory,
 * licensed in the policy's state and authorised by the member.
 */
describe('changing the broker of record', () => {
  const harness = useTestApp();
  const send = commands(harness);
  const ask = (m: SignedInMember, body: object, token = m.token) =>
    send('POST', `Policy/${m.policyId}/broker`, token, body);
  let npn = 40_000_000;
  const broker = async (licensedStates: string[] = ['MA']) => {
    npn += 1;
    const [row] = await harness.db
      .insert(brokers)
      .values({
        npn: String(npn),
        firstName: 'Renata',
        lastName: 'Oliveira',
        agencyName: 'MetroWest Seguros',
        phone: '(508) 555-0188',
        licensedStates,
      })
      .returning({ id: brokers.id, npn: brokers.npn });
    if (!row) throw new Error('broker not created');
    return row;
  };

  it('asks to change to a broker found by NPN: a request for review naming both brokers', async () => {
    const m = await signedInMember(harness, { withBroker: true });
    const wanted = await broker();
    const found = await send('GET', `Broker/search?npn=${wanted.npn}`, m.token);
    expect(found.json()).toMatchObject({ items: [{ id: wanted.id, npn: wanted.npn }] });
    const answer = await ask(m, { change: 'change', brokerId: wanted.id, authorize: true });
    expect(answer.statusCode, answer.body).toBe(201);
    const request = ServiceRequestSchema.parse(answer.json());
    expect(request).toMatchObject({
      type: 'change-broker',
      status: 'Submitted',
      policyNumber: m.policyNumber,
      canCancel: true,
    });
    expect(request.details).toEqual({
      change: 'change',
      currentBrokerName: 'Bea Broker',
      currentBrokerNpn: expect.any(String) as string,
      currentBrokerAgency: null,
      newBrokerName: 'Renata Oliveira',
      newBrokerNpn: wanted.npn,
      newBrokerAgency: 'MetroWest Seguros',
      authorized: true,
    });
    // Nothing changes until staff approve it.
    const [policy] = await harness.db
      .select({ brokerId: policies.brokerId })
      .from(policies)
      .where(eq(policies.id, m.policyId));
    expect(policy?.brokerId).toBe(m.brokerId);
    // One open request at a time.
    expect((await ask(m, { change: 'remove' })).json()).toMatchObject({
      errors: [
        { field: 'params.policyId', code: 'request-pending', params: { reference: request.referenceNumber } },
      ],
    });
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingForHouseholdId, m.householdId));
    expect(audits.map((a) => a.action)).toContain('broker.change');
  });

  it('asks to remove the broker; there is nothing to remove without one', async () => {
    const m = await signedInMember(harness, { withBroker: true });
    const answer = await ask(m, { change: 'remove' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(ServiceRequestSchema.parse(answer.json()).details).toMatchObject({
      change: 'remove',
      currentBrokerName: 'Bea Broker',
    });
    const alone = await signedInMember(harness);
    expect(codesOf(await ask(alone, { change: 'remove' }))).toEqual(['no-broker']);
  });

  it('says what is wrong with the broker chosen', async () => {
    const m = await signedInMember(harness, { withBroker: true });
    expect(
      codesOf(
        await ask(m, { change: 'change', brokerId: '00000000-0000-4000-8000-000000000000', authorize: true }),
      ),
    ).toEqual(['broker-unknown']);
    expect(codesOf(await ask(m, { change: 'change', brokerId: m.brokerId, authorize: true }))).toEqual([
      'broker-unchanged',
    ]);
    const elsewhere = await broker(['NH']);
    const refused = await ask(m, { change: 'change', brokerId: elsewhere.id, authorize: true });
    expect(refused.json()).toMatchObject({
      errors: [{ field: 'body.brokerId', code: 'broker-not-licensed', params: { state: 'MA' } }],
    });
    // The member's authorisation is required.
    const wanted = await broker();
    expect((await ask(m, { change: 'change', brokerId: wanted.id })).statusCode).toBe(400);
    expect((await ask(m, { change: 'change', brokerId: wanted.id, authorize: false })).statusCode).toBe(400);
  });

  it('needs a household to track the request, the policy, and the action', async () => {
    const loose = await createMemberWithPolicy(harness.db, { withHousehold: false });
    const token = await harness.tokenFor('consumer', ['member'], { memberId: loose.memberId });
    const wanted = await broker();
    expect(
      codesOf(
        await send('POST', `Policy/${loose.policyId}/broker`, token, {
          change: 'change',
          brokerId: wanted.id,
          authorize: true,
        }),
      ),
    ).toEqual(['no-household']);
    const owner = await signedInMember(harness, { withBroker: true });
    const stranger = await signedInMember(harness);
    expect((await ask(owner, { change: 'remove' }, stranger.token)).statusCode).toBe(403);
    const ownBroker = await harness.tokenFor('workforce', ['broker'], { brokerId: owner.brokerId ?? '' });
    expect((await ask(owner, { change: 'remove' }, ownBroker)).json()).toMatchObject({
      type: 'urn:portal:problem:action-not-allowed',
    });
  });
});
