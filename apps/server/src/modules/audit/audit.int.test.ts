import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { AccessHistoryPageSchema, AUDIT_CSV_COLUMNS, AuditPageSchema } from '@portal/contracts';
import { actFor, endActing } from '../../../test/acting';
import { useTestApp } from '../../../test/harness';
import { createAccount, createBroker, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { auditLog } from '../../db/schema';

/**
 * Issue 13: the audit trail searched and exported by administrators, and "who has seen my information"
 * for members — staff's and brokers' reads and changes of their household, nobody else's.
 */
describe('the audit trail and who has seen my information (issue 13)', () => {
  const harness = useTestApp();
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (token: string, url: string) => harness.app.inject({ method: 'GET', url, headers: as(token) });

  async function scene() {
    const db = harness.db;
    const brokerId = await createBroker(db);
    const a = await createMemberWithPolicy(db, { brokerId });
    const b = await createMemberWithPolicy(db);
    const memberA = await harness.tokenFor('consumer', ['member'], { memberId: a.memberId });
    const memberB = await harness.tokenFor('consumer', ['member'], { memberId: b.memberId });
    const agentAccount = await createAccount(db, { realm: 'workforce', roles: ['customer-service'] });
    const agent = (await signIn(harness.app, 'workforce', agentAccount.username, PASSWORD)).accessToken;
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId });
    const admin = await harness.tokenFor('workforce', ['administrator']);
    // The member reads their own policy (not shown to them: it is theirs), staff and the broker read it too.
    expect((await get(memberA, `/api/v1/Policy/${a.policyId}`)).statusCode).toBe(200);
    // Staff act for one member at a time (docs/decisions/043): A, then B, then A again.
    await actFor(harness.app, agent, { householdId: a.householdId });
    expect((await get(agent, `/api/v1/Policy/${a.policyId}`)).statusCode).toBe(200);
    expect((await get(broker, `/api/v1/Policy/${a.policyId}/payments`)).statusCode).toBe(200);
    await endActing(harness.app, agent);
    await actFor(harness.app, agent, { householdId: b.householdId });
    expect((await get(agent, `/api/v1/Policy/${b.policyId}`)).statusCode).toBe(200);
    await endActing(harness.app, agent);
    await actFor(harness.app, agent, { householdId: a.householdId });
    return { a, b, memberA, memberB, agent, agentAccount, broker, admin };
  }

  it('shows a member the reads of their household by staff and brokers, named, newest first — and only theirs', async () => {
    const { a, b, memberA, memberB, agent } = await scene();
    const response = await get(memberA, `/api/v1/Household/${a.householdId}/access-history`);
    expect(response.statusCode, response.body).toBe(200);
    const page = AccessHistoryPageSchema.parse(response.json());
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({
        who: { kind: 'broker', role: 'broker', name: 'Bea Broker' },
        kind: 'read',
        record: 'payment',
        action: 'read',
      }),
      expect.objectContaining({
        who: { kind: 'staff', role: 'customer-service', name: 'Pat Tester' },
        kind: 'read',
        record: 'policy',
        action: 'read',
      }),
    ]);
    // No internal ids reach the member.
    expect(response.body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Another member may not read it (403, audited); their own history has only the read of their records.
    const refused = await get(memberB, `/api/v1/Household/${a.householdId}/access-history`);
    expect(refused.statusCode).toBe(403);
    const own = AccessHistoryPageSchema.parse(
      (await get(memberB, `/api/v1/Household/${b.householdId}/access-history`)).json(),
    );
    expect(own.items.map((item) => item.record)).toEqual(['policy']);
    // Staff acting for the member may read it; paging works.
    const forStaff = AccessHistoryPageSchema.parse(
      (await get(agent, `/api/v1/Household/${a.householdId}/access-history?pageSize=1&page=2`)).json(),
    );
    expect(forStaff).toMatchObject({ page: 2, pageSize: 1 });
    expect(forStaff.items).toHaveLength(1);
  });

  it('finds records by member, staff user, action and date range, audits the search, and exports the same rows as CSV', async () => {
    const { a, agentAccount, admin, agent } = await scene();
    const search = async (query: string) => {
      const response = await get(admin, `/api/v1/audit?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return AuditPageSchema.parse(response.json());
    };
    const byMember = await search(`member=${encodeURIComponent(a.policyNumber)}`);
    expect(byMember.items.every((item) => item.actingForHouseholdId === a.householdId)).toBe(true);
    expect(byMember.items.map((item) => item.actorRole)).toEqual(
      expect.arrayContaining(['member', 'customer-service', 'broker']),
    );

    const byStaff = await search(
      `member=${encodeURIComponent(a.policyNumber)}&actor=${agentAccount.username}&action=read`,
    );
    expect(byStaff.total).toBe(1);
    expect(byStaff.items[0]).toMatchObject({
      actorName: agentAccount.username,
      actorRole: 'customer-service',
      action: 'read',
      recordType: 'policy',
      outcome: 'success',
      actingReason: 'member-called',
    });
    expect(byStaff.items[0]?.actingSessionId).toEqual(expect.any(String));
    // Acting for A: started twice, ended once (the second is under way).
    expect(
      (await search(`member=${encodeURIComponent(a.policyNumber)}&actor=${agentAccount.username}`)).items.map(
        (item) => item.action,
      ),
    ).toEqual(['acting.start', 'acting.end', 'read', 'acting.start']);
    // The actor alone: the agent's reads of both households.
    expect((await search(`actor=${agentAccount.username}&action=read`)).total).toBe(2);
    const today = harness.app.today();
    expect((await search(`actor=${agentAccount.username}&action=read&from=${today}&to=${today}`)).total).toBe(
      2,
    );
    expect((await search(`actor=${agentAccount.username}&to=2020-01-01`)).total).toBe(0);
    expect((await search('member=NO-SUCH-POLICY')).total).toBe(0);
    // Paged newest first.
    const first = await search(`member=${encodeURIComponent(a.policyNumber)}&pageSize=1`);
    expect(first.items[0]?.id).toBe(Math.max(...byMember.items.map((item) => item.id)));

    const searches = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.search'), eq(auditLog.actorRole, 'administrator')));
    expect(searches.length).toBeGreaterThanOrEqual(7);
    expect(searches.some((row) => row.recordIds?.includes('filters:member,actor'))).toBe(true);
    // Never the search's values.
    expect(JSON.stringify(searches)).not.toContain(a.policyNumber);

    const csv = await get(admin, `/api/v1/audit.csv?member=${encodeURIComponent(a.policyNumber)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      byMember.items.map((item) => item.id),
    );
    expect(csv.body).toContain(
      `,${agentAccount.username},customer-service,${a.householdId},read,GET /api/v1/Policy/:policyId,policy,`,
    );
    expect(await harness.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'))).toHaveLength(
      1,
    );

    // Customer service has no `search-audit`: refused and audited.
    const refused = await get(agent, '/api/v1/audit');
    expect(refused.statusCode).toBe(403);
    expect((await get(agent, '/api/v1/audit.csv')).statusCode).toBe(403);
  });

  it('issue 33 CSV: neutralises every audit export cell a spreadsheet would run as a formula, and leaves plain numbers numbers', async () => {
    const admin = await harness.tokenFor('workforce', ['administrator']);
    // A value an anonymous caller chooses (a request id may start with "-") reaches the audit trail through a refused call.
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { 'x-request-id': '-1-1:csv' },
        })
      ).statusCode,
    ).toBe(401);
    const hostile = [
      '=HYPERLINK("http://x","y")',
      '+1+1',
      '-2-3',
      '@SUM(A1:A2)',
      '\t=1+1',
      '\r=1+1',
      ' =1+1',
      '\n=1+1',
      '\uFF1D1+1',
      '-12.50',
      'plain',
    ];
    await harness.db
      .insert(auditLog)
      .values(hostile.map((reason) => ({ action: 'csv.probe', outcome: 'denied' as const, reason })));
    const csv = await get(admin, '/api/v1/audit.csv?action=csv.probe');
    expect(csv.statusCode).toBe(200);
    const reasonColumn = AUDIT_CSV_COLUMNS.indexOf('reason');
    const rows = parse(csv.body, { from_line: 2 });
    const reasons = rows.map((row) => row[reasonColumn]).reverse();
    expect(reasons).toEqual([
      `'=HYPERLINK("http://x","y")`,
      "'+1+1",
      "'-2-3",
      "'@SUM(A1:A2)",
      "'\t=1+1",
      "'\r=1+1",
      "' =1+1",
      "'\n=1+1",
      "'\uFF1D1+1",
      // A plain number runs nothing: it stays a number a spreadsheet can add up.
      '-12.50',
      'plain',
    ]);
    const refused = await get(admin, '/api/v1/audit.csv?action=auth.token-refused');
    expect(refused.body).toContain(",'-1-1:csv");
  });
});
