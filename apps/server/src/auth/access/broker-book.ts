import type { FastifyRequest } from 'fastify';
import { forbidden, requirePrincipal } from './core';

/**
 * A broker's book of business (issue 13) is the signed-in broker's own: the policies where he is broker
 * of record, found by his broker id (NPN) from the token. Nobody else has a book — staff find members
 * with member search, members and guests have no clients — so any other caller is refused (403, audited).
 */
export async function authorizeBrokerBook(request: FastifyRequest): Promise<{ brokerId: string }> {
  const principal = requirePrincipal(request);
  if (principal.kind === 'broker') return { brokerId: principal.brokerId };
  await request.audit({ action: 'access', outcome: 'denied', reason: 'not-a-broker', recordType: 'broker-book', recordIds: [] });
  throw forbidden();
}
