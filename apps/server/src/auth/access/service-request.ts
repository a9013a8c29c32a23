import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { policies, serviceRequests } from '../../db/schema';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
import { authorizeHousehold, mayAccessHousehold } from './household';
import { mayAccessPolicy } from './policy';

export interface ServiceRequestRef {
  id: string;
  householdId: string;
  policyId: string | null;
}

/**
 * A household's service requests (issue 11) are read by whoever may see the household, except a guest:
 * a located guest may pay, not read what the household asked for (403, audited).
 */
export async function authorizeHouseholdRequests(
  request: FastifyRequest,
  db: Database,
  householdId: string,
): Promise<void> {
  await authorizeHousehold(request, db, householdId);
  if (requirePrincipal(request).kind === 'guest')
    throw await refuse(request, 'service-request', [`household:${householdId}`], householdId);
}

/**
 * A service request (issue 11) follows its policy's rule, or its household's when it names no policy,
 * and is never a guest's to read. Named by its own id, another household's answers exactly like an
 * unknown one (404, as scheduled payments do); the refusal is still audited.
 */
export async function authorizeServiceRequest(
  request: FastifyRequest,
  db: Database,
  id: string,
): Promise<ServiceRequestRef> {
  const principal = requirePrincipal(request);
  if (!isUuid(id)) throw notFound('service request');
  const [row] = await db
    .select({
      id: serviceRequests.id,
      householdId: serviceRequests.householdId,
      policyId: serviceRequests.policyId,
      policyHouseholdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(serviceRequests)
    .leftJoin(policies, eq(policies.id, serviceRequests.policyId))
    .where(eq(serviceRequests.id, id));
  if (!row) throw notFound('service request');
  const allowed =
    row.policyId !== null && row.subscriberMemberId !== null
      ? await mayAccessPolicy(db, principal, {
          id: row.policyId,
          householdId: row.policyHouseholdId,
          brokerId: row.brokerId,
          subscriberMemberId: row.subscriberMemberId,
        })
      : await mayAccessHousehold(db, principal, row.householdId);
  if (!allowed || principal.kind === 'guest') {
    throw await refuse(request, 'service-request', [id], row.householdId, notFound('service request'));
  }
  return { id: row.id, householdId: row.householdId, policyId: row.policyId };
}
