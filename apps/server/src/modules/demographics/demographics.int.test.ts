import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PolicyDemographicsSchema,
  ServiceRequestSchema,
  SessionInfoSchema,
  UpdateLanguageResponseSchema,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import {
  codesOf,
  commands,
  configLettingBrokersChange,
  signedInMember,
  type SignedInMember,
} from '../../../test/self-service';
import { auditLog, members, memberSpans, preferences, serviceRequests } from '../../db/schema';

/**
 * Issue 11 demographics: a member's name, date of birth, gender and tobacco use as a request for review
 * (the exchange's for an on-exchange policy), who may ask for whom, the tenant's gender options, the
 * version read; the household's preferred language applied at once and used at sign-in.
 */
describe('demographics', () => {
  const harness = useTestApp();
  const send = commands(harness);
  const read = async (m: SignedInMember, token = m.token) =>
    PolicyDemographicsSchema.parse((await send('GET', `Policy/${m.policyId}/demographics`, token)).json());
  const ask = (m: SignedInMember, body: object, token = m.token) =>
    send('POST', `Policy/${m.policyId}/demographics`, token, {
      memberId: m.memberId,
      firstName: 'Test',
      middleName: '',
      lastName: 'Member-Reis',
      dob: '1985-04-12',
      gender: 'female',
      tobacco: false,
      version: 1,
      ...body,
    });

  async function withDependent(m: SignedInMember) {
    const id = randomUUID();
    await harness.db.insert(members).values({
      id,
      householdId: m.householdId,
      folderId: `F${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      firstName: 'Ana',
      lastName: 'Member',
      dob: '2004-02-02',
      gender: 'female',
    });
    await harness.db.insert(memberSpans).values({
      policyId: m.policyId,
      memberId: id,
      relationship: 'child',
      startDate: '2025-01-01',
      ratingAge: 21,
    });
    return id;
  }

  it('lists the policy’s members with what the caller may change, and files a change on an off-exchange policy for review', async () => {
    const m = await signedInMember(harness, { offExchange: true });
    const child = await withDependent(m);
    const view = await read(m);
    expect(view).toMatchObject({ onExchange: false, language: { value: 'en', version: null } });
    expect(view.members.map((member) => [member.id, member.relationship, member.canChange])).toEqual([
      [m.memberId, 'self', true],
      [child, 'child', true],
    ]);
    const answer = await ask(m, { tobacco: true });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(ServiceRequestSchema.parse(answer.json())).toMatchObject({
      type: 'demographics',
      status: 'Submitted',
      memberIds: [m.memberId],
      details: {
        memberId: m.memberId,
        changes: { lastName: { from: 'Member', to: 'Member-Reis' }, tobacco: { from: false, to: true } },
      },
    });
    // Nothing changes before staff review it.
    const [row] = await harness.db.select().from(members).where(eq(members.id, m.memberId));
    expect(row).toMatchObject({ lastName: 'Member', tobacco: false, version: 1 });
  });

  it('sends an on-exchange member to the exchange, refuses an older read with the current details, and says which field is wrong', async () => {
    const onExchange = await signedInMember(harness);
    expect((await read(onExchange)).onExchange).toBe(true);
    const exchange = harness.app.tenant.account.exchange;
    const sent = await ask(onExchange, {});
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({
      errors: [{ code: 'report-to-exchange', params: { exchange: exchange.name, url: exchange.url } }],
    });

    const m = await signedInMember(harness, { offExchange: true });
    await harness.db.update(members).set({ firstName: 'Tess', version: 2 }).where(eq(members.id, m.memberId));
    const stale = await ask(m, {});
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      type: 'urn:portal:problem:conflict',
      current: { member: { firstName: 'Tess', version: 2 } },
    });
    const bad = await ask(m, { firstName: 'T3ss', dob: '2999-01-01', version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(codesOf(bad)).toEqual(expect.arrayContaining(['name-characters', 'date-in-future']));
    expect(codesOf(await ask(m, { firstName: 'Tess', lastName: 'Member', version: 2 }))).toEqual([
      'no-change',
    ]);
    expect(
      await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, m.householdId)),
    ).toEqual([]);
  });

  it('lets a member who is not the subscriber ask only for themselves', async () => {
    const m = await signedInMember(harness, { offExchange: true });
    const child = await withDependent(m);
    const childToken = await harness.tokenFor('consumer', ['member'], { memberId: child });
    const view = await read(m, childToken);
    expect(view.members.map((member) => member.canChange)).toEqual([false, true]);
    expect((await ask(m, {}, childToken)).statusCode).toBe(403);
    const own = await ask(
      m,
      {
        memberId: child,
        firstName: 'Ana',
        lastName: 'Member',
        dob: '2004-02-02',
        gender: 'female',
        tobacco: true,
      },
      childToken,
    );
    expect(own.statusCode, own.body).toBe(201);
  });

  it('applies the household’s language at once, gives it at sign-in, and refuses an older read', async () => {
    const m = await signedInMember(harness);
    const session = () =>
      send('GET', 'session', m.token).then((response) => SessionInfoSchema.parse(response.json()));
    expect((await session()).preferredLanguage).toBeNull();
    const first = await send('PUT', `Household/${m.householdId}/language`, m.token, {
      language: 'pt',
      version: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(UpdateLanguageResponseSchema.parse(first.json())).toEqual({ language: 'pt', version: 1 });
    expect((await session()).preferredLanguage).toBe('pt');
    const stale = await send('PUT', `Household/${m.householdId}/language`, m.token, {
      language: 'es',
      version: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { language: 'pt', version: 1 } });
    expect(
      UpdateLanguageResponseSchema.parse(
        (
          await send('PUT', `Household/${m.householdId}/language`, m.token, { language: 'es', version: 1 })
        ).json(),
      ),
    ).toEqual({ language: 'es', version: 2 });
    const [row] = await harness.db
      .select()
      .from(preferences)
      .where(eq(preferences.householdId, m.householdId));
    expect(row).toMatchObject({ language: 'es', version: 2 });
  });

  it('keeps another household out (refused and audited), and brokers without the action in role-config', async () => {
    const owner = await signedInMember(harness, { offExchange: true, withBroker: true });
    const stranger = await signedInMember(harness);
    expect((await send('GET', `Policy/${owner.policyId}/demographics`, stranger.token)).statusCode).toBe(403);
    expect((await ask(owner, {}, stranger.token)).statusCode).toBe(403);
    expect(
      (
        await send('PUT', `Household/${owner.householdId}/language`, stranger.token, {
          language: 'es',
          version: null,
        })
      ).statusCode,
    ).toBe(403);
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actingForHouseholdId, owner.householdId), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(3);
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: owner.brokerId ?? '' });
    expect((await read(owner, broker)).members).toHaveLength(1);
    expect((await ask(owner, {}, broker)).json()).toMatchObject({
      type: 'urn:portal:problem:action-not-allowed',
    });
  });
});

describe('demographics, in a tenant whose brokers may ask and whose forms offer two genders', () => {
  const harness = useTestApp({
    env: {
      CONFIG_DIR: configLettingBrokersChange({
        members: {
          genderOptions: ['female', 'other'],
          exchangeIdLength: 10,
          numberOfAddDependents: 3,
          deathDateWindowMonths: 5,
        },
      }),
    },
  });
  const send = commands(harness);

  it('lets the broker of record ask for his client, no other broker, and only with a configured gender', async () => {
    const client = await signedInMember(harness, { offExchange: true, withBroker: true });
    const other = await signedInMember(harness, { withBroker: true });
    const body = {
      memberId: client.memberId,
      firstName: 'Test',
      middleName: 'Q',
      lastName: 'Member',
      dob: '1985-04-12',
      gender: 'female',
      tobacco: false,
      version: 1,
    };
    const theirs = await harness.tokenFor('workforce', ['broker'], { brokerId: other.brokerId ?? '' });
    const ours = await harness.tokenFor('workforce', ['broker'], { brokerId: client.brokerId ?? '' });
    expect((await send('POST', `Policy/${client.policyId}/demographics`, theirs, body)).statusCode).toBe(403);
    expect(
      codesOf(
        await send('POST', `Policy/${client.policyId}/demographics`, ours, { ...body, gender: 'male' }),
      ),
    ).toEqual(['not-an-option']);
    const done = await send('POST', `Policy/${client.policyId}/demographics`, ours, body);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ requestedBy: 'broker', status: 'Submitted' });
  });
});
