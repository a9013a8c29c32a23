import { describe, expect, it } from 'vitest';
import { SessionInfoSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createMemberWithPolicy } from '../../../test/fixtures';

describe('GET /api/v1/session: who is calling and what they may do', () => {
  const harness = useTestApp();
  const session = async (token: string) =>
    SessionInfoSchema.parse(
      (
        await harness.app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );

  it('lists the role-config actions the caller may perform (what the web offers)', async () => {
    const member = await createMemberWithPolicy(harness.db);
    const info = await session(await harness.tokenFor('consumer', ['member'], { memberId: member.memberId }));
    expect(info.actions).toEqual(expect.arrayContaining(['make-payment', 'manage-wallet', 'manage-autopay']));
    expect(info.actions).not.toContain('process-service-request');
    const agent = await session(await harness.tokenFor('workforce', ['customer-service']));
    expect(agent.actions).toContain('make-payment');
    expect(agent.actions).not.toContain('manage-wallet');
  });

  it('gives the test role no action outside production (SPEC §6)', async () => {
    const info = await session(await harness.tokenFor('workforce', ['tester']));
    expect(info.roles).toEqual(['tester']);
    expect(info.actions).toEqual([]);
  });
});
