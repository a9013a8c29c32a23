import type { FastifyRequest } from 'fastify';
import { isRouteAllowedForRoles, type RoleConfig } from '@portal/domain';
import type { Database } from '../../db/client';
import type { Principal } from '../principal';
import { forbidden } from './core';
import { authorizeHousehold } from './household';

/**
 * A household's access history (who read or changed its records): for callers whose roles grant its page
 * (`route`, role-config) and who may see the household — never a guest or a broker. Refusals are audited.
 */
export async function authorizeAccessHistory(
  request: FastifyRequest,
  db: Database,
  principal: Principal,
  householdId: string,
  route: string,
  roles: RoleConfig,
): Promise<void> {
  if (
    principal.kind === 'guest' ||
    principal.kind === 'broker' ||
    !isRouteAllowedForRoles(route, principal.roles, roles)
  ) {
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason: 'page-not-granted',
      recordType: 'access-history',
      recordIds: [householdId],
    });
    throw forbidden();
  }
  await authorizeHousehold(request, db, householdId);
}
