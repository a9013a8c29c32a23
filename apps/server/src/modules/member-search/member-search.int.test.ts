import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  HouseholdUserResponseSchema,
  MemberActivityResponseSchema,
  MemberSearchResponseSchema,
  type MemberSearchRequest,
} from '@portal/contracts';
import { actFor, endActing } from '../../../test/acting';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, contactInformation, members, notifications, policies } from '../../db/schema';

/**
 * Issue 13 "Find a member": each kind of search, paging, the audit of every search (never its terms),
 * refusal for everyone without member-search; opening a found member by household or policy; the member
 * 360's activity; and a change staff make for a member announced to the member.
 */
describe('staff find a member', () => {
  const harness = useTestApp();
  const { tokenFor } = harness;
  /** A surname no other test uses, so each test sees only its own members. */
  const surname = () =>
    `Zq${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;

  const search = (token: string, body: MemberSearchRequest) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/member-search',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  const found = async (token: string, body: MemberSearchRequest) => {
    const response = await search(token, body);
    expect(response.statusCode, response.body).toBe(200);
    return MemberSearchResponseSchema.parse(response.json());
  };
  const named = async (
    lastName: string,
    firstName: string,
    dob: string,
    options: Parameters<typeof createMemberWithPolicy>[1] = {},
  ) => {
    const created = await createMemberWithPolicy(harness.db, { dob, ...options });
    await harness.db.update(members).set({ lastName, firstName }).where(eq(members.id, created.memberId));
    return created;
  };

  it('finds by name and date of birth: last name and date required, the first name a case-insensitive prefix', async () => {
    const staff = await tokenFor('workforce', ['customer-service']);
    const last = surname();
    const maria = await named(last, 'María', '1980-02-03');
    await named(last, 'Marco', '1980-02-03');
    await named(last, 'Ana', '1980-02-03');
    await named(last, 'María', '1991-09-09');

    const all = await found(staff, {
      kind: 'nameDob',
      lastName: last.toUpperCase(),
      dateOfBirth: '1980-02-03',
    });
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.firstName)).toEqual(['Ana', 'Marco', 'María']);
    const mar = await found(staff, {
      kind: 'nameDob',
      lastName: last,
      firstName: 'mar',
      dateOfBirth: '1980-02-03',
    });
    expect(mar.items.map((item) => item.firstName)).toEqual(['Marco', 'María']);
    const one = await found(staff, {
      kind: 'nameDob',
      lastName: last,
      firstName: 'marí',
      dateOfBirth: '1980-02-03',
    });
    expect(one.items).toEqual([
      {
        memberId: maria.memberId,
        householdId: maria.householdId,
        firstName: 'María',
        lastName: last,
        dateOfBirth: '1980-02-03',
        subscriber: true,
        policies: [
          {
            id: maria.policyId,
            policyNumber: maria.policyNumber,
            exchangeSubscriberId: maria.exchangeSubscriberId,
            lineOfCoverage: 'Medical',
            offExchange: false,
            enrollmentStatus: 'Active',
            displayStatus: expect.any(String) as string,
          },
        ],
      },
    ]);
    // A LIKE wildcard typed into the first name matches only itself.
    expect(
      (await found(staff, { kind: 'nameDob', lastName: last, firstName: '%', dateOfBirth: '1980-02-03' }))
        .total,
    ).toBe(0);

    const missing = await search(staff, { kind: 'nameDob', firstName: 'María', dateOfBirth: '1980-02-03' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { field: string; code?: string }[] }>().errors).toEqual([
      expect.objectContaining({ field: 'body.lastName', code: 'required' }),
    ]);
  });

  it('finds by exchange subscriber id, policy number, phone (by its digits) and e-mail', async () => {
    const staff = await tokenFor('workforce', ['administrator']);
    const m = await named(surname(), 'Pat', '1975-05-05');
    const other = await named(surname(), 'Lee', '1975-05-05');
    const ids = (result: { items: { memberId: string }[] }) => result.items.map((item) => item.memberId);
    expect(
      ids(
        await found(staff, {
          kind: 'exchangeId',
          exchangeSubscriberId: m.exchangeSubscriberId.toLowerCase(),
        }),
      ),
    ).toEqual([m.memberId]);
    expect(ids(await found(staff, { kind: 'policyNumber', policyNumber: m.policyNumber }))).toEqual([
      m.memberId,
    ]);

    const phone = `(617) 555-${String(Math.floor(1000 + Math.random() * 8999))}`;
    const householdId = m.householdId ?? '';
    await harness.db
      .insert(contactInformation)
      .values({ householdId, mobilePhone: phone, email: `${surname()}@Example.org` });
    const digits = phone.replace(/[^0-9]/g, '');
    expect(
      ids(
        await found(staff, {
          kind: 'phone',
          phone: `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
        }),
      ),
    ).toEqual([m.memberId]);
    const [contact] = await harness.db
      .select()
      .from(contactInformation)
      .where(eq(contactInformation.householdId, householdId));
    expect(ids(await found(staff, { kind: 'email', email: (contact?.email ?? '').toUpperCase() }))).toEqual([
      m.memberId,
    ]);
    // A member's own e-mail finds that member.
    const own = `${surname()}@example.net`;
    await harness.db.update(members).set({ email: own }).where(eq(members.id, other.memberId));
    expect(ids(await found(staff, { kind: 'email', email: own }))).toEqual([other.memberId]);

    expect((await found(staff, { kind: 'policyNumber', policyNumber: 'NO-SUCH-POLICY' })).total).toBe(0);
    const badPhone = await search(staff, { kind: 'phone', phone: '555-0142' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<{ errors: { field: string; code?: string }[] }>().errors[0]).toMatchObject({
      field: 'body.phone',
      code: 'phone-invalid',
    });
  });

  it('pages the results (at most 25 a page) with the total, and audits each search with its kind and the members found, never the terms', async () => {
    const staff = await tokenFor('workforce', ['customer-service']);
    const last = surname();
    const created = [];
    for (let index = 0; index < 7; index += 1)
      created.push(await named(last, `Kid${String(index)}`, '2001-01-01'));
    const first = await found(staff, {
      kind: 'nameDob',
      lastName: last,
      dateOfBirth: '2001-01-01',
      pageSize: 3,
    });
    const third = await found(staff, {
      kind: 'nameDob',
      lastName: last,
      dateOfBirth: '2001-01-01',
      pageSize: 3,
      page: 3,
    });
    const beyond = await found(staff, {
      kind: 'nameDob',
      lastName: last,
      dateOfBirth: '2001-01-01',
      pageSize: 3,
      page: 9,
    });
    expect([first.total, third.total, beyond.total]).toEqual([7, 7, 7]);
    expect(first.items.map((item) => item.firstName)).toEqual(['Kid0', 'Kid1', 'Kid2']);
    expect(third.items.map((item) => item.firstName)).toEqual(['Kid6']);
    expect(beyond.items).toEqual([]);
    expect(
      (await search(staff, { kind: 'nameDob', lastName: last, dateOfBirth: '2001-01-01', pageSize: 26 }))
        .statusCode,
    ).toBe(400);

    const [entry] = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member-search'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      outcome: 'success',
      actorRole: 'customer-service',
      reason: 'kind:nameDob',
      recordType: 'member',
      recordIds: [],
    });
    const [firstPage] = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member-search'), eq(auditLog.reason, 'kind:nameDob')))
      .orderBy(desc(auditLog.id))
      .offset(2)
      .limit(1);
    expect(firstPage?.recordIds).toEqual(created.slice(0, 3).map((c) => c.memberId));
    const stored = JSON.stringify(
      await harness.db.select().from(auditLog).where(eq(auditLog.action, 'member-search')),
    );
    expect(stored).not.toContain(last);
    expect(stored).not.toContain('2001-01-01');
  });

  it('refuses everyone without member-search (403, audited) and callers who are not signed in (401)', async () => {
    const m = await createMemberWithPolicy(harness.db);
    const brokerId = await createBroker(harness.db);
    const callers = [
      await tokenFor('consumer', ['member'], { memberId: m.memberId }),
      await tokenFor('workforce', ['broker'], { brokerId }),
      await tokenFor('workforce', ['tester']),
    ];
    for (const token of callers) {
      const refused = await search(token, { kind: 'policyNumber', policyNumber: m.policyNumber });
      expect(refused.statusCode).toBe(403);
      const activity = await harness.app.inject({
        method: 'GET',
        url: `/api/v1/staff/members/${m.householdId ?? ''}/activity`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(activity.statusCode).toBe(403);
    }
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member-search'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(3);
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/staff/member-search',
      payload: { kind: 'policyNumber', policyNumber: m.policyNumber },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('opens a found member by household, or by policy when the policies have no household (off-exchange, no exchange id)', async () => {
    const staff = await tokenFor('workforce', ['customer-service']);
    const m = await createMemberWithPolicy(harness.db);
    const loose = await createMemberWithPolicy(harness.db, { withHousehold: false });
    await harness.db
      .update(policies)
      .set({ exchangeSubscriberId: null, offExchange: true })
      .where(eq(policies.id, loose.policyId));
    const open = async (body: object) => {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/Household/user',
        headers: { authorization: `Bearer ${staff}` },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
      return HouseholdUserResponseSchema.parse(response.json());
    };
    // Opening a member is acting for them (docs/decisions/043): first the household, then the loose policy.
    await actFor(harness.app, staff, { householdId: m.householdId });
    const byHousehold = await open({ householdId: m.householdId });
    expect(byHousehold.households.map((h) => h.household.id)).toEqual([m.householdId]);
    await endActing(harness.app, staff);
    await actFor(harness.app, staff, { policyId: loose.policyId });
    const byPolicy = await open({ policyId: loose.policyId });
    expect(byPolicy.households).toEqual([]);
    expect(byPolicy.policies.map((p) => p.id)).toEqual([loose.policyId]);
    const [opened] = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member-open'), eq(auditLog.actingForHouseholdId, m.householdId ?? '')))
      .limit(1);
    expect(opened).toMatchObject({ outcome: 'success', actorRole: 'customer-service' });

    // A broker opens only their own clients: another household comes back empty.
    const broker = await tokenFor('workforce', ['broker'], { brokerId: await createBroker(harness.db) });
    const outside = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${broker}` },
      payload: { householdId: m.householdId },
    });
    expect(HouseholdUserResponseSchema.parse(outside.json()).households).toEqual([]);

    const member = await tokenFor('consumer', ['member'], { memberId: loose.memberId });
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${member}` },
      payload: { householdId: m.householdId },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('tells the member when staff change something for them, names staff in the audit, and shows it in the 360’s contact history', async () => {
    const m = await createMemberWithPolicy(harness.db);
    const householdId = m.householdId ?? '';
    const staff = await harness.actingToken(['customer-service'], { householdId });
    const member = await tokenFor('consumer', ['member'], { memberId: m.memberId });
    const body = {
      policyId: m.policyId,
      email: 'helped@example.org',
      homePhone: '',
      mobilePhone: '',
      preferredContactMethod: 'email',
      version: null,
    };
    const changed = await harness.app.inject({
      method: 'PUT',
      url: `/api/v1/Household/${householdId}/contact-information`,
      headers: { authorization: `Bearer ${staff}`, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The member's own change is not announced as made for them.
    const own = await harness.app.inject({
      method: 'PUT',
      url: `/api/v1/Household/${householdId}/contact-information`,
      headers: { authorization: `Bearer ${member}`, 'idempotency-key': randomUUID() },
      payload: { ...body, email: 'mine@example.org', version: 1 },
    });
    expect(own.statusCode, own.body).toBe(200);
    await harness.app.outbox.drain();

    const told = await harness.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.householdId, householdId),
          eq(notifications.templateName, 'notification.changedForYou'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]?.additionalValues).toEqual({
      actor: 'staff',
      actionKind: 'update-contact',
      changedDate: harness.app.today(),
    });
    const [audit] = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actingForHouseholdId, householdId),
          eq(auditLog.actorRole, 'customer-service'),
          eq(auditLog.outcome, 'success'),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.action).toBe('contact.update');
    expect(audit?.actorSubject).toEqual(expect.any(String));

    const activity = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/staff/members/${householdId}/activity`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const parsed = MemberActivityResponseSchema.parse(activity.json());
    expect(parsed.notifications.map((n) => n.templateName)).toContain('notification.changedForYou');
    expect(parsed.contactHistory[0]).toMatchObject({
      action: 'contact.update',
      actorRole: 'customer-service',
      outcome: 'success',
      actingReason: 'member-called',
    });
    expect(parsed.contactHistory.map((entry) => entry.action)).toContain('acting.start');
    expect(parsed.contactHistory.map((entry) => entry.actorRole)).not.toContain('member');
    const unknown = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/staff/members/${randomUUID()}/activity`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(unknown.statusCode).toBe(404);
    // Another member's 360: refused until staff act for them.
    const other = await createMemberWithPolicy(harness.db);
    const refused = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/staff/members/${other.householdId ?? ''}/activity`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'urn:portal:problem:acting-session-required' });
  });
});
