import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { autopaySubscriptions, policies } from '../../db/schema';
import { isUuid, notFound, refuse, requirePrincipal } from './core';
import { mayAccessPolicy, type PolicyRef } from './policy';

export interface AutopayRef {
  id: string;
  policy: PolicyRef;
}

/**
 * An autopay subscription (`/api/v1/Autopay/{id}` commands, issue 10) follows its policy's rule. Named
 * by its own id, another household's answers exactly like an unknown one (404, as wallet items do); the
 * refusal is still audited.
 */
export async function authorizeAutopay(
  request: FastifyRequest,
  db: Database,
  id: string,
): Promise<AutopayRef> {
  const principal = requirePrincipal(request);
  if (!isUuid(id)) throw notFound('autopay subscription');
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(autopaySubscriptions)
    .innerJoin(policies, eq(policies.id, autopaySubscriptions.policyId))
    .where(eq(autopaySubscriptions.id, id));
  if (!row) throw notFound('autopay subscription');
  if (!(await mayAccessPolicy(db, principal, row))) {
    throw await refuse(
      request,
      'autopay-subscription',
      [id],
      row.householdId,
      notFound('autopay subscription'),
    );
  }
  return { id, policy: row };
}
