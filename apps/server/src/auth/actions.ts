import type { FastifyRequest } from 'fastify';
import { canPerformAction, roleActions } from '@portal/domain';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from '../plugins/errors';
import { requirePrincipal } from './access';
import type { Principal } from './principal';

/**
 * Action authorization (SPEC §6 role `actions` in role-config): the first check of every command,
 * before any record is looked at. Record access (./access) comes second.
 */

const environmentOf = (request: FastifyRequest) => ({
  production: request.server.settings.env === 'production',
});

/** The actions the caller's roles grant (what the web may offer; the server checks each command anyway). */
export function actionsOf(request: FastifyRequest, principal: Principal): string[] {
  return roleActions(principal.roles, request.server.tenant.roles, environmentOf(request));
}

/** Refuses (403, audited) a caller whose roles do not grant `action`; returns the caller. */
export async function requireAction(request: FastifyRequest, action: string): Promise<Principal> {
  const principal = requirePrincipal(request);
  if (canPerformAction(principal.roles, action, request.server.tenant.roles, environmentOf(request)))
    return principal;
  await request.audit({ action, outcome: 'denied', reason: 'action-not-granted' });
  throw new HttpProblem(
    403,
    ProblemType.actionNotAllowed,
    'Not allowed',
    `Your role may not perform "${action}".`,
  );
}
