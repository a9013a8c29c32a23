import type { FastifyInstance } from 'fastify';
import type { ActingReason } from '@portal/contracts';

/** Whom staff act for: a household, a policy (for policies without a household), or a queued request's member. */
export type ActingFor =
  | { householdId: string | null; memberId?: string }
  | { policyId: string; memberId?: string }
  | { serviceRequestId: string };

/**
 * Staff start acting for a member (docs/decisions/043), as the staff portal does once they have chosen
 * the member and a reason: the acting session's id. Fails the test when the server refuses.
 */
export async function actFor(
  app: FastifyInstance,
  token: string,
  target: ActingFor,
  reason: ActingReason = 'member-called',
  note?: string,
): Promise<string> {
  const body =
    'serviceRequestId' in target
      ? { serviceRequestId: target.serviceRequestId }
      : 'policyId' in target
        ? { policyId: target.policyId, ...(target.memberId ? { memberId: target.memberId } : {}) }
        : {
            householdId: target.householdId ?? '',
            ...(target.memberId ? { memberId: target.memberId } : {}),
          };
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/acting-session',
    headers: { authorization: `Bearer ${token}` },
    payload: { ...body, reason, ...(note === undefined ? {} : { note }) },
  });
  if (response.statusCode !== 201) throw new Error(`acting session: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** Ends the caller's acting session (as the banner's "End" button does). */
export async function endActing(app: FastifyInstance, token: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/acting-session/end',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) throw new Error(`end acting: ${response.statusCode} ${response.body}`);
}
