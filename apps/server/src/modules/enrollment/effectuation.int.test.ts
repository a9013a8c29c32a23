import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  HouseholdUserResponseSchema,
  MakePaymentResponseSchema,
  PolicyDetailSchema,
} from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { clientCredentials, signIn } from '../../../test/oidc';
import { paymentBody } from '../../../test/payment-body';
import { enrollmentEffectuations, outboxEvents, plans } from '../../db/schema';
import { TEST_CARDS } from '../../processor/sandbox/test-numbers';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { DEMO_ENROLLMENT_CLIENT_SECRET } from '../../settings';
import { writeEffectuationFile } from './effectuation';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

describe('effectuation of an imported enrolment (issue 34)', () => {
  const harness = useTestApp({ env: { DEMO_MODE: 'true', DEMO_TODAY: '2026-12-06' }, sandbox: true });

  it('the paid binder effectuates it; the day step writes the effectuation 834 with the paid-through date and publishes an event', async () => {
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
    // The issuer's enrolment client (client credentials, decision 051).
    const system =
      (
        await clientCredentials(
          harness.app,
          { id: 'issuer-enrollment', secret: DEMO_ENROLLMENT_CLIENT_SECRET },
          { scope: 'enrollment:import' },
        )
      ).accessToken ?? '';
    const imported = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Enrollment/834',
      headers: { authorization: `Bearer ${system}`, 'content-type': 'text/plain' },
      payload: fs.readFileSync(path.join(fixtures, 'household-addition.edi'), 'latin1'),
    });
    expect(imported.statusCode).toBe(200);

    const token = (await signIn(harness.app, 'consumer', 'x12.0001000001', DEMO_PASSWORD)).accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const households = HouseholdUserResponseSchema.parse(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/v1/Household/user',
          headers: auth,
          payload: {},
        })
      ).json(),
    );
    const policyId = households.households[0]?.policies[0]?.id ?? '';
    const policy = PolicyDetailSchema.parse(
      (await harness.app.inject({ method: 'GET', url: `/api/v1/Policy/${policyId}`, headers: auth })).json(),
    );
    const subscriber = policy.members.find((member) => member.relationship === 'self');
    // The binder: the first month's share after APTC, 980.50 − 412.00.
    expect(policy.finance?.currentAmountDueCents).toBe(56_850);
    const paymentToken = await harness.cardToken(token, TEST_CARDS.visa.number);
    const body = paymentBody(
      { policyId, folderId: subscriber?.folderId ?? '' },
      harness.app.today(),
      { paymentAmount: '568.50', method: 'Card', paymentToken },
      {
        firstName: 'Marta',
        lastName: 'Ferreira',
        dateofBirth: '1984-03-12',
        healthPlanID: '71644MA0040002-06',
        billingName: 'Marta Ferreira',
      },
    );
    const paid = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/Payment',
      headers: { ...auth, 'idempotency-key': 'binder-1' },
      payload: body,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(MakePaymentResponseSchema.parse(paid.json()).receipt.paidThroughDate).toBe('2027-01-31');

    await harness.app.outbox.drain();
    const [effectuation] = await harness.db
      .select()
      .from(enrollmentEffectuations)
      .where(eq(enrollmentEffectuations.policyId, policyId));
    expect(effectuation).toMatchObject({
      coverageStart: '2027-01-01',
      paidThroughDate: '2027-01-31',
      reportedFile: null,
    });

    // The demo's day for another household reports that household's alone: this one is left.
    expect(
      await writeEffectuationFile(harness.db, {
        day: '2026-12-06',
        outboxDir: harness.app.settings.enrollment.outboxDir,
        senderId: 'ISSUER',
        receiverId: 'EXCHANGE',
        householdId: '00000000-0000-4000-8000-000000000000',
      }),
    ).toBeNull();

    const report = await harness.app.jobs.runDay('2026-12-06');
    expect(report.steps.find((step) => step.name === 'effectuation-834')?.counts).toEqual({
      files: 1,
      enrolments: 1,
    });
    const [reported] = await harness.db
      .select()
      .from(enrollmentEffectuations)
      .where(eq(enrollmentEffectuations.policyId, policyId));
    const file = fs.readFileSync(
      path.join(harness.app.settings.enrollment.outboxDir, reported?.reportedFile ?? 'missing'),
      'utf8',
    );
    expect(file).toContain(
      'INS*Y*18*021*28*A~\nREF*0F*0001000001~\nREF*17*0001000001~\nREF*1L*71644MA-H1~\nDTP*543*D8*20270131~',
    );
    expect(file).toContain('INS*N*19*021*28*A~');
    expect(file).toContain('REF*CE*71644MA0040002-06~');
    const events = await harness.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'coverage.effectuation-reported'));
    expect(events.map((event) => [event.policyId, event.householdId])).toEqual([
      [policyId, households.households[0]?.household.id],
    ]);
    // A second run the same day has nothing left to report.
    expect(
      (await harness.app.jobs.runDay('2026-12-06')).steps.find((step) => step.name === 'effectuation-834')
        ?.counts,
    ).toEqual({ files: 0, enrolments: 0 });
  });
});
