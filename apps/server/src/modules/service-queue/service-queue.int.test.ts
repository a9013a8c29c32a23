import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  ServiceQueueDetailSchema,
  ServiceQueuePageSchema,
  ServiceQueueSummarySchema,
  ServiceRequestListSchema,
  ServiceRequestSchema,
} from '@portal/contracts';
import { addDays, addMonths, endOfMonth } from '@portal/domain';
import { actFor, endActing } from '../../../test/acting';
import { useTestApp } from '../../../test/harness';
import { createAutopaySubscription, createBroker, createServiceRequest } from '../../../test/fixtures';
import { codesOf, commands, signedInMember, type SignedInMember } from '../../../test/self-service';
import {
  addresses,
  auditLog,
  autopaySubscriptions,
  brokers,
  coverageSpans,
  documents,
  members,
  memberSpans,
  outboxEvents,
  plans,
  policies,
  serviceRequests,
} from '../../db/schema';

/**
 * Issue 13 (docs/decisions/030): the staff queue of service requests — listing and filtering, one
 * processor at a time (claims, conflicts, taking over a stale claim), approving with the change applied
 * by its owning module in the same transaction, rejecting with a reason the member reads, and refusals.
 */
describe('service queue', () => {
  const harness = useTestApp();
  const call = commands(harness);
  const today = () => harness.app.today();
  let admin = '';
  let colleague = '';

  const detailOf = (response: { json: () => unknown }) => ServiceQueueDetailSchema.parse(response.json());
  const read = async (id: string, token = admin) => detailOf(await call('GET', `ServiceQueue/${id}`, token));
  const claim = (id: string, version: number, token = admin, takeOver = false) =>
    call('POST', `ServiceQueue/${id}/claim`, token, { version, takeOver });
  async function claimed(id: string, token = admin) {
    const before = await read(id, token);
    const response = await claim(id, before.request.version, token);
    expect(response.statusCode, response.body).toBe(200);
    return detailOf(response);
  }
  async function approve(id: string, note?: string) {
    const held = await claimed(id);
    return call('POST', `ServiceQueue/${id}/approve`, admin, {
      version: held.request.version,
      ...(note ? { note } : {}),
    });
  }

  /**
   * A member whose off-exchange policy takes household changes, signed in; both processors then act for
   * them (a request's page and decisions are one member's records: docs/decisions/043).
   */
  async function member(): Promise<SignedInMember> {
    const m = await signedInMember(harness, { offExchange: true });
    await harness.db
      .update(policies)
      .set({ exchangeSubscriberId: null, fileSource: 'Issuer' })
      .where(eq(policies.id, m.policyId));
    for (const token of [admin, colleague].filter((processor) => processor !== '')) {
      await endActing(harness.app, token);
      await actFor(harness.app, token, { householdId: m.householdId }, 'service-request');
    }
    return m;
  }
  const request = (
    m: SignedInMember,
    type: string,
    details: Record<string, unknown>,
    extra: Partial<typeof serviceRequests.$inferInsert> = {},
  ) =>
    createServiceRequest(
      harness.db,
      { householdId: m.householdId, policyId: m.policyId },
      { type, status: 'Submitted', subject: null, details, ...extra },
    );

  async function addDependentRequest(m: SignedInMember, firstName = 'Lucas') {
    const born = addDays(today(), -3);
    const response = await call('POST', `Policy/${m.policyId}/dependents`, m.token, {
      lifeEvent: 'birth',
      lifeEventDate: born,
      coverageStartDate: born,
      dependents: [{ firstName, lastName: 'Member', dob: born, gender: 'male', relationship: 'child' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return ServiceRequestSchema.parse(response.json());
  }

  it('sets up two processors', async () => {
    admin = await harness.tokenFor('workforce', ['administrator']);
    colleague = await harness.tokenFor('workforce', ['administrator']);
  });

  describe('the queue', () => {
    it('lists open requests oldest first with their policy and subscriber, filtered by type, assignee and age, a page at a time', async () => {
      const m = await member();
      const first = await addDependentRequest(m, 'Ana');
      await harness.db
        .update(serviceRequests)
        .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
        .where(eq(serviceRequests.id, first.id));
      const second = await request(m, 'demographics', {
        memberId: m.memberId,
        memberVersion: 1,
        changes: { lastName: { from: 'Member', to: 'Silva' } },
      });
      await request(m, 'general', { message: 'done' }, { status: 'Completed', subject: 'Old' });

      const all = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?pageSize=100', admin)).json(),
      );
      const mine = all.items.filter((item) => item.policyNumber === m.policyNumber);
      expect(mine.map((item) => item.id)).toEqual([first.id, second.id]);
      expect(mine[0]).toMatchObject({
        type: 'add-dependent',
        status: 'Submitted',
        subscriberName: 'Test Member',
        ageDays: 10,
        assignee: null,
      });

      const byType = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?type=demographics&pageSize=100', admin)).json(),
      );
      expect(byType.items.every((item) => item.type === 'demographics')).toBe(true);
      expect(byType.items.map((item) => item.id)).toContain(second.id);

      const old = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?olderThanDays=7&pageSize=100', admin)).json(),
      );
      expect(old.items.map((item) => item.id)).toContain(first.id);
      expect(old.items.map((item) => item.id)).not.toContain(second.id);

      await claimed(second.id);
      const own = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?assignee=me&pageSize=100', admin)).json(),
      );
      expect(own.items.map((item) => item.id)).toEqual([second.id]);
      expect(own.items[0]?.assignee).toMatchObject({ name: 'Pat Tester', mine: true, stale: false });
      const theirs = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?assignee=me&pageSize=100', colleague)).json(),
      );
      expect(theirs.items).toEqual([]);
      const unassigned = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?assignee=unassigned&pageSize=100', colleague)).json(),
      );
      expect(unassigned.items.map((item) => item.id)).toContain(first.id);
      expect(unassigned.items.map((item) => item.id)).not.toContain(second.id);

      const newest = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?sort=newest&pageSize=1', admin)).json(),
      );
      expect(newest.items).toHaveLength(1);
      expect(newest.total).toBeGreaterThanOrEqual(2);
      // A member reads out their reference on the phone: found whatever its case and spacing.
      const reference = mine[1]?.referenceNumber ?? '';
      const spoken = `${reference.slice(0, 4).toLowerCase()} ${reference.slice(4)}`;
      const byReference = ServiceQueuePageSchema.parse(
        (await call('GET', `ServiceQueue?reference=${encodeURIComponent(spoken)}`, admin)).json(),
      );
      expect(byReference.items.map((item) => item.id)).toEqual([second.id]);
      const closed = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?status=Completed&pageSize=100', admin)).json(),
      );
      expect(closed.items.every((item) => item.status === 'Completed')).toBe(true);
    });

    it('counts open requests per type with the oldest one’s age', async () => {
      const summary = ServiceQueueSummarySchema.parse(
        (await call('GET', 'ServiceQueue/summary', admin)).json(),
      );
      const adds = summary.types.find((row) => row.type === 'add-dependent');
      expect(adds?.open).toBeGreaterThanOrEqual(1);
      expect(adds?.oldestDays).toBeGreaterThanOrEqual(10);
      expect(summary.totalOpen).toBe(summary.types.reduce((sum, row) => sum + row.open, 0));
    });

    it('shows what a request asks beside what the record says now', async () => {
      const m = await member();
      const id = (
        await request(m, 'demographics', {
          memberId: m.memberId,
          memberVersion: 1,
          changes: { lastName: { from: 'Member', to: 'Silva' }, tobacco: { from: false, to: true } },
        })
      ).id;
      const detail = await read(id);
      // jsonb keeps its own key order: compare as a set.
      expect(detail.comparison).toHaveLength(2);
      expect(detail.comparison).toContainEqual({
        field: 'lastName',
        about: null,
        requested: 'Silva',
        current: 'Member',
      });
      expect(detail.comparison).toContainEqual({
        field: 'tobacco',
        about: null,
        requested: 'true',
        current: 'false',
      });
      expect(detail.people).toEqual([{ name: 'Test Member', relationship: 'self', status: 'Active' }]);
      expect(detail.request.attachments).toHaveLength(1);
      expect(detail.appliesChange).toBe(true);
    });
  });

  describe('claims', () => {
    it('lets one processor at a time hold a request: a colleague gets 409 naming the holder, and cannot approve it', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const held = await claimed(sr.id);
      expect(held.request.status).toBe('InReview');
      expect(held.assignee).toMatchObject({ mine: true });

      const second = await claim(sr.id, held.request.version, colleague);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        current: { assignee: { name: 'Pat Tester', mine: false, stale: false } },
      });
      const approveByOther = await call('POST', `ServiceQueue/${sr.id}/approve`, colleague, {
        version: held.request.version,
      });
      expect(approveByOther.statusCode).toBe(409);
      // A stale page (an older version) is refused too, even for the holder.
      expect((await claim(sr.id, sr.version, admin)).statusCode).toBe(409);

      // The member was told it is in review, and can no longer cancel it.
      const events = await harness.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.householdId, m.householdId));
      expect(events.map((event) => event.type)).toContain('service-request.in-review');
      const cancel = await call('PUT', `ServiceRequest/${sr.id}/cancel`, m.token, {
        version: held.request.version,
      });
      expect(cancel.statusCode).toBe(422);
    });

    it('lets a colleague take over a stale claim only when asked, audited as a take-over', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const held = await claimed(sr.id);
      await harness.db
        .update(serviceRequests)
        .set({ claimedAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(serviceRequests.id, sr.id));
      const seen = await read(sr.id, colleague);
      expect(seen.assignee).toMatchObject({ stale: true, mine: false });
      expect((await claim(sr.id, seen.request.version, colleague)).statusCode).toBe(409);
      const taken = await claim(sr.id, seen.request.version, colleague, true);
      expect(taken.statusCode, taken.body).toBe(200);
      expect(detailOf(taken).assignee).toMatchObject({ mine: true, stale: false });
      const audits = await harness.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'service-queue.take-over'));
      expect(audits.some((row) => row.recordIds?.includes(sr.id))).toBe(true);
      // The first holder lost it.
      const late = await call('POST', `ServiceQueue/${sr.id}/approve`, admin, {
        version: held.request.version + 1,
      });
      expect(late.statusCode).toBe(409);
    });

    it('releases a claim back to the queue (In review, unassigned); only the holder may', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const held = await claimed(sr.id);
      expect(
        (await call('POST', `ServiceQueue/${sr.id}/release`, colleague, { version: held.request.version }))
          .statusCode,
      ).toBe(409);
      const released = await call('POST', `ServiceQueue/${sr.id}/release`, admin, {
        version: held.request.version,
      });
      expect(released.statusCode, released.body).toBe(200);
      expect(detailOf(released)).toMatchObject({ assignee: null, request: { status: 'InReview' } });
      await claimed(sr.id, colleague);
    });

    it('claims one request for exactly one of two processors at once', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const results = await Promise.all([
        claim(sr.id, sr.version, admin),
        claim(sr.id, sr.version, colleague),
      ]);
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('approving', () => {
    it('adds a dependent as a member with a span from the requested start, completes the request and tells the member; approving twice is refused', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const response = await approve(sr.id, 'Welcome, Lucas!');
      expect(response.statusCode, response.body).toBe(200);
      const done = detailOf(response);
      expect(done.request).toMatchObject({ status: 'Completed', resolution: 'Welcome, Lucas!' });
      expect(done.request.memberIds).toHaveLength(1);
      const [added] = await harness.db
        .select()
        .from(members)
        .where(eq(members.id, done.request.memberIds[0] ?? ''));
      expect(added).toMatchObject({
        firstName: 'Lucas',
        householdId: m.householdId,
        dob: addDays(today(), -3),
      });
      const spans = await harness.db
        .select()
        .from(memberSpans)
        .where(eq(memberSpans.memberId, added?.id ?? ''));
      expect(spans).toMatchObject([
        {
          policyId: m.policyId,
          relationship: 'child',
          startDate: addDays(today(), -3),
          endDate: null,
          ratingAge: 0,
        },
      ]);
      expect(done.people.map((person) => person.name)).toContain('Lucas Member');

      const events = await harness.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.householdId, m.householdId));
      expect(events.map((event) => event.type)).toContain('service-request.completed');
      const asMember = ServiceRequestSchema.parse(
        (await call('GET', `ServiceRequest/${sr.id}`, m.token)).json(),
      );
      expect(asMember).toMatchObject({
        status: 'Completed',
        history: [
          { status: 'Submitted' },
          { status: 'InReview', by: 'staff' },
          { status: 'Completed', by: 'staff', note: 'Welcome, Lucas!' },
        ],
      });

      const again = await call('POST', `ServiceQueue/${sr.id}/approve`, admin, {
        version: done.request.version,
      });
      expect(again.statusCode).toBe(422);
      expect(codesOf(again)).toEqual(['not-allowed-now']);
      expect(
        await harness.db
          .select()
          .from(members)
          .where(and(eq(members.householdId, m.householdId), eq(members.firstName, 'Lucas'))),
      ).toHaveLength(1);
    });

    it('needs a claim first', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const response = await call('POST', `ServiceQueue/${sr.id}/approve`, admin, { version: sr.version });
      expect(response.statusCode).toBe(409);
      expect((await read(sr.id)).request.status).toBe('Submitted');
    });

    it('ends a removed dependent’s span on the last day of coverage', async () => {
      const m = await member();
      const dependentId = randomUUID();
      await harness.db.insert(members).values({
        id: dependentId,
        householdId: m.householdId,
        folderId: `F${randomUUID().slice(0, 8)}`,
        firstName: 'Rui',
        lastName: 'Member',
        dob: '2010-02-02',
        gender: 'male',
      });
      await harness.db.insert(memberSpans).values({
        policyId: m.policyId,
        memberId: dependentId,
        relationship: 'child',
        startDate: `${Number(today().slice(0, 4)) - 1}-01-01`,
        ratingAge: 15,
      });
      const last = endOfMonth(today());
      const sr = await request(
        m,
        'remove-dependent',
        {
          memberName: 'Rui Member',
          relationship: 'child',
          removalReason: 'other-coverage',
          removalDate: today(),
          lastDayOfCoverage: last,
          coverageNeverStarts: false,
          note: null,
        },
        { memberIds: [dependentId] },
      );
      const detail = await read(sr.id);
      expect(detail.comparison).toContainEqual({
        field: 'coverageEndDate',
        about: 'Rui Member',
        requested: last,
        current: 'open',
      });
      expect((await approve(sr.id)).statusCode).toBe(200);
      const spans = await harness.db.select().from(memberSpans).where(eq(memberSpans.memberId, dependentId));
      expect(spans).toMatchObject([{ endDate: last, cancelled: false }]);
    });

    it('ends the coverage on the requested date, stops autopay and issues the termination notice', async () => {
      const m = await member();
      const autopayId = await createAutopaySubscription(harness.db, m.policyId, 'tok_queue_test');
      const end = endOfMonth(addMonths(today(), 1));
      const sr = await request(
        m,
        'end-coverage',
        { endReason: 'other-coverage', endDate: end, autopayStops: false, scheduledPaymentsCancelled: 0 },
        { effectiveDate: end },
      );
      const response = await approve(sr.id);
      expect(response.statusCode, response.body).toBe(200);
      const spans = await harness.db
        .select()
        .from(coverageSpans)
        .where(eq(coverageSpans.policyId, m.policyId));
      expect(spans.map((span) => span.endDate)).toEqual([end]);
      const people = await harness.db.select().from(memberSpans).where(eq(memberSpans.policyId, m.policyId));
      expect(people.map((span) => span.endDate)).toEqual([end]);
      const notices = await harness.db
        .select()
        .from(documents)
        .where(and(eq(documents.policyId, m.policyId), eq(documents.subtype, 'termination')));
      expect(notices).toMatchObject([
        { type: 'notice', facts: { terminationDate: end, reason: 'other-coverage' } },
      ]);
      const [policy] = await harness.db.select().from(policies).where(eq(policies.id, m.policyId));
      expect(policy?.enrollmentStatus).toBe('Active');
      const [autopay] = await harness.db
        .select()
        .from(autopaySubscriptions)
        .where(eq(autopaySubscriptions.id, autopayId));
      expect(autopay?.state).toBe('Cancelled');
      const events = await harness.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.householdId, m.householdId));
      expect(events.map((event) => event.type)).toEqual(
        expect.arrayContaining(['autopay.cancelled', 'document.issued', 'service-request.completed']),
      );
    });

    it('moves the coverage’s end date', async () => {
      const m = await member();
      const end = endOfMonth(addMonths(today(), 2));
      await harness.db
        .update(coverageSpans)
        .set({ endDate: end })
        .where(eq(coverageSpans.policyId, m.policyId));
      await harness.db.update(memberSpans).set({ endDate: end }).where(eq(memberSpans.policyId, m.policyId));
      const later = endOfMonth(addMonths(today(), 4));
      const sr = await request(
        m,
        'change-coverage-dates',
        { dateReason: 'end-later', whichDate: 'end', currentDate: end, newDate: later },
        { effectiveDate: later },
      );
      expect((await read(sr.id)).comparison).toContainEqual({
        field: 'coverageEndDate',
        about: null,
        requested: later,
        current: end,
      });
      expect((await approve(sr.id)).statusCode).toBe(200);
      expect(
        (await harness.db.select().from(coverageSpans).where(eq(coverageSpans.policyId, m.policyId))).map(
          (span) => span.endDate,
        ),
      ).toEqual([later]);
      expect(
        (await harness.db.select().from(memberSpans).where(eq(memberSpans.policyId, m.policyId))).map(
          (span) => span.endDate,
        ),
      ).toEqual([later]);
    });

    it('starts the new plan on its effective date, ending the old span the day before, with the plan-change notice', async () => {
      const m = await member();
      const [current] = await harness.db.select().from(plans).where(eq(plans.id, '77421MA0010001-01'));
      if (!current) throw new Error('no plan');
      await harness.db
        .insert(plans)
        .values({
          ...current,
          id: '77421MA0010002-01',
          planName: 'Test Gold PPO',
          planType: 'PPO',
          metalLevel: 'Gold',
          monthlyPremiumCents: 52000,
        })
        .onConflictDoNothing();
      const effective = addDays(endOfMonth(today()), 1);
      const sr = await request(
        m,
        'change-plan',
        {
          currentPlanName: 'Test Silver HMO',
          newPlanName: 'Test Gold PPO',
          newPlanId: '77421MA0010002-01',
          renewal: false,
        },
        { effectiveDate: effective },
      );
      expect((await read(sr.id)).comparison[0]).toEqual({
        field: 'plan',
        about: null,
        requested: 'Test Gold PPO',
        current: 'Test Silver HMO',
      });
      const response = await approve(sr.id);
      expect(response.statusCode, response.body).toBe(200);
      const spans = await harness.db
        .select()
        .from(coverageSpans)
        .where(eq(coverageSpans.policyId, m.policyId))
        .orderBy(asc(coverageSpans.startDate));
      expect(spans).toMatchObject([
        { planId: '77421MA0010001-01', endDate: addDays(effective, -1) },
        {
          planId: '77421MA0010002-01',
          startDate: effective,
          endDate: `${effective.slice(0, 4)}-12-31`,
          premiumAmountCents: 52000,
          planType: 'PPO',
        },
      ]);
      const people = await harness.db
        .select()
        .from(memberSpans)
        .where(eq(memberSpans.policyId, m.policyId))
        .orderBy(asc(memberSpans.startDate));
      expect(people.map((span) => [span.startDate, span.endDate])).toEqual([
        [`${Number(today().slice(0, 4)) - 1}-01-01`, addDays(effective, -1)],
        [effective, `${effective.slice(0, 4)}-12-31`],
      ]);
      const notices = await harness.db
        .select()
        .from(documents)
        .where(and(eq(documents.policyId, m.policyId), eq(documents.subtype, 'plan-change')));
      expect(notices).toHaveLength(1);
    });

    it('moves the broker of record, or removes it', async () => {
      const m = await member();
      const brokerId = await createBroker(harness.db);
      const [broker] = await harness.db.select().from(brokers).where(eq(brokers.id, brokerId));
      const sr = await request(m, 'change-broker', {
        change: 'change',
        newBrokerName: 'Bea Broker',
        newBrokerNpn: broker?.npn,
        newBrokerAgency: null,
        authorized: true,
      });
      expect((await read(sr.id)).comparison).toEqual([
        { field: 'broker', about: null, requested: `Bea Broker (NPN ${broker?.npn ?? ''})`, current: null },
      ]);
      expect((await approve(sr.id)).statusCode).toBe(200);
      expect((await harness.db.select().from(policies).where(eq(policies.id, m.policyId)))[0]?.brokerId).toBe(
        brokerId,
      );
      const removal = await request(m, 'change-broker', {
        change: 'remove',
        currentBrokerName: 'Bea Broker',
      });
      expect((await approve(removal.id)).statusCode).toBe(200);
      expect(
        (await harness.db.select().from(policies).where(eq(policies.id, m.policyId)))[0]?.brokerId,
      ).toBeNull();
    });

    it('changes a member’s details from the version they were asked on, and refuses when the member changed since', async () => {
      const m = await member();
      const sr = await request(
        m,
        'demographics',
        { memberId: m.memberId, memberVersion: 1, changes: { lastName: { from: 'Member', to: 'Silva' } } },
        { memberIds: [m.memberId] },
      );
      const stale = await request(
        m,
        'demographics',
        { memberId: m.memberId, memberVersion: 1, changes: { firstName: { from: 'Test', to: 'Tess' } } },
        { memberIds: [m.memberId] },
      );
      expect((await approve(sr.id)).statusCode).toBe(200);
      const [row] = await harness.db.select().from(members).where(eq(members.id, m.memberId));
      expect(row).toMatchObject({ lastName: 'Silva', firstName: 'Test', version: 2 });
      const refused = await approve(stale.id);
      expect(refused.statusCode).toBe(409);
      expect((await read(stale.id)).request.status).toBe('InReview');
    });

    it('applies a residential move to the policy’s address', async () => {
      const m = await member();
      const [policy] = await harness.db.select().from(policies).where(eq(policies.id, m.policyId));
      const address = {
        street1: '9 Elm St',
        street2: null,
        city: 'Boston',
        state: 'MA',
        zipCode: '02108',
        countyName: 'Suffolk',
        fipsCode: '25025',
      };
      const sr = await request(m, 'residential-address', {
        address,
        previous: null,
        fromAddressId: policy?.residentialAddressId,
        fromVersion: 1,
        policyIds: [m.policyId],
        exchangePolicyIds: [],
        move: 'residential-address-new-rating-area',
      });
      expect((await read(sr.id)).comparison[0]).toEqual({
        field: 'residentialAddress',
        about: null,
        requested: '9 Elm St, Boston, MA 02108',
        current: '12 Harbor St, Fall River, MA 02720',
      });
      expect((await approve(sr.id)).statusCode).toBe(200);
      const [now] = await harness.db.select().from(policies).where(eq(policies.id, m.policyId));
      const [row] = await harness.db
        .select()
        .from(addresses)
        .where(eq(addresses.id, now?.residentialAddressId ?? ''));
      expect(row).toMatchObject({ street1: '9 Elm St', city: 'Boston', zipCode: '02108' });
    });

    it('restores coverage only once the reinstatement’s amount due is paid', async () => {
      const m = await member();
      const sr = await request(m, 'reinstatement', {
        eligibility: 'manual',
        coverageEndedOn: today(),
        amountCents: 45000,
        transactionId: 'txn_not_recorded',
      });
      const refused = await approve(sr.id);
      expect(refused.statusCode).toBe(422);
      expect(codesOf(refused)).toEqual(['reinstatement-not-paid']);
      expect((await read(sr.id)).request.status).toBe('InReview');
    });

    it('rolls the whole approval back when the change is refused (a dependent added meanwhile)', async () => {
      const m = await member();
      const sr = await addDependentRequest(m, 'Nina');
      const twin = randomUUID();
      await harness.db.insert(members).values({
        id: twin,
        householdId: m.householdId,
        folderId: `F${randomUUID().slice(0, 8)}`,
        firstName: 'Nina',
        lastName: 'Member',
        dob: addDays(today(), -3),
        gender: 'female',
      });
      await harness.db.insert(memberSpans).values({
        policyId: m.policyId,
        memberId: twin,
        relationship: 'child',
        startDate: addDays(today(), -3),
        ratingAge: 0,
      });
      const response = await approve(sr.id);
      expect(response.statusCode).toBe(422);
      expect(codesOf(response)).toEqual(['already-on-policy']);
      expect((await read(sr.id)).request.status).toBe('InReview');
      expect(
        await harness.db
          .select()
          .from(members)
          .where(and(eq(members.householdId, m.householdId), eq(members.firstName, 'Nina'))),
      ).toHaveLength(1);
    });
  });

  describe('rejecting', () => {
    it('rejects with a reason the member reads on the request and is notified of', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const held = await claimed(sr.id);
      const tooShort = await call('POST', `ServiceQueue/${sr.id}/reject`, admin, {
        version: held.request.version,
        reason: 'no',
      });
      expect(tooShort.statusCode).toBe(400);
      const response = await call('POST', `ServiceQueue/${sr.id}/reject`, admin, {
        version: held.request.version,
        reason: 'We need the birth certificate.',
      });
      expect(response.statusCode, response.body).toBe(200);
      const list = ServiceRequestListSchema.parse(
        (
          await call('GET', `Household/${m.householdId}/service-requests?policyId=${m.policyId}`, m.token)
        ).json(),
      );
      expect(list.items.find((item) => item.id === sr.id)).toMatchObject({
        status: 'Rejected',
        resolution: 'We need the birth certificate.',
      });
      const events = await harness.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.householdId, m.householdId));
      expect(events.map((event) => event.type)).toContain('service-request.rejected');
      expect(
        await harness.db.select().from(members).where(eq(members.householdId, m.householdId)),
      ).toHaveLength(1);
    });
  });

  describe('refusals', () => {
    it('refuses the queue to members, brokers and customer service without the action (403, audited)', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      const cs = await harness.tokenFor('workforce', ['customer-service']);
      const broker = await harness.tokenFor('workforce', ['broker'], {
        brokerId: await createBroker(harness.db),
      });
      for (const token of [m.token, cs, broker]) {
        expect((await call('GET', 'ServiceQueue', token)).statusCode).toBe(403);
        expect((await call('GET', `ServiceQueue/${sr.id}`, token)).statusCode).toBe(403);
        expect((await claim(sr.id, sr.version, token)).statusCode).toBe(403);
      }
      const denied = await harness.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'process-service-request'), eq(auditLog.outcome, 'denied')));
      expect(denied.length).toBeGreaterThanOrEqual(3);
      expect((await read(sr.id)).request.status).toBe('Submitted');
    });

    it('refuses a processor a request of a member they do not act for (403 acting-session-required), the queue itself spanning households', async () => {
      const m = await member();
      const sr = await addDependentRequest(m);
      await member();
      const refused = await call('GET', `ServiceQueue/${sr.id}`, admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ type: 'urn:portal:problem:acting-session-required' });
      expect((await claim(sr.id, sr.version)).statusCode).toBe(403);
      const listed = ServiceQueuePageSchema.parse(
        (await call('GET', 'ServiceQueue?sort=newest&pageSize=100', admin)).json(),
      );
      expect(listed.items.map((item) => item.id)).toContain(sr.id);
      // The request's page names no member until the processor acts for one: by the request itself.
      await endActing(harness.app, admin);
      await actFor(harness.app, admin, { serviceRequestId: sr.id }, 'service-request');
      expect((await read(sr.id)).householdId).toBe(m.householdId);
    });

    it('answers 404 for an unknown request and 401 without a token', async () => {
      expect((await call('GET', `ServiceQueue/${randomUUID()}`, admin)).statusCode).toBe(404);
      expect((await harness.app.inject({ method: 'GET', url: '/api/v1/ServiceQueue' })).statusCode).toBe(401);
    });
  });
});
