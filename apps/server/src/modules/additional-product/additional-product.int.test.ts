import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMonths, startOfMonth } from '@portal/domain';
import { HouseholdAdditionalProductsSchema, ServiceRequestSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import {
  addDentalPolicy,
  codesOf,
  commands,
  signedInMember,
  type SignedInMember,
} from '../../../test/self-service';
import { serviceRequestAttachments } from '../../db/schema';
import { HTML_AS_PDF, PDF as REAL_PDF } from '../../../test/files';

const PDF = REAL_PDF.toString('base64');

/**
 * Issue 12, SPEC §2 /admin/additional-products, §3 Additional-product card: the demo tenant's cards
 * (dental and vision applied for in the portal, health at the Health Connector) as a household sees them,
 * and the in-portal application — an `additional-product` request with an optional document.
 */
describe('additional products', () => {
  const harness = useTestApp();
  const send = commands(harness);
  const view = async (m: SignedInMember) =>
    HouseholdAdditionalProductsSchema.parse(
      (await send('GET', `Household/${m.householdId}/additional-products`, m.token)).json(),
    );
  const apply = (m: SignedInMember, body: object, token = m.token) =>
    send('POST', `Household/${m.householdId}/additional-products`, token, {
      product: 'dental',
      memberIds: [m.memberId],
      startDate: view_start(),
      ...body,
    });
  const view_start = () => addMonths(startOfMonth(harness.app.today()), 1);

  it('shows the configured cards: health covered by the medical policy, dental and vision available', async () => {
    const m = await signedInMember(harness);
    const products = await view(m);
    expect(products.items.map((card) => [card.name, card.productType, card.urlType, card.status])).toEqual([
      ['dental', 'QDP', 'internal', 'available'],
      ['vision', 'CVP', 'internal', 'available'],
      ['health', 'QHP', 'external', 'covered'],
    ]);
    expect(products.items[2]?.applyUrl).toMatch(/^https:\/\//);
    expect(products.members).toEqual([
      { memberId: m.memberId, firstName: 'Test', lastName: 'Member', relationship: 'self' },
    ]);
    expect(products.earliestStart).toBe(view_start());
    expect(products.latestStart).toBe(addMonths(view_start(), 2));
  });

  it('applies for dental with a document: a request for review, then the card says so', async () => {
    const m = await signedInMember(harness);
    const answer = await apply(m, {
      note: 'We would like coverage for cleanings.',
      attachment: { fileName: 'proof.pdf', contentType: 'application/pdf', contentBase64: PDF },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const request = ServiceRequestSchema.parse(answer.json());
    expect(request).toMatchObject({
      type: 'additional-product',
      status: 'Submitted',
      memberIds: [m.memberId],
      effectiveDate: view_start(),
      attachments: [{ fileName: 'proof.pdf', contentType: 'application/pdf' }],
    });
    expect(request.details).toEqual({
      product: 'dental',
      productType: 'QDP',
      applicants: ['Test Member'],
      startDate: view_start(),
      note: 'We would like coverage for cleanings.',
    });
    const files = await harness.db
      .select()
      .from(serviceRequestAttachments)
      .where(eq(serviceRequestAttachments.requestId, request.id));
    expect(files).toHaveLength(1);
    const card = (await view(m)).items.find((item) => item.name === 'dental');
    expect(card).toMatchObject({ status: 'requested', referenceNumber: request.referenceNumber });
    expect((await apply(m, {})).json()).toMatchObject({
      errors: [{ field: 'body.product', code: 'request-pending' }],
    });
  });

  it('refuses what the portal cannot take: external or unknown products, a line already covered, strangers, wrong dates, wrong files (issue 33 item 6: HTML behind %PDF)', async () => {
    const m = await signedInMember(harness);
    expect(codesOf(await apply(m, { product: 'health' }))).toEqual(['product-not-offered']);
    expect(codesOf(await apply(m, { product: 'travel' }))).toEqual(['product-not-offered']);
    await addDentalPolicy(harness.db, m.policyId);
    expect(codesOf(await apply(m, { product: 'dental' }))).toEqual(['already-covered']);
    const other = await signedInMember(harness);
    expect(codesOf(await apply(m, { product: 'vision', memberIds: [other.memberId] }))).toEqual([
      'not-a-member',
    ]);
    const start = view_start();
    expect(codesOf(await apply(m, { product: 'vision', startDate: `${start.slice(0, 8)}15` }))).toEqual([
      'not-first-of-month',
    ]);
    expect(
      (await apply(m, { product: 'vision', startDate: startOfMonth(harness.app.today()) })).json(),
    ).toMatchObject({ errors: [{ code: 'date-before-earliest', params: { earliest: start } }] });
    expect(codesOf(await apply(m, { product: 'vision', startDate: addMonths(start, 3) }))).toEqual([
      'date-after-latest',
    ]);
    const png = await apply(m, {
      product: 'vision',
      attachment: { fileName: 'x.png', contentType: 'image/png', contentBase64: PDF },
    });
    expect(codesOf(png)).toEqual(['file-type-not-accepted']);
    // Issue 33 item 6: a supporting document that starts with %PDF but is HTML is no PDF.
    const html = await apply(m, {
      product: 'vision',
      attachment: {
        fileName: 'proof.pdf',
        contentType: 'application/pdf',
        contentBase64: HTML_AS_PDF.toString('base64'),
      },
    });
    expect(codesOf(html)).toEqual(['file-type-not-accepted']);
    expect((await apply(m, { product: 'vision', memberIds: [] })).statusCode).toBe(400);
    // Nothing was kept of the refused ones.
    expect((await view(m)).items.find((item) => item.name === 'vision')?.status).toBe('available');
  });

  it('keeps other households and callers without the page or the action out', async () => {
    const owner = await signedInMember(harness, { withBroker: true });
    const stranger = await signedInMember(harness);
    expect(
      (await send('GET', `Household/${owner.householdId}/additional-products`, stranger.token)).statusCode,
    ).toBe(403);
    expect((await apply(owner, {}, stranger.token)).statusCode).toBe(403);
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: owner.brokerId ?? '' });
    expect((await send('GET', `Household/${owner.householdId}/additional-products`, broker)).statusCode).toBe(
      403,
    );
    expect((await apply(owner, {}, broker)).json()).toMatchObject({
      type: 'urn:portal:problem:action-not-allowed',
    });
  });
});
