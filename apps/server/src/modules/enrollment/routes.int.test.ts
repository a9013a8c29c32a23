import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnrollmentImportResultSchema, HouseholdUserResponseSchema, PolicyDetailSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { signIn } from '../../../test/oidc';
import { plans } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'latin1');

describe('POST /api/v1/Enrollment/834 (issue 34)', () => {
  const harness = useTestApp({ env: { DEMO_MODE: 'true', DEMO_TODAY: '2026-12-06' } });
  const post = (token: string, body: string) =>
    harness.app.inject({ method: 'POST', url: '/api/v1/Enrollment/834', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/edi-x12', 'x-file-name': 'household.edi' }, payload: body });

  it('imports for staff with import-enrollment; the member it made signs in and reads the imported plan, premium and APTC through the ordinary policy API', async () => {
    await harness.db.insert(plans).values({ id: '71644MA0040002-06', lineOfCoverage: 'Medical', planName: 'Harbor Silver 87 HMO', metalLevel: 'Silver', planType: 'HMO', planYear: 2027, effectiveDate: '2027-01-01', effectiveEndDate: '2027-12-31', monthlyPremiumCents: 45000, deductibleCents: 150000, outOfPocketMaxCents: 300000, drugsCovered: 'Generic and preferred brand' });
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const response = await post(admin, read('household-addition.edi'));
    expect(response.statusCode).toBe(200);
    const result = EnrollmentImportResultSchema.parse(response.json());
    expect(result.summary).toMatchObject({ applied: 1, members: { created: 2 } });
    expect(result.ack999).toContain('AK9*A*1*1*1~');

    const again = EnrollmentImportResultSchema.parse((await post(admin, read('household-addition.edi'))).json());
    expect(again.summary.duplicate).toBe(true);

    const member = await signIn(harness.app, 'consumer', 'x12.0001000001', DEMO_PASSWORD);
    const households = await harness.app.inject({ method: 'POST', url: '/api/v1/Household/user', headers: { authorization: `Bearer ${member.accessToken}` }, payload: {} });
    expect(households.statusCode).toBe(200);
    const policyId = HouseholdUserResponseSchema.parse(households.json()).households[0]?.policies[0]?.id;
    const policy = await harness.app.inject({ method: 'GET', url: `/api/v1/Policy/${policyId ?? ''}`, headers: { authorization: `Bearer ${member.accessToken}` } });
    expect(policy.statusCode).toBe(200);
    const body = PolicyDetailSchema.parse(policy.json());
    expect(body.plan?.planName).toBe('Harbor Silver 87 HMO');
    expect(body.coverageDetails[0]).toMatchObject({ premiumAmountCents: 98050, taxCreditAmountCents: 41200, memberResponsibilityCents: 56850, status: 'Not Effectuated' });
    expect(body.finance?.status).toBe('Binder');
  });

  it('refuses members and staff without the action, and answers a malformed file 422 with its segment', async () => {
    const memberToken = await harness.tokenFor('consumer', ['member']);
    expect((await post(memberToken, read('termination.edi'))).statusCode).toBe(403);
    const service = await harness.tokenFor('workforce', ['customer-service']);
    expect((await post(service, read('termination.edi'))).statusCode).toBe(403);
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const refused = await post(admin, read('broken-se-count.edi'));
    expect(refused.statusCode).toBe(422);
    expect(EnrollmentImportResultSchema.parse(refused.json()).summary.refused?.segment).toBe(23);
  });
});
