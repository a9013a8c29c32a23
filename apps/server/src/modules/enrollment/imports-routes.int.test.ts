import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EnrollmentImportDetailSchema, EnrollmentImportPageSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { clientCredentials } from '../../../test/oidc';
import { auditLog, plans } from '../../db/schema';
import { DEMO_ENROLLMENT_CLIENT_SECRET } from '../../settings';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'latin1');

describe('the admin page of 834 imports (issue 34, decision 056)', () => {
  const harness = useTestApp({ env: { DEMO_MODE: 'true', DEMO_TODAY: '2026-12-06' } });
  const post = (token: string, body: string, fileName: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/Enrollment/834',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/edi-x12',
        'x-file-name': fileName,
      },
      payload: body,
    });
  /** The issuer's enrolment client imports (client credentials, decision 051); staff read the page. */
  const importToken = async () =>
    (
      await clientCredentials(
        harness.app,
        { id: 'issuer-enrollment', secret: DEMO_ENROLLMENT_CLIENT_SECRET },
        { scope: 'enrollment:import' },
      )
    ).accessToken ?? '';
  const get = (token: string, url: string) =>
    harness.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('lists imports newest first with their counts, re-sent duplicates and files refused whole', async () => {
    await harness.db.insert(plans).values({
      id: '71644MA0040002-06',
      lineOfCoverage: 'Medical',
      planName: 'Harbor Silver 87 HMO',
      metalLevel: 'Silver',
      planType: 'HMO',
      planYear: 2027,
      effectiveDate: '2027-01-01',
      effectiveEndDate: '2027-12-31',
      monthlyPremiumCents: 45000,
      deductibleCents: 150000,
      outOfPocketMaxCents: 300000,
      drugsCovered: 'Generic and preferred brand',
    });
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const system = await importToken();
    expect((await post(system, read('mixed-rejections.edi'), 'mixed.edi')).statusCode).toBe(200);
    expect((await post(system, read('mixed-rejections.edi'), 'mixed-again.edi')).statusCode).toBe(200);
    expect((await post(system, read('broken-se-count.edi'), 'broken.edi')).statusCode).toBe(422);

    const listed = await get(admin, '/api/v1/admin/enrollment-imports?pageSize=2');
    expect(listed.statusCode, listed.body).toBe(200);
    const page = EnrollmentImportPageSchema.parse(listed.json());
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.fileName, item.status, item.duplicate])).toEqual([
      ['broken.edi', 'refused', false],
      ['mixed-again.edi', 'duplicate', true],
    ]);
    expect(page.items[0]?.refused).toEqual({ segment: 23, reason: expect.any(String) as string });
    const second = EnrollmentImportPageSchema.parse(
      (await get(admin, '/api/v1/admin/enrollment-imports?page=2&pageSize=2')).json(),
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({
      fileName: 'mixed.edi',
      source: 'api',
      status: 'processed',
      sender: 'FFMEXCHANGE',
      controlNumber: '000000301',
      transactions: 4,
      applied: 1,
      rejected: 3,
      held: 0,
    });
  });

  it('shows one import: each set’s outcome, the members it names (rejected ones too), the segment and reason, and the 999; the read is audited for the households it touched', async () => {
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const page = EnrollmentImportPageSchema.parse(
      (await get(admin, '/api/v1/admin/enrollment-imports?pageSize=100')).json(),
    );
    const mixed = page.items.find((item) => item.fileName === 'mixed.edi');
    const opened = await get(admin, `/api/v1/admin/enrollment-imports/${mixed?.id ?? ''}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = EnrollmentImportDetailSchema.parse(opened.json());
    expect(detail.acknowledgment).toMatchObject({ kind: '999', outcome: 'partially-accepted' });
    expect(detail.acknowledgment.text).toContain('AK9*P*4*4*1~');
    expect(detail.transactionSets.map((set) => [set.controlNumber, set.status])).toEqual([
      ['0001', 'applied'],
      ['0002', 'rejected'],
      ['0003', 'rejected'],
      ['0004', 'rejected'],
    ]);
    const unknownPlan = detail.transactionSets[1];
    expect(unknownPlan?.members).toEqual([
      {
        subscriber: true,
        relationship: '18',
        maintenance: '021',
        subscriberId: '0003000002',
        memberId: '0003000002',
        firstName: 'Chidi',
        lastName: 'Okafor',
      },
    ]);
    expect(unknownPlan?.reason).toMatch(/99999MA9999999-01/);
    expect(unknownPlan?.segment).toBeGreaterThan(24);
    // A set with no subscriber loop still names its member.
    expect(detail.transactionSets[2]?.members[0]).toMatchObject({
      subscriber: false,
      firstName: 'Ada',
      lastName: 'Okafor',
      memberId: '0003000004',
    });

    const applied = detail.transactionSets[0];
    const rows = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), eq(auditLog.recordType, 'policy')));
    expect(
      rows.some(
        (row) => row.recordIds?.includes(applied?.policyId ?? '') && row.actingForHouseholdId !== null,
      ),
    ).toBe(true);
    const importRead = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'read'), eq(auditLog.recordType, 'enrollment-import')));
    expect(importRead.some((row) => row.recordIds?.includes(detail.id))).toBe(true);

    // A duplicate shows the sets of the import it repeated.
    const again = page.items.find((item) => item.fileName === 'mixed-again.edi');
    const repeated = EnrollmentImportDetailSchema.parse(
      (await get(admin, `/api/v1/admin/enrollment-imports/${again?.id ?? ''}`)).json(),
    );
    expect(repeated.duplicate).toBe(true);
    expect(repeated.transactionSets).toHaveLength(4);
    // A file refused whole: its TA1.
    const broken = page.items.find((item) => item.fileName === 'broken.edi');
    const refused = EnrollmentImportDetailSchema.parse(
      (await get(admin, `/api/v1/admin/enrollment-imports/${broken?.id ?? ''}`)).json(),
    );
    expect(refused.transactionSets).toEqual([]);
    expect(refused.refused?.segment).toBe(23);
  });

  it('refuses members and staff without view-enrollment-imports; an unknown import is 404', async () => {
    for (const [realm, roles] of [
      ['consumer', ['member']],
      ['workforce', ['customer-service']],
    ] as const) {
      const token = await harness.tokenFor(realm, [...roles]);
      expect((await get(token, '/api/v1/admin/enrollment-imports')).statusCode).toBe(403);
      expect(
        (await get(token, '/api/v1/admin/enrollment-imports/00000000-0000-4000-8000-000000000000'))
          .statusCode,
      ).toBe(403);
    }
    const admin = await harness.tokenFor('workforce', ['administrator']);
    expect(
      (await get(admin, '/api/v1/admin/enrollment-imports/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});
