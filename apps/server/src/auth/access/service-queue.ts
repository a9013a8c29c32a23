import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceRequests } from '../../db/schema';
import { actsFor, isUuid, notFound, refuse, requirePrincipal } from './core';
import type { ServiceRequestRef } from './service-request';

/**
 * The staff queue of service requests (issue 13; docs/decisions/030): issuer staff whose role grants
 * `process-service-request` (checked first, auth/actions.ts) work on every household's requests. Only
 * staff: a broker, member, guest or asserted user is refused (403, audited) even with the action.
 */
export async function authorizeServiceQueue(request: FastifyRequest): Promise<void> {
  const principal = requirePrincipal(request);
  if (principal.kind !== 'staff') throw await refuse(request, 'service-queue', ['queue'], null);
}

/**
 * One request of the queue: staff only (as above), then 404 for an unknown id; then, as every record of
 * a household, only inside an acting session for its household (docs/decisions/043) — the queue's list
 * and dashboard span households, a request's page and its decisions are one member's.
 */
export async function authorizeQueuedRequest(
  request: FastifyRequest,
  db: Database,
  id: string,
): Promise<ServiceRequestRef> {
  await authorizeServiceQueue(request);
  if (!isUuid(id)) throw notFound('service request');
  const [row] = await db
    .select({
      id: serviceRequests.id,
      householdId: serviceRequests.householdId,
      policyId: serviceRequests.policyId,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  if (!row) throw notFound('service request');
  if (!actsFor(requirePrincipal(request), { householdId: row.householdId }))
    throw await refuse(request, 'service-request', [id], row.householdId);
  return row;
}
