import type { FastifyRequest } from 'fastify';
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { households, policies } from '../../db/schema';
import type { Principal } from '../principal';
import { actsFor, isUuid, notFound, refuse, requirePrincipal } from './core';

/** Whether `principal` may see (and, with the matching role action, act on) this household's records. */
export async function mayAccessHousehold(
  db: Database,
  principal: Principal,
  householdId: string,
): Promise<boolean> {
  switch (principal.kind) {
    case 'member':
    case 'guest':
      return principal.householdId === householdId;
    case 'staff':
      // Only the household of their acting session (docs/decisions/043).
      return actsFor(principal, { householdId });
    case 'broker':
    case 'asserted': {
      const brokerId = principal.brokerId;
      const named = principal.kind === 'asserted' ? principal.policyIds.filter(isUuid) : [];
      const conditions = [
        ...(brokerId ? [eq(policies.brokerId, brokerId)] : []),
        ...(named.length > 0 ? [inArray(policies.id, named)] : []),
      ];
      if (conditions.length === 0) return false;
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(households)
        .where(
          and(
            eq(households.id, householdId),
            exists(
              db
                .select({ one: sql`1` })
                .from(policies)
                .where(and(eq(policies.householdId, householdId), or(...conditions))),
            ),
          ),
        );
      return row !== undefined;
    }
  }
}

/** Checks the caller may access this household (see the rules above); audits refusals. */
export async function authorizeHousehold(
  request: FastifyRequest,
  db: Database,
  householdId: string,
): Promise<void> {
  const principal = requirePrincipal(request);
  const [household] = isUuid(householdId)
    ? await db.select({ id: households.id }).from(households).where(eq(households.id, householdId))
    : [];
  if (!household) throw notFound('household');
  if (!(await mayAccessHousehold(db, principal, householdId)))
    throw await refuse(request, 'household', [householdId], householdId);
}
