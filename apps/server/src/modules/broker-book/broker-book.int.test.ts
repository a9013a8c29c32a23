import { parse } from 'csv-parse/sync';
import { describe, expect, it, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOK_CSV_COLUMNS, BookPageSchema, type BookPage } from '@portal/contracts';
import { addDays } from '@portal/domain';
import { useTestApp } from '../../../test/harness';
import { createAutopaySubscription, createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import { auditLog, coverageSpans, finances, members, policies } from '../../db/schema';
import { enqueueEvents } from '../../outbox/events';

/**
 * Issue 13: the broker's book of business — paging, sorting, filtering, search, CSV and refusals, on the
 * real routes and database (PGlite here, PostgreSQL with TEST_DATABASE_URL).
 */
describe('GET /api/v1/Broker/book and /book.csv', () => {
  const harness = useTestApp();
  let brokerId: string;
  let token: string;
  let today: string;
  const clients: Record<
    string,
    { policyId: string; policyNumber: string; exchangeSubscriberId: string; householdId: string | null }
  > = {};

  /** A client of the broker with a name and, optionally, finance facts. */
  async function client(
    key: string,
    firstName: string,
    lastName: string,
    facts: {
      pastDueCents?: number;
      grace?: boolean;
      autopay?: boolean;
      renewal?: boolean;
      status?: 'Active' | 'Terminated';
      line?: 'Dental';
    } = {},
  ) {
    const created = await createMemberWithPolicy(harness.db, { brokerId });
    const db = harness.db;
    await db.update(members).set({ firstName, lastName }).where(eq(members.id, created.memberId));
    await db
      .update(policies)
      .set({
        enrollmentStatus: facts.status ?? 'Active',
        ...(facts.line ? { lineOfCoverage: facts.line } : {}),
      })
      .where(eq(policies.id, created.policyId));
    const pastDue = facts.pastDueCents ?? 0;
    await db.insert(finances).values({
      policyId: created.policyId,
      premiumAmountDueCents: 15000,
      currentAmountDueCents: 15000,
      pastAmountDueCents: pastDue,
      status: facts.grace ? 'GracePeriod' : pastDue > 0 ? 'PastDue' : 'Current',
      paidThroughDate: addDays(today, -20),
      gracePeriodStartDate: facts.grace ? addDays(today, -10) : null,
      gracePeriodEndDate: facts.grace ? addDays(today, 80) : null,
    });
    if (facts.autopay) await createAutopaySubscription(db, created.policyId, `tok_${key}`);
    if (facts.renewal) {
      const [span] = await db
        .select()
        .from(coverageSpans)
        .where(eq(coverageSpans.policyId, created.policyId));
      if (!span) throw new Error('no span');
      await db
        .insert(coverageSpans)
        .values({ ...span, id: undefined, startDate: addDays(today, 30), effectuatedDate: null });
    }
    clients[key] = created;
  }

  const get = async (query: string, as = token) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/Broker/book${query}`,
      headers: { authorization: `Bearer ${as}` },
    });
  const page = async (query: string): Promise<BookPage> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return BookPageSchema.parse(response.json());
  };
  const numbers = (result: BookPage) => result.items.map((row) => row.policyNumber);
  const numberOf = (key: string) => clients[key]?.policyNumber;

  beforeAll(async () => {
    today = harness.app.today();
    brokerId = await createBroker(harness.db);
    token = await harness.tokenFor('workforce', ['broker'], { brokerId });
    await client('ana', 'Ana', 'Alves', { autopay: true });
    await client('bruno', 'Bruno', 'Barros', { pastDueCents: 12000, grace: true });
    await client('carla', 'Carla', 'Costa', { renewal: true, autopay: true });
    await client('davi', 'Davi', 'Dias', { pastDueCents: 3000, line: 'Dental' });
    await client('elisa', 'Elisa', 'Esteves', { status: 'Terminated', autopay: true });
    // Another broker's client never shows.
    const other = await createBroker(harness.db);
    await createMemberWithPolicy(harness.db, { brokerId: other });
  });

  it('pages the whole book sorted by policyholder, with the total and the alerts', async () => {
    const first = await page('?pageSize=2');
    expect(first.total).toBe(5);
    expect(first.alerts).toEqual({ gracePeriod: 1, renewalPending: 1 });
    expect(first.items.map((row) => row.holderLastName)).toEqual(['Alves', 'Barros']);
    const third = await page('?pageSize=2&page=3');
    expect(third.items.map((row) => row.holderLastName)).toEqual(['Esteves']);
    expect(third.page).toBe(3);
    const beyond = await page('?pageSize=2&page=9');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
  });

  it('gives each row the facts the grid shows', async () => {
    const { items } = await page('?q=Barros');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      policyId: clients.bruno?.policyId,
      householdId: clients.bruno?.householdId,
      holderFirstName: 'Bruno',
      enrollmentStatus: 'Active',
      financeStatus: 'GracePeriod',
      amountDueCents: 27000,
      pastDueCents: 12000,
      gracePeriodEndDate: addDays(today, 80),
      autopay: false,
      renewalStartDate: null,
      market: 'individual',
    });
    const { items: renewing } = await page('?q=carla');
    expect(renewing[0]?.renewalStartDate).toBe(addDays(today, 30));
  });

  it('sorts by each column both ways, ties by policy', async () => {
    expect(numbers(await page('?sort=amountDue&order=desc&pageSize=2'))).toEqual([
      numberOf('bruno'),
      numberOf('davi'),
    ]);
    expect((await page('?sort=holder&order=desc&pageSize=1')).items[0]?.holderLastName).toBe('Esteves');
    expect((await page('?sort=line&order=asc&pageSize=1')).items[0]?.lineOfCoverage).toBe('Dental');
    // Nulls last in both directions: the one grace period first either way.
    expect(numbers(await page('?sort=graceEnds&order=asc&pageSize=1'))).toEqual([numberOf('bruno')]);
    expect(numbers(await page('?sort=graceEnds&order=desc&pageSize=1'))).toEqual([numberOf('bruno')]);
    expect(numbers(await page('?sort=renewal&pageSize=1'))).toEqual([numberOf('carla')]);
    const byStatus = await page('?sort=status&order=desc&pageSize=1');
    expect(byStatus.items[0]?.enrollmentStatus).toBe('Terminated');
  });

  it('filters by each flag, status, line and market, and combines them', async () => {
    const names = async (query: string) => (await page(query)).items.map((row) => row.holderFirstName);
    expect(await names('?gracePeriod=true')).toEqual(['Bruno']);
    expect(await names('?renewalPending=true')).toEqual(['Carla']);
    expect(await names('?pastDue=true')).toEqual(['Bruno', 'Davi']);
    expect(await names('?autopayOff=true')).toEqual(['Bruno', 'Davi']);
    expect(await names('?autopayOff=false')).toEqual(['Ana', 'Carla', 'Elisa']);
    expect(await names('?status=Terminated')).toEqual(['Elisa']);
    expect(await names('?line=Dental')).toEqual(['Davi']);
    expect(await names('?market=group')).toEqual([]);
    expect(await names('?pastDue=true&gracePeriod=false')).toEqual(['Davi']);
    // The alerts stay the whole book's.
    expect((await page('?line=Dental')).alerts).toEqual({ gracePeriod: 1, renewalPending: 1 });
  });

  it('searches names in any part and ids from their start, case-insensitively, wildcards literal', async () => {
    const names = async (q: string) =>
      (await page(`?q=${encodeURIComponent(q)}`)).items.map((row) => row.holderFirstName);
    expect(await names('costa')).toEqual(['Carla']);
    expect(await names('Carla Co')).toEqual(['Carla']);
    expect(await names('Dias, Da')).toEqual(['Davi']);
    expect(await names(numberOf('ana') ?? '')).toEqual(['Ana']);
    expect(await names((clients.elisa?.exchangeSubscriberId ?? '').toLowerCase())).toEqual(['Elisa']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      '?pageSize=101',
      '?page=0',
      '?sort=ssn',
      '?gracePeriod=yes',
      '?status=Gone',
      `?q=${'x'.repeat(61)}`,
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
  });

  it('is a broker’s own: staff and members are refused (403) and the refusal audited', async () => {
    const staff = await harness.tokenFor('workforce', ['customer-service']);
    const refused = await get('', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const somebody = await createMemberWithPolicy(harness.db);
    const member = await harness.tokenFor('consumer', ['member'], { memberId: somebody.memberId });
    expect((await get('', member)).statusCode).toBe(403);
    expect((await get('.csv', staff)).statusCode).toBe(403);
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'broker-book'), eq(auditLog.outcome, 'denied')));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('is also the book of a broker a broker system’s assertion names, and of no assertion without one', async () => {
    const session = async (assertedBroker: string | null) =>
      (
        await harness.app.identity.portalSessions.create({
          kind: 'asserted',
          subject: `saml:broker-system:${assertedBroker ?? 'member'}`,
          data: {
            roles: ['broker'],
            policyIds: [],
            brokerId: assertedBroker,
            onlyPcp: null,
            languagePreference: null,
            bindingSubscriberId: null,
          },
          lifetimeSeconds: 600,
        })
      ).token;
    const asserted = await get('?sort=holder&order=asc', await session(brokerId));
    expect(asserted.statusCode, asserted.body).toBe(200);
    expect(numbers(BookPageSchema.parse(asserted.json()))).toEqual(
      numbers(await page('?sort=holder&order=asc')),
    );
    expect((await get('', await session(null))).statusCode).toBe(403);
  });

  it('opens a client of his book, and refuses (403, audited) another broker’s client', async () => {
    const own = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${clients.ana?.policyId ?? ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    const stranger = await createMemberWithPolicy(harness.db, { brokerId: await createBroker(harness.db) });
    const refused = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${stranger.policyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(403);
    const [audit] = await harness.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, 'policy'),
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.actingForHouseholdId, stranger.householdId ?? ''),
        ),
      );
    expect(audit?.recordIds).toEqual([stranger.policyId]);
    expect(audit?.actorRole).toBe('broker');
  });

  it('audits each page read with the policies shown', async () => {
    const shown = await page('?gracePeriod=true');
    const reads = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'broker-book'), eq(auditLog.action, 'read')))
      .orderBy(auditLog.id);
    const row = reads.at(-1);
    expect(row?.recordIds).toEqual(shown.items.map((item) => `policy:${item.policyId}`));
  });

  it('exports the filtered, sorted book as CSV: header, every row, amounts in dollars', async () => {
    const response = await get('.csv?pastDue=true&sort=amountDue&order=desc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="book-of-business-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(BOOK_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([numberOf('bruno'), numberOf('davi')]);
    expect(lines[1]).toContain(',Barros,Bruno,');
    expect(lines[1]).toContain(',270.00,120.00,');
    const all = await get('.csv');
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(6);
    const exports = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'broker-book'), eq(auditLog.action, 'export')));
    expect(exports.length).toBeGreaterThanOrEqual(2);
  });

  it('quotes cells with commas and neutralises cells a spreadsheet would run as formulas', async () => {
    await client('formula', '=HYPERLINK("x")', 'Zed, Jr.');
    const response = await get('.csv?q=zed');
    const [, line] = response.body.trimEnd().split('\r\n');
    expect(line).toContain(`"Zed, Jr.","'=HYPERLINK(""x"")"`);
  });

  it('issue 33 CSV: neutralises names a spreadsheet would run as formulas after white space or in full-width form', async () => {
    await client('spaced', ' =1+1', 'Yarrow');
    await client('wide', '\uFF1Dcmd', 'Yarrow');
    await client('tabbed', '\t-1', 'Yarrow');
    const response = await get('.csv?q=yarrow');
    const rows: string[][] = parse(response.body, { from_line: 2 });
    const firstNames = rows.map((row) => row[BOOK_CSV_COLUMNS.indexOf('holder_first_name')]).sort();
    expect(firstNames).toEqual(["'\t-1", "' =1+1", "'\uFF1Dcmd"].sort());
  });

  it('alerts the broker in his own inbox when a client enters a grace period or a renewal is pending; the household never sees it', async () => {
    const bruno = clients.bruno;
    const carla = clients.carla;
    if (!bruno || !carla) throw new Error('fixtures');
    await enqueueEvents(harness.db, [
      {
        type: 'document.issued',
        householdId: bruno.householdId,
        policyId: bruno.policyId,
        payload: {
          documentType: 'notice',
          subtype: 'grace-period',
          policyNumber: bruno.policyNumber,
          amountCents: 12000,
        },
      },
      {
        type: 'document.issued',
        householdId: carla.householdId,
        policyId: carla.policyId,
        payload: { documentType: 'notice', subtype: 'renewal', policyNumber: carla.policyNumber },
      },
    ]);
    await harness.app.outbox.drain();
    const inbox = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/Notification?view=latest',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const items = inbox.json<{
      items: { id: string; templateName: string; additionalValues: Record<string, unknown>; link: string }[];
    }>().items;
    expect(items.map((item) => item.templateName).sort()).toEqual([
      'notification.brokerClientGracePeriod',
      'notification.brokerClientRenewal',
    ]);
    const grace = items.find((item) => item.templateName === 'notification.brokerClientGracePeriod');
    expect(grace?.additionalValues).toEqual({
      policyNumber: bruno.policyNumber,
      clientName: 'Bruno Barros',
      amountCents: 12000,
    });
    expect(grace?.link).toBe(`/broker/clients/${bruno.policyId}`);
    const count = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/Notification/unread-count',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(count.json()).toEqual({ count: 2 });
    // Another broker cannot read it; the household's member gets the household's own notice, never the alert.
    const other = await harness.tokenFor('workforce', ['broker'], {
      brokerId: await createBroker(harness.db),
    });
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/v1/Notification/${grace?.id ?? ''}`,
          headers: { authorization: `Bearer ${other}` },
        })
      ).statusCode,
    ).toBe(403);
    const brunoMember = await harness.db
      .select({ id: policies.subscriberMemberId })
      .from(policies)
      .where(eq(policies.id, bruno.policyId));
    const member = await harness.tokenFor('consumer', ['member'], { memberId: brunoMember[0]?.id ?? '' });
    const own = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/Notification?view=latest',
      headers: { authorization: `Bearer ${member}` },
    });
    expect(own.json<{ items: { templateName: string }[] }>().items.map((item) => item.templateName)).toEqual([
      'notification.gracePeriodStarted',
    ]);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/v1/Notification/${grace?.id ?? ''}`,
          headers: { authorization: `Bearer ${member}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});
