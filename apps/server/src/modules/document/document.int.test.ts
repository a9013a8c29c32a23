import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DocumentDetailSchema, DocumentPageSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createBroker, createInvoice, createMemberWithPolicy } from '../../../test/fixtures';
import { documents, policies } from '../../db/schema';

describe('documents: invoices, notices and tax forms (DOMAIN "Documents", SPEC §2 /documents)', () => {
  const harness = useTestApp();
  const { tokenFor } = harness;
  const get = (url: string, token: string) =>
    harness.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const page = async (url: string, token: string) => {
    const response = await get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    return DocumentPageSchema.parse(response.json());
  };

  /** A household with invoices, notices (one hidden, one about the household) and a 1095-A. */
  async function householdWithDocuments(brokerId: string | null = null) {
    const subscriber = await createMemberWithPolicy(harness.db, { brokerId });
    const householdId = subscriber.householdId ?? '';
    const owner = { householdId, policyId: subscriber.policyId };
    const ids = {
      janInvoice: await createInvoice(harness.db, owner, '2026-01-05'),
      febInvoice: await createInvoice(harness.db, owner, '2026-02-05'),
    };
    const [welcome, hidden, reminder, tax] = await harness.db
      .insert(documents)
      .values([
        {
          ...owner,
          type: 'notice',
          subtype: 'welcome',
          documentDate: '2025-12-20',
          facts: { planName: 'Test Silver HMO' },
        },
        {
          ...owner,
          type: 'notice',
          subtype: 'internal-review',
          documentDate: '2026-02-10',
          portal: 'hidden',
        },
        {
          householdId,
          policyId: null,
          type: 'notice',
          subtype: 'enrollment-reminder',
          documentDate: '2025-11-01',
        },
        {
          ...owner,
          type: 'tax',
          subtype: '1095-A',
          documentDate: '2026-01-31',
          taxYear: 2025,
          facts: { marketplaceId: 'MA' },
        },
      ])
      .returning({ id: documents.id });
    return {
      subscriber,
      householdId,
      ids: { ...ids, welcome: welcome?.id, hidden: hidden?.id, reminder: reminder?.id, tax: tax?.id },
    };
  }

  it('lists a household’s portal-visible documents newest first, paginated, with each kind’s facts', async () => {
    const { subscriber, householdId, ids } = await householdWithDocuments();
    const token = await tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    const all = await page(`/api/v1/Household/${householdId}/documents?pageSize=3`, token);
    expect(all.total).toBe(5);
    expect(all.items.map((d) => d.id)).toEqual([ids.febInvoice, ids.tax, ids.janInvoice]);
    expect(all.items[0]).toMatchObject({
      type: 'invoice',
      subtype: 'monthly',
      invoice: {
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        amountDueCents: 15000,
        dueDate: '2026-03-01',
      },
      tax: null,
    });
    expect(all.items[1]).toMatchObject({
      type: 'tax',
      subtype: '1095-A',
      tax: { taxYear: 2025, formType: '1095-A' },
      invoice: null,
    });
    const rest = await page(`/api/v1/Household/${householdId}/documents?pageSize=3&page=2`, token);
    expect(rest.items.map((d) => [d.id, d.type, d.subtype])).toEqual([
      [ids.welcome, 'notice', 'welcome'],
      [ids.reminder, 'notice', 'enrollment-reminder'],
    ]);
    // The hidden notice is never listed.
    expect([...all.items, ...rest.items].map((d) => d.id)).not.toContain(ids.hidden);
  });

  it('filters by type (SPEC §2 /documents/invoice, /notice, /tax)', async () => {
    const { subscriber, householdId, ids } = await householdWithDocuments();
    const token = await tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    expect(
      (await page(`/api/v1/Household/${householdId}/documents?type=invoice`, token)).items.map((d) => d.id),
    ).toEqual([ids.febInvoice, ids.janInvoice]);
    const notices = await page(`/api/v1/Household/${householdId}/documents?type=notice`, token);
    expect(notices.total).toBe(2);
    expect(
      (await page(`/api/v1/Household/${householdId}/documents?type=tax`, token)).items.map((d) => d.id),
    ).toEqual([ids.tax]);
    expect((await get(`/api/v1/Household/${householdId}/documents?type=receipt`, token)).statusCode).toBe(
      400,
    );
  });

  it('shows a broker of record only their client’s policy documents and the household’s own notices', async () => {
    const brokerId = await createBroker(harness.db);
    const { subscriber, householdId, ids } = await householdWithDocuments(brokerId);
    // A second policy in the same household, with another broker (or none): its documents stay hidden from this broker.
    const [other] = await harness.db.select().from(policies).where(eq(policies.id, subscriber.policyId));
    if (!other) throw new Error('the policy was just made');
    const dentalId = randomUUID();
    await harness.db.insert(policies).values({
      ...other,
      id: dentalId,
      policyNumber: `D-${dentalId}`,
      brokerId: null,
      lineOfCoverage: 'Dental',
      createdAt: new Date(),
    });
    const dentalInvoice = await createInvoice(harness.db, { householdId, policyId: dentalId }, '2026-03-05');

    const member = await page(
      `/api/v1/Household/${householdId}/documents?type=invoice`,
      await tokenFor('consumer', ['member'], { memberId: subscriber.memberId }),
    );
    expect(member.items.map((d) => d.id)).toEqual([dentalInvoice, ids.febInvoice, ids.janInvoice]);
    const broker = await tokenFor('workforce', ['broker'], { brokerId });
    const seen = await page(`/api/v1/Household/${householdId}/documents`, broker);
    expect(seen.items.map((d) => d.id)).not.toContain(dentalInvoice);
    expect(seen.items.map((d) => d.id)).toContain(ids.reminder);
    expect(seen.total).toBe(5);
    expect((await get(`/api/v1/Document/${dentalInvoice}`, broker)).statusCode).toBe(403);
  });

  it('returns one document with its facts; a hidden one does not exist for the portal', async () => {
    const { subscriber, ids } = await householdWithDocuments();
    const token = await tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    const response = await get(`/api/v1/Document/${ids.tax ?? ''}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(DocumentDetailSchema.parse(response.json())).toMatchObject({
      type: 'tax',
      tax: { taxYear: 2025 },
      facts: { marketplaceId: 'MA' },
    });
    const reminder = DocumentDetailSchema.parse(
      (await get(`/api/v1/Document/${ids.reminder ?? ''}`, token)).json(),
    );
    expect(reminder).toMatchObject({ policyId: null, subtype: 'enrollment-reminder', facts: {} });
    expect((await get(`/api/v1/Document/${ids.hidden ?? ''}`, token)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids, 403 for another household’s, 400 for malformed ids', async () => {
    const { subscriber } = await householdWithDocuments();
    const theirs = await householdWithDocuments();
    const token = await tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    expect((await get(`/api/v1/Household/${randomUUID()}/documents`, token)).statusCode).toBe(404);
    expect((await get(`/api/v1/Household/${theirs.householdId}/documents`, token)).statusCode).toBe(403);
    expect((await get('/api/v1/Household/abc/documents', token)).statusCode).toBe(400);
    expect((await get(`/api/v1/Document/${randomUUID()}`, token)).statusCode).toBe(404);
    expect((await get(`/api/v1/Document/${theirs.ids.febInvoice}`, token)).statusCode).toBe(403);
    expect((await get(`/api/v1/Document/${theirs.ids.reminder ?? ''}`, token)).statusCode).toBe(403);
    expect((await get('/api/v1/Document/abc', token)).statusCode).toBe(400);
  });
});
