import type { FastifyRequest } from 'fastify';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import type { Principal } from '../principal';

/** Primitives every module's access rules share (see ./index.ts for the rules themselves). */

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpProblem(401, ProblemType.unauthenticated, 'Sign-in required');
  return request.principal;
}

export const notFound = (what: string) => new HttpProblem(404, ProblemType.notFound, 'Not found', `No such ${what}.`);
export const forbidden = () => new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'This record is not yours to see or change.');

/** Issuer staff with member-search may read any member's records (and every such access is audited). */
export const canSearchMembers = (principal: Principal): boolean =>
  principal.kind === 'staff' && principal.permissions.includes(MEMBER_SEARCH_PERMISSION);

export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Audits a refusal and gives the 403 to throw. */
export async function refuse(request: FastifyRequest, recordType: string, recordIds: string[], householdId: string | null): Promise<HttpProblem> {
  await request.audit({ action: 'access', outcome: 'denied', reason: 'not-owner', recordType, recordIds, actingForHouseholdId: householdId });
  return forbidden();
}
