import { describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ActingSessionSchema, ProblemType, SessionInfoSchema } from '@portal/contracts';
import { actFor, endActing } from '../../../test/acting';
import {
  createAccount,
  createBroker,
  createMemberWithPolicy,
  createServiceRequest,
  PASSWORD,
} from '../../../test/fixtures';
import { useTestApp } from '../../../test/harness';
import { CLIENT_ID, HOST, ORIGIN, signIn, clientAuthorization } from '../../../test/oidc';
import { actingSessions, auditLog, households, members, memberSpans } from '../../db/schema';

/**
 * Issue 33 item 14: `cs.agent` could act for any household without an explicit "act for this member"
 * step — audited, but nothing recorded why. Now staff read or change a member's records only inside an
 * acting session for exactly that member, started with a reason and ended explicitly (or at sign-out,
 * or after the idle time); the audit rows of what they do in it name the session, and so its reason.
 */
describe('cs.agent acts for a household only in an acting session started with a reason', () => {
  const harness = useTestApp();
  const { tokenFor } = harness;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const policyOf = (token: string, policyId: string) =>
    harness.app.inject({ method: 'GET', url: `/api/v1/Policy/${policyId}`, headers: bearer(token) });
  const start = (token: string, payload: object) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/acting-session',
      headers: bearer(token),
      payload,
    });
  const sessionOf = async (token: string) =>
    SessionInfoSchema.parse(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) })).json(),
    );
  const latestAudit = async (where: ReturnType<typeof and>) =>
    (await harness.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(1))[0];

  it('refuses a cs.agent without an acting session, refuses household B with a session for A, allows A with the reason recorded, and refuses again once it ends', async () => {
    const a = await createMemberWithPolicy(harness.db);
    const b = await createMemberWithPolicy(harness.db);
    const agentAccount = await createAccount(harness.db, { realm: 'workforce', roles: ['customer-service'] });
    const agent = (await signIn(harness.app, 'workforce', agentAccount.username, PASSWORD)).accessToken;

    // No acting session: refused with the problem the staff portal explains, audited.
    const none = await policyOf(agent, a.policyId);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    expect(
      await latestAudit(and(eq(auditLog.actorSubject, agentAccount.id), eq(auditLog.outcome, 'denied'))),
    ).toMatchObject({
      reason: 'no-acting-session',
      recordType: 'policy',
      actingForHouseholdId: a.householdId,
      actingSessionId: null,
    });
    expect((await sessionOf(agent)).actingSession).toBeNull();

    // Acting for A, with a reason and a line of free text.
    const started = await start(agent, {
      householdId: a.householdId,
      memberId: a.memberId,
      reason: 'member-called',
      note: 'Asked about her invoice',
    });
    expect(started.statusCode, started.body).toBe(201);
    const session = ActingSessionSchema.parse(started.json());
    expect(session).toMatchObject({
      householdId: a.householdId,
      memberId: a.memberId,
      memberName: 'Test Member',
      reason: 'member-called',
      note: 'Asked about her invoice',
      label: a.exchangeSubscriberId,
    });
    expect((await sessionOf(agent)).actingSession?.id).toBe(session.id);

    // Household B stays refused.
    const other = await policyOf(agent, b.policyId);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    expect(
      await latestAudit(and(eq(auditLog.actorSubject, agentAccount.id), eq(auditLog.outcome, 'denied'))),
    ).toMatchObject({
      reason: 'acting-for-another-member',
      actingForHouseholdId: b.householdId,
      actingSessionId: null,
    });

    // Household A is allowed, and the audit row of the read names the session — and so its reason.
    const allowed = await policyOf(agent, a.policyId);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const read = await latestAudit(
      and(
        eq(auditLog.actorSubject, agentAccount.id),
        eq(auditLog.action, 'read'),
        eq(auditLog.actingForHouseholdId, a.householdId ?? ''),
      ),
    );
    expect(read?.actingSessionId).toBe(session.id);
    const [why] = await harness.db
      .select({
        reason: actingSessions.reason,
        note: actingSessions.note,
        staff: actingSessions.staffSubject,
      })
      .from(auditLog)
      .innerJoin(actingSessions, eq(actingSessions.id, auditLog.actingSessionId))
      .where(eq(auditLog.id, read?.id ?? -1));
    expect(why).toEqual({ reason: 'member-called', note: 'Asked about her invoice', staff: agentAccount.id });
    // The start itself: audited with the reason's code (the free text stays in the session's row).
    expect(
      await latestAudit(and(eq(auditLog.action, 'acting.start'), eq(auditLog.actorSubject, agentAccount.id))),
    ).toMatchObject({
      outcome: 'success',
      reason: 'member-called',
      actingForHouseholdId: a.householdId,
      actingSessionId: session.id,
    });
    expect(
      JSON.stringify(
        await harness.db.select().from(auditLog).where(eq(auditLog.actorSubject, agentAccount.id)),
      ),
    ).not.toContain('invoice');

    // A change made in the session carries it too.
    const changed = await harness.app.inject({
      method: 'PUT',
      url: `/api/v1/Household/${a.householdId ?? ''}/contact-information`,
      headers: { ...bearer(agent), 'idempotency-key': randomUUID() },
      payload: {
        policyId: a.policyId,
        email: 'helped@example.org',
        homePhone: '',
        mobilePhone: '',
        preferredContactMethod: 'email',
        version: null,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      await latestAudit(
        and(eq(auditLog.actorSubject, agentAccount.id), eq(auditLog.action, 'contact.update')),
      ),
    ).toMatchObject({ outcome: 'success', actingSessionId: session.id });

    // Ending it: audited in the same transaction, and every later call on A is refused.
    const ended = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/acting-session/end',
      headers: bearer(agent),
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ ended: { id: session.id } });
    const [row] = await harness.db.select().from(actingSessions).where(eq(actingSessions.id, session.id));
    expect(row).toMatchObject({ endReason: 'ended' });
    expect(row?.endedAt).toBeInstanceOf(Date);
    expect(
      await latestAudit(and(eq(auditLog.action, 'acting.end'), eq(auditLog.actorSubject, agentAccount.id))),
    ).toMatchObject({
      outcome: 'success',
      reason: 'ended',
      actingSessionId: session.id,
      actingForHouseholdId: a.householdId,
    });
    const after = await policyOf(agent, a.policyId);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    // Ending again is no error: nothing was under way.
    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/acting-session/end',
      headers: bearer(agent),
    });
    expect(again.json()).toEqual({ ended: null });
  });

  it('refuses every kind of record of another household the same way: wallet, member, documents, member 360, opening it', async () => {
    const a = await createMemberWithPolicy(harness.db);
    const b = await createMemberWithPolicy(harness.db);
    const agent = await harness.actingToken(['customer-service'], { householdId: a.householdId });
    for (const url of [
      `/api/v1/staff/members/${b.householdId ?? ''}/activity`,
      `/api/v1/Policy/${b.policyId}/payments`,
      `/api/v1/Household/${b.householdId ?? ''}/access-history`,
    ]) {
      const refused = await harness.app.inject({ method: 'GET', url, headers: bearer(agent) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    }
    const openB = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: bearer(agent),
      payload: { householdId: b.householdId },
    });
    expect(openB.statusCode).toBe(403);
    expect(openB.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    const openA = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: bearer(agent),
      payload: { householdId: a.householdId },
    });
    expect(openA.statusCode, openA.body).toBe(200);
    // A member's page by its public id: A's opens, B's is refused (not "unknown", so the portal can explain).
    const folderOf = async (memberId: string) =>
      (
        await harness.db.select({ folderId: members.folderId }).from(members).where(eq(members.id, memberId))
      )[0]?.folderId ?? '';
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/v1/Member/2/${await folderOf(a.memberId)}`,
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(200);
    const memberB = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Member/2/${await folderOf(b.memberId)}`,
      headers: bearer(agent),
    });
    expect(memberB.statusCode).toBe(403);
    expect(memberB.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
  });

  it('needs a reason (field errors by code), the note when the reason is "other", a member of the household, and one session at a time', async () => {
    const a = await createMemberWithPolicy(harness.db);
    const b = await createMemberWithPolicy(harness.db);
    const agent = await tokenFor('workforce', ['customer-service']);
    const errorsOf = async (payload: object) => {
      const response = await start(agent, payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: { field: string; code?: string }[] }>().errors;
    };
    expect(await errorsOf({ householdId: a.householdId })).toEqual([
      expect.objectContaining({ field: 'body.reason' }),
    ]);
    expect(await errorsOf({ reason: 'member-called' })).toEqual([
      expect.objectContaining({ field: 'body.householdId', code: 'required' }),
    ]);
    expect(await errorsOf({ householdId: a.householdId, reason: 'other', note: '  ' })).toEqual([
      expect.objectContaining({ field: 'body.note', code: 'required' }),
    ]);
    expect(
      await errorsOf({ householdId: a.householdId, reason: 'member-wrote', note: 'x'.repeat(201) }),
    ).toEqual([expect.objectContaining({ field: 'body.note', code: 'too_big' })]);
    const stranger = await start(agent, {
      householdId: a.householdId,
      memberId: b.memberId,
      reason: 'member-called',
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({
      errors: [{ field: 'body.memberId', code: 'member-not-in-household' }],
    });
    expect((await start(agent, { householdId: randomUUID(), reason: 'member-called' })).statusCode).toBe(404);

    // A note that holds a card number is kept without it.
    const id = await actFor(
      harness.app,
      agent,
      { householdId: a.householdId },
      'other',
      'Card 4242 4242 4242 4242 was charged twice',
    );
    const [stored] = await harness.db
      .select({ note: actingSessions.note })
      .from(actingSessions)
      .where(eq(actingSessions.id, id));
    expect(stored?.note).not.toContain('4242 4242 4242 4242');
    // One at a time: a second start (another member or the same) is refused until the first ends.
    const second = await start(agent, { householdId: b.householdId, reason: 'member-called' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ type: ProblemType.actingSessionActive });
    await endActing(harness.app, agent);
    await actFor(harness.app, agent, { householdId: b.householdId });
    // Another staff user may act for the same member at the same time.
    await harness.actingToken(['administrator'], { householdId: b.householdId });
  });

  it('acts for a member whose policies belong to no household by one of their policies', async () => {
    const loose = await createMemberWithPolicy(harness.db, { withHousehold: false });
    const other = await createMemberWithPolicy(harness.db, { withHousehold: false });
    const agent = await harness.actingToken(['customer-service'], { policyId: loose.policyId });
    expect((await policyOf(agent, loose.policyId)).statusCode).toBe(200);
    const refused = await policyOf(agent, other.policyId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    expect((await sessionOf(agent)).actingSession).toMatchObject({
      householdId: null,
      policyId: loose.policyId,
      memberId: loose.memberId,
      label: loose.exchangeSubscriberId,
    });
  });

  it('names the member asked for when they are on the target (its household, a policy subscriber, covered by one), else its first policy’s subscriber or first member', async () => {
    const loose = await createMemberWithPolicy(harness.db, { withHousehold: false });
    const other = await createMemberWithPolicy(harness.db, { withHousehold: false });
    // A dependent of the loose policy: in no household, covered by one of its spans only.
    const dependentId = randomUUID();
    await harness.db.insert(members).values({
      id: dependentId,
      householdId: null,
      folderId: `DEP-${dependentId.slice(0, 8)}`,
      firstName: 'Dana',
      lastName: 'Dependent',
      dob: '2015-06-01',
      gender: 'other',
    });
    await harness.db.insert(memberSpans).values({
      policyId: loose.policyId,
      memberId: dependentId,
      relationship: 'child',
      startDate: `${new Date().getUTCFullYear() - 1}-01-01`,
      ratingAge: 10,
    });
    const agent = await tokenFor('workforce', ['customer-service']);
    const covered = await start(agent, {
      policyId: loose.policyId,
      memberId: dependentId.toUpperCase(),
      reason: 'member-called',
    });
    expect(covered.statusCode, covered.body).toBe(201);
    expect(covered.json()).toMatchObject({ memberId: dependentId, memberName: 'Dana Dependent' });
    await endActing(harness.app, agent);
    // The subscriber of another loose policy is not on this one.
    const stranger = await start(agent, {
      policyId: loose.policyId,
      memberId: other.memberId,
      reason: 'member-called',
    });
    expect(stranger.statusCode).toBe(422);

    // A household with no policy yet: its first member is named, and no label is shown.
    const householdId = randomUUID();
    await harness.db.insert(households).values({ id: householdId });
    const firstId = randomUUID();
    const secondId = randomUUID();
    for (const [id, createdAt] of [
      [secondId, new Date('2024-02-01T00:00:00Z')],
      [firstId, new Date('2024-01-01T00:00:00Z')],
    ] as const)
      await harness.db.insert(members).values({
        id,
        householdId,
        folderId: `HH-${id.slice(0, 8)}`,
        firstName: id === firstId ? 'Fay' : 'Sam',
        lastName: 'First',
        dob: '1980-01-01',
        gender: 'female',
        createdAt,
      });
    const firstMember = await start(agent, { householdId, reason: 'member-called' });
    expect(firstMember.statusCode, firstMember.body).toBe(201);
    expect(firstMember.json()).toMatchObject({
      householdId,
      memberId: firstId,
      memberName: 'Fay First',
      label: null,
    });
    await endActing(harness.app, agent);

    // A queued service request names its household; the household's policy's subscriber is named.
    const a = await createMemberWithPolicy(harness.db);
    const request = await createServiceRequest(harness.db, {
      householdId: a.householdId ?? '',
      policyId: a.policyId,
    });
    const fromRequest = await start(agent, { serviceRequestId: request.id, reason: 'service-request' });
    expect(fromRequest.statusCode, fromRequest.body).toBe(201);
    expect(fromRequest.json()).toMatchObject({
      householdId: a.householdId,
      memberId: a.memberId,
      label: a.exchangeSubscriberId,
    });
    await endActing(harness.app, agent);
    expect(
      (await start(agent, { serviceRequestId: randomUUID(), reason: 'service-request' })).statusCode,
    ).toBe(404);
    expect((await start(agent, { policyId: randomUUID(), reason: 'member-called' })).statusCode).toBe(404);
  });

  it('refuses anyone who may not act for members: members, brokers, the test role (403, audited)', async () => {
    const a = await createMemberWithPolicy(harness.db);
    const callers = [
      await tokenFor('consumer', ['member'], { memberId: a.memberId }),
      await tokenFor('workforce', ['broker'], { brokerId: await createBroker(harness.db) }),
      await tokenFor('workforce', ['tester']),
    ];
    for (const token of callers) {
      const refused = await start(token, { householdId: a.householdId, reason: 'member-called' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ type: ProblemType.forbidden });
      expect(
        (
          await harness.app.inject({
            method: 'POST',
            url: '/api/v1/staff/acting-session/end',
            headers: bearer(token),
          })
        ).statusCode,
      ).toBe(403);
    }
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'acting.start'),
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.reason, 'no-permission'),
        ),
      );
    expect(denied.length).toBeGreaterThanOrEqual(3);
  });

  it(`ends by itself after the idle time (${15 * 60} s by default): refused from then on, closed as idle and audited`, async () => {
    const a = await createMemberWithPolicy(harness.db);
    const account = await createAccount(harness.db, { realm: 'workforce', roles: ['customer-service'] });
    const agent = (await signIn(harness.app, 'workforce', account.username, PASSWORD)).accessToken;
    const id = await actFor(harness.app, agent, { householdId: a.householdId });
    expect((await policyOf(agent, a.policyId)).statusCode).toBe(200);
    // Last used 16 minutes ago.
    await harness.db
      .update(actingSessions)
      .set({ lastUsedAt: sql`now() - interval '16 minutes'` })
      .where(eq(actingSessions.id, id));
    const refused = await policyOf(agent, a.policyId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: ProblemType.actingSessionRequired });
    const [row] = await harness.db.select().from(actingSessions).where(eq(actingSessions.id, id));
    expect(row?.endReason).toBe('idle');
    // Ended when its idle time ran out, not when someone noticed.
    expect((row?.endedAt?.getTime() ?? 0) - (row?.lastUsedAt.getTime() ?? 0)).toBe(15 * 60 * 1000);
    expect(
      await latestAudit(and(eq(auditLog.action, 'acting.end'), eq(auditLog.actorSubject, account.id))),
    ).toMatchObject({ reason: 'idle', actingSessionId: id, actorRole: 'customer-service' });
    // A new session may start.
    await actFor(harness.app, agent, { householdId: a.householdId });
  });

  it('ends at sign-out (the grant revoked at the built-in provider), audited', async () => {
    const a = await createMemberWithPolicy(harness.db);
    const account = await createAccount(harness.db, { realm: 'workforce', roles: ['customer-service'] });
    const { accessToken, refreshToken } = await signIn(harness.app, 'workforce', account.username, PASSWORD);
    const id = await actFor(harness.app, accessToken, { householdId: a.householdId });
    const revoke = await harness.app.inject({
      method: 'POST',
      url: '/idp/workforce/token/revocation',
      headers: {
        host: HOST,
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: clientAuthorization(harness.app),
      },
      payload: new URLSearchParams({
        token: refreshToken ?? '',
        token_type_hint: 'refresh_token',
        client_id: CLIENT_ID,
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    const [row] = await harness.db.select().from(actingSessions).where(eq(actingSessions.id, id));
    expect(row?.endReason).toBe('signed-out');
    expect(
      await latestAudit(and(eq(auditLog.action, 'acting.end'), eq(auditLog.actorSubject, account.id))),
    ).toMatchObject({ reason: 'signed-out', actingSessionId: id, actingForHouseholdId: a.householdId });
    // Signed in again: not acting for anyone.
    const again = (await signIn(harness.app, 'workforce', account.username, PASSWORD)).accessToken;
    expect((await sessionOf(again)).actingSession).toBeNull();
    expect((await policyOf(again, a.policyId)).statusCode).toBe(403);
  });
});
