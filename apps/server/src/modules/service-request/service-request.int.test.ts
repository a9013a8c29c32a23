import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ServiceRequestListSchema,
  ServiceRequestSchema,
  type AttachmentLimits,
  type ServiceRequest,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createAccount, createMemberWithPolicy, createServiceRequest } from '../../../test/fixtures';
import { HTML_AS_PDF, JPEG, JPEG_TRUNCATED, PDF, PNG, PNG_HEADER_ONLY, TEXT } from '../../../test/files';
import {
  auditLog,
  contactInformation,
  notifications,
  serviceRequestAttachments,
  serviceRequests,
} from '../../db/schema';
import type { Principal } from '../../auth/principal';
import { attachFile, checkedAttachment, moveServiceRequest, submitServiceRequest } from './service';

/**
 * Issue 11's service requests: one model for every change a member asks for — a general request with a
 * file checked by its content, the member's list with each request's history, cancelling while nobody has
 * started, types applied at once, staff moving a request on, and nobody else's requests in reach.
 */
describe('service requests', () => {
  const harness = useTestApp();

  async function member() {
    const holder = await createMemberWithPolicy(harness.db);
    const householdId = holder.householdId ?? '';
    const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
    return { ...holder, householdId, token };
  }
  type Member = Awaited<ReturnType<typeof member>>;
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
    harness.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(payload ? { payload } : {}),
    });
  const general = (m: Member, extra: object = {}) =>
    send('POST', `Household/${m.householdId}/service-requests`, m.token, {
      policyId: m.policyId,
      subject: 'Replacement ID card',
      message: 'I lost my card. Please mail a new one.',
      ...extra,
    });
  const file = (content: Buffer, fileName: string, contentType: string) => ({
    attachment: { fileName, contentType, contentBase64: content.toString('base64') },
  });
  const codeOf = (response: { json: () => unknown }) =>
    (response.json() as { errors?: { code?: string }[] }).errors?.[0]?.code;

  it('takes a general request with a PDF, lists it with its history, and gives the file back as it came', async () => {
    const m = await member();
    const created = await general(m, file(PDF, 'C:\\Users\\me\\letter from doctor.pdf', 'application/pdf'));
    expect(created.statusCode, created.body).toBe(201);
    const request = ServiceRequestSchema.parse(created.json());
    expect(request).toMatchObject({
      type: 'general',
      status: 'Submitted',
      subject: 'Replacement ID card',
      details: { message: 'I lost my card. Please mail a new one.' },
      policyNumber: m.policyNumber,
      requestedBy: 'member',
      canCancel: true,
      history: [{ status: 'Submitted', by: 'member', note: null }],
      attachments: [
        { fileName: 'letter from doctor.pdf', contentType: 'application/pdf', sizeBytes: PDF.length },
      ],
    });
    expect(request.referenceNumber).toMatch(/^SR-[2-9A-HJ-NP-Z]{8}$/);

    const list = ServiceRequestListSchema.parse(
      (await send('GET', `Household/${m.householdId}/service-requests`, m.token)).json(),
    );
    expect(list).toMatchObject({ openCount: 1, items: [{ id: request.id }] });
    const download = await send(
      'GET',
      `ServiceRequest/${request.id}/attachments/${request.attachments[0]?.id ?? ''}`,
      m.token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    await harness.app.outbox.drain();
    const [notification] = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, m.householdId));
    expect(notification).toMatchObject({
      templateName: 'notification.serviceRequestSubmitted',
      additionalValues: { referenceNumber: request.referenceNumber },
      link: '/admin/policy-selection/service-requests',
    });
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingForHouseholdId, m.householdId));
    expect(audits.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['service-request.create', 'read']),
    );
  });

  it('checks a file by what it contains and by the tenant’s size limit, and keeps nothing it refuses', async () => {
    const m = await member();
    expect(codeOf(await general(m, file(TEXT, 'letter.pdf', 'application/pdf')))).toBe(
      'file-type-not-accepted',
    );
    // A real PNG said to be a PDF is refused too: the declared type must be what the file is.
    expect(codeOf(await general(m, file(PNG, 'scan.pdf', 'application/pdf')))).toBe('file-type-not-accepted');
    const limit = harness.app.tenant.account.serviceRequests.attachmentMaxBytes;
    const big = Buffer.concat([PDF, Buffer.alloc(limit)]);
    const tooBig = await general(m, file(big, 'big.pdf', 'application/pdf'));
    expect(tooBig.statusCode).toBe(422);
    expect(codeOf(tooBig)).toBe('file-too-large');
    expect(
      await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, m.householdId)),
    ).toEqual([]);
    expect((await general(m, file(PNG, 'scan.png', 'image/png'))).statusCode).toBe(201);
    expect(
      await harness.db
        .select({ id: serviceRequestAttachments.id })
        .from(serviceRequestAttachments)
        .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestAttachments.requestId))
        .where(eq(serviceRequests.householdId, m.householdId)),
    ).toHaveLength(1);
  });

  it('issue 33 item 6: refuses a file that starts with %PDF but is HTML (and other files that only begin like one), and serves attachments as downloads no browser runs', async () => {
    const m = await member();
    for (const [content, name, type] of [
      [HTML_AS_PDF, 'letter.pdf', 'application/pdf'],
      [PNG_HEADER_ONLY, 'scan.png', 'image/png'],
      [JPEG_TRUNCATED, 'photo.jpg', 'image/jpeg'],
    ] as const) {
      const refused = await general(m, file(content, name, type));
      expect(refused.statusCode, name).toBe(422);
      expect(codeOf(refused), name).toBe('file-type-not-accepted');
    }
    expect(
      await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, m.householdId)),
    ).toEqual([]);
    // Real files of each kind are taken, and each comes back as a download that is never rendered or run.
    for (const [content, name, type] of [
      [PDF, 'letter.pdf', 'application/pdf'],
      [PNG, 'scan.png', 'image/png'],
      [JPEG, 'photo.jpg', 'image/jpeg'],
    ] as const) {
      const created = await general(m, { ...file(content, name, type), subject: `About ${name}` });
      expect(created.statusCode, created.body).toBe(201);
      const request = ServiceRequestSchema.parse(created.json());
      const download = await send(
        'GET',
        `ServiceRequest/${request.id}/attachments/${request.attachments[0]?.id ?? ''}`,
        m.token,
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(type);
      expect(download.headers['content-disposition']).toMatch(/^attachment; /);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(download.headers['content-security-policy']);
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      expect(download.rawPayload.equals(content)).toBe(true);
    }
  });

  it('issue 33 item 7: limits the files one household attaches (20 in 30 days), says so on the file in words the web translates, and still takes a request without one', async () => {
    const m = await member();
    const limits = harness.app.tenant.account.serviceRequests.attachmentLimits.perHousehold;
    expect(limits).toEqual({ maxFiles: 20, maxBytes: 100 * 1024 * 1024, windowDays: 30 });
    for (let i = 0; i < limits.maxFiles; i++) {
      const sent = await general(m, { ...file(PNG, `page-${i}.png`, 'image/png'), subject: `Page ${i}` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const over = await general(m, { ...file(PNG, 'one-more.png', 'image/png'), subject: 'One more' });
    expect(over.statusCode).toBe(422);
    expect(over.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({
        field: 'body.attachment',
        code: 'too-many-files-household',
        params: { maximum: 20, days: 30 },
      }),
    ]);
    // Nothing of the refused request was kept; the household can still write without a file.
    const subjects = await harness.db
      .select({ subject: serviceRequests.subject })
      .from(serviceRequests)
      .where(eq(serviceRequests.householdId, m.householdId));
    expect(subjects.map((row) => row.subject)).not.toContain('One more');
    expect((await general(m, { subject: 'No file this time' })).statusCode).toBe(201);
    // Another household is not limited by this one's files.
    expect((await general(await member(), file(PNG, 'scan.png', 'image/png'))).statusCode).toBe(201);
  });

  it('issue 33 item 7: limits the files and bytes of one request and the bytes of one household', async () => {
    const m = await member();
    const { id: requestId } = await createServiceRequest(harness.db, {
      householdId: m.householdId,
      policyId: m.policyId,
    });
    const checked = await checkedAttachment(
      { fileName: 'scan.png', contentType: 'image/png', contentBase64: PNG.toString('base64') },
      1024 * 1024,
      'body.attachment',
    );
    const attach = (limits: AttachmentLimits) =>
      harness.db
        .transaction((tx) =>
          attachFile(tx, { requestId, householdId: m.householdId }, checked, limits, 'body.attachment'),
        )
        .then(
          () => 'attached',
          (error: unknown) => (error as { errors?: { code?: string; params?: object }[] }).errors?.[0],
        );
    const roomy = {
      perRequest: { maxFiles: 10, maxBytes: 1024 * 1024 },
      perHousehold: { maxFiles: 10, maxBytes: 1024 * 1024, windowDays: 30 },
    };
    // The fixture's request already holds one file.
    expect(await attach(roomy)).toBe('attached');
    expect(await attach({ ...roomy, perRequest: { maxFiles: 2, maxBytes: 1024 * 1024 } })).toMatchObject({
      code: 'too-many-files-request',
      params: { maximum: 2 },
    });
    expect(await attach({ ...roomy, perRequest: { maxFiles: 10, maxBytes: 100 } })).toMatchObject({
      code: 'files-too-large-request',
      params: { maximumMb: 0 },
    });
    expect(
      await attach({ ...roomy, perHousehold: { maxFiles: 10, maxBytes: 100, windowDays: 30 } }),
    ).toMatchObject({ code: 'files-too-large-household', params: { days: 30 } });
    expect(
      await attach({ ...roomy, perHousehold: { maxFiles: 2, maxBytes: 1024 * 1024, windowDays: 30 } }),
    ).toMatchObject({ code: 'too-many-files-household', params: { maximum: 2, days: 30 } });
  });

  it('lets the member cancel while nobody has started, never from an older read, never after review began', async () => {
    const m = await member();
    const request = ServiceRequestSchema.parse((await general(m)).json());
    const cancelled = await send('PUT', `ServiceRequest/${request.id}/cancel`, m.token, {
      version: request.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ServiceRequestSchema.parse(cancelled.json())).toMatchObject({
      status: 'Cancelled',
      canCancel: false,
      history: [{ status: 'Submitted' }, { status: 'Cancelled', by: 'member' }],
    });
    // The same version again: the request moved since it was read.
    const stale = await send('PUT', `ServiceRequest/${request.id}/cancel`, m.token, {
      version: request.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      type: 'urn:portal:problem:conflict',
      current: { status: 'Cancelled' },
    });

    const second = ServiceRequestSchema.parse((await general(m)).json());
    const staff: Principal = {
      kind: 'staff',
      subject: 'staff-1',
      roles: ['customer-service'],
      issuer: 'test',
      accountId: (await createAccount(harness.db, { realm: 'workforce', roles: ['customer-service'] })).id,
      permissions: [],
      acting: null,
    };
    await harness.db.transaction((tx) =>
      moveServiceRequest(tx, second.id, { to: 'InReview', actor: staff, version: second.version }),
    );
    const late = await send('PUT', `ServiceRequest/${second.id}/cancel`, m.token, {
      version: second.version + 1,
    });
    expect(late.statusCode).toBe(422);
    expect(codeOf(late)).toBe('not-allowed-now');
  });

  it('shows the member staff’s decision, with the reason, and tells them', async () => {
    const m = await member();
    const request = ServiceRequestSchema.parse((await general(m)).json());
    const staff: Principal = {
      kind: 'staff',
      subject: 'staff-2',
      roles: ['customer-service'],
      issuer: 'test',
      accountId: (await createAccount(harness.db, { realm: 'workforce', roles: ['customer-service'] })).id,
      permissions: [],
      acting: null,
    };
    await harness.db.transaction((tx) =>
      moveServiceRequest(tx, request.id, { to: 'InReview', actor: staff, version: 1 }),
    );
    await harness.db.transaction((tx) =>
      moveServiceRequest(tx, request.id, {
        to: 'Rejected',
        actor: staff,
        version: 2,
        note: 'We need a copy of the court order.',
      }),
    );
    const seen: ServiceRequest = ServiceRequestSchema.parse(
      (await send('GET', `ServiceRequest/${request.id}`, m.token)).json(),
    );
    expect(seen).toMatchObject({
      status: 'Rejected',
      resolution: 'We need a copy of the court order.',
      history: [
        { status: 'Submitted', by: 'member' },
        { status: 'InReview', by: 'staff' },
        { status: 'Rejected', by: 'staff', note: 'We need a copy of the court order.' },
      ],
    });
  });

  it('applies a type that needs no review in the same transaction, and completes it', async () => {
    const m = await member();
    const account = await createAccount(harness.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: m.memberId,
    });
    const principal: Principal = {
      kind: 'member',
      subject: account.id,
      roles: ['member'],
      issuer: 'test',
      accountId: account.id,
      memberId: m.memberId,
      householdId: m.householdId,
    };
    const { request, events } = await harness.db.transaction((tx) =>
      submitServiceRequest(tx, {
        type: 'contact',
        householdId: m.householdId,
        policyId: m.policyId,
        policyNumber: m.policyNumber,
        details: { mobilePhone: '(617) 555-0199' },
        requestedBy: principal,
        apply: async (inner) => {
          await inner
            .insert(contactInformation)
            .values({ householdId: m.householdId, mobilePhone: '(617) 555-0199' });
        },
      }),
    );
    expect(request.status).toBe('Completed');
    expect(events.map((event) => event.type)).toEqual(['service-request.completed']);
    expect(
      (
        await harness.db
          .select()
          .from(contactInformation)
          .where(eq(contactInformation.householdId, m.householdId))
      )[0]?.mobilePhone,
    ).toBe('(617) 555-0199');
    const seen = ServiceRequestSchema.parse(
      (await send('GET', `ServiceRequest/${request.id}`, m.token)).json(),
    );
    expect(seen.history.map((entry) => [entry.status, entry.by])).toEqual([
      ['Submitted', 'member'],
      ['Completed', 'system'],
    ]);
    // A change that fails takes its request with it: nothing half-done is left.
    await expect(
      harness.db.transaction((tx) =>
        submitServiceRequest(tx, {
          type: 'mailing-address',
          householdId: m.householdId,
          policyId: m.policyId,
          policyNumber: m.policyNumber,
          details: {},
          requestedBy: principal,
          apply: () => Promise.reject(new Error('the address could not be written')),
        }),
      ),
    ).rejects.toThrow('the address could not be written');
    expect(
      await harness.db.select().from(serviceRequests).where(eq(serviceRequests.householdId, m.householdId)),
    ).toHaveLength(1);
  });

  it('keeps another household’s requests out of reach (and audits the attempt)', async () => {
    const owner = await member();
    const stranger = await member();
    const request = ServiceRequestSchema.parse(
      (await general(owner, file(PDF, 'a.pdf', 'application/pdf'))).json(),
    );
    expect((await send('GET', `ServiceRequest/${request.id}`, stranger.token)).statusCode).toBe(404);
    expect(
      (
        await send(
          'GET',
          `ServiceRequest/${request.id}/attachments/${request.attachments[0]?.id ?? ''}`,
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('PUT', `ServiceRequest/${request.id}/cancel`, stranger.token, { version: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await send('GET', `Household/${owner.householdId}/service-requests`, stranger.token)).statusCode,
    ).toBe(403);
    expect((await general({ ...stranger, householdId: owner.householdId })).statusCode).toBe(403);
    const refusals = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingForHouseholdId, owner.householdId));
    expect(refusals.filter((entry) => entry.outcome === 'denied').length).toBeGreaterThanOrEqual(4);
    expect((await send('GET', `ServiceRequest/${request.id}`, owner.token)).json()).toMatchObject({
      status: 'Submitted',
    });
  });
});
