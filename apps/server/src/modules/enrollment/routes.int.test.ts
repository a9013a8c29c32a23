import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EnrollmentImportResultSchema,
  HouseholdUserResponseSchema,
  PolicyDetailSchema,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { clientCredentials, signIn } from '../../../test/oidc';
import { auditLog, plans } from '../../db/schema';
import { DEMO_ENROLLMENT_CLIENT_SECRET } from '../../settings';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'latin1');

describe('POST /api/v1/Enrollment/834 (issue 34)', () => {
  const harness = useTestApp({ env: { DEMO_MODE: 'true', DEMO_TODAY: '2026-12-06' } });
  const post = (token: string, body: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/Enrollment/834',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/edi-x12',
        'x-file-name': 'household.edi',
      },
      payload: body,
    });

  const client = { id: 'issuer-enrollment', secret: DEMO_ENROLLMENT_CLIENT_SECRET };
  const importToken = async () => {
    const issued = await clientCredentials(harness.app, client, { scope: 'enrollment:import' });
    expect(issued.status).toBe(200);
    expect(issued.body.scope).toBe('enrollment:import');
    return issued.accessToken ?? '';
  };

  it("imports for the issuer's enrolment client (client credentials); the member it made signs in and reads the imported plan, premium and APTC through the ordinary policy API", async () => {
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
    const system = await importToken();
    const response = await post(system, read('household-addition.edi'));
    expect(response.statusCode).toBe(200);
    const result = EnrollmentImportResultSchema.parse(response.json());
    expect(result.summary).toMatchObject({ applied: 1, members: { created: 2 } });
    expect(result.ack999).toContain('AK9*A*1*1*1~');

    const again = EnrollmentImportResultSchema.parse(
      (await post(system, read('household-addition.edi'))).json(),
    );
    expect(again.summary.duplicate).toBe(true);
    // The audit names the system client as the actor of the import and of each set it applied.
    const rows = await harness.db
      .select({ action: auditLog.action, actorSubject: auditLog.actorSubject, actorRole: auditLog.actorRole })
      .from(auditLog);
    const imports = rows.filter((row) => row.action.startsWith('enrollment.834.'));
    expect(imports.map((row) => row.action)).toEqual(
      expect.arrayContaining(['enrollment.834.import', 'enrollment.834.021']),
    );
    expect(new Set(imports.map((row) => `${row.actorSubject ?? ''} ${row.actorRole ?? ''}`))).toEqual(
      new Set(['client:issuer-enrollment system-client']),
    );

    const member = await signIn(harness.app, 'consumer', 'x12.0001000001', DEMO_PASSWORD);
    const households = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers: { authorization: `Bearer ${member.accessToken}` },
      payload: {},
    });
    expect(households.statusCode).toBe(200);
    const policyId = HouseholdUserResponseSchema.parse(households.json()).households[0]?.policies[0]?.id;
    const policy = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/Policy/${policyId ?? ''}`,
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(policy.statusCode).toBe(200);
    const body = PolicyDetailSchema.parse(policy.json());
    expect(body.plan?.planName).toBe('Harbor Silver 87 HMO');
    expect(body.coverageDetails[0]).toMatchObject({
      premiumAmountCents: 98050,
      taxCreditAmountCents: 41200,
      memberResponsibilityCents: 56850,
      status: 'Not Effectuated',
    });
    expect(body.finance?.status).toBe('Binder');
  });

  it("refuses every person's token — an administrator's too — and a client token without the scope or for another resource; answers a malformed file 422 with its segment", async () => {
    const termination = read('termination.edi');
    const memberToken = await harness.tokenFor('consumer', ['member']);
    expect((await post(memberToken, termination)).statusCode).toBe(403);
    const admin = await harness.tokenFor('workforce', ['administrator']);
    const refusedAdmin = await post(admin, termination);
    expect(refusedAdmin.statusCode).toBe(403);
    expect(refusedAdmin.json<{ type: string }>().type).toBe('urn:portal:problem:forbidden');
    const service = await harness.tokenFor('workforce', ['customer-service']);
    expect((await post(service, termination)).statusCode).toBe(403);
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Enrollment/834',
      headers: { 'content-type': 'application/edi-x12' },
      payload: termination,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await post('not.a.token', termination)).statusCode).toBe(401);

    // A token of the client without the scope: 403, insufficient scope.
    const unscoped = await clientCredentials(harness.app, client);
    expect(unscoped.status).toBe(200);
    const refusedScope = await post(unscoped.accessToken ?? '', termination);
    expect(refusedScope.statusCode).toBe(403);
    expect(refusedScope.headers['www-authenticate']).toContain('insufficient_scope');
    // A scope it was not given, a resource that is not the import's, a wrong secret: no token at all.
    expect((await clientCredentials(harness.app, client, { scope: 'openid' })).status).toBe(400);
    expect(
      (
        await clientCredentials(harness.app, client, {
          scope: 'enrollment:import',
          resource: `${harness.app.settings.publicUrl}/api`,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await clientCredentials(
          harness.app,
          { ...client, secret: `${client.secret}x` },
          { scope: 'enrollment:import' },
        )
      ).status,
    ).toBe(401);
    // The web app's client may not use client credentials.
    const web = harness.app.identity.webClient;
    expect(
      (
        await clientCredentials(
          harness.app,
          { id: web.clientId, secret: web.secret ?? '' },
          { scope: 'enrollment:import' },
        )
      ).status,
    ).toBe(400);

    // The import token opens no other API route: its audience is the import's alone.
    const system = await importToken();
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { authorization: `Bearer ${system}` },
        })
      ).statusCode,
    ).toBe(401);

    const refused = await post(system, read('broken-se-count.edi'));
    expect(refused.statusCode).toBe(422);
    expect(EnrollmentImportResultSchema.parse(refused.json()).summary.refused?.segment).toBe(23);
  });
});
