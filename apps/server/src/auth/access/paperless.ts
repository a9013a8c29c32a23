import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Principal } from '../principal';
import { forbidden, requirePrincipal } from './core';
import { authorizeHousehold } from './household';

/**
 * Paperless delivery (SPEC §2 /admin/paperless-settings, DOMAIN "Paperless"): consent to electronic
 * delivery is the household's own member's to give — staff and brokers may read the settings (the
 * household's rule, `authorizeHousehold`) but never change them, nor confirm an e-mail address for them.
 * Refusals are audited.
 */
export async function authorizePaperlessConsent(
  request: FastifyRequest,
  principal: Principal,
  householdId: string,
): Promise<void> {
  if (principal.kind === 'member' && principal.householdId === householdId) return;
  await request.audit({
    action: 'access',
    outcome: 'denied',
    reason: 'not-own-household',
    recordType: 'paperless',
    recordIds: [householdId],
    actingForHouseholdId: householdId,
  });
  throw forbidden();
}

/** Reading the settings: whoever may see the household, except a located guest (the e-mail address is not theirs to read). */
export async function authorizePaperlessRead(
  request: FastifyRequest,
  db: Database,
  householdId: string,
): Promise<void> {
  await authorizeHousehold(request, db, householdId);
  if (requirePrincipal(request).kind === 'guest') {
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason: 'guest',
      recordType: 'paperless',
      recordIds: [householdId],
      actingForHouseholdId: householdId,
    });
    throw forbidden();
  }
}
