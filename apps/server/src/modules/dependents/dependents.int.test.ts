import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ServiceRequestSchema } from '@portal/contracts';
import { addDays, addMonths, endOfMonth, startOfMonth } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, members, memberSpans, policies, serviceRequests } from '../../db/schema';

/**
 * Issue 11 manage-dependents: adding dependents for a qualifying life event and removing one with a
 * reason and a date, each a service request staff review — with every SPEC §5 rule (exchange ID length,
 * how many at once, gender options, SSN patterns, the death window, the matching criteria), the
 * on-exchange rule, and who may ask.
 */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('dependents', () => {
  const harness = useTestApp({ captureLogs: true });
  const today = () => harness.app.today();

  /** A member with an off-exchange (or on-exchange) policy, signed in, and optionally a broker of record. */
  async function household(options: { offExchange?: boolean } = {}) {
    const brokerId = await createBroker(harness.db);
    const holder = await createMemberWithPolicy(harness.db, { brokerId });
    if (options.offExchange !== false)
      await harness.db
        .update(policies)
        .set({ offExchange: true, exchangeSubscriberId: null, fileSource: 'Issuer' })
        .where(eq(policies.id, holder.policyId));
    const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
    return { ...holder, householdId: holder.householdId ?? '', token, brokerId };
  }
  type Household = Awaited<ReturnType<typeof household>>;

  /** A dependent on the policy (from the start of last year unless told), returning its member id. */
  async function dependent(
    h: Household,
    person: {
      firstName: string;
      dob: string;
      relationship?: 'child' | 'spouse';
      exchangeMemberId?: string;
      startDate?: string;
      endDate?: string | null;
    },
  ) {
    const id = randomUUID();
    await harness.db.insert(members).values({
      id,
      householdId: h.householdId,
      folderId: `F${randomUUID().slice(0, 8)}`,
      exchangeMemberId: person.exchangeMemberId ?? null,
      firstName: person.firstName,
      lastName: 'Member',
      dob: person.dob,
      gender: 'female',
    });
    await harness.db.insert(memberSpans).values({
      policyId: h.policyId,
      memberId: id,
      relationship: person.relationship ?? 'child',
      startDate: person.startDate ?? `${Number(today().slice(0, 4)) - 1}-01-01`,
      endDate: person.endDate ?? null,
      ratingAge: 10,
    });
    return id;
  }

  const post = (url: string, token: string, payload: object) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload,
    });
  const newborn = (overrides: object = {}) => {
    const born = addDays(today(), -3);
    return {
      firstName: 'Lucas',
      lastName: 'Member',
      dob: born,
      gender: 'male',
      relationship: 'child',
      ...overrides,
    };
  };
  const birthRequest = (people: object[] = [newborn()], overrides: object = {}) => {
    const born = addDays(today(), -3);
    return {
      lifeEvent: 'birth',
      lifeEventDate: born,
      coverageStartDate: born,
      dependents: people,
      ...overrides,
    };
  };
  const add = (h: Household, body: object, token = h.token) =>
    post(`Policy/${h.policyId}/dependents`, token, body);
  const remove = (h: Household, body: object, token = h.token) =>
    post(`Policy/${h.policyId}/dependents/remove`, token, body);
  const errorsOf = (response: { json: () => unknown }) =>
    (response.json() as { errors?: { field: string; code?: string; params?: Record<string, unknown> }[] })
      .errors ?? [];
  const codes = (response: { json: () => unknown }) =>
    errorsOf(response).map((error) => `${error.field}:${error.code ?? ''}`);

  describe('adding', () => {
    it('takes a newborn as an add-dependent request waiting for review, keeping only the SSN’s last four digits', async () => {
      const h = await household();
      const ssn = '214-53-6789';
      const response = await add(h, birthRequest([newborn({ ssn })]));
      expect(response.statusCode, response.body).toBe(201);
      const request = ServiceRequestSchema.parse(response.json());
      const born = addDays(today(), -3);
      expect(request).toMatchObject({
        type: 'add-dependent',
        status: 'Submitted',
        policyId: h.policyId,
        memberIds: [],
        effectiveDate: born,
        requestedBy: 'member',
        details: {
          lifeEvent: 'birth',
          lifeEventDate: born,
          coverageStartDate: born,
          dependents: [
            {
              firstName: 'Lucas',
              lastName: 'Member',
              dob: born,
              gender: 'male',
              relationship: 'child',
              exchangeId: null,
              ssnLast4: '6789',
            },
          ],
        },
      });
      // The whole SSN is nowhere: not in the answer, the request's row, any table, or the logs.
      expect(response.body).not.toContain('214-53');
      const tables = rowsOf<{ name: string }>(
        await harness.db.execute(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        ),
      );
      for (const { name } of tables) {
        const rows = rowsOf<{ row: string }>(
          await harness.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`),
        );
        for (const { row } of rows) expect(row, `table ${name}`).not.toMatch(/214[\s-]?53[\s-]?6789/);
      }
      for (const line of harness.logs) expect(line).not.toMatch(/214[\s-]?53[\s-]?6789/);
      const audits = await harness.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actingForHouseholdId, h.householdId), eq(auditLog.action, 'add-dependent')));
      expect(audits).toMatchObject([
        {
          outcome: 'success',
          recordType: 'service-request',
          recordIds: [request.id, `policy:${h.policyId}`],
        },
      ]);
      await harness.app.outbox.drain();
    });

    it('refuses each SPEC §5 SSN pattern with its own code, without echoing the number', async () => {
      const h = await household();
      const cases: [string, string][] = [
        ['12-345-6789', 'ssn-format'],
        ['078-05-1120', 'ssn-listed'],
        ['000-12-3456', 'ssn-area-000'],
        ['666-12-3456', 'ssn-area-666'],
        ['912-34-5678', 'ssn-area-9xx'],
        ['123-00-4567', 'ssn-group-00'],
        ['123-45-0000', 'ssn-serial-0000'],
      ];
      for (const [ssn, code] of cases) {
        const response = await add(h, birthRequest([newborn({ ssn })]));
        expect(response.statusCode, ssn).toBe(400);
        expect(codes(response)).toEqual([`body.dependents.0.ssn:${code}`]);
        expect(response.body).not.toContain(ssn);
      }
      expect(
        await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, h.householdId)),
      ).toEqual([]);
    });

    it('takes at most members.numberOfAddDependents people at once, and checks the exchange ID’s length and the gender options', async () => {
      const h = await household();
      const maximum = harness.app.tenant.account.members.numberOfAddDependents;
      const many = Array.from({ length: maximum + 1 }, (_, index) =>
        newborn({ firstName: `Baby${'abcdefgh'[index] ?? 'z'}` }),
      );
      const tooMany = await add(h, birthRequest(many));
      expect(tooMany.statusCode).toBe(422);
      expect(errorsOf(tooMany)).toContainEqual(
        expect.objectContaining({
          field: 'body.dependents',
          code: 'too-many-dependents',
          params: { maximum },
        }),
      );

      const length = harness.app.tenant.account.members.exchangeIdLength;
      const shortId = await add(h, birthRequest([newborn({ exchangeId: 'AB12' })]));
      expect(errorsOf(shortId)).toEqual([
        expect.objectContaining({
          field: 'body.dependents.0.exchangeId',
          code: 'exchange-id-length',
          params: { length },
        }),
      ]);
      expect((await add(h, birthRequest([newborn({ exchangeId: 'AB-12' })]))).statusCode).toBe(400);

      const options = harness.app.tenant.account.members.genderOptions;
      harness.app.tenant.account.members.genderOptions = ['female', 'other'];
      try {
        expect(codes(await add(h, birthRequest([newborn({ gender: 'male' })])))).toEqual([
          'body.dependents.0.gender:gender-not-offered',
        ]);
      } finally {
        harness.app.tenant.account.members.genderOptions = options;
      }
    });

    it('needs a qualifying life event within its window and a start date it allows', async () => {
      const h = await household();
      const old = addDays(today(), -61);
      expect(
        codes(
          await add(h, birthRequest([newborn({ dob: old })], { lifeEventDate: old, coverageStartDate: old })),
        ),
      ).toEqual(['body.lifeEventDate:event-date-too-old']);
      const tomorrow = addDays(today(), 1);
      expect(
        codes(
          await add(
            h,
            birthRequest([newborn()], {
              lifeEvent: 'marriage',
              lifeEventDate: tomorrow,
              coverageStartDate: tomorrow,
            }),
          ),
        ),
      ).toEqual(['body.lifeEventDate:event-date-in-future']);
      expect(
        codes(
          await add(
            h,
            birthRequest([newborn()], {
              lifeEvent: 'loss-of-coverage',
              lifeEventDate: addDays(today(), 61),
              coverageStartDate: tomorrow,
            }),
          ),
        ),
      ).toEqual(['body.lifeEventDate:event-date-too-far']);
      // A birth starts on the day or the first of next month, nothing else; a newborn is born on the day.
      expect(
        codes(await add(h, birthRequest([newborn()], { coverageStartDate: addDays(today(), -2) }))),
      ).toEqual(['body.coverageStartDate:start-date-not-allowed']);
      expect(codes(await add(h, birthRequest([newborn({ dob: addDays(today(), -4) })])))).toEqual([
        'body.dependents.0.dob:dob-not-birth-date',
      ]);
      // A spouse after a marriage starts on the first of next month.
      const spouse = {
        firstName: 'Rosa',
        lastName: 'Member',
        dob: '1990-03-02',
        gender: 'female',
        relationship: 'spouse',
      };
      const nextMonth = startOfMonth(addMonths(startOfMonth(today()), 1));
      const married = await add(h, {
        lifeEvent: 'marriage',
        lifeEventDate: addDays(today(), -10),
        coverageStartDate: nextMonth,
        dependents: [spouse],
      });
      expect(married.statusCode, married.body).toBe(201);
      expect(married.json()).toMatchObject({ effectiveDate: nextMonth });
    });

    it('refuses someone already on the policy (SPEC §5 matching criteria), the same person twice, and a second request for them', async () => {
      const h = await household();
      await dependent(h, { firstName: 'Ana', dob: '2015-06-01' });
      await dependent(h, { firstName: 'Bia', dob: '2012-02-02', exchangeMemberId: 'EXB0000001' });
      const adopted = (overrides: object) => ({
        firstName: 'Ana',
        lastName: 'Member',
        dob: '2015-06-01',
        gender: 'female',
        relationship: 'child',
        ...overrides,
      });
      const adoption = (people: object[]) => birthRequest(people, { lifeEvent: 'adoption' });

      const byName = await add(h, adoption([adopted({ firstName: ' ana ' })]));
      expect(errorsOf(byName)).toEqual([
        expect.objectContaining({
          field: 'body.dependents.0.firstName',
          code: 'already-on-policy',
          params: { name: 'Ana Member' },
        }),
      ]);
      // Matched by exchange ID and relationship whatever the name says (memFolderId, exchangeId, relationship).
      expect(
        codes(
          await add(
            h,
            adoption([adopted({ firstName: 'Beatriz', dob: '2012-02-03', exchangeId: 'exb0000001' })]),
          ),
        ),
      ).toEqual(['body.dependents.0.firstName:already-on-policy']);
      // The same exchange ID with another relationship is not the same dependent, but the ID is taken.
      expect(
        codes(
          await add(
            h,
            adoption([
              adopted({
                firstName: 'Beatriz',
                dob: '2012-02-03',
                exchangeId: 'EXB0000001',
                relationship: 'ward',
              }),
            ]),
          ),
        ),
      ).toEqual(['body.dependents.0.exchangeId:exchange-id-taken']);
      // Twins are two people; the same baby twice is one.
      expect(codes(await add(h, birthRequest([newborn(), newborn()])))).toEqual([
        'body.dependents.1.firstName:duplicate-in-request',
      ]);
      const twins = await add(h, birthRequest([newborn(), newborn({ firstName: 'Luna', gender: 'female' })]));
      expect(twins.statusCode, twins.body).toBe(201);
      const again = await add(h, birthRequest([newborn({ firstName: 'LUNA', gender: 'female' })]));
      expect(errorsOf(again)).toEqual([
        expect.objectContaining({
          field: 'body.dependents.0.firstName',
          code: 'already-requested',
          params: { reference: twins.json<{ referenceNumber: string }>().referenceNumber },
        }),
      ]);
    });

    it('adds again someone whose coverage on the policy has ended', async () => {
      const h = await household();
      await dependent(h, {
        firstName: 'Caio',
        dob: '2001-04-04',
        startDate: '2020-01-01',
        endDate: addDays(today(), -40),
      });
      const back = await add(h, {
        lifeEvent: 'loss-of-coverage',
        lifeEventDate: addDays(today(), -5),
        coverageStartDate: startOfMonth(addMonths(startOfMonth(today()), 1)),
        dependents: [
          { firstName: 'Caio', lastName: 'Member', dob: '2001-04-04', gender: 'male', relationship: 'child' },
        ],
      });
      expect(back.statusCode, back.body).toBe(201);
    });
  });

  describe('removing', () => {
    it('asks to end a dependent’s coverage on the last day of the event’s month', async () => {
      const h = await household();
      const ana = await dependent(h, { firstName: 'Ana', dob: '1999-06-01', relationship: 'spouse' });
      const response = await remove(h, {
        memberId: ana,
        removalReason: 'divorce',
        removalDate: today(),
        note: '  Final decree received. ',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(ServiceRequestSchema.parse(response.json())).toMatchObject({
        type: 'remove-dependent',
        status: 'Submitted',
        memberIds: [ana],
        effectiveDate: endOfMonth(today()),
        details: {
          memberName: 'Ana Member',
          relationship: 'spouse',
          removalReason: 'divorce',
          removalDate: today(),
          lastDayOfCoverage: endOfMonth(today()),
          coverageNeverStarts: false,
          note: 'Final decree received.',
        },
      });
      // Not twice while the first waits for review.
      const again = await remove(h, { memberId: ana, removalReason: 'divorce', removalDate: today() });
      expect(codes(again)).toEqual(['body.memberId:already-requested']);
    });

    it('ends a coverage on the date of death, within SPEC §5’s window of members.deathDateWindowMonths months to today', async () => {
      const h = await household();
      const months = harness.app.tenant.account.members.deathDateWindowMonths;
      const ana = await dependent(h, { firstName: 'Ana', dob: '1950-06-01', relationship: 'spouse' });
      const tooOld = await remove(h, {
        memberId: ana,
        removalReason: 'death',
        removalDate: addDays(addMonths(today(), -months), -1),
      });
      expect(errorsOf(tooOld)).toEqual([
        expect.objectContaining({
          field: 'body.removalDate',
          code: 'death-date-outside-window',
          params: { months },
        }),
      ]);
      expect(
        codes(await remove(h, { memberId: ana, removalReason: 'death', removalDate: addDays(today(), 1) })),
      ).toEqual(['body.removalDate:death-date-outside-window']);
      const earliest = addMonths(today(), -months);
      const response = await remove(h, { memberId: ana, removalReason: 'death', removalDate: earliest });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        effectiveDate: earliest,
        details: { lastDayOfCoverage: earliest },
      });
    });

    it('refuses the subscriber, someone not covered, other reasons outside 60 days, and “other” without a word', async () => {
      const h = await household();
      expect(
        codes(await remove(h, { memberId: h.memberId, removalReason: 'moved-out', removalDate: today() })),
      ).toEqual(['body.memberId:subscriber-not-removable']);
      const gone = await dependent(h, {
        firstName: 'Gil',
        dob: '2000-01-01',
        startDate: '2020-01-01',
        endDate: addDays(today(), -10),
      });
      expect(
        codes(await remove(h, { memberId: gone, removalReason: 'moved-out', removalDate: today() })),
      ).toEqual(['body.memberId:not-covered']);
      expect(
        codes(await remove(h, { memberId: randomUUID(), removalReason: 'moved-out', removalDate: today() })),
      ).toEqual(['body.memberId:not-on-policy']);
      const kid = await dependent(h, { firstName: 'Kai', dob: '2001-01-01' });
      expect(
        codes(
          await remove(h, { memberId: kid, removalReason: 'moved-out', removalDate: addDays(today(), -61) }),
        ),
      ).toEqual(['body.removalDate:event-date-too-old']);
      expect(
        codes(
          await remove(h, {
            memberId: kid,
            removalReason: 'other-coverage',
            removalDate: addDays(today(), 61),
          }),
        ),
      ).toEqual(['body.removalDate:event-date-too-far']);
      const other = await remove(h, {
        memberId: kid,
        removalReason: 'other',
        removalDate: today(),
        note: '  ',
      });
      expect(other.statusCode).toBe(400);
      expect(codes(other)).toEqual(['body.note:removal-note-required']);
      // A coverage that already ends by then needs no request.
      const leaving = await dependent(h, {
        firstName: 'Lia',
        dob: '2002-01-01',
        endDate: addDays(today(), 5),
      });
      expect(
        codes(
          await remove(h, {
            memberId: leaving,
            removalReason: 'moved-out',
            removalDate: addDays(today(), 40),
          }),
        ),
      ).toEqual(['body.removalDate:coverage-already-ends']);
    });

    it('says when a dependent whose coverage has not started will never start', async () => {
      const h = await household();
      const start = startOfMonth(addMonths(startOfMonth(today()), 2));
      const later = await dependent(h, { firstName: 'Teo', dob: '2010-01-01', startDate: start });
      const response = await remove(h, { memberId: later, removalReason: 'moved-out', removalDate: today() });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        details: { lastDayOfCoverage: endOfMonth(today()), coverageNeverStarts: true },
      });
    });
  });

  describe('who may ask, and where on-exchange members go', () => {
    it('sends a household change on an on-exchange policy to the exchange', async () => {
      const h = await household({ offExchange: false });
      const kid = await dependent(h, { firstName: 'Kai', dob: '2001-01-01' });
      expect(codes(await add(h, birthRequest()))).toEqual(['params.policyId:report-to-exchange']);
      expect(
        codes(await remove(h, { memberId: kid, removalReason: 'moved-out', removalDate: today() })),
      ).toEqual(['params.policyId:report-to-exchange']);
      expect(
        await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, h.householdId)),
      ).toEqual([]);
    });

    it('refuses another household’s member and audits the refusal', async () => {
      const h = await household();
      const stranger = await household();
      const kid = await dependent(h, { firstName: 'Kai', dob: '2001-01-01' });
      expect((await add(h, birthRequest(), stranger.token)).statusCode).toBe(403);
      expect(
        (await remove(h, { memberId: kid, removalReason: 'moved-out', removalDate: today() }, stranger.token))
          .statusCode,
      ).toBe(403);
      const denied = await harness.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actingForHouseholdId, h.householdId), eq(auditLog.outcome, 'denied')));
      expect(denied).toHaveLength(2);
      expect(denied[0]).toMatchObject({ recordType: 'policy', recordIds: [h.policyId], reason: 'not-owner' });
      expect(
        await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, h.householdId)),
      ).toEqual([]);
    });

    it('lets the broker of record add a dependent (role-config gives brokers add-dependent) but not remove one', async () => {
      const h = await household();
      const kid = await dependent(h, { firstName: 'Kai', dob: '2001-01-01' });
      const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: h.brokerId });
      const added = await add(h, birthRequest(), broker);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ requestedBy: 'broker' });
      const removed = await remove(
        h,
        { memberId: kid, removalReason: 'moved-out', removalDate: today() },
        broker,
      );
      expect(removed.statusCode).toBe(403);
      expect(removed.json()).toMatchObject({ type: 'urn:portal:problem:action-not-allowed' });
      const denied = await harness.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'remove-dependent'), eq(auditLog.outcome, 'denied')));
      expect(denied.length).toBeGreaterThan(0);
      // Another broker's clients are not his.
      const otherBroker = await harness.tokenFor('workforce', ['broker'], {
        brokerId: await createBroker(harness.db),
      });
      expect((await add(h, birthRequest([newborn({ firstName: 'Noa' })]), otherBroker)).statusCode).toBe(403);
      // Customer service may do both for the member they act for.
      const staff = await harness.actingToken(['customer-service'], { householdId: h.householdId });
      expect(
        (await remove(h, { memberId: kid, removalReason: 'moved-out', removalDate: today() }, staff))
          .statusCode,
      ).toBe(201);
    });
  });
});
