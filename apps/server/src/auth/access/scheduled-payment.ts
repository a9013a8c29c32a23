import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { policies, scheduledPayments } from '../../db/schema';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
import { mayAccessPolicy, type PolicyRef } from './policy';

export interface ScheduledPaymentRef {
  id: string;
  policy: PolicyRef;
}

/**
 * A scheduled payment (`PUT v1/ScheduledPayment/{id}`, issue 10) follows its policy's rule. Named by
 * its own id, another household's answers exactly like an unknown one (404, as wallet items do); the
 * refusal is still audited.
 */
export async function authorizeScheduledPayment(
  request: FastifyRequest,
  db: Database,
  id: string,
): Promise<ScheduledPaymentRef> {
  const principal = requirePrincipal(request);
  if (!isUuid(id)) throw notFound('scheduled payment');
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(scheduledPayments)
    .innerJoin(policies, eq(policies.id, scheduledPayments.policyId))
    .where(eq(scheduledPayments.id, id));
  if (!row) throw notFound('scheduled payment');
  if (!(await mayAccessPolicy(db, principal, row))) {
    throw await refuse(request, 'scheduled-payment', [id], row.householdId, notFound('scheduled payment'));
  }
  return { id, policy: row };
}
