import type { FastifyRequest } from 'fastify';
import { forbidden, requirePrincipal } from './core';

/**
 * A broker's book of business (issue 13) is the broker's own: the policies where he is broker of record,
 * found by his broker id (NPN) — from his workforce token, or from a broker system's signed assertion
 * that names him (SPEC §6: an asserted user may see policies by the assertion's broker id, which is the
 * same set). Nobody else has a book — staff find members with member search, members, guests and
 * assertions without a broker id have no clients — so any other caller is refused (403, audited).
 */
export async function authorizeBrokerBook(request: FastifyRequest): Promise<{ brokerId: string }> {
  const principal = requirePrincipal(request);
  if (principal.kind === 'broker') return { brokerId: principal.brokerId };
  if (principal.kind === 'asserted' && principal.brokerId !== null) return { brokerId: principal.brokerId };
  await request.audit({
    action: 'access',
    outcome: 'denied',
    reason: 'not-a-broker',
    recordType: 'broker-book',
    recordIds: [],
  });
  throw forbidden();
}
