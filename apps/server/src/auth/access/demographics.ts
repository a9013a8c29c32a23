import type { FastifyRequest } from 'fastify';
import type { Principal } from '../principal';
import { forbidden } from './core';
import { authorizePolicy, type PolicyRef } from './policy';

/**
 * Members' personal details on a policy (issue 11): whoever may see the policy reads them, except a located
 * guest, who pays and sees nothing personal (refused, audited). Who may ask to change whose details:
 * the subscriber (and staff, a broker, an assertion naming the policy) for everyone on the policy; another
 * signed-in member of the household only for themselves.
 */
export async function authorizeDemographicsRead(
  request: FastifyRequest,
  db: Parameters<typeof authorizePolicy>[1],
  principal: Principal,
  policyId: string,
): Promise<PolicyRef> {
  const policy = await authorizePolicy(request, db, policyId);
  if (principal.kind === 'guest') {
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason: 'guest',
      recordType: 'member',
      recordIds: [policy.id],
      actingForHouseholdId: policy.householdId,
    });
    throw forbidden();
  }
  return policy;
}

export function mayChangeMember(
  principal: Principal,
  policy: { subscriberMemberId: string },
  memberId: string,
): boolean {
  if (principal.kind !== 'member') return true;
  return principal.memberId === policy.subscriberMemberId || principal.memberId === memberId;
}
