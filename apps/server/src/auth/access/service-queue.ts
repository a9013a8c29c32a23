import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceRequests } from '../../db/schema';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
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

/** One request of the queue: staff only (as above), then 404 for an unknown id. */
export async function authorizeQueuedRequest(request: FastifyRequest, db: Database, id: string): Promise<ServiceRequestRef> {
  await authorizeServiceQueue(request);
  if (!isUuid(id)) throw notFound('service request');
  const [row] = await db.select({ id: serviceRequests.id, householdId: serviceRequests.householdId, policyId: serviceRequests.policyId }).from(serviceRequests).where(eq(serviceRequests.id, id));
  if (!row) throw notFound('service request');
  return row;
}
